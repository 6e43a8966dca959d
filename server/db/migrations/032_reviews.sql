-- Verified winners' reviews (issue 55 item 5, decision 104). One review per delivered win or delivered Buy it now
-- purchase, by the one who won or bought it, held here as well as in the service: the review's foreign key names the
-- fulfilment (or purchase), its owner and its state, and that state can only be 'Delivered'. Delivered is the last
-- state of both, so a review can never stand beside an undelivered item. Operators hide a review with a reason; it is
-- never deleted.

-- What the reviews' foreign keys point at (the key alone is already unique; these let a reference name the owner and
-- the state too).
alter table fulfilments add constraint fulfilments_owner_state_key unique (auction_id, user_id, state);
alter table buy_now_purchases add constraint buy_now_purchases_owner_state_key unique (id, auction_id, user_id, state);

create table reviews (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id),
  -- The auction it came from: the won one, or the one the purchase was offered after.
  auction_id bigint not null references auctions (id),
  -- Exactly one of a win (its fulfilment's key, the auction's id) or a purchase; each reviewed once.
  win_auction_id bigint unique check (win_auction_id = auction_id),
  purchase_id bigint unique,
  check (num_nonnulls(win_auction_id, purchase_id) = 1),
  delivered text not null default 'Delivered' check (delivered = 'Delivered'),
  foreign key (win_auction_id, user_id, delivered) references fulfilments (auction_id, user_id, state),
  foreign key (purchase_id, auction_id, user_id, delivered) references buy_now_purchases (id, auction_id, user_id, state),
  rating smallint not null check (rating between 1 and 5),
  body text not null check (char_length(body) between 1 and 255),
  -- The `/media/…` paths of its re-encoded photos.
  photos jsonb not null default '[]' check (jsonb_typeof(photos) = 'array' and jsonb_array_length(photos) <= 3),
  hidden_at timestamptz,
  hidden_reason text check (char_length(hidden_reason) between 1 and 255),
  hidden_by text check (char_length(hidden_by) between 1 and 255),
  check ((hidden_at is null) = (hidden_reason is null) and (hidden_at is null) = (hidden_by is null)),
  created_at timestamptz not null default now()
);
create index reviews_visible on reviews (id desc) where hidden_at is null;
create index reviews_auction on reviews (auction_id);
create index reviews_user on reviews (user_id);
