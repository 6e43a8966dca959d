-- What an auction of a product usually costs (issue 55 item 1, decision 100) reads a product's auctions ended in the
-- last 90 days: found by product and end time, not by reading every ended auction.
create index auctions_product_ended on auctions (product_key, ended_at) where status = 'Ended';
