// The page's Content Security Policy (no 'unsafe-eval', server/http/security.plugin.ts) holds while the app runs, not
// only before its scripts (first-paint.phone.spec.ts): zod's probe for its compiled parsers was reported as a
// violation on every page that read an answer, until contract/zod.ts switched them off in the browser.
import { expect, test, type Page } from "./fixtures";
import { signedInPage, spaTakenOver, xhr } from "./support";

/** Every CSP violation any document of the page reports, from now on. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (violation: string) => void violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation: (violation: string) => void }).reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

const isPath = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path;

test("a bidder's Home, an auction's page and the wallet read their answers with no CSP violation", async ({ browser }) => {
  const { page } = await signedInPage(browser, "Strict");
  const violations = await collectViolations(page);

  // Home reads its sections again once their watch is acknowledged: answers parsed by the contract's schemas.
  const homeRead = page.waitForResponse(isPath("/api/auctions/search"));
  await page.goto("/");
  await spaTakenOver(page);
  await homeRead;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const search = await page.request.post("/api/auctions/search", { headers: xhr, data: { status: "Running", pageSize: 1 } });
  const [first] = ((await search.json()) as { items: { id: number }[] }).items;
  expect(first, "a running auction").toBeDefined();
  const auctionRead = page.waitForResponse(isPath("/api/auctions/mine"));
  await page.goto(`/auctions/${first?.id}`);
  await spaTakenOver(page);
  await auctionRead;

  const walletRead = page.waitForResponse(isPath("/api/user-wallet"));
  await page.goto("/wallet");
  await walletRead;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  expect(violations).toEqual([]);
});
