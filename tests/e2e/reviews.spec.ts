// Verified winners' reviews on a desktop (issue 55 item 5, decision 104): the winner of a delivered item writes a
// review with a photo from the won page, sees it on the Winners page (linked under Information) and on another
// auction of the same product; an operator hides it with a reason and it is gone from both.
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { expectNoSeriousViolations } from "./axe";
import { deliveredWin, operatorPage, operatorSession, publishedAuction, signedInPage, topUpInSandbox } from "./support";

test("a winner reviews a delivered item; the review shows on the Winners page and the product's auction until an operator hides it", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const operator = await operatorSession(browser);
  const { page, displayName } = await signedInPage(browser, "Rita");
  await topUpInSandbox(page, "10");
  const title = `Reviewed headphones ${Date.now().toString(36)}`;
  const auctionId = await deliveredWin(operator, page, title);
  // Another auction of the same product (the same title names it): its page shows the product's reviews.
  const nextAuctionId = await publishedAuction(operator, title);

  await page.goto("/auctions/won");
  const card = page.getByRole("article", { name: title });
  await expect(card.getByTestId("fulfilment-badge")).toHaveText("Delivered");
  const review = card.getByRole("region", { name: "Review this item" });
  await review.getByRole("button", { name: "Write a review" }).click();
  const form = review.getByRole("form", { name: "Review this item" });
  // Nothing chosen yet: the form says what is missing and sends nothing.
  await form.getByRole("button", { name: "Publish review" }).click();
  await expect(form.getByText("Choose from 1 to 5 stars")).toBeVisible();
  await expect(form.getByText("Required")).toBeVisible();
  // The star is what a finger or a pointer meets; the radio button under it is what the keyboard and a reader use.
  await form.getByRole("group", { name: "Your rating" }).locator("label", { hasText: "4 out of 5" }).click();
  await expect(form.getByRole("radio", { name: "4 out of 5" })).toBeChecked();
  await form.getByLabel("Your review").fill("Clear sound, and the case survived the courier.");
  const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: "headphones.png", mimeType: "image/png", buffer: photo });
  await expect(form.getByRole("img", { name: "Photo 1" })).toBeVisible();
  await expectNoSeriousViolations(page, "the review form");
  await form.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Thank you! Your review is published.")).toBeVisible();
  const own = card.getByRole("region", { name: "Your review" });
  await expect(own.getByText("Clear sound, and the case survived the courier.")).toBeVisible();
  await expect(own.getByText("Verified winner")).toBeVisible();
  await expect(card.getByRole("button", { name: "Write a review" })).toHaveCount(0);

  // The Winners page, from the navigation's Information links, with a title that says what it holds.
  await page.getByRole("navigation", { name: "Information" }).getByRole("link", { name: "Winners" }).click();
  await expect(page).toHaveURL(/\/winners$/);
  await expect(page.getByRole("heading", { level: 1, name: "Winners' reviews" })).toBeVisible();
  await expect(page).toHaveTitle("Winners' reviews of delivered items · Pennybid");
  const listed = page.getByRole("article", { name: `Review by ${displayName}` }).filter({ hasText: title });
  await expect(listed).toContainText("Clear sound, and the case survived the courier.");
  await expect(listed.getByText("Verified winner")).toBeVisible();
  await expect(listed.getByRole("img", { name: "4 out of 5" })).toBeVisible();
  await expect(listed.getByRole("img", { name: `Photo 1 by ${displayName}` })).toBeVisible();
  await expect(listed.getByRole("link", { name: title })).toHaveAttribute("href", `/auctions/${auctionId}`);
  await expectNoSeriousViolations(page, "the Winners page");

  // The next auction of the same product shows it too.
  await page.goto(`/auctions/${nextAuctionId}`);
  const productReviews = page.getByRole("region", { name: "Reviews of this product" });
  await expect(productReviews.getByText("Clear sound, and the case survived the courier.")).toBeVisible();
  await expect(productReviews.getByText("4 out of 5 · reviews: 1")).toBeVisible();

  // An operator hides it, saying why; it is gone from the Winners page and the product's auctions.
  const office = await operatorPage(browser);
  await office.goto("/operator/reviews");
  const row = office.getByRole("listitem").filter({ hasText: "Clear sound, and the case survived the courier." });
  await row.getByRole("button", { name: /^Hide review/ }).click();
  const dialog = office.getByRole("dialog", { name: /^Hide review \d+\?$/ });
  await dialog.getByLabel("Reason").fill("Test of the moderation");
  await dialog.getByRole("button", { name: "Hide" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Test of the moderation")).toBeVisible();
  await expectNoSeriousViolations(office, "the back office's reviews");
  await page.goto("/winners");
  await expect(page.getByRole("heading", { level: 1, name: "Winners' reviews" })).toBeVisible();
  await expect(page.getByText("Clear sound, and the case survived the courier.")).toHaveCount(0);
  await page.goto(`/auctions/${nextAuctionId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("region", { name: "Reviews of this product" })).toHaveCount(0);
  await page.goto("/auctions/won");
  await expect(
    page.getByRole("article", { name: title }).getByText("Pennybid's team has hidden this review: it is not shown to others."),
  ).toBeVisible();
});
