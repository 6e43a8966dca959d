// The contract's plain values, without zod: what the SPA's first screen may import at run time. Building a schema
// cannot be tree-shaken, so a runtime import of a schema file puts zod in the first download (decision 014). Each
// value is re-exported from the schema file it belongs to, which builds its schemas from it.

/** SPEC.md §3: the languages, the default, and the fallback order. */
export const languages = ["en", "lv", "ru"] as const;
export const defaultLanguage: (typeof languages)[number] = "lv";
export const fallbackLanguages: (typeof languages)[number][] = ["en", "lv", "ru"];

export const themeModes = ["light", "dark", "system"] as const;

/** The browser storage keys named in SPEC.md §3. */
export const storageKeys = {
  language: "i18nextLng",
  themeMode: "themeMode",
  playBidSound: "playBidSound",
  paymentId: "payment_id",
  paymentOrigin: "payment_origin",
} as const;

export const auctionStatuses = ["New", "Waiting", "Running", "Ended", "Canceled"] as const;
/** The statuses POST /api/auctions/search lists. */
export const publicStatuses = ["Running", "Waiting", "Ended"] as const;
/**
 * `endingSoon` (the default) is each status's natural order: Running by time left, Waiting by start time, Ended
 * most recent first. `lowestPrice` is the current (or sold) price, `newest` the most recently listed
 * (highest id).
 */
export const auctionSorts = ["endingSoon", "lowestPrice", "newest"] as const;
export const DEFAULT_AUCTION_SORT: (typeof auctionSorts)[number] = "endingSoon";
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE_MAX = 60;

/** Home's cards per section and page: four rows of three on a wide screen; six on a phone, where each is a screen tall. */
export const HOME_PAGE_SIZE = 12;
export const HOME_PAGE_SIZE_PHONE = 6;

/**
 * The data block (`<script type="application/json">`) in which the server sends, with Home's page, the first page
 * of each of Home's sections (unfiltered): the first screen draws without waiting for a search (decision 025).
 */
export const FIRST_SCREEN_ELEMENT_ID = "first-screen";

export const MIN_TOP_UP_CENTS = 100;
export const MAX_TOP_UP_CENTS = 50_000;

/** The fulfilment states in which a win can still be paid (the fulfilment machine's `payable` tag). */
export const payableFulfilmentStates = ["AwaitingPayment"] as const;

/** Whether `value` is one of `values` (what `z.enum(values).safeParse(value).success` says, without zod). */
export function isOneOf<const T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

/** Spend limits count calendar months in the service's time zone: they reset at midnight on the 1st in Riga (decision 033). */
export const SPEND_MONTH_TIME_ZONE = "Europe/Riga";
