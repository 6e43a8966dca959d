// Issue 52 item 3: trust screens tell what is true now. A running auction's fairness figures follow the bids as they
// come; an auction that ended without bids says so and offers only what makes sense; a win whose payment window
// lapsed says the auction was canceled for non-payment, to the winner and to everyone, live.
import { expect, test, type Locator } from "./fixtures";
import { inEnglish, operatorSession, signedInPage, winAuction, xhr } from "./support";

/** The value beside a term in one of the page's figure lists. */
const figure = (region: Locator, term: string) =>
  region.locator("div", { has: region.page().locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");

test("a running auction's fairness figures follow the bids as they come, without a reload", async ({ browser }) => {
  test.setTimeout(120_000);
  const operator = await operatorSession(browser);
  const { page: anna } = await signedInPage(browser, "Anna");
  const { page: otto } = await signedInPage(browser, "Otto");
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title: `Live figures ${Date.now().toString(36)}`,
      images: ["/products/speaker.svg"],
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  for (const page of [anna, otto])
    expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await expect
    .poll(async () => ((await (await anna.request.get(`/api/auctions/${auctionId}`)).json()) as { status: string }).status)
    .toBe("Running");

  await anna.goto(`/auctions/${auctionId}`);
  const fairness = anna.getByRole("region", { name: "Fairness" });
  await expect(figure(fairness, "Bids")).toHaveText("0");
  // Three bids from two bidders, just after the page read its figures: the page follows them, no reload.
  for (const page of [otto, anna, otto]) {
    await expect.poll(async () => (await page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  }
  await expect(anna.getByRole("region", { name: "Recent bids" }).getByRole("listitem")).toHaveCount(3);
  await expect(figure(fairness, "Bids")).toHaveText("3");
  await expect(figure(fairness, "Bidders")).toHaveText("2");
  await expect(figure(fairness, "Entrants")).toHaveText("2");
});

test("an auction that ended without bids says so: no sold price, no winner, no Enrolled bar, no zero entry fee to take off", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const operator = await operatorSession(browser);
  const { page } = await signedInPage(browser, "Ilze");
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title: `Nobody bid ${Date.now().toString(36)}`,
      images: ["/products/speaker.svg"],
      entryFeeCents: 0,
      retailValueCents: 4900,
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/auctions/${auctionId}`)).json()) as { status: string }).status)
    .toBe("Running");
  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(panel.getByText("Time left")).toBeVisible();

  expect((await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr })).status()).toBe(200);
  await expect(panel.getByText("Ended without bids")).toBeVisible();
  await expect(panel.getByText("Sold price")).toHaveCount(0);
  await expect(panel.getByText("Winner", { exact: true })).toHaveCount(0);
  await expect(panel.getByText("Enrolled", { exact: true })).toHaveCount(0);
  const cost = page.getByRole("region", { name: "What this auction cost" });
  await expect(cost.getByText("Sold for")).toHaveCount(0);
  // The enrolled bidder may still buy it at its retail value; a fee of nothing is not taken off.
  const buyNow = page.getByRole("region", { name: "Buy it now" });
  await expect(buyNow.getByRole("button", { name: "Buy it now for €49.00" })).toBeVisible();
  await expect(buyNow.getByText("Your entry fee")).toHaveCount(0);

  // Home's ended card says the same in one line.
  await page.goto("/");
  const card = page.locator(`article[data-auction-id="${auctionId}"]`);
  await expect(card.getByText("Ended without bids")).toBeVisible();
  await expect(card.getByText("Sold price")).toHaveCount(0);
});

test("a win whose payment window lapsed says the auction was canceled for non-payment, to the winner and to everyone, live", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const operator = await operatorSession(browser);
  const { page: winner, displayName } = await signedInPage(browser, "Laura");
  expect(
    (
      await operator.post(`/api/operator/users/${displayName}/wallet`, { headers: xhr, data: { amountCents: 500, reason: "E2E balance" } })
    ).status(),
  ).toBe(200);
  const auctionId = await winAuction(operator, winner, `Unpaid lamp ${Date.now().toString(36)}`);
  const visitor = await (await browser.newContext()).newPage();
  await inEnglish(visitor);

  await winner.goto(`/auctions/${auctionId}`);
  await winner.getByRole("dialog", { name: "You won!" }).getByRole("button", { name: "Close" }).click();
  const winnerPanel = winner.getByRole("region", { name: "Bidding" });
  await expect(winnerPanel.getByText("You won this auction!")).toBeVisible();
  // The winner's panel says the win and the way to pay, not a disabled "Enrolled" bar.
  await expect(winnerPanel.getByText("Enrolled", { exact: true })).toHaveCount(0);
  await visitor.goto(`/auctions/${auctionId}`);
  const visitorPanel = visitor.getByRole("region", { name: "Bidding" });
  // The winner's whole name (up to 25 characters) is shown on the desktop panel, wrapped if need be, never cut.
  const name = visitorPanel.getByText(displayName, { exact: true });
  await expect(name).toBeVisible();
  expect(displayName.length).toBeGreaterThan(12);
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // A tester closes the payment window now; the expiry job cancels the win and both open pages say so.
  expect(
    (await operator.post(`/api/operator/fulfilments/${auctionId}/payment-time-left`, { headers: xhr, data: { seconds: 0 } })).status(),
  ).toBe(200);
  for (const panel of [winnerPanel, visitorPanel]) {
    await expect(panel.getByText("Payment not received, auction canceled")).toBeVisible();
    await expect(panel.getByText("Sold price")).toHaveCount(0);
    await expect(panel.getByText(displayName)).toHaveCount(0);
  }
  await expect(winnerPanel.getByText("You won this auction!")).toHaveCount(0);
  await expect(winner.getByRole("link", { name: "Pay and arrange delivery" })).toHaveCount(0);
  await expect(visitor.getByRole("region", { name: "What this auction cost" }).getByText("Winner paid in all")).toHaveCount(0);
});
