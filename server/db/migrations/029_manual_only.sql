-- Manual-only ("nail-biter") auctions (issue 55 item 2, decision 101): no auto-bid can be set or run in them, every
-- bid is placed by hand. Set on a draft, or switched on by an operator while Waiting or Running (which removes the
-- auto-bids set until then, in the same transaction). place_bid refuses an auto bid in such an auction on its locked
-- row (server/db/functions/place_bid.sql), so a round that read the auction before the switch bids nothing after it.
alter table auctions add column manual_only boolean not null default false;
