-- Fulfilment of won auctions: every Ended auction with a winner has one row, created in the statement that ends
-- it. States and moves follow machines/fulfilment.machine.ts; every UPDATE is guarded by the state it leaves.
-- Promo codes (percent or fixed, validity dates, limits overall and per user) and their redemptions.
create table promo_codes (
  id bigint generated always as identity primary key,
  code text not null check (char_length(code) between 3 and 32),
  code_key text not null unique,
  kind text not null check (kind in ('percent', 'fixed')),
  -- Whole percent (1-100) for 'percent', euro cents for 'fixed'.
  amount integer not null check (amount > 0 and (kind <> 'percent' or amount <= 100)),
  valid_from timestamptz,
  valid_until timestamptz,
  max_uses integer check (max_uses is null or max_uses > 0),
  max_uses_per_user integer check (max_uses_per_user is null or max_uses_per_user > 0),
  created_by text not null default '' check (char_length(created_by) <= 255),
  created_at timestamptz not null default now(),
  check (valid_from is null or valid_until is null or valid_until > valid_from)
);

create table fulfilments (
  auction_id bigint primary key references auctions (id),
  user_id uuid not null references users (id),
  state text not null default 'AwaitingPayment'
    check (state in ('AwaitingPayment', 'PaymentReceived', 'InDelivery', 'Delivered', 'Expired')),
  -- The final price of the auction; what was paid is that minus the discount, never below zero.
  price_cents integer not null check (price_cents >= 0),
  deadline_at timestamptz not null,
  amount_paid_cents integer check (amount_paid_cents >= 0),
  discount_cents integer check (discount_cents >= 0),
  promo_code_id bigint references promo_codes (id),
  delivery_address text check (char_length(delivery_address) between 1 and 255),
  phone text check (char_length(phone) between 1 and 255),
  transaction_id bigint references wallet_transactions (id),
  paid_at timestamptz,
  in_delivery_at timestamptz,
  delivered_at timestamptz,
  expired_at timestamptz,
  version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (state in ('AwaitingPayment', 'Expired')
         or (paid_at is not null and amount_paid_cents is not null and discount_cents is not null
             and delivery_address is not null and phone is not null)),
  check (amount_paid_cents is null or amount_paid_cents + discount_cents = price_cents),
  check (state <> 'Expired' or (expired_at is not null and paid_at is null))
);
create index fulfilments_user on fulfilments (user_id, created_at desc);
create index fulfilments_due on fulfilments (state, deadline_at);

-- One redemption per paid auction; counted for the overall and per-user limits.
create table promo_redemptions (
  auction_id bigint primary key references fulfilments (auction_id),
  promo_code_id bigint not null references promo_codes (id),
  user_id uuid not null references users (id),
  discount_cents integer not null check (discount_cents >= 0),
  created_at timestamptz not null default now()
);
create index promo_redemptions_code on promo_redemptions (promo_code_id, user_id);

-- Who moved a fulfilment, and when: the winner (paying), an operator, or the expiry job.
create table fulfilment_events (
  id bigserial primary key,
  auction_id bigint not null references fulfilments (auction_id),
  from_state text not null,
  to_state text not null,
  actor text not null check (char_length(actor) <= 255),
  created_at timestamptz not null default now()
);
create index fulfilment_events_auction on fulfilment_events (auction_id, id);

-- Auctions that ended before this migration: their winners get a fulfilment too (one whose window has passed
-- is expired by the job on its first run).
insert into fulfilments (auction_id, user_id, price_cents, deadline_at)
select id, winner_id, price_cents, coalesce(ended_at, ends_at, now()) + make_interval(hours => payment_window_hours)
from auctions
where status = 'Ended' and winner_id is not null
on conflict (auction_id) do nothing;
