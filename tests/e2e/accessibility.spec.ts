// Issue 15 item 13: axe (WCAG 2.2 A/AA rules) finds no serious or critical violation on any route, signed out and
// signed in, light and dark, on a desktop screen. accessibility.phone.spec.ts does the same on a phone.
import { test } from "@playwright/test";
import { bidderWithHistory, expectRoutesAccessible, seededAuctionRoutes, signedInRoutes, signedOutPage, signedOutRoutes } from "./accessibility-routes";

test("a visitor's pages have no serious or critical accessibility violation, light and dark", async ({ browser }) => {
  // Some forty pages, each read by axe: minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const page = await signedOutPage(browser);
  await expectRoutesAccessible(page, [...signedOutRoutes, ...(await seededAuctionRoutes(page.request))]);
});

test("a bidder's pages have no serious or critical accessibility violation, light and dark", async ({ browser }) => {
  // Some forty pages, each read by axe: minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const { page, runningAuction } = await bidderWithHistory(browser);
  await expectRoutesAccessible(page, [...signedInRoutes, runningAuction]);
});
