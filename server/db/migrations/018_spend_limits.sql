-- Spend limits and a self-chosen pause (issue 20 item 1, decision 033).
--
-- One row per user who set any: the monthly limits on auction spending (entry fees and payments for wins) and on
-- top-ups, each with the raise waiting for its 24 hours, and the pause. A null limit is no limit; a raise waiting is
-- `*_next_at` not null (its `*_next_cents` may be null: the limit is being removed). server/wallet/spend-limits.ts
-- reads and changes them under the user's row lock, in the transactions that move money.
create table spend_limits (
  user_id uuid primary key references users (id) on delete cascade,
  auction_limit_cents bigint check (auction_limit_cents >= 0),
  auction_next_cents bigint check (auction_next_cents >= 0),
  auction_next_at timestamptz,
  top_up_limit_cents bigint check (top_up_limit_cents >= 0),
  top_up_next_cents bigint check (top_up_next_cents >= 0),
  top_up_next_at timestamptz,
  paused_until timestamptz,
  updated_at timestamptz not null default now(),
  check (auction_next_at is not null or auction_next_cents is null),
  check (top_up_next_at is not null or top_up_next_cents is null)
);

-- The month's spending is summed from the user's ledger and payments by time: both already have an index that
-- starts with the user (wallet_transactions_user, payments_user).

drop function if exists place_bid(bigint, uuid, timestamptz, text, boolean, int, int);

-- As migration 017's, refusing the bid of a bidder whose self-chosen pause has not ended (read in the same statement,
-- so an auto-bid of a paused bidder stops too).
-- Its body: server/db/functions/place_bid.sql (decision 099), applied after the numbered migrations.
