// Issue 15 item 13: axe (WCAG 2.2 A/AA rules) finds no serious or critical violation on any route, signed out and
// signed in, light and dark, on a desktop screen. accessibility.phone.spec.ts does the same on a phone.
import { expect, test } from "./fixtures";
import { bidderWithHistory, describeAccessibilityWalk } from "./accessibility-routes";
import { operatorSession, signedInPage } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

describeAccessibilityWalk("desktop");

test("a bidder bids with the keyboard alone and hears where they stand: slider, leading, outbid in a live region", async ({ browser }) => {
  test.setTimeout(240_000);
  const { page, runningAuction } = await bidderWithHistory(browser);
  const rival = await signedInPage(browser, "Rival");
  const operator = await operatorSession(browser);
  const credit = await operator.post(`/api/operator/users/${rival.displayName}/wallet`, {
    headers: xhr,
    data: { amountCents: 100, reason: "E2E entry fee" },
  });
  expect(credit.status()).toBe(200);
  const auctionId = runningAuction.path.split("/").pop();
  expect((await rival.page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);

  await page.goto(runningAuction.path);
  const slider = page.getByRole("slider", { name: "Bid €0.01" });
  await expect(slider).toHaveAttribute("aria-valuetext", "Slide to the end to bid");
  // Tab from the top of the page until the slider has the focus, as a keyboard user would.
  await expect
    .poll(
      async () => {
        await page.keyboard.press("Tab");
        return slider.evaluate((element) => element === document.activeElement);
      },
      { intervals: [0], timeout: 30_000 },
    )
    .toBe(true);
  await page.keyboard.press("Enter");
  await expect(slider).toHaveAttribute("aria-valuetext", "You are leading");

  // The rival bids: the panel's live region says so, without the bidder moving the focus.
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect.poll(async () => (await rival.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  const liveRegion = panel.getByRole("status").filter({ hasText: "You have been outbid! Slide to bid again." });
  await expect(liveRegion).toHaveAttribute("aria-live", "polite");
  await expect(slider).toBeFocused();
});
