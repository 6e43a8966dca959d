-- A bid's new live state as one json value (issue 17; decision 044): the client library reads one field, not thirty,
-- which took a fifth of a bid's CPU on PGlite. Keys and values are those of server/auctions/auctions.queries.ts's
-- state reads (`stateJson`); the rules and the writes are migration 018's, unchanged.

drop function if exists place_bid(bigint, uuid, timestamptz, text, boolean, int, int);

-- Its body: server/db/functions/place_bid.sql (decision 099), applied after the numbered migrations.
