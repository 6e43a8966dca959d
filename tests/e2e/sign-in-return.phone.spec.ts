// A visitor on a phone taps "Sign in to bid" on a Home card, signs in, and lands on that auction's page, where the
// enrolment and the slider are (issue 52): not back on Home, looking for the card again.
import { expect, test } from "./fixtures";
import { completeGuidedTours, inEnglish, linkFromMailbox, operatorSession, uniqueBidder, visitorIp, xhr } from "./support";

test("Sign in to bid on a Home card brings the visitor back to that auction once signed in", async ({ browser, page }) => {
  const operator = await operatorSession(browser);
  const title = `Return lamp ${Date.now().toString(36)}`;
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: { title, images: ["/products/speaker.svg"], initialSeconds: 900, resetSeconds: 20, startsInSeconds: 0, publish: true },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;

  // An account made in another browser: this one is a visitor.
  const elsewhere = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const bidder = uniqueBidder("return");
  await elsewhere.request.post("/authn/sign-up", {
    headers: xhr,
    data: { ...bidder, confirmPassword: bidder.password, firstName: "Rūta", lastName: "Kalna", language: "en" },
  });
  const confirm = await linkFromMailbox(elsewhere.request, bidder.email, "/confirm-email?token=");
  const token = new URL(confirm, "http://127.0.0.1").searchParams.get("token");
  expect((await elsewhere.request.post("/authn/confirm-email", { headers: xhr, data: { token } })).status()).toBe(200);
  await completeGuidedTours(elsewhere.request);
  await elsewhere.close();

  await inEnglish(page);
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(title);
  const card = page.getByRole("article").filter({ hasText: title });
  await card.getByRole("link", { name: "Sign in to bid" }).tap();
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?returnUrl=%2Fauctions%2F${auctionId}$`));
  await page.getByLabel("E-mail").fill(bidder.email);
  await page.getByLabel("Password", { exact: true }).fill(bidder.password);
  await page.getByRole("button", { name: "Sign in" }).tap();
  await expect(page).toHaveURL(new RegExp(`/auctions/${auctionId}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("region", { name: "Bidding" }).getByRole("button", { name: "Enrol for free" })).toBeVisible();
});
