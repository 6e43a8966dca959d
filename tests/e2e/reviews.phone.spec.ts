// Verified winners' reviews on a phone (issue 55 item 5, decision 104): the winner of a delivered item writes a review
// from the won page with the keyboard-free touch flow, then finds it on the Winners page (from the slide-out menu) and
// on another auction of the same product.
import { expect, test } from "./fixtures";
import {
  completeGuidedTours,
  deliveredWin,
  inEnglish,
  operatorSession,
  publishedAuction,
  signUpThroughMailbox,
  topUpInSandbox,
  visitorIp,
} from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

test("a winner reviews a delivered item on a phone and finds it on the Winners page and the product's next auction", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await inEnglish(page);
  const bidder = await signUpThroughMailbox(page, "review");
  await completeGuidedTours(page.request);
  await topUpInSandbox(page, "10");
  const operator = await operatorSession(browser);
  const title = `Phone-reviewed lamp ${Date.now().toString(36)}`;
  await deliveredWin(operator, page, title);
  const nextAuctionId = await publishedAuction(operator, title);

  await page.goto("/auctions/won");
  const card = page.getByRole("article", { name: title });
  await card.getByRole("button", { name: "Write a review" }).tap();
  const form = card.getByRole("form", { name: "Review this item" });
  // The star is what a finger or a pointer meets; the radio button under it is what the keyboard and a reader use.
  await form.getByRole("group", { name: "Your rating" }).locator("label", { hasText: "5 out of 5" }).tap();
  await expect(form.getByRole("radio", { name: "5 out of 5" })).toBeChecked();
  await form.getByLabel("Your review").fill("Warm light.\nExactly as pictured.");
  await form.getByRole("button", { name: "Publish review" }).tap();
  const own = card.getByRole("region", { name: "Your review" });
  await expect(own.getByText("Verified winner")).toBeVisible();
  await expect(own.getByRole("img", { name: "5 out of 5" })).toBeVisible();

  await page.getByRole("button", { name: "Open menu" }).tap();
  await page.getByRole("navigation", { name: "Information" }).getByRole("link", { name: "Winners" }).tap();
  await expect(page).toHaveURL(/\/winners$/);
  const listed = page.getByRole("article", { name: `Review by ${bidder.displayName}` }).filter({ hasText: title });
  await expect(listed).toContainText("Warm light.");
  await expect(listed.getByText("Verified winner")).toBeInViewport();
  const box = await listed.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  await page.goto(`/auctions/${nextAuctionId}`);
  const productReviews = page.getByRole("region", { name: "Reviews of this product" });
  await expect(productReviews.getByText("Exactly as pictured.")).toBeVisible();
  await expect(productReviews.getByRole("link", { name: title })).toBeVisible();
});
