-- place_bid also says whether the bidder it outbid has a browser subscribed to push notices (issue 17): most bidders
-- never subscribe, and without this the outbid push asked in a statement of its own after every bid (0.9 ms of a
-- bid's 3 on PGlite, for nothing). The rules, the writes and the state are migration 021's, unchanged.

drop function if exists place_bid(bigint, uuid, timestamptz, text, boolean, int, int);

-- Its body: server/db/functions/place_bid.sql (decision 099), applied after the numbered migrations.
