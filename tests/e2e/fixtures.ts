// The browser tests' `test`: Playwright's, and every browser context a test opens (a second bidder, the operator) is
// closed when it ends. The browser lives as long as its worker: left open, each context's pages would keep their
// sockets and timers and take every later broadcast, and the run would slow down as it goes.
import { test as base } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
