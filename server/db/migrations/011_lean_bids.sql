-- The bid path's rules held by the database (issue 17, decision 028): a bid or an auto-bid belongs to an enrolment,
-- and the one-bid-a-second rule reads the enrolment's last bid instead of searching the bids.
alter table enrolments add column last_bid_at timestamptz;

update enrolments e set last_bid_at = latest.placed_at
from (select auction_id, user_id, max(placed_at) as placed_at from bids group by auction_id, user_id) latest
where latest.auction_id = e.auction_id and latest.user_id = e.user_id;

alter table bids add constraint bids_enrolment
  foreign key (auction_id, user_id) references enrolments (auction_id, user_id) on delete cascade;

alter table auto_bids add constraint auto_bids_enrolment
  foreign key (auction_id, user_id) references enrolments (auction_id, user_id) on delete cascade;

-- It served only the rate-limit search that last_bid_at replaces; every insert paid for it.
drop index bids_user_auction;

-- The won-auctions list ("where winner_id = $1").
create index auctions_winner on auctions (winner_id) where winner_id is not null;
