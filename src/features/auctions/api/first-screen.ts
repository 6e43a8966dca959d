// The first screen as the server sent it inside the page (decision 025): Home's first page of each section, or the
// auction of an auction's page, so the page draws without waiting for its first calls. Each part is taken once, on
// the first visit only; after that the live feed brings whatever changed since the page was made (a status list's
// resync when its watch is acknowledged, an auction's state in its subscription's acknowledgement).
import type { AuctionDetail, FirstScreen, FirstScreenLists, Language, SearchAuctionsResponse, UsualCost } from "../../../../contract";
import { DEFAULT_AUCTION_SORT, FIRST_SCREEN_ELEMENT_ID } from "../../../../contract/constants";
import type { AuctionFilters, ListStatus } from "./auction-filters";

/**
 * What is left of the page's first screen: each part goes once, except that a list cut to a smaller page than it came
 * in stays for one bigger ask (a wide screen hydrates the phone's drawing first, then shows its own size; decision 061).
 */
let screen:
  | {
      language?: Language;
      lists: Partial<FirstScreenLists>;
      cutTo: Partial<Record<ListStatus, number>>;
      auction?: AuctionDetail | undefined;
      /** What the page's auction's product usually costs (figures, no texts: good in any language). */
      usualCost?: { auctionId: number; figures: UsualCost } | undefined;
      drawnAtMs?: number | undefined;
    }
  | undefined;

const partsOf = (sent: FirstScreen | undefined): NonNullable<typeof screen> => ({
  language: sent?.language,
  lists: { ...sent?.lists },
  cutTo: {},
  auction: sent?.auction,
  usualCost: sent?.auction && sent.usualCost ? { auctionId: sent.auction.id, figures: sent.usualCost } : undefined,
  drawnAtMs: sent?.drawnAtMs,
});

function readScreen(): NonNullable<typeof screen> {
  if (screen) return screen;
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  try {
    // Not parsed with the contract's schema (that would put zod in the first download, decision 014): it came from
    // the server in the very page that names the scripts reading it, no less trusted than they are.
    screen = partsOf(element?.textContent ? (JSON.parse(element.textContent) as FirstScreen) : undefined);
  } catch {
    screen = partsOf(undefined);
  }
  element?.remove();
  return screen;
}

/**
 * The moment the server drew the page's first screen (its countdowns show it) when it drew it in `language`, or
 * undefined if it did not (its texts would not be the ones this page renders).
 */
export function firstScreenDrawnAt(language: Language): number | undefined {
  const { drawnAtMs, language: madeIn } = readScreen();
  return madeIn === language ? drawnAtMs : undefined;
}

/**
 * On the server, which renders the first screen as HTML (src/entry-server.tsx, decision 045): the data the next
 * render takes, as the page's block would give it; undefined once that render is done.
 */
export function provideFirstScreen(sent: FirstScreen | undefined): void {
  screen = sent && partsOf(sent);
}

/**
 * The section's first page from the page itself, cut to `pageSize`; undefined when filtered, already taken, or made
 * in another language than the interface's (the page is made in the one its cookie names, decision 030).
 */
export function takeFirstScreenPage(
  status: ListStatus,
  filters: AuctionFilters,
  pageSize: number,
  language: Language,
): SearchAuctionsResponse | undefined {
  if (filters.query || filters.isFreeEntryOnly || filters.sort !== DEFAULT_AUCTION_SORT) return undefined;
  const { lists, cutTo, language: madeIn } = readScreen();
  if (madeIn !== language) return undefined;
  const page = lists[status];
  const wasCutTo = cutTo[status];
  delete lists[status];
  if (!page || page.offset !== 0 || page.pageSize < pageSize || (wasCutTo !== undefined && pageSize <= wasCutTo)) return undefined;
  const items = page.items.slice(0, pageSize);
  if (items.length < page.items.length) {
    lists[status] = page;
    cutTo[status] = pageSize;
  }
  return { ...page, items, pageSize, hasMore: items.length < page.total };
}

/** The auction from the page itself when it is the one asked for, in `language`; undefined otherwise or once taken. */
export function takeFirstScreenAuction(auctionId: number, language: Language): AuctionDetail | undefined {
  const left = readScreen();
  const { auction } = left;
  if (auction?.id !== auctionId || left.language !== language) return undefined;
  left.auction = undefined;
  return auction;
}

/** What the page's auction's product usually costs, from the page itself when it is that auction's; once. */
export function takeFirstScreenUsualCost(auctionId: number): UsualCost | undefined {
  const left = readScreen();
  if (left.usualCost?.auctionId !== auctionId) return undefined;
  const { figures } = left.usualCost;
  left.usualCost = undefined;
  return figures;
}
