-- Fees back for those who lose (issue 55 item 4, decision 103): per auction, the percentage of each losing bidder's
-- entry fee that returns to their wallet, as a Refund entry, when the auction ends (0: none). The end writes the
-- refunds in its own statement (server/auctions/engine.ts's advanceLifecycle, and place_bid at the price cap).
alter table auctions add column fee_back_percent smallint not null default 0 check (fee_back_percent between 0 and 100);

-- A bidder's entry fee comes back at most once per auction, whichever way (a cancel's full refund, or the end's share):
-- the database holds it however many processes end the auction.
create unique index wallet_transactions_one_refund on wallet_transactions (auction_id, user_id) where type = 'Refund';
