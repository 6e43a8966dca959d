// An auction's end opens its winner's fulfilment in the same statement (decision 105: the auctions, which end the
// auction, hold the statement; fulfilment reads auctions, never the other way round).

/**
 * The one statement that opens fulfilments: for each ended auction with a winner among `endedAuctions` (a table or
 * a CTE with the auctions' id, winner_id, price_cents, ended_at and payment_window_hours), once; repeats do nothing.
 * The lifecycle and a bid that reaches the price cap run it inside the statement that ends auctions, so neither
 * happens without the other.
 */
export const openFulfilmentsOf = (endedAuctions: string): string =>
  `insert into fulfilments (auction_id, user_id, price_cents, deadline_at)
   select id, winner_id, price_cents, ended_at + make_interval(hours => payment_window_hours) from ${endedAuctions}
   where winner_id is not null
   on conflict (auction_id) do nothing`;
