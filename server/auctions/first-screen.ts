// Home's first screen, sent with the page itself (decision 025): the first page of each of Home's sections, unfiltered
// and in the default order, exactly as POST /api/auctions/search would answer the SPA's first three calls.
import type { FirstScreenLists } from "../../contract";
import { DEFAULT_AUCTION_SORT, HOME_PAGE_SIZE } from "../../contract/constants";
import type { Queryable } from "../db/database";
import { searchPage } from "./auctions.queries";

export async function homeFirstScreen(db: Queryable): Promise<FirstScreenLists> {
  const firstPage = (status: keyof FirstScreenLists) =>
    searchPage(db, { status, sort: DEFAULT_AUCTION_SORT, freeEntry: false, offset: 0, pageSize: HOME_PAGE_SIZE });
  const [Running, Waiting, Ended] = await Promise.all([firstPage("Running"), firstPage("Waiting"), firstPage("Ended")]);
  return { Running, Waiting, Ended };
}
