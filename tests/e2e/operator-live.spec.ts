// Issue 52, item 4: the operator's auction page follows the auction while bidders bid (Bids, Leading and Enrolments
// change without a reload); End now's confirmation says who leads at what price and what will happen, and is refused
// when the auction changed before it was confirmed; the audit log says "Started now" / "Ended now" with names; an
// ended auction's page shows its final price and whether it was paid and sent.
import { expect, test, type Browser } from "./fixtures";
import { holdRequests, operatorPage, operatorSession, signedInPage, xhr } from "./support";

/** A draft made by the operator's API, and two bidders with money to bid. */
async function draftWithBidders(browser: Browser, title: string) {
  const operator = await operatorSession(browser);
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/headphones.svg"],
      startPriceCents: 0,
      initialSeconds: 600,
      resetSeconds: 60,
      startsInSeconds: 3600,
      publish: false,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  const bidders = [await signedInPage(browser, "Anna"), await signedInPage(browser, "Otto")];
  for (const bidder of bidders) {
    const credit = await operator.post(`/api/operator/users/${bidder.displayName}/wallet`, {
      headers: xhr,
      data: { amountCents: 500, reason: "E2E bids" },
    });
    expect(credit.status()).toBe(200);
  }
  return { auctionId, bidders };
}

test("the operator's auction page follows bids and enrolments as they happen, and End now says who wins at what price", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Live kettle ${Date.now().toString(36)}`;
  const { auctionId, bidders } = await draftWithBidders(browser, title);
  // The operator opens the draft's page and starts it from there: the page follows it from then on, as it was opened.
  const page = await operatorPage(browser);
  await page.goto(`/operator/auctions/${auctionId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Start now" }).click();
  await page.getByRole("dialog", { name: "Start this auction now?" }).getByRole("button", { name: "Start now" }).click();
  await expect(page.getByRole("button", { name: "End now" })).toBeVisible();
  const settings = page.getByRole("region", { name: "Settings" });
  await expect(page.getByRole("heading", { name: "Enrolments (0)" })).toBeVisible();

  // Both enrol and bid in turn, six bids in all.
  for (const bidder of bidders) {
    expect((await bidder.page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  }
  await expect(page.getByRole("heading", { name: "Enrolments (2)" })).toBeVisible();
  for (let turn = 0; turn < 6; turn += 1) {
    const bidder = bidders[turn % 2]!;
    // A bidder's bids are rate-limited (429, nothing placed): each is sent until it is placed.
    await expect.poll(async () => (await bidder.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  }
  const leader = bidders[1]!.displayName;
  await expect(settings.getByText("Bids", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText("6");
  await expect(settings.getByText("Leading", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText(leader);
  await expect(settings.getByText("Current price", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText("€0.06");
  await expect(page.getByRole("list", { name: "Latest bids, newest first" }).getByRole("listitem")).toHaveCount(6);

  await page.getByRole("button", { name: "End now" }).click();
  const end = page.getByRole("dialog", { name: "End this auction now?" });
  await expect(end).toContainText(`“${title}” ends at once: ${leader} leads at €0.06 and wins it at that price (bids: 6).`);
  await end.getByRole("button", { name: "End now" }).click();
  await expect(end).toBeHidden();

  // The ended auction's page: the final price, the winner, not paid yet; paying shows without a reload.
  const result = page.getByRole("region", { name: "Result" });
  await expect(result).toContainText("Final price€0.06");
  await expect(result).toContainText(leader);
  await expect(result).toContainText("Not paid yet; pay by");
  const winner = bidders[1]!.page;
  const paid = await winner.request.post(`/api/fulfilments/${auctionId}/pay`, {
    headers: xhr,
    data: { deliveryAddress: "Brīvības iela 58, Rīga, LV-1010", phone: "+371 26 123 456" },
  });
  expect(paid.status()).toBe(200);
  await expect(result).toContainText("Paid €0.06 on");
  await expect(result).toContainText("Not sent yet");
  await expect(result.getByRole("link", { name: "In the fulfilment queue: To send" })).toHaveAttribute(
    "href",
    "/operator/fulfilments?state=PaymentReceived",
  );

  // The audit log says what was done, naming the operator and the leader by display name and e-mail.
  await page.getByRole("link", { name: "This auction's audit log" }).click();
  const entries = page.getByRole("list", { name: "Logged actions" }).getByRole("listitem");
  const ended = entries.filter({ hasText: "Ended now" });
  await expect(ended).toContainText(`#${auctionId} ${title}`);
  await expect(ended).toContainText(/\(operator@pennybid\.lv\) · Back office/);
  await expect(ended).toContainText(`Leading: ${leader} (${bidders[1]!.email})`);
  await expect(ended).toContainText("Price: €0.06");
  await expect(ended).toContainText("Bids: 6");
  await expect(entries.filter({ hasText: "Started now" })).toContainText("Status then: New");
  await expect(entries.filter({ hasText: "Auction time set" })).toHaveCount(0);
});

test("End now is refused, with nothing changed, when a bid came after its confirmation was shown", async ({ browser }) => {
  test.setTimeout(240_000);
  const title = `Raced lamp ${Date.now().toString(36)}`;
  const { auctionId, bidders } = await draftWithBidders(browser, title);
  const operator = await operatorSession(browser);
  expect((await operator.post(`/api/operator/auctions/${auctionId}/start-now`, { headers: xhr })).status()).toBe(200);
  const [anna, otto] = bidders as [(typeof bidders)[0], (typeof bidders)[0]];
  for (const bidder of bidders)
    expect((await bidder.page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await expect.poll(async () => (await anna.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);

  const page = await operatorPage(browser);
  await page.goto(`/operator/auctions/${auctionId}`);
  await page.getByRole("button", { name: "End now" }).click();
  const end = page.getByRole("dialog", { name: "End this auction now?" });
  await expect(end).toContainText(`${anna.displayName} leads at €0.01 and wins it at that price (bids: 1)`);

  // Otto bids while the dialog is open, and the page's new reading of the auction is held back (a slow network):
  // the dialog still says Anna when the operator confirms.
  const reading = await holdRequests(page, new RegExp(`/api/operator/auctions/${auctionId}$`));
  await expect.poll(async () => (await otto.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  await expect.poll(reading.held).toBeGreaterThan(0);
  await expect(end).toContainText(`${anna.displayName} leads at €0.01`);
  await end.getByRole("button", { name: "End now" }).click();
  await expect(end.getByRole("alert")).toHaveText(
    "This auction changed while you were confirming (a bid, an enrolment or another operator), so nothing was done. Read what it says now and confirm again.",
  );
  const now = (await (await operator.get(`/api/operator/auctions/${auctionId}`, { headers: xhr })).json()) as {
    status: string;
    leaderName: string;
  };
  expect(now).toMatchObject({ status: "Running", leaderName: otto.displayName });

  // Once the page has read it again, the dialog says what ending it now means, and confirming ends it.
  await reading.release();
  await expect(end).toContainText(`${otto.displayName} leads at €0.02 and wins it at that price (bids: 2)`);
  await end.getByRole("button", { name: "End now" }).click();
  await expect(end).toBeHidden();
  await expect(page.getByRole("region", { name: "Result" })).toContainText(otto.displayName);
});
