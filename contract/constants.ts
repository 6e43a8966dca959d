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

/**
 * The cookie a server outside production puts on each of its answers (decision 080): the SPA reads it to know that it
 * may offer the dev panel, without asking. A production server sets none, and clears one a browser brings.
 */
export const DEV_TOOLS_COOKIE = "pennybid_dev_tools";
export const DEV_TOOLS_OFFERED = "offered";

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

/**
 * An uploaded photo (PNG, JPEG or WebP under `/media/`) is also served as WebP at these widths (decision 062), so a
 * phone fetches a picture its screen needs instead of the camera's original. Never wider than the original.
 */
export const PICTURE_WIDTHS = [320, 640, 1280] as const;

/** How wide a picture is drawn, for the browser to choose among `PICTURE_WIDTHS` (an `<img sizes>` value). */
export const pictureSizes = {
  /** A card in Home's and the lists' grids: one column on a phone, two from 640 px, three from 1280 px. */
  card: "(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw",
  /** An auction page's picture: the page's width on a phone, about half of it on a wide screen. */
  detail: "(min-width: 1024px) 600px, 100vw",
  /** A small square beside a won auction or in the win dialog. */
  thumbnail: "112px",
} as const;

const UPLOADED_PHOTO = /^\/media\/([0-9a-f]{32})\.(?:png|jpg|webp)$/;

/** The stored name of a photo's WebP at `width` (the original is `<hash>.<type>`), served at `/media/<name>`. */
export const photoWidthId = (hash: string, width: number) => `${hash}-${width}w.webp`;

/**
 * A product picture's `<img>` attributes where it is drawn as `shownAs`: an uploaded photo's WebP widths with the
 * width the browser chooses by, or the address as it is (a bundled picture, a GIF, an SVG).
 */
export function pictureFor(image: string, shownAs: keyof typeof pictureSizes): { src: string; srcSet?: string; sizes?: string } {
  const hash = UPLOADED_PHOTO.exec(image)?.[1];
  if (!hash) return { src: image };
  return {
    src: `/media/${photoWidthId(hash, PICTURE_WIDTHS[1])}`,
    srcSet: PICTURE_WIDTHS.map((width) => `/media/${photoWidthId(hash, width)} ${width}w`).join(", "),
    sizes: pictureSizes[shownAs],
  };
}

/** The longest text a field of an account, an address or a review may hold (contract/accounts.ts builds on it). */
export const TEXT_MAX = 255;

/** A review's rating runs from one star to five; it carries three photos at most (contract/reviews.ts). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const MAX_REVIEW_PHOTOS = 3;
