// Issue 15 item 13 on the "phone" project's 390×844 touch screen: axe (WCAG 2.2 A/AA rules) finds no serious or
// critical violation on any route, signed out and signed in, light and dark. The phone's menus and sticky bid panel
// differ from the desktop's, so they are checked here too.
import { test } from "./fixtures";
import { describeAccessibilityWalk } from "./accessibility-routes";

/** The phone this project plays on, for the contexts these tests open themselves. */
function phone() {
  const { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor } = test.info().project.use;
  return { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor };
}

describeAccessibilityWalk("phone", phone);
