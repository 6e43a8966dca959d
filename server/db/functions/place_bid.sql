-- A whole bid as one function call (issue 17, decision 028): one round trip, atomic without a transaction around it,
-- and its plan kept by PL/pgSQL instead of being made again for every bid. server/auctions/engine.ts calls it and
-- server/auctions/bid-chain.ts verifies the hashes it makes. Applied after the numbered migrations whenever this file
-- changes (decision 099): a change to the rules is a diff of this file. A change of its arguments or of its result
-- type cannot be made in place: a numbered migration drops the old one first.
--
-- - `locked` takes the auction's row lock (bids on one auction queue here; after the wait it reads the row as the bid
--   before left it) and decides every rule but one, in the order the refusals are told (the fair-play rules at
--   enrolment's, decision 031; the bidder's own pause, decision 033; a closed account, decision 093, whose closing
--   it waits for under a shared lock on the account; an auto bid in a manual-only auction, decision 101);
-- - `paced` stamps the enrolment's last bid only if the one before is a second old, checked on the enrolment's latest
--   row as it is updated (a snapshot read could miss a bid of the same bidder committed while this one waited);
-- - `moved` gives the auction its new price, leader and end (ended at once at the price cap, with the winner's
--   fulfilment opened in `opened`, as the lifecycle opens it, and the losers' fees back in `fees_back`, decision 103)
--   and puts the bid, with its bidder's label and hash, at
--   the head of its recent bids; `bid` appends the bid to the hash chain (sha256 of previous
--   hash|auction|bidder|price|time);
-- - back comes one row: the refusal, or the auction's live state for the feed as one json value (decision 044; the
--   keys of server/auctions/auctions.queries.ts's `stateJson`), with the fees of an auction the bid ended (the price
--   cap), and whether the bidder it outbid has a browser subscribed to push notices.
create or replace function place_bid(
  bid_auction_id bigint,
  bid_user_id uuid,
  bid_at timestamptz,
  bid_at_iso text,
  bid_is_auto boolean,
  min_seconds_between_bids int,
  recent_bids_kept int
) returns table (refusal text, is_paced boolean, outbid_user_id uuid, outbid_has_push boolean, bidder_name text, state json) language plpgsql as $$
#variable_conflict use_column
begin
  perform pg_advisory_xact_lock_shared(hashtextextended('account:' || bid_user_id::text, 0));
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
             when bid_is_auto and a.manual_only then 'MANUAL_ONLY'
             when u.deleted_at is not null then 'ACCOUNT_CLOSED'
             when e.user_id is null then 'NOT_ENROLLED'
             when p.paused_until > bid_at then 'SELF_PAUSED'
             when a.leader_id = bid_user_id then 'ALREADY_WINNING'
           end as refusal
    from auctions a
    left join enrolments e on e.auction_id = a.id and e.user_id = bid_user_id
    left join users u on u.id = bid_user_id
    left join spend_limits p on p.user_id = bid_user_id
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
  ), fees_back as (
    -- Fees back (decision 103), as the lifecycle's end gives them (server/auctions/engine.ts's FEES_BACK).
    select m.id as auction_id, e.user_id, e.fee_cents * m.fee_back_percent / 100 as cents,
           left(format('Entry fee back (%s%%): %s', m.fee_back_percent, m.title), 255) as description
    from moved m join enrolments e on e.auction_id = m.id
    join users fu on fu.id = e.user_id and fu.deleted_at is null
    where m.status = 'Ended' and m.fee_back_percent > 0 and e.user_id is distinct from m.winner_id and e.fee_cents * m.fee_back_percent / 100 > 0
  ), credited as (
    update wallets w set balance_cents = w.balance_cents + b.cents, updated_at = now()
    from (select fb.user_id, sum(fb.cents) as cents from fees_back fb group by fb.user_id) b
    where w.user_id = b.user_id
  ), refunded as (
    insert into wallet_transactions (user_id, type, amount_cents, description, auction_id)
    select fb.user_id, 'Refund', fb.cents, fb.description, fb.auction_id from fees_back fb
  )
  select l.refusal, exists (select 1 from paced), l.outbid_user_id,
         exists (select 1 from push_subscriptions s where s.user_id = l.outbid_user_id), l.bidder_name,
         case when m.id is not null then json_build_object('id', m.id, 'seq', m.seq, 'status', m.status, 'title', m.title, 'images', m.images,
           'retail_value_cents', m.retail_value_cents, 'entry_fee_cents', m.entry_fee_cents, 'price_cents', m.price_cents, 'starts_at', m.starts_at,
           'ends_at', m.ends_at, 'hard_ends_at', m.hard_ends_at, 'price_cap_cents', m.price_cap_cents, 'reset_seconds', m.reset_seconds,
           'min_previous_entries', m.min_previous_entries, 'bid_count', m.bid_count, 'final_hash', m.final_hash, 'recent_bids', m.recent_bids,
           'leader_name', l.bidder_name, 'winner_name', case when m.status = 'Ended' then l.bidder_name end, 'initial_seconds', m.initial_seconds,
           'max_previous_wins', m.max_previous_wins, 'enrolment_closes_seconds', m.enrolment_closes_seconds,
           'enrolment_closes_at_price_cents', m.enrolment_closes_at_price_cents, 'real_bidders_only', m.real_bidders_only,
           'manual_only', m.manual_only,
           'fee_back_percent', m.fee_back_percent,
           -- the ledger read in this statement does not see the refunds it writes
           'entry_fees_cents', f.entry_fees_cents - (select coalesce(sum(fb.cents), 0) from fees_back fb)::int,
           'winner_fee_cents', f.winner_fee_cents,
           'min_seats', m.min_seats, 'max_seats', m.max_seats, 'seats_taken', m.seats_taken) end
  from locked l
  left join moved m on true
  left join lateral auction_fees(m.id, m.winner_id, m.status) f on true;
end
$$;
