-- Money out (issue 53 item 1, decision 090). A withdrawal holds its amount at once (a `Withdrawal` ledger entry) and
-- goes out in parts: refunds against the bidder's own succeeded top-ups, newest first, through the provider that took
-- them, and what no top-up can take as one payout to an IBAN, which an operator marks paid or refuses. A part that
-- fails or is refused gives its amount back (a `WithdrawalReturned` entry), once.

alter table wallet_transactions drop constraint wallet_transactions_type_check;
alter table wallet_transactions
  add constraint wallet_transactions_type_check
  check (type in ('Payment', 'AuctionEnrollment', 'AuctionPayment', 'Refund', 'Adjustment', 'BuyItNow', 'Withdrawal', 'WithdrawalReturned'));

-- A top-up's refunds: what is promised or paid back of it never exceeds what it brought in. Stripe refunds against the
-- PaymentIntent, which its checkout session names when it completes.
alter table payments
  add column refunded_cents integer not null default 0,
  add column payment_intent text,
  add constraint payments_refunded_within check (refunded_cents >= 0 and refunded_cents <= amount_cents);

create table withdrawals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  amount_cents integer not null check (amount_cents > 0),
  status text not null default 'pending' check (status in ('pending', 'completed', 'partlyReturned', 'returned')),
  transaction_id bigint not null references wallet_transactions (id),
  language text not null default 'lv' check (language in ('en', 'lv', 'ru')),
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index withdrawals_user on withdrawals (user_id, created_at desc);

create table withdrawal_parts (
  id uuid primary key default gen_random_uuid(),
  withdrawal_id uuid not null references withdrawals (id),
  kind text not null check (kind in ('refund', 'payout')),
  amount_cents integer not null check (amount_cents > 0),
  -- A refund's top-up; a payout's IBAN (compact, validated by the server).
  payment_id uuid references payments (id),
  iban text check (iban is null or iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  -- The provider's refund id (Stripe's re_…), by which its webhooks name it.
  provider_ref text,
  reason text check (reason is null or char_length(reason) <= 500),
  settled_by text check (settled_by is null or char_length(settled_by) <= 255),
  settled_at timestamptz,
  return_transaction_id bigint references wallet_transactions (id),
  created_at timestamptz not null default now(),
  check ((kind = 'refund' and payment_id is not null and iban is null) or (kind = 'payout' and payment_id is null and iban is not null)),
  -- A part that failed gives its amount back exactly once; one that did not never does.
  check ((status = 'failed') = (return_transaction_id is not null))
);
create index withdrawal_parts_withdrawal on withdrawal_parts (withdrawal_id);
create index withdrawal_parts_queue on withdrawal_parts (kind, status, created_at);
create unique index withdrawal_parts_provider_ref on withdrawal_parts (provider_ref) where provider_ref is not null;
create unique index withdrawal_parts_return on withdrawal_parts (return_transaction_id) where return_transaction_id is not null;
