// Decision 061: the SPA hydrates the first screen the server drew, for a signed-in bidder on a wide screen in another
// time zone too. What the server could not know (the screen's width, the device's clock, the user) comes in the render
// right after: a wide screen's twelve cards, times of day on the device's clock.
import { expect, test, type Page, type Route } from "./fixtures";
import { HOME_PAGE_SIZE, HOME_PAGE_SIZE_PHONE } from "../../contract/constants";
import { signedInPage, spaTakenOver, xhr } from "./support";

const ZONE = "America/New_York";

/**
 * Keeps what the server drew (the page's main part, its heading and its sections) as the document has it before any
 * script runs. Not its cards: the live feed may take one out of a section (an auction that ended) at any time.
 */
async function keepDrawnElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { drawn: Element[] }).drawn = [...document.querySelectorAll("#root main, #root h1, #root section")];
    });
  });
}

/** That the page was drawn, and that every drawn element is still in it (a render that drew it again would not be). */
async function expectDrawingKept(page: Page): Promise<void> {
  const { drawn, kept } = await page.evaluate(() => {
    const { drawn } = window as unknown as { drawn: Element[] };
    return { drawn: drawn.length, kept: drawn.filter((element) => element.isConnected).length };
  });
  expect(drawn).toBeGreaterThan(0);
  expect(kept).toBe(drawn);
}

test("a signed-in bidder's wide screen in New York hydrates Home and an auction's page, then shows its own size and clock", async ({
  browser,
}) => {
  const { page } = await signedInPage(browser, "Hydra", { viewport: { width: 1440, height: 900 }, timezoneId: ZONE });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await keepDrawnElements(page);

  const search = await page.request.post("/api/auctions/search", { headers: xhr, data: { status: "Running", pageSize: 24 } });
  const { items: running, total } = (await search.json()) as { items: { id: number }[]; total: number };
  expect(total, "more running auctions than a phone's first page").toBeGreaterThan(HOME_PAGE_SIZE_PHONE);

  // Every call for the running section is held unanswered (the live feed may still ask, if the catalogue changed
  // since the page was made): what the section shows comes from the page itself.
  const held: Route[] = [];
  const isRunningSearch = (route: Route) => route.request().postData()?.includes('"Running"') ?? false;
  await page.route("**/api/auctions/search", (route) => (isRunningSearch(route) ? void held.push(route) : route.continue()));
  await page.goto("/");
  await spaTakenOver(page);
  // The phone's six running cards were drawn and hydrated; the wide screen's page (twelve) follows from the same
  // page's data.
  await expect(page.locator("#running article")).toHaveCount(Math.min(total, HOME_PAGE_SIZE));
  await expectDrawingKept(page);
  // Let go: the calls held go on to the server.
  await page.unroute("**/api/auctions/search");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

  // An auction with bids: its recent bids come drawn at Riga's time, then read New York's.
  let withBids: { id: number; title: string; recentBids: { placedAt: string }[] } | undefined;
  for (const { id } of running) {
    const auction = (await (await page.request.get(`/api/auctions/${id}`, { headers: xhr })).json()) as NonNullable<typeof withBids>;
    if (auction.recentBids.length > 0) {
      withBids = auction;
      break;
    }
  }
  if (!withBids) throw new Error("the demo catalogue has a running auction with bids");
  await page.goto(`/auctions/${withBids.id}`);
  await spaTakenOver(page);
  const newest = withBids.recentBids[0]?.placedAt ?? "";
  const inNewYork = new Intl.DateTimeFormat("en", { timeStyle: "medium", timeZone: ZONE }).format(new Date(newest));
  await expect(page.getByText(inNewYork, { exact: true }).first()).toBeVisible();
  await expectDrawingKept(page);
  expect(errors).toEqual([]);
});

test("a page drawn in another language than the browser keeps (its storage cleared) is drawn again in the browser's, with no error", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // The cookie says Russian, so the server draws the page in Russian; the browser's storage says nothing: Latvian.
  await page.context().addCookies([{ name: "i18nextLng", value: "ru", domain: "127.0.0.1", path: "/" }]);
  await keepDrawnElements(page);
  await page.goto("/");
  await spaTakenOver(page);
  await expect(page.getByRole("heading", { level: 1, name: "Centu izsoles tiešraidē" })).toBeVisible();
  const kept = await page.evaluate(() => (window as unknown as { drawn: Element[] }).drawn.filter((element) => element.isConnected).length);
  expect(kept).toBe(0);
  expect(errors).toEqual([]);
});
