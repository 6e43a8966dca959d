-- Fairness figures and the true cost (issue 21 items 4 and 5, decision 032).
--
-- - Each entry of an auction's recent bids carries the bid's chain hash (the newest one is the chain's head while the
--   auction runs, so a page follows it from the feed without a read) and the bidder's label: 'staff' for an operator,
--   'demo' for a demo account, null for anyone else, read from the bidder's row by the bid's own statement.
-- - An ended auction's state carries what it cost: the entry fees the ledger took for it (AuctionEnrollment, less any
--   Refund) in all and the winner's part of them. Only an ended auction's state reads them, so a bid that does not end
--   its auction reads no ledger; the index finds one auction's entries without a scan of the whole ledger.
create index wallet_transactions_auction on wallet_transactions (auction_id) where auction_id is not null;

-- An auction's net entry fees, in all and the winner's: what the ledger holds, read only once the auction has ended.
create function auction_fees(fee_auction_id bigint, fee_winner_id uuid, fee_status text)
returns table (entry_fees_cents int, winner_fee_cents int) language sql stable as $$
  select coalesce(-sum(t.amount_cents), 0)::int,
         case when fee_winner_id is not null then coalesce(-sum(t.amount_cents) filter (where t.user_id = fee_winner_id), 0)::int end
  from wallet_transactions t
  where fee_status = 'Ended' and t.auction_id = fee_auction_id and t.type in ('AuctionEnrollment', 'Refund')
  having fee_status = 'Ended'
$$;

drop function place_bid(bigint, uuid, timestamptz, text, boolean, int, int);

-- As migration 015's (013's, answering the fair-play rules too), with the bidder's label and the bid's hash in its
-- recent-bids entry, and the fees of an auction the bid ended (the price cap).
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
  real_bidders_only boolean, entry_fees_cents int, winner_fee_cents int
) language plpgsql as $$
#variable_conflict use_column
begin
  return query
  with locked as (
    select a.id, a.leader_id as outbid_user_id, a.price_cents + 1 as price_cents,
           coalesce(nullif(a.last_hash, ''), encode(sha256(convert_to('pennybid:auction:' || a.id, 'UTF8')), 'hex')) as prev_hash,
           u.display_name as bidder_name,
           case when u.role = 'operator' then 'staff' when u.is_demo then 'demo' end as bidder_label,
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
    from auctions a
    left join enrolments e on e.auction_id = a.id and e.user_id = bid_user_id
    left join users u on u.id = bid_user_id
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
                           'placedAt', bid_at_iso, 'isAuto', bid_is_auto, 'hash', c.hash, 'label', c.bidder_label)) || a.recent_bids)
                         - recent_bids_kept
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
         m.real_bidders_only, f.entry_fees_cents, f.winner_fee_cents
  from locked l
  left join moved m on true
  left join lateral auction_fees(m.id, m.winner_id, m.status) f on true;
end
$$;

-- The entries already kept get the same two fields (as migration 012 built them, from the bids and their bidders).
update auctions a set recent_bids = (
  select jsonb_agg(jsonb_build_object(
           'priceCents', b.price_cents,
           'displayName', u.display_name,
           'placedAt', to_char(b.placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'isAuto', b.is_auto,
           'hash', b.hash,
           'label', case when u.role = 'operator' then 'staff' when u.is_demo then 'demo' end) order by b.id desc)
  from (select * from bids where bids.auction_id = a.id order by bids.id desc limit 10) b
  join users u on u.id = b.user_id)
where exists (select 1 from bids where bids.auction_id = a.id);
