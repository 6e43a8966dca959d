-- Fair-play rules decided at enrolment (issue 21, decision 031). All per auction, all optional:
-- - max_previous_wins: only bidders with at most this many wins ever may enrol (0: only those who never won);
-- - enrolment_closes_seconds: enrolment closes this many seconds before the end of the initial timer, i.e. at
--   least(starts_at + initial_seconds, hard_ends_at) - this (bids that extend the timer do not move it);
-- - enrolment_closes_at_price_cents: enrolment closes once the price reaches this;
-- - real_bidders_only: operators and demo accounts may not enrol;
-- - product_key: what "the same product" means for the site-wide win limit (the operator's key, else the title's).
-- The bid path does not read them; place_bid returns them only because the feed sends what a bid returned
-- (decision 028), so its result row gains the columns the live state shows. Its body is 013's, unchanged.
alter table auctions
  add column max_previous_wins integer check (max_previous_wins between 0 and 1000),
  add column enrolment_closes_seconds integer check (enrolment_closes_seconds between 0 and 604800),
  add column enrolment_closes_at_price_cents integer check (enrolment_closes_at_price_cents > 0),
  add column real_bidders_only boolean not null default false,
  add column product_key text;

-- A row written without a key (the seed, tests' fixtures) gets the title's; the operator API always gives one.
create function auction_product_key(title text, id bigint) returns text language sql immutable as $$
  select coalesce(nullif(trim(both '-' from left(regexp_replace(lower(title), '[^[:alnum:]]+', '-', 'g'), 120)), ''), 'auction-' || id)
$$;

create function auctions_default_product_key() returns trigger language plpgsql as $$
begin
  new.product_key := coalesce(new.product_key, auction_product_key(new.title, new.id));
  return new;
end
$$;

create trigger auctions_product_key before insert on auctions
  for each row when (new.product_key is null) execute function auctions_default_product_key();

update auctions set product_key = auction_product_key(title, id);
alter table auctions alter column product_key set not null,
  add constraint auctions_product_key check (char_length(product_key) between 1 and 120);

-- The win limits count a bidder's wins by product and end time.
create index auctions_winner_ended on auctions (winner_id, ended_at) where winner_id is not null;

-- A function's result type cannot be changed in place.
drop function if exists place_bid(bigint, uuid, timestamptz, text, boolean, int, int);

-- Its body: server/db/functions/place_bid.sql (decision 099), applied after the numbered migrations.
