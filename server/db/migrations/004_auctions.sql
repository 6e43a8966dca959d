-- Auctions, enrolments, the hash-chained bid history and favourites. Money in cents, times from the server clock.
create table auctions (
  id bigint generated always as identity primary key,
  title text not null check (char_length(title) between 1 and 120),
  description text not null default '' check (char_length(description) <= 4000),
  images jsonb not null default '[]'::jsonb,
  retail_value_cents integer not null default 0 check (retail_value_cents >= 0),
  entry_fee_cents integer not null default 0 check (entry_fee_cents >= 0),
  start_price_cents integer not null default 0 check (start_price_cents >= 0),
  status text not null default 'New' check (status in ('New', 'Waiting', 'Running', 'Ended', 'Canceled')),
  starts_at timestamptz not null,
  initial_seconds integer not null check (initial_seconds between 5 and 604800),
  reset_seconds integer not null check (reset_seconds between 5 and 3600),
  min_previous_entries integer not null default 0 check (min_previous_entries >= 0),
  hard_ends_at timestamptz,
  price_cap_cents integer check (price_cap_cents is null or price_cap_cents > 0),
  payment_window_hours integer not null default 72 check (payment_window_hours between 1 and 720),
  ends_at timestamptz,
  price_cents integer not null default 0 check (price_cents >= 0),
  leader_id uuid references users (id),
  bid_count integer not null default 0 check (bid_count >= 0),
  seq bigint not null default 0,
  last_hash text not null default '',
  winner_id uuid references users (id),
  final_hash text,
  ended_at timestamptz,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  check (hard_ends_at is null or hard_ends_at > starts_at),
  check (status <> 'Running' or ends_at is not null)
);
create index auctions_due on auctions (status, starts_at, ends_at);

create table enrolments (
  auction_id bigint not null references auctions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  fee_cents integer not null check (fee_cents >= 0),
  created_at timestamptz not null default now(),
  primary key (auction_id, user_id)
);
create index enrolments_user on enrolments (user_id);

-- Every bid, in order. Each hash covers the previous one, so no bid can be inserted, changed or removed unseen.
create table bids (
  id bigint generated always as identity primary key,
  auction_id bigint not null references auctions (id) on delete cascade,
  user_id uuid not null references users (id),
  price_cents integer not null,
  placed_at timestamptz not null,
  is_auto boolean not null default false,
  prev_hash text not null,
  hash text not null,
  unique (auction_id, price_cents)
);
create index bids_auction on bids (auction_id, id desc);
create index bids_user_auction on bids (user_id, auction_id, placed_at desc);

create table favourites (
  user_id uuid not null references users (id) on delete cascade,
  auction_id bigint not null references auctions (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, auction_id)
);

alter table wallet_transactions
  add constraint wallet_transactions_auction foreign key (auction_id) references auctions (id);
