// Issue 21 items 4 and 5 in the browser: a running auction's chain head follows each bid live, and an ended auction
// shows what it really cost and its fairness figures, checked against what the test itself did.
import { expect, test, type Locator, type Page } from "./fixtures";
import { operatorSession, signedInPage } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

/** The value beside a term in one of the page's figure lists. */
const figure = (region: Locator, term: string) =>
  region.locator("div", { has: region.page().locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");

async function lastLink(page: Page, auctionId: number): Promise<string> {
  const chain = (await (await page.request.get(`/api/auctions/${auctionId}/chain`)).json()) as { links: { hash: string }[] };
  return chain.links.at(-1)?.hash ?? "";
}

test("the chain head follows each bid live, and the ended auction shows its true cost and fairness figures", async ({ browser }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const { page: anna, displayName: annaName } = await signedInPage(browser, "Anna");
  const { page: otto, displayName: ottoName } = await signedInPage(browser, "Otto");
  const title = `Fair kettle ${Date.now().toString(36)}`;
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/speaker.svg"],
      entryFeeCents: 50,
      retailValueCents: 4900,
      initialSeconds: 300,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  for (const [page, name] of [
    [anna, annaName],
    [otto, ottoName],
  ] as const) {
    expect(
      (
        await operator.post(`/api/operator/users/${name}/wallet`, { headers: xhr, data: { amountCents: 500, reason: "E2E balance" } })
      ).status(),
    ).toBe(200);
    expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  }
  await expect
    .poll(async () => ((await (await anna.request.get(`/api/auctions/${auctionId}`)).json()) as { status: string }).status)
    .toBe("Running");
  const bid = async (page: Page) =>
    expect((await page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);

  // Running: the section counts the entrants, and its head hash is the chain's last link, changing with each bid.
  await anna.goto(`/auctions/${auctionId}`);
  const fairness = anna.getByRole("region", { name: "Fairness" });
  await expect(figure(fairness, "Entrants")).toHaveText("2");
  const head = fairness.getByTestId("fairness-hash");
  await expect(head).toHaveText("No bids yet");
  await bid(anna);
  const first = await lastLink(anna, auctionId);
  await expect(head).toHaveText(first);
  const annaBidAtMs = Date.now();
  await bid(otto);
  const second = await lastLink(anna, auctionId);
  expect(second).not.toBe(first);
  await expect(head).toHaveText(second);

  // Otto leaves an auto-bid; when Anna outbids him (her one-bid-a-second limit past by the server's clock), the server
  // answers for him: four bids, one of them automatic.
  expect((await otto.request.put(`/api/auctions/${auctionId}/auto-bid`, { headers: xhr, data: { maxPriceCents: 500 } })).status()).toBe(
    200,
  );
  await expect
    .poll(async () => ((await (await anna.request.get("/api/health")).json()) as { serverNow: number }).serverNow)
    .toBeGreaterThan(annaBidAtMs + 1000);
  await bid(anna);
  await expect(anna.getByText(`Leading: ${ottoName}`)).toBeVisible();
  await expect(anna.getByRole("region", { name: "Recent bids" }).getByRole("listitem")).toHaveCount(4);

  const ended = await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr });
  expect(await ended.json()).toMatchObject({ priceCents: 4, winnerName: ottoName });

  // Ended: €0.04 sold, Otto paid €0.04 + his €0.50 fee, the two bidders €1.00 in fees together.
  const cost = anna.getByRole("region", { name: "What this auction cost" });
  await expect(figure(cost, "Sold for")).toHaveText("€0.04");
  await expect(figure(cost, "Winner paid in all")).toHaveText("€0.54");
  await expect(figure(cost, "Entry fees, all bidders")).toHaveText("€1.00");
  await expect(fairness.getByText("Final hash")).toBeVisible();
  await expect(figure(fairness, "Entrants")).toHaveText("2");
  await expect(figure(fairness, "Bidders")).toHaveText("2");
  await expect(figure(fairness, "Bids")).toHaveText("4");
  await expect(figure(fairness, "Auto-bids")).toHaveText("1 (25%)");
  await expect(fairness.getByText("No staff or demo account has bid in this auction.")).toBeVisible();
  const final = await lastLink(anna, auctionId);
  await expect(head).toHaveText(final);
  expect(((await (await anna.request.get(`/api/auctions/${auctionId}`)).json()) as { finalHash: string }).finalHash).toBe(final);

  // Home's ended card says it in one line.
  await anna.goto("/");
  const card = anna.locator("#ended article").filter({ hasText: title });
  await expect(card.getByText("Winner paid €0.54 in all · entry fees €1.00")).toBeVisible();
});
