-- Top-ups through a card provider: recorded when created, credited to the wallet exactly once when confirmed.
create table payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  amount_cents integer not null check (amount_cents > 0),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'canceled')),
  provider text not null check (provider in ('sandbox', 'stripe')),
  provider_ref text,
  method text,
  language text not null default 'lv',
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  transaction_id bigint references wallet_transactions (id)
);
create index payments_user on payments (user_id, created_at desc);
create unique index payments_provider_ref on payments (provider, provider_ref) where provider_ref is not null;
