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
drop function place_bid(bigint, uuid, timestamptz, text, boolean, int, int);

create function place_bid(
  bid_auction_id bigint,
  bid_user_id uuid,
  bid_at timestamptz,
  bid_at_iso text,
  bid_is_auto boolean,
  min_seconds_between_bids int,
  recent_bids_kept int
) returns table (
  refusal text, is_paced boolean, outbid_user_id uuid, bidder_name text,
  id bigint, seq bigint, status text, title text, images jsonb, retail_value_cents int, entry_fee_cents int,
  price_cents int, starts_at timestamptz, ends_at timestamptz, hard_ends_at timestamptz, price_cap_cents int,
  reset_seconds int, min_previous_entries int, bid_count int, final_hash text, recent_bids jsonb,
  leader_name text, winner_name text,
  initial_seconds int, max_previous_wins int, enrolment_closes_seconds int, enrolment_closes_at_price_cents int,
  real_bidders_only boolean
) language plpgsql as $$
#variable_conflict use_column
begin
  return query
  with locked as (
    select a.id, a.leader_id as outbid_user_id, a.price_cents + 1 as price_cents,
           coalesce(nullif(a.last_hash, ''), encode(sha256(convert_to('pennybid:auction:' || a.id, 'UTF8')), 'hex')) as prev_hash,
           (select u.display_name from users u where u.id = bid_user_id) as bidder_name,
           coalesce(a.price_cents + 1 >= a.price_cap_cents, false) as has_ended,
           least(greatest(a.ends_at, bid_at + make_interval(secs => a.reset_seconds)), coalesce(a.hard_ends_at, 'infinity')) as next_ends_at,
           case
             when a.status in ('Ended', 'Canceled') then 'AUCTION_ENDED'
             when a.status <> 'Running' then 'AUCTION_NOT_RUNNING'
             when a.ends_at is null then 'AUCTION_STATE_MISSING'
             when a.ends_at <= bid_at or a.hard_ends_at <= bid_at then 'AUCTION_ENDED'
             when e.user_id is null then 'NOT_ENROLLED'
             when a.leader_id = bid_user_id then 'ALREADY_WINNING'
           end as refusal
    from auctions a left join enrolments e on e.auction_id = a.id and e.user_id = bid_user_id
    where a.id = bid_auction_id
    for update of a
  ), paced as (
    update enrolments e set last_bid_at = bid_at
    from locked l
    where e.auction_id = l.id and e.user_id = bid_user_id and l.refusal is null
      and (e.last_bid_at is null or e.last_bid_at <= bid_at - make_interval(secs => min_seconds_between_bids))
    returning e.auction_id
  ), accepted as (
    select l.*,
           encode(sha256(convert_to(concat_ws('|', l.prev_hash, l.id, bid_user_id, l.price_cents, bid_at_iso), 'UTF8')), 'hex') as hash,
           case when l.has_ended then bid_at else l.next_ends_at end as new_ends_at
    from locked l join paced p on p.auction_id = l.id
  ), moved as (
    update auctions a set price_cents = c.price_cents, leader_id = bid_user_id, bid_count = a.bid_count + 1,
           last_hash = c.hash, seq = a.seq + 1, ends_at = c.new_ends_at,
           status = case when c.has_ended then 'Ended' else a.status end,
           ended_at = case when c.has_ended then bid_at else a.ended_at end,
           winner_id = case when c.has_ended then bid_user_id else a.winner_id end,
           final_hash = case when c.has_ended then c.hash else a.final_hash end,
           recent_bids = (jsonb_build_array(jsonb_build_object('priceCents', c.price_cents, 'displayName', c.bidder_name,
                           'placedAt', bid_at_iso, 'isAuto', bid_is_auto)) || a.recent_bids) - recent_bids_kept
    from accepted c
    where a.id = c.id
    returning a.*, c.prev_hash as bid_prev_hash
  ), bid as (
    insert into bids (auction_id, user_id, price_cents, placed_at, is_auto, prev_hash, hash)
    select m.id, bid_user_id, m.price_cents, bid_at, bid_is_auto, m.bid_prev_hash, m.last_hash from moved m
  ), opened as (
    insert into fulfilments (auction_id, user_id, price_cents, deadline_at)
    select m.id, m.winner_id, m.price_cents, m.ended_at + make_interval(hours => m.payment_window_hours) from moved m
    where m.status = 'Ended' and m.winner_id is not null
    on conflict (auction_id) do nothing
  )
  select l.refusal, exists (select 1 from paced), l.outbid_user_id, l.bidder_name,
         m.id, m.seq, m.status, m.title, m.images, m.retail_value_cents, m.entry_fee_cents, m.price_cents, m.starts_at,
         m.ends_at, m.hard_ends_at, m.price_cap_cents, m.reset_seconds, m.min_previous_entries, m.bid_count, m.final_hash,
         m.recent_bids, l.bidder_name, case when m.status = 'Ended' then l.bidder_name end,
         m.initial_seconds, m.max_previous_wins, m.enrolment_closes_seconds, m.enrolment_closes_at_price_cents,
         m.real_bidders_only
  from locked l left join moved m on true;
end
$$;
