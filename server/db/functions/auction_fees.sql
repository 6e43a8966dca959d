-- An auction's net entry fees, in all and the winner's: what the ledger holds (AuctionEnrollment less any Refund), read
-- only once the auction has ended (decision 032). place_bid and the auction queries' state read it.
create or replace function auction_fees(fee_auction_id bigint, fee_winner_id uuid, fee_status text)
returns table (entry_fees_cents int, winner_fee_cents int) language sql stable as $$
  select coalesce(-sum(t.amount_cents), 0)::int,
         case when fee_winner_id is not null then coalesce(-sum(t.amount_cents) filter (where t.user_id = fee_winner_id), 0)::int end
  from wallet_transactions t
  where fee_status = 'Ended' and t.auction_id = fee_auction_id and t.type in ('AuctionEnrollment', 'Refund')
  having fee_status = 'Ended'
$$;
