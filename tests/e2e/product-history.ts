// A product's recent history for what its auctions usually cost (decision 100), made through the API: a bidder with
// €10 enrols in five auctions of the product in turn (fees €1.00, €1.50, €2.00, €2.50, €3.00), bids only in the last
// and wins it at €0.01; the operator ends each. Spends: 100, 150, 200, 250, 301 cents: the median €2.00, the 90th
// percentile 250 + 0.6 × 51 = 280.6 → €2.81; the one winner paid €3.01 in all for an item worth €49.00 (6%); 1 in 5 won.
import { expect, type APIRequestContext, type Browser } from "@playwright/test";
import { publishedAuction, signedInPage, xhr } from "./support";

export async function productWithHistory(browser: Browser, operator: APIRequestContext, productKey: string): Promise<void> {
  const { page, email } = await signedInPage(browser, "Hector");
  const credited = await operator.post(`/api/operator/users/${encodeURIComponent(email)}/wallet`, {
    headers: xhr,
    data: { amountCents: 1_000, reason: "Product history" },
  });
  expect(credited.status()).toBe(200);
  const fees = [100, 150, 200, 250, 300];
  for (const [i, entryFeeCents] of fees.entries()) {
    const auctionId = await publishedAuction(operator, `History kettle ${i + 1}`, { productKey, entryFeeCents });
    // One auction of a product at a time: the win limit counts an open enrolment as a win that may come.
    expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
    if (i === fees.length - 1) {
      await expect.poll(async () => (await page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
    }
    // The lifecycle starts it on its next tick; only a running auction ends now.
    await expect
      .poll(async () => (await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr })).status())
      .toBe(200);
  }
  await page.context().close();
}
