// An app page's first screen, sent with the page itself (decision 025): on Home, the first page of each section,
// unfiltered and in the default order, exactly as POST /api/auctions/search would answer the SPA's first three calls;
// on an auction's page, the auction as GET /api/auctions/:id would answer, and while it is still to be won, what its
// product usually costs as GET /api/auctions/:id/usual-cost would: the page shows that section above the bids, so a
// drawing without it would move them down when the SPA takes over.
import type { FirstScreen, Language, UsualCost } from "../../contract";
import { DEFAULT_AUCTION_SORT, HOME_PAGE_SIZE } from "../../contract/constants";
import type { Queryable } from "../db/database";
import { auctionDetail, searchPage } from "./auctions.queries";

async function homeFirstScreen(db: Queryable, language: Language): Promise<FirstScreen> {
  const firstPage = (status: "Running" | "Waiting" | "Ended") =>
    searchPage(db, { status, language, sort: DEFAULT_AUCTION_SORT, freeEntry: false, offset: 0, pageSize: HOME_PAGE_SIZE });
  const [Running, Waiting, Ended] = await Promise.all([firstPage("Running"), firstPage("Waiting"), firstPage("Ended")]);
  return { language, lists: { Running, Waiting, Ended } };
}

/**
 * The first screen of the app page at `pathname` in `language` (the SPA takes it only if that is still its own);
 * null for a page that has none (or an auction no one may see).
 */
export async function firstScreenFor(
  db: Queryable,
  pathname: string,
  language: Language,
  usualCostOf: (auctionId: number) => Promise<UsualCost | null>,
): Promise<FirstScreen | null> {
  if (pathname === "/") return homeFirstScreen(db, language);
  const auctionId = /^\/auctions\/([1-9]\d{0,14})$/.exec(pathname)?.[1];
  if (!auctionId) return null;
  const auction = await auctionDetail(db, Number(auctionId), language);
  if (!auction) return null;
  const usualCost = auction.status === "Waiting" || auction.status === "Running" ? await usualCostOf(auction.id) : null;
  return { language, auction, ...(usualCost ? { usualCost } : {}) };
}
