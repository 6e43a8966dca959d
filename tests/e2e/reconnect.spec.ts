import { expect, test, type APIRequestContext } from "./fixtures";
import { inEnglish, uniqueBidder, visitorIp } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

test("a page that lost its connection catches up after reconnecting, without a reload", async ({ browser, page }) => {
  test.setTimeout(120_000);
  // The operator opens an auction and a bidder with money, who bids through the API while the page is offline.
  const operatorContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const operator = operatorContext.request;
  expect(
    (await operator.post("/authn/sign-in", { headers: xhr, data: { email: "operator@pennybid.lv", password: "Operator1!" } })).status(),
  ).toBe(200);
  const title = `Reconnect kettle ${Date.now().toString(36)}`;
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: { title, images: ["/products/espresso.svg"], initialSeconds: 600, resetSeconds: 60, startsInSeconds: 0, publish: true },
  });
  const auctionId = ((await created.json()) as { id: number }).id;
  const bidder = uniqueBidder("recon");
  const bidderContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const bidderApi: APIRequestContext = bidderContext.request;
  const opened = await operator.post("/api/operator/users", {
    headers: xhr,
    data: { email: bidder.email, password: bidder.password, firstName: "Rita", lastName: "Kalna", displayName: bidder.displayName },
  });
  expect(opened.status()).toBe(201);
  expect(
    (await bidderApi.post("/authn/sign-in", { headers: xhr, data: { email: bidder.email, password: bidder.password } })).status(),
  ).toBe(200);
  // An account the operator opened has no date of birth: its owner tells it once before enrolling (decision 094).
  expect((await bidderApi.put("/api/users/date-of-birth", { headers: xhr, data: { dateOfBirth: bidder.dateOfBirth } })).status()).toBe(204);
  expect((await bidderApi.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);

  await inEnglish(page);
  await page.goto(`/auctions/${auctionId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("€0.00", { exact: true }).first()).toBeVisible();
  // The page draws from its own first screen before its socket is up: it must be live before it can lose that.
  await expect(page.locator("header").getByText("Live", { exact: true })).toBeVisible();

  // The connection drops; a bid lands meanwhile.
  await page.context().setOffline(true);
  // The browser knows it has no network, so the header says that rather than "paused" (decision 013).
  await expect(page.getByText("You are offline. Live prices resume when you reconnect.")).toBeVisible({ timeout: 30_000 });
  expect((await bidderApi.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  // Offline, the page cannot hear of it (React Query holds its polls until the browser is online again): it shows
  // the state it had, and all that follows must come from catching up.
  await expect(page.getByText(`Leading: ${bidder.displayName}`)).toHaveCount(0);
  await page.context().setOffline(false);
  await expect(page.getByText("You are offline. Live prices resume when you reconnect.")).toBeHidden();
  await expect(page.getByText("Live updates are paused. Reconnecting…")).toBeHidden({ timeout: 30_000 });

  // Back online: the page shows the new price, leader and bid, by itself.
  await expect(page.getByText(`Leading: ${bidder.displayName}`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("€0.01", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: bidder.displayName }).first()).toBeVisible();
});
