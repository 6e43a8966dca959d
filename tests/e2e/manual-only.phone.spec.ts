// A manual-only ("nail-biter") auction on the phone (decision 101): the card and the page say "Manual bids only"
// before the bidder enrols, the page offers no auto-bid once they have, and bidding by hand works as anywhere.
import { expect, test } from "./fixtures";
import { operatorSession, publishedAuction, signedInPage, swipeToBid, xhr } from "./support";

/** The phone this project plays on, for the context signedInPage opens. */
function phone() {
  const { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor } = test.info().project.use;
  return { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor };
}

test("a nail-biter says manual bids only on its card and page, offers no auto-bid, and takes a bid by hand", async ({ browser }) => {
  const operator = await operatorSession(browser);
  const title = `Nail-biter speaker ${Date.now().toString(36)}`;
  const auctionId = await publishedAuction(operator, title, { manualOnly: true });
  const { page } = await signedInPage(browser, "Nail", phone());

  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(title);
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Manual bids only")).toBeVisible();

  await card.getByRole("link", { name: title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/auctions/${auctionId}$`));
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(panel.getByText("Manual bids only")).toBeVisible();
  await expect(panel.getByText("No auto-bids in this auction: every bid is placed by hand.")).toBeVisible();

  expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await page.reload();
  await expect(panel.getByRole("slider", { name: "Bid €0.01" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Auto-bid" })).toHaveCount(0);
  // Asked for anyway, the server refuses it in the bidder's words.
  const refused = await page.request.put(`/api/auctions/${auctionId}/auto-bid`, { headers: xhr, data: { maxPriceCents: 500 } });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ error: { code: "MANUAL_ONLY" } });

  await swipeToBid(page);
  await expect(panel.getByRole("slider", { name: "Bid €0.01" })).toHaveAttribute("aria-valuetext", "You are leading");
  await expect(panel.getByText("€0.01", { exact: true })).toBeVisible();
});
