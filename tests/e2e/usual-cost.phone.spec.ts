// What an auction usually costs (issue 55 item 1), on a phone: the figures of the product's recent auctions (worked
// out by hand in product-history.ts) are on the page under the picture while the Enrol button waits in the bid panel
// at the foot of the screen; once the bidder has enrolled they give way to the bidding.
import { expect, test } from "./fixtures";
import { productWithHistory } from "./product-history";
import { completeGuidedTours, inEnglish, operatorSession, publishedAuction, signUpThroughMailbox, uniqueTag, visitorIp } from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

test("on a phone, a bidder reads what an auction of this product usually cost, then taps Enrol", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const productKey = `kettle-${uniqueTag()}`;
  await productWithHistory(browser, operator, productKey);
  const auctionId = await publishedAuction(operator, "Electric kettle", { productKey });

  await inEnglish(page);
  await signUpThroughMailbox(page, "pia");
  await completeGuidedTours(page.request);
  await page.goto(`/auctions/${auctionId}`);
  const cost = page.getByRole("region", { name: "What it usually costs" });
  const enrol = page.getByRole("button", { name: "Enrol for free" });
  // The section starts in the first screen, above the bid panel stuck to its foot.
  await expect(cost.getByRole("heading", { name: "What it usually costs" })).toBeInViewport();
  await expect(enrol).toBeInViewport();
  await cost.scrollIntoViewIfNeeded();
  await expect(cost.getByRole("term")).toHaveText([
    "Auctions ended",
    "Bidders who took part",
    "Half spent at most",
    "9 in 10 spent at most",
    "Winners paid in all, on average",
    "Bidders who won",
  ]);
  await expect(cost.getByRole("definition")).toHaveText(["5", "5", "€2.00", "€2.81", "€3.016% of the retail value, €49.00", "20%"]);

  await enrol.tap();
  await expect(page.getByText("You are enrolled. Good luck!")).toBeVisible();
  await expect(cost).toHaveCount(0);
  await expect(page.getByRole("slider", { name: "Bid €0.01" })).toBeVisible();
});
