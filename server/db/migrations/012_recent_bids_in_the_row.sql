-- An auction's last ten bids live in its row, kept by the bid's own UPDATE (issue 17, decision 028): the live state
-- is one row, read without a second query and returned by the bid itself. Each entry is the contract's RecentBid, with
-- the name the bid was placed under.
alter table auctions add column recent_bids jsonb not null default '[]'::jsonb;

update auctions a set recent_bids = (
  select jsonb_agg(jsonb_build_object(
           'priceCents', b.price_cents,
           'displayName', u.display_name,
           'placedAt', to_char(b.placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'isAuto', b.is_auto) order by b.id desc)
  from (select * from bids where bids.auction_id = a.id order by bids.id desc limit 10) b
  join users u on u.id = b.user_id)
where exists (select 1 from bids where bids.auction_id = a.id);

-- A bid changes no indexed column of its auction, so its UPDATE can be a HOT one (no new index entries) when the page
-- has room: the lifecycle finds due auctions by status and start, and filters the running ones by their end.
drop index auctions_due;
create index auctions_due on auctions (status, starts_at);
alter table auctions set (fillfactor = 70);
