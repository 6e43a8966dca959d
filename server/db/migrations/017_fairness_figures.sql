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
-- Its body: server/db/functions/auction_fees.sql (decision 099), applied after the numbered migrations.

drop function if exists place_bid(bigint, uuid, timestamptz, text, boolean, int, int);

-- As migration 015's (013's, answering the fair-play rules too), with the bidder's label and the bid's hash in its
-- recent-bids entry, and the fees of an auction the bid ended (the price cap).
-- Its body: server/db/functions/place_bid.sql (decision 099), applied after the numbered migrations.

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
