-- Buy it now (issue 20 item 2, decision 034): after an auction ends, a bidder who enrolled and did not win may buy the
-- same item within 48 hours at its retail value less the entry fee they paid for it (net of refunds), never below
-- zero. Each purchase is paid at once from the wallet and has a fulfilment of its own that follows the same machine
-- (machines/fulfilment.machine.ts) from PaymentReceived on: PaymentReceived → InDelivery → Delivered.

-- Per auction: whether it is offered (on unless an operator turns it off) and how many may be sold (null: no limit).
-- The count sold is decided on the auction's locked row.
alter table auctions
  add column buy_now_enabled boolean not null default true,
  add column buy_now_stock integer check (buy_now_stock is null or buy_now_stock >= 0);

-- The ledger's type for a Buy it now payment.
alter table wallet_transactions drop constraint wallet_transactions_type_check;
alter table wallet_transactions
  add constraint wallet_transactions_type_check
  check (type in ('Payment', 'AuctionEnrollment', 'AuctionPayment', 'Refund', 'Adjustment', 'BuyItNow'));

create table buy_now_purchases (
  id bigint generated always as identity primary key,
  auction_id bigint not null references auctions (id),
  user_id uuid not null references users (id),
  -- Once per bidder and auction: a second purchase (a double click, two tabs) fails on this.
  unique (auction_id, user_id),
  state text not null default 'PaymentReceived' check (state in ('PaymentReceived', 'InDelivery', 'Delivered')),
  retail_value_cents integer not null check (retail_value_cents >= 0),
  entry_fee_paid_cents integer not null check (entry_fee_paid_cents >= 0),
  -- Retail value less the entry fee paid, never below zero; what was paid is that minus the discount.
  price_cents integer not null check (price_cents >= 0),
  amount_paid_cents integer not null check (amount_paid_cents >= 0),
  discount_cents integer not null check (discount_cents >= 0),
  promo_code_id bigint references promo_codes (id),
  delivery_address text not null check (char_length(delivery_address) between 1 and 255),
  phone text not null check (char_length(phone) between 1 and 255),
  transaction_id bigint references wallet_transactions (id),
  paid_at timestamptz not null,
  in_delivery_at timestamptz,
  delivered_at timestamptz,
  version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (amount_paid_cents + discount_cents = price_cents)
);
create index buy_now_purchases_user on buy_now_purchases (user_id, created_at desc);
create index buy_now_purchases_state on buy_now_purchases (state, paid_at);

-- A promo code redeemed on a purchase counts toward its limits like one redeemed on a win: one table of redemptions,
-- each for exactly one of a won auction's fulfilment or a purchase.
alter table promo_redemptions drop constraint promo_redemptions_pkey;
alter table promo_redemptions alter column auction_id drop not null;
alter table promo_redemptions add constraint promo_redemptions_auction_key unique (auction_id);
alter table promo_redemptions add column purchase_id bigint unique references buy_now_purchases (id);
alter table promo_redemptions add constraint promo_redemptions_one_target check (num_nonnulls(auction_id, purchase_id) = 1);

-- Who moved a purchase's fulfilment, and when: the buyer (paying) or an operator.
create table buy_now_events (
  id bigserial primary key,
  purchase_id bigint not null references buy_now_purchases (id),
  from_state text,
  to_state text not null,
  actor text not null check (char_length(actor) <= 255),
  created_at timestamptz not null default now()
);
create index buy_now_events_purchase on buy_now_events (purchase_id, id);
