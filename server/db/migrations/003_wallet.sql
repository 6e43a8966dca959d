-- The wallet: an append-only ledger in integer cents, and a balance that changes only with a ledger entry
-- (same transaction) and can never go negative.
create table wallets (
  user_id uuid primary key references users (id) on delete cascade,
  balance_cents bigint not null default 0 check (balance_cents >= 0),
  updated_at timestamptz not null default now()
);

create table wallet_transactions (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete cascade,
  type text not null check (type in ('Payment', 'AuctionEnrollment', 'AuctionPayment')),
  amount_cents bigint not null check (amount_cents <> 0),
  description text not null check (char_length(description) <= 255),
  auction_id bigint,
  created_at timestamptz not null default now()
);
create index wallet_transactions_user on wallet_transactions (user_id, created_at desc, id desc);
