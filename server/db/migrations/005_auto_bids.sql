-- Auto-bid: an enrolled bidder's maximum; the server bids for them one step at a time when outbid, up to it.
create table auto_bids (
  auction_id bigint not null references auctions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  max_price_cents integer not null check (max_price_cents > 0),
  created_at timestamptz not null default now(),
  primary key (auction_id, user_id)
);
create index auto_bids_auction on auto_bids (auction_id, created_at);
