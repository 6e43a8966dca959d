import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuctionDetail, FirstScreen, FirstScreenLists, SearchAuctionsResponse } from "../../../../contract";
import { FIRST_SCREEN_ELEMENT_ID } from "../../../../contract/constants";
import { auctionState } from "../../../../tests/support/spa-fixtures";

const page = (ids: number[], total = ids.length): SearchAuctionsResponse => ({
  items: ids.map((id) => auctionState({ id })),
  page: 1,
  pageSize: 12,
  total,
  offset: 0,
  hasMore: ids.length < total,
});

const unfiltered = { query: "", sort: "endingSoon", isFreeEntryOnly: false } as const;

/** The page as the server sends it (in English unless it says), and a fresh copy of the module (it reads the block once). */
async function pageWith(screen: string | Partial<FirstScreen>) {
  const text = typeof screen === "string" ? screen : JSON.stringify({ language: "en", ...screen });
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${text}</script>`;
  vi.resetModules();
  return import("./first-screen");
}

const lists: FirstScreenLists = {
  Running: page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 20),
  Waiting: page([21, 22]),
  Ended: page([]),
};

describe("Home's first screen from the page", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
  });

  it("gives each section its page once, cut to the phone's page size, saying whether more follow", async () => {
    const { takeFirstScreenPage } = await pageWith({ lists });
    const running = takeFirstScreenPage("Running", unfiltered, 6, "en");
    expect(running?.items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(running).toMatchObject({ pageSize: 6, total: 20, hasMore: true, offset: 0 });
    expect(takeFirstScreenPage("Running", unfiltered, 6, "en")).toBeUndefined();
    expect(takeFirstScreenPage("Waiting", unfiltered, 12, "en")).toMatchObject({ items: lists.Waiting.items, hasMore: false });
    // Read once: the block leaves the page.
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
  });

  it("keeps a section cut to the phone's size for one bigger ask, as a wide screen makes right after hydrating (decision 061)", async () => {
    const { takeFirstScreenPage, firstScreenDrawnAt } = await pageWith({ lists, drawnAtMs: 1_700_000_000_000 });
    expect(firstScreenDrawnAt("en")).toBe(1_700_000_000_000);
    // Drawn in English, not to be hydrated by a page in Latvian.
    expect(firstScreenDrawnAt("lv")).toBeUndefined();
    expect(takeFirstScreenPage("Running", unfiltered, 6, "en")?.items).toHaveLength(6);
    const wide = takeFirstScreenPage("Running", unfiltered, 12, "en");
    expect(wide?.items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(wide).toMatchObject({ pageSize: 12, hasMore: true });
    // Then gone, whatever the size.
    expect(takeFirstScreenPage("Running", unfiltered, 12, "en")).toBeUndefined();
    expect(takeFirstScreenPage("Running", unfiltered, 6, "en")).toBeUndefined();
  });

  it("gives a section cut once no second page of the same size or smaller", async () => {
    const { takeFirstScreenPage } = await pageWith({ lists });
    expect(takeFirstScreenPage("Running", unfiltered, 6, "en")).toBeDefined();
    expect(takeFirstScreenPage("Running", unfiltered, 4, "en")).toBeUndefined();
    expect(takeFirstScreenPage("Running", unfiltered, 12, "en")).toBeUndefined();
  });

  it("gives nothing to a filtered or sorted section, or one wanting more than the page holds", async () => {
    const { takeFirstScreenPage } = await pageWith({ lists });
    expect(takeFirstScreenPage("Running", { ...unfiltered, query: "phone" }, 12, "en")).toBeUndefined();
    expect(takeFirstScreenPage("Waiting", { ...unfiltered, sort: "newest" }, 12, "en")).toBeUndefined();
    expect(takeFirstScreenPage("Ended", { ...unfiltered, isFreeEntryOnly: true }, 12, "en")).toBeUndefined();
    expect(takeFirstScreenPage("Running", unfiltered, 24, "en")).toBeUndefined();
  });

  it("gives nothing when the page has no block (the offline shell) or a broken one", async () => {
    document.body.innerHTML = `<div id="root"></div>`;
    vi.resetModules();
    const withoutBlock = await import("./first-screen");
    expect(withoutBlock.takeFirstScreenPage("Running", unfiltered, 6, "en")).toBeUndefined();
    const broken = await pageWith("{not json");
    expect(broken.takeFirstScreenPage("Running", unfiltered, 6, "en")).toBeUndefined();
  });

  it("gives nothing made in another language than the interface's (its texts would be in that one)", async () => {
    const { takeFirstScreenPage, takeFirstScreenAuction } = await pageWith({
      language: "ru",
      lists,
      auction: { ...auctionState({ id: 7 }), description: "", images: [], paymentWindowHours: 48 },
    });
    expect(takeFirstScreenPage("Running", unfiltered, 6, "en")).toBeUndefined();
    expect(takeFirstScreenAuction(7, "lv")).toBeUndefined();
    expect(takeFirstScreenPage("Waiting", unfiltered, 12, "ru")).toMatchObject({ items: lists.Waiting.items });
  });

  it("gives an auction's page its auction once, and only the auction asked for", async () => {
    const auction: AuctionDetail = { ...auctionState({ id: 7 }), description: "", images: ["/a.webp"], paymentWindowHours: 48 };
    const { takeFirstScreenAuction, takeFirstScreenPage } = await pageWith({ auction });
    expect(takeFirstScreenAuction(8, "en")).toBeUndefined();
    expect(takeFirstScreenAuction(7, "en")).toEqual(auction);
    expect(takeFirstScreenAuction(7, "en")).toBeUndefined();
    expect(takeFirstScreenPage("Running", unfiltered, 6, "en")).toBeUndefined();
  });
});

describe("the first screen given by the server's renderer (decision 045)", () => {
  it("is taken from what the render was given, not from the document, and each part once; after it, from the page", async () => {
    document.body.innerHTML = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${JSON.stringify({ language: "en", lists: { ...lists, Running: page([7]) } })}</script>`;
    vi.resetModules();
    const { provideFirstScreen, takeFirstScreenPage } = await import("./first-screen");
    provideFirstScreen({ language: "lv", lists });
    expect(takeFirstScreenPage("Running", unfiltered, 6, "en")).toBeUndefined();
    expect(takeFirstScreenPage("Running", unfiltered, 6, "lv")?.items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(takeFirstScreenPage("Running", unfiltered, 6, "lv")).toBeUndefined();
    // The page's own block was not read: once the render's data is let go, the page's is there.
    provideFirstScreen(undefined);
    expect(takeFirstScreenPage("Running", unfiltered, 6, "en")?.items.map((item) => item.id)).toEqual([7]);
  });
});
