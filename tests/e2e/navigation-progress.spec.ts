// Decision 071: on a slow network, a tapped card's page takes a moment to arrive. Meanwhile Home stays on screen and a
// bar across the top says the page is on its way; once the page is in, the bar goes.
import { expect, test } from "./fixtures";
import { holdRequests, inEnglish, spaTakenOver } from "./support";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("a card's page on its way shows a loading bar over the page being left, then the page", async ({ page }) => {
  await inEnglish(page);
  // The auction page's code held back until the test lets it through, as a slow network would.
  const pageCode = await holdRequests(page, /\/assets\/auction-detail-page-[^/]*\.js$/);
  await page.goto("/");
  await spaTakenOver(page);
  await expect(page.getByRole("progressbar", { name: "Loading the page" })).toHaveCount(0);

  const link = page.locator("#running article").first().getByRole("heading").getByRole("link");
  const title = (await link.textContent()) ?? "";
  await link.tap();
  const bar = page.getByRole("progressbar", { name: "Loading the page" });
  await expect(bar).toBeVisible();
  await expect(page.locator("#running")).toBeVisible();
  expect(pageCode.held()).toBe(1);

  await pageCode.release();
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  await expect(bar).toHaveCount(0);
});
