// What an auction usually costs (issue 55 item 1), on a desktop: before enrolling, the auction's page shows what the
// product's recent auctions cost their bidders (the figures product-history.ts works out by hand), a new product says
// there is not enough history yet, the section goes once the bidder has enrolled, and the FAQ says where to look.
import { expect, test } from "./fixtures";
import { productWithHistory } from "./product-history";
import { completeGuidedTours, inEnglish, operatorSession, publishedAuction, signUpThroughMailbox, uniqueTag, visitorIp } from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

test("before enrolling, a bidder sees what an auction of this product usually cost, above the Enrol button", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const productKey = `kettle-${uniqueTag()}`;
  await productWithHistory(browser, operator, productKey);
  const auctionId = await publishedAuction(operator, "Electric kettle", { productKey });
  const newcomer = await publishedAuction(operator, "Electric kettle, new model", { productKey: `${productKey}-new` });

  await inEnglish(page);
  await signUpThroughMailbox(page, "vera");
  await completeGuidedTours(page.request);
  await page.goto(`/auctions/${auctionId}`);
  const cost = page.getByRole("region", { name: "What it usually costs" });
  await expect(
    cost.getByText(
      "What bidders spent in all in this product's auctions that ended in the last 90 days: the entry fee, plus the price for the winner, less any refund.",
    ),
  ).toBeVisible();
  await expect(cost.getByRole("term")).toHaveText([
    "Auctions ended",
    "Bidders who took part",
    "Half spent at most",
    "9 in 10 spent at most",
    "Winners paid in all, on average",
    "Bidders who won",
  ]);
  await expect(cost.getByRole("definition")).toHaveText(["5", "5", "€2.00", "€2.81", "€3.016% of the retail value, €49.00", "20%"]);
  const enrol = page.getByRole("button", { name: "Enrol for free" });
  await expect(enrol).toBeVisible();
  const [section, button] = [await cost.boundingBox(), await enrol.boundingBox()];
  expect(section && button && section.y + section.height <= button.y).toBe(true);

  await enrol.click();
  await expect(page.getByText("You are enrolled. Good luck!")).toBeVisible();
  await expect(cost).toHaveCount(0);

  await page.goto(`/auctions/${newcomer}`);
  await expect(
    page
      .getByRole("region", { name: "What it usually costs" })
      .getByText("Not enough history yet: the figures show once 5 auctions of this product have ended within 90 days. So far: 0."),
  ).toBeVisible();

  await page.goto("/faq");
  await page.getByText("What does taking part usually cost?").click();
  await expect(
    page.getByText(
      /each auction's page shows what taking part usually cost for that product, from its auctions that ended in the last 90 days/,
    ),
  ).toBeVisible();
});
