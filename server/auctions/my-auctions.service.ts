// The signed-in bidder's side of the auctions: what they enrolled in, favourited and auto-bid on, their personal
// lists (the SQL picks the auctions and their order, the read model fills them in), and marking a favourite.
import type { AuctionState, Language, MyAuctionsResponse } from "../../contract";
import type { Queryable } from "../db/database";
import { auctionStates, auctionStatesInOrder } from "./auctions.queries";

export async function myAuctions(db: Queryable, userId: string): Promise<MyAuctionsResponse> {
  const [enrolled, favourites, autoBids] = await Promise.all([
    db.query<{ auction_id: number }>("select auction_id from enrolments where user_id = $1", [userId]),
    db.query<{ auction_id: number }>("select auction_id from favourites where user_id = $1", [userId]),
    db.query<{ auction_id: number; max_price_cents: number }>("select auction_id, max_price_cents from auto_bids where user_id = $1", [
      userId,
    ]),
  ]);
  return {
    enrolledIds: enrolled.map((row) => row.auction_id),
    favouriteIds: favourites.map((row) => row.auction_id),
    autoBids: Object.fromEntries(autoBids.map((row) => [String(row.auction_id), row.max_price_cents])),
  };
}

const PERSONAL_LISTS = {
  active: `select e.auction_id as id from enrolments e join auctions a on a.id = e.auction_id
           where e.user_id = $1 and a.status in ('Waiting', 'Running') order by a.status desc, coalesce(a.ends_at, a.starts_at)`,
  won: "select id from auctions where winner_id = $1 and status = 'Ended' order by ended_at desc",
  favourites: "select auction_id as id from favourites where user_id = $1 order by created_at desc",
};

export type PersonalList = keyof typeof PERSONAL_LISTS;

export async function personalList(db: Queryable, list: PersonalList, userId: string, language: Language): Promise<AuctionState[]> {
  const rows = await db.query<{ id: number }>(PERSONAL_LISTS[list], [userId]);
  return auctionStatesInOrder(
    db,
    rows.map((row) => row.id),
    language,
  );
}

/** Marks or unmarks a favourite (repeats change nothing); false when there is no such public auction. */
export async function setFavourite(db: Queryable, userId: string, auctionId: number, isFavourite: boolean): Promise<boolean> {
  const [state] = await auctionStates(db, [auctionId], undefined);
  if (!state) return false;
  if (isFavourite) {
    await db.query("insert into favourites (user_id, auction_id) values ($1, $2) on conflict do nothing", [userId, auctionId]);
  } else {
    await db.query("delete from favourites where user_id = $1 and auction_id = $2", [userId, auctionId]);
  }
  return true;
}
