// Decision 045: Home's and an auction's first screen come drawn inside the page, so a phone shows them before its
// scripts arrive; when they do, the SPA hydrates that drawing (decision 061): the drawn elements become the live ones.
import { expect, test, type Page } from "./fixtures";
import { pictureFor } from "../../contract/constants";
import { holdRequests, inEnglish, visitorIp } from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

type Card = { id: number; title: string; image: string };

async function firstRunning(page: Page): Promise<Card> {
  const search = await page.request.post("/api/auctions/search", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: { status: "Running", pageSize: 1 },
  });
  const [auction] = ((await search.json()) as { items: Card[] }).items;
  if (!auction) throw new Error("the demo catalogue has a running auction");
  return auction;
}

/** Holds every script of the app unanswered until released: what shows meanwhile came drawn in the page. */
const holdScripts = (page: Page) => holdRequests(page, /\/assets\/.*\.js$/);

/** What the page reports as an error (React's hydration mismatch is one). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("with no script arrived yet, Home shows its heading and the first running card with its time, price and picture; then the SPA hydrates it", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await inEnglish(page);
  const auction = await firstRunning(page);
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "commit" });
  await expect.poll(scripts.held).toBeGreaterThan(0);

  await expect(page.getByRole("heading", { level: 1, name: "Live penny auctions" })).toBeVisible();
  const card = page.locator("#running").getByRole("article", { name: auction.title, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText("Time left")).toBeVisible();
  await expect(card.getByText("Current price")).toBeVisible();
  // Its picture is decorative (alt ""), so found by its address (an uploaded photo's: a width of it, decision 062).
  const picture = card.locator(`img[src="${pictureFor(auction.image, "card").src}"]`);
  await expect(picture).toHaveJSProperty("complete", true);
  // Loaded and not broken. (Not `naturalWidth`: it is the file's width over the width its `srcset` names, so a tiny
  // uploaded picture, whose every width is its own 1 pixel, reads as 0 wide.)
  expect(
    await picture.evaluate((image: HTMLImageElement) =>
      image.decode().then(
        () => "decoded",
        () => "broken",
      ),
    ),
  ).toBe("decoded");

  // Drawn, not yet live: inert, so its controls take no tap until the SPA's own are there.
  await expect(page.locator("#root > [inert]")).toContainText(auction.title);

  // The section, not its first card: the live feed may take a card out of it (an auction that ended) at any time.
  const drawnSection = await page.locator("#running").elementHandle();
  const drawnHeading = await page.getByRole("heading", { level: 1 }).elementHandle();

  await scripts.release();
  await expect(page.locator("#root > [inert]")).toHaveCount(0);
  // Hydrated, not drawn again: the drawn section and heading are the live ones, the card once.
  await expect(page.locator("#running").getByRole("article", { name: auction.title, exact: true })).toHaveCount(1);
  expect(await drawnSection?.evaluate((element) => element.isConnected)).toBe(true);
  expect(await drawnHeading?.evaluate((element) => element.isConnected)).toBe(true);
  await expect(page.locator("#first-screen")).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("with no script arrived yet, an auction's page shows its title, price, picture and usual cost; then the SPA hydrates it, moving nothing", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await inEnglish(page);
  const auction = await firstRunning(page);
  const scripts = await holdScripts(page);
  await page.goto(`/auctions/${auction.id}`, { waitUntil: "commit" });
  await expect.poll(scripts.held).toBeGreaterThan(0);

  await expect(page.getByRole("heading", { level: 1, name: auction.title })).toBeVisible();
  await expect(page.getByText("Current price")).toBeVisible();
  await expect(page.locator(`img[src="${pictureFor(auction.image, "detail").src}"]`).first()).toHaveJSProperty("complete", true);
  // Its later texts drawn too (the fairness figures, a demo bidder's badge), not their keys: a key replaced by its
  // text when the SPA takes over would also move what is below it.
  await expect(page.getByRole("heading", { level: 2, name: "Fairness", exact: true })).toBeVisible();
  await expect(page.locator("#root > [inert]")).not.toContainText(/(fairness|pages|auth|win|fulfilment|limits)\.[a-zA-Z]/);
  // What the product usually costs, above the bids on a phone: drawn too, or the bids would move down when it came.
  await expect(page.getByRole("heading", { level: 2, name: "What it usually costs" })).toBeVisible();
  const recentBids = page.getByRole("heading", { level: 2, name: "Recent bids" });
  const drawnAt = await recentBids.boundingBox();

  const drawnHeading = await page.getByRole("heading", { level: 1, name: auction.title }).elementHandle();

  await scripts.release();
  await expect(page.locator("#root > [inert]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: auction.title })).toHaveCount(1);
  expect(await drawnHeading?.evaluate((element) => element.isConnected)).toBe(true);
  // The live page's bids where the drawing had them.
  await expect(page.getByRole("heading", { level: 2, name: "What it usually costs" })).toBeVisible();
  expect((await recentBids.boundingBox())?.y).toBe(drawnAt?.y);
  await expect(page.locator("#first-screen")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a saved dark theme is on the first paint, before any script file arrives, and the page's policy lets it run", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await inEnglish(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.addInitScript(() => window.localStorage.setItem("themeMode", "dark"));
  // Every script file, the app's and any other, held unanswered: the theme comes inline in the page (decision 064).
  const scripts = await holdRequests(page, /\.js(\?.*)?$/);
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Live penny auctions" })).toBeVisible();
  expect(scripts.held()).toBeGreaterThan(0);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
  expect(refused).toEqual([]);
});
