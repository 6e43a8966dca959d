import { expect, test, type APIRequestContext, type Browser, type Page } from "./fixtures";
import { completeGuidedTours, inEnglish, linkFromMailbox, operatorSession, uniqueBidder, visitorIp } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

/** A confirmed bidder whose display name is markup (allowed: it is text, and text is escaped wherever it is shown). */
async function bidderNamed(browser: Browser, displayName: string): Promise<APIRequestContext> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const page = await context.newPage();
  await inEnglish(page);
  const bidder = { ...uniqueBidder("markup"), displayName };
  const signUp = await page.request.post("/authn/sign-up", {
    headers: xhr,
    data: { ...bidder, confirmPassword: bidder.password, firstName: "Mallory", lastName: "Kalna", language: "en" },
  });
  expect(signUp.status()).toBe(201);
  await page.goto(await linkFromMailbox(page.request, bidder.email, "/confirm-email?token="));
  await expect(page).toHaveURL(/\/confirm-email\/success$/);
  await completeGuidedTours(page.request);
  return page.request;
}

/** Elements with an inline event handler: none of the app's own have one, so any would come from a name as markup. */
const inlineHandlers = (page: Page) =>
  page.evaluate(
    () => [...document.querySelectorAll("*")].filter((element) => [...element.attributes].some((a) => a.name.startsWith("on"))).length,
  );

test("a display name written as markup is shown as text in recent bids, the leader line and as the winner, and never runs", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-4);
  const name = `<svg/onload=alert(1)>${tag}`;
  expect(name.length).toBeLessThanOrEqual(25);

  const operator = await operatorSession(browser);
  const mallory = await bidderNamed(browser, name);
  const title = `Markup lamp ${tag}`;
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: { title, entryFeeCents: 0, retailValueCents: 2500, initialSeconds: 300, resetSeconds: 20, startsInSeconds: 0, publish: true },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  // The lifecycle may have started it already; either way it is running afterwards.
  await operator.post(`/api/operator/auctions/${auctionId}/start-now`, { headers: xhr });
  expect((await mallory.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  expect((await mallory.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);

  // A visitor's browser without the CSP, which would block an inline handler anyway: this checks the escaping itself.
  const viewer = await (await browser.newContext({ bypassCSP: true, extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } })).newPage();
  await inEnglish(viewer);
  const dialogs: string[] = [];
  viewer.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await viewer.goto(`/auctions/${auctionId}`);
  await expect(viewer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(viewer.getByText(`Leading: ${name}`, { exact: true })).toBeVisible();
  const recentBids = viewer.getByRole("region", { name: "Recent bids" });
  await expect(recentBids.getByRole("listitem").filter({ hasText: name })).toHaveCount(1);
  expect(await inlineHandlers(viewer)).toBe(0);

  // Ended by the operator: the open page names the winner, live, as text.
  expect((await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr })).status()).toBe(200);
  await expect(viewer.getByText("Sold price")).toBeVisible();
  await expect(viewer.getByText(name, { exact: true }).first()).toBeVisible();
  expect(await inlineHandlers(viewer)).toBe(0);

  // And home's ended auctions show it on the card.
  await viewer.goto("/");
  const card = viewer.locator("#ended article").filter({ hasText: title });
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  expect(await inlineHandlers(viewer)).toBe(0);
  expect(dialogs).toEqual([]);
});
