// Decision 052: on a long list, a card far off screen rests. The browser skips drawing its cell (content-visibility),
// and the card does no live work for it: no new figures, no ticking, no picture fetched. When the card comes near, it
// shows the newest state at once. Played on the phone, where one card fills most of the screen.
import { expect, test } from "./fixtures";
import { operatorSession, signedInPage, xhr } from "./support";

test("a card far down Home rests and takes no picture; scrolled near, it shows the bid it missed and its picture", async ({ browser }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const tag = `Rest${Date.now().toString(36)}`;
  const ids: number[] = [];
  for (let index = 0; index < 6; index += 1) {
    const created = await operator.post("/api/operator/auctions", {
      headers: xhr,
      // Ending one after another, so that Home's Running section (ending soonest first) lists them in this order.
      data: {
        title: `${tag} ${index}`,
        images: ["/products/speaker.svg"],
        initialSeconds: 600 + index * 60,
        resetSeconds: 20,
        startsInSeconds: 0,
        publish: true,
      },
    });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }
  const { use } = test.info().project;
  const { page } = await signedInPage(browser, "Rita", {
    viewport: use.viewport,
    screen: use.screen,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
  });
  const [firstId, lastId] = [ids[0], ids.at(-1)];
  if (firstId === undefined || lastId === undefined) throw new Error("six auctions were made");

  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(tag);
  const running = page.getByRole("region", { name: /^Running auctions/ });
  const cards = running.getByRole("article");
  await expect(cards).toHaveCount(6);
  const first = running.getByRole("article", { name: `${tag} 0`, exact: true });
  const last = running.getByRole("article", { name: `${tag} 5`, exact: true });
  const priceOf = (card: typeof first) => card.getByText("Current price").locator("xpath=following-sibling::dd[1]");
  await expect(priceOf(first)).toHaveText("€0.00");
  await expect(priceOf(last)).toHaveText("€0.00");
  // Far down, its picture was never asked for: there is no image in it yet.
  await expect(last.locator("img")).toHaveCount(0);
  await expect(first.locator("img")).toHaveCount(1);

  // A bid on the far card, then one on the first. Both updates come down the same socket in that order, so once the
  // first card shows its bid, the far card's update has arrived too: it rests, still showing the price it had.
  for (const auctionId of [lastId, firstId]) {
    expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
    await expect
      .poll(async () => (await page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status(), { timeout: 15_000 })
      .toBe(200);
  }
  await expect(priceOf(first)).toHaveText("€0.01");
  await expect(priceOf(last)).toHaveText("€0.00");

  // Scrolled near, it shows the newest state, and its picture loads.
  await last.scrollIntoViewIfNeeded();
  await expect(priceOf(last)).toHaveText("€0.01");
  await expect(last.locator("img")).toHaveJSProperty("complete", true);
  expect(await last.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});
