// Issue 15 item 13 on the "phone" project's 390×844 touch screen: axe (WCAG 2.2 A/AA rules) finds no serious or
// critical violation on any route, signed out and signed in, light and dark. The phone's menus and sticky bid panel
// differ from the desktop's, so they are checked here too.
import { test } from "@playwright/test";
import { bidderWithHistory, expectRoutesAccessible, seededAuctionRoutes, signedInRoutes, signedOutPage, signedOutRoutes } from "./accessibility-routes";

/** The phone this project plays on, for the contexts these tests open themselves. */
function phone() {
  const { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor } = test.info().project.use;
  return { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor };
}

test("a visitor's pages on a phone have no serious or critical accessibility violation, light and dark", async ({ browser }) => {
  // Some forty pages, each read by axe: minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const page = await signedOutPage(browser, phone());
  await expectRoutesAccessible(page, [...signedOutRoutes, ...(await seededAuctionRoutes(page.request))]);
});

test("a bidder's pages on a phone have no serious or critical accessibility violation, light and dark", async ({ browser }) => {
  // Some forty pages, each read by axe: minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const { page, runningAuction } = await bidderWithHistory(browser, phone());
  await expectRoutesAccessible(page, [...signedInRoutes, runningAuction]);
});
