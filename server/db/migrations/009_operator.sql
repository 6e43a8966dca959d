-- Operators: refunds of canceled auctions' fees and adjustments with a reason are ledger entries too;
-- uploaded product images live in the database (every server process serves them); every operator action is logged.
alter table wallet_transactions drop constraint wallet_transactions_type_check;
alter table wallet_transactions
  add constraint wallet_transactions_type_check
  check (type in ('Payment', 'AuctionEnrollment', 'AuctionPayment', 'Refund', 'Adjustment'));

create table media (
  id text primary key,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml')),
  bytes bytea not null,
  created_at timestamptz not null default now()
);

create table operator_actions (
  id bigserial primary key,
  actor text not null check (char_length(actor) <= 255),
  action text not null check (char_length(action) <= 64),
  subject text not null check (char_length(subject) <= 255),
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
