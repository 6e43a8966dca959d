// Fees back on a desktop (issue 55 item 4, decision 103): the line on the card and the page in the reader's language;
// after the end, the loser's wallet has the refund, and the ended page counts it in the true cost and the fairness figures.
import { expect, test } from "./fixtures";
import { inLanguage, operatorSession, publishedAuction, signedInPage, visitorIp, xhr } from "./support";

test("losers get their share of the fee back: said on the card and the page before, in the wallet and the figures after", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const title = `Fee-back lamp ${Date.now().toString(36)}`;
  const auctionId = await publishedAuction(operator, title, { entryFeeCents: 300, feeBackPercent: 50 });
  const [loser, winner] = [await signedInPage(browser, "Liene"), await signedInPage(browser, "Vita")];
  for (const bidder of [loser, winner]) {
    expect(
      (
        await operator.post(`/api/operator/users/${bidder.displayName}/wallet`, {
          headers: xhr,
          data: { amountCents: 500, reason: "E2E starting balance" },
        })
      ).status(),
    ).toBe(200);
  }

  const { page } = loser;
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(title);
  await expect(page.getByRole("article", { name: title }).getByText("Lose and get 50% of your fee back")).toBeVisible();
  // A visitor reading Latvian or Russian reads it in their language.
  for (const [language, line] of [
    ["lv", "Zaudē un saņem atpakaļ 50% no dalības maksas"],
    ["ru", "Проиграете — вернём 50% взноса"],
  ] as const) {
    const visitor = await (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } })).newPage();
    await inLanguage(visitor, language);
    await visitor.goto(`/auctions/${auctionId}`);
    await expect(visitor.getByText(line)).toBeVisible();
    await visitor.context().close();
  }

  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(panel.getByText("Lose and get 50% of your fee back")).toBeVisible();
  await panel.getByRole("button", { name: "Enrol · €3.00" }).click();
  await expect(page.getByText("€3.00 has been deducted from your wallet. Good luck!")).toBeVisible();
  expect((await page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  expect((await winner.page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  expect((await winner.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  expect(await (await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr })).json()).toMatchObject({
    status: "Ended",
  });

  // The ended page: the fees are counted net of what came back, and the fairness figures say how much did.
  await page.reload();
  const trueCost = page.getByRole("region", { name: "What this auction cost" });
  await expect(trueCost.getByRole("definition")).toHaveText(["€0.02", "€3.02", "€4.50"]);
  await expect(trueCost).toContainText("Entry fees are counted less the 50% that came back to those who lost.");
  await expect(page.getByRole("region", { name: "Fairness" }).getByRole("definition").last()).toHaveText("€1.50");
  await expect(panel.getByText("Lose and get 50% of your fee back")).toHaveCount(0);

  await page.goto("/wallet");
  const rows = page.getByRole("table", { name: "Transactions" }).getByRole("row");
  await expect(rows.nth(1)).toContainText(`50% of your entry fee back: ${title}`);
  await expect(rows.nth(1)).toContainText("+€1.50");
});
