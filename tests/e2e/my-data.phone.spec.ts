// Issue 53 items 2-4 on a phone: sign up with a date of birth, enrol and bid, download my data and find the bids in
// it, delete the account, and see "Deleted bidder" on the auction's page while its bid chain still verifies.
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { completeGuidedTours, inEnglish, linkFromMailbox, operatorSession, signedInPage, uniqueBidder, visitorIp, xhr } from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

async function runningAuction(operator: APIRequestContext, title: string): Promise<number> {
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: { title, images: ["/products/speaker.svg"], entryFeeCents: 200, retailValueCents: 4900, initialSeconds: 600, resetSeconds: 20, startsInSeconds: 0, publish: true },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function credit(operator: APIRequestContext, displayName: string, amountCents: number) {
  const answer = await operator.post(`/api/operator/users/${displayName}/wallet`, { headers: xhr, data: { amountCents, reason: "E2E starting balance" } });
  expect(answer.status()).toBe(200);
}

/** A finger on the thumb, moved to the end of the track, lifted: real touch events, as a phone sends them. */
async function swipeToBid(page: Page) {
  const slider = page.getByRole("slider", { name: "Bid €0.01" });
  await expect.poll(() => slider.evaluate((element) => element.getAnimations().length)).toBe(0);
  const thumb = await slider.boundingBox();
  const track = await slider.locator("..").boundingBox();
  if (!thumb || !track) throw new Error("slider not laid out");
  const y = thumb.y + thumb.height / 2;
  const from = thumb.x + thumb.width / 2;
  const to = track.x + track.width - 8;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 8; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + ((to - from) * step) / 8, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("a bidder signs up with a date of birth, bids, downloads their data, deletes the account, and the chain still verifies", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const operator = await operatorSession(browser);
  const title = `My data speaker ${Date.now().toString(36)}`;
  const auctionId = await runningAuction(operator, title);
  await inEnglish(page);

  // Sign-up asks the date of birth; under 18 is refused beside it, and nothing is sent until it is right.
  const bidder = uniqueBidder("mydata");
  await page.goto("/sign-up");
  await page.getByLabel("First name").fill("Marta");
  await page.getByLabel("Last name").fill("Liepa");
  await page.getByLabel("Display name").fill(bidder.displayName);
  await page.getByLabel("Date of birth").fill(`${new Date().getFullYear() - 15}-06-01`);
  await page.getByLabel("E-mail").fill(bidder.email);
  await page.getByLabel("Password", { exact: true }).fill(bidder.password);
  await page.getByLabel("Confirm password").fill(bidder.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("You must be at least 18 years old to use Pennybid.")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByLabel("Date of birth").fill(bidder.dateOfBirth);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/confirm-email\/sent$/);
  await page.goto(await linkFromMailbox(page.request, bidder.email, "/confirm-email?token="));
  await expect(page).toHaveURL(/\/confirm-email\/success$/);
  await completeGuidedTours(page.request);

  // The entry fee takes the whole top-up: the balance is zero, as deleting needs.
  await credit(operator, bidder.displayName, 200);
  await page.goto(`/auctions/${auctionId}`);
  await page.getByRole("button", { name: "Enrol · €2.00" }).click();
  await swipeToBid(page);
  const bids = page.getByRole("region", { name: "Recent bids" });
  await expect(bids.getByRole("listitem").filter({ hasText: bidder.displayName })).toHaveCount(1);

  // Another bidder outbids: the account no longer leads a running auction.
  const other = await signedInPage(browser, "Otto");
  await credit(operator, other.displayName, 200);
  expect((await other.page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  expect((await other.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  await expect(bids.getByRole("listitem").first()).toContainText(other.displayName);

  // Download my data: the password again, then the file, with the bid in it.
  await page.goto("/profile");
  const myData = page.getByRole("region", { name: "Your data" });
  await myData.getByLabel("Your password").fill(bidder.password);
  const [download] = await Promise.all([page.waitForEvent("download"), myData.getByRole("button", { name: "Download my data (JSON)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pennybid-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path()) ?? "", "utf8")) as { sections: Record<string, { auction_id?: number | string; price_cents?: number | string; email?: string }[]> };
  expect(file.sections.account?.[0]?.email).toBe(bidder.email);
  expect(file.sections.bids?.map((b) => [Number(b.auction_id), Number(b.price_cents)])).toEqual([[auctionId, 1]]);

  // Delete my account: a dialog, the password again, then signed out at once.
  const deletion = page.getByRole("region", { name: "Delete my account" });
  await deletion.getByRole("button", { name: "Delete my account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password").fill(bidder.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const signIn = await page.request.post("/authn/sign-in", { headers: xhr, data: { email: bidder.email, password: bidder.password } });
  expect(signIn.status()).toBe(401);

  // The auction's page names the bid "Deleted bidder"; ended, its chain still verifies.
  const ended = await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr });
  expect(ended.status()).toBe(200);
  await page.goto(`/auctions/${auctionId}`);
  await expect(bids.getByRole("listitem").nth(1)).toContainText("Deleted bidder");
  await expect(page.getByText(bidder.displayName)).toHaveCount(0);
  await page.getByRole("button", { name: "Verify the chain" }).click();
  await expect(page.getByRole("status").filter({ hasText: "All 2 bids check out: the chain is intact." })).toBeVisible();
});

test("an account without a date of birth is asked for it once when it enrols, then enrolled", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const auctionId = await runningAuction(operator, `Birth date speaker ${Date.now().toString(36)}`);
  // An account the operator opened, as accounts were before sign-up asked: no date of birth.
  const bidder = uniqueBidder("nobirth");
  const opened = await operator.post("/api/operator/users", {
    headers: xhr,
    data: { email: bidder.email, password: bidder.password, firstName: "Ilga", lastName: "Kalna", displayName: bidder.displayName },
  });
  expect(opened.status()).toBe(201);
  await credit(operator, bidder.displayName, 500);
  await inEnglish(page);
  expect((await page.request.post("/authn/sign-in", { headers: xhr, data: { email: bidder.email, password: bidder.password } })).status()).toBe(200);
  await completeGuidedTours(page.request);

  await page.goto(`/auctions/${auctionId}`);
  await page.getByRole("button", { name: "Enrol · €2.00" }).click();
  const dialog = page.getByRole("dialog", { name: "Your date of birth" });
  await dialog.getByLabel("Date of birth").fill(`${new Date().getFullYear() - 12}-02-02`);
  await dialog.getByRole("button", { name: "Save and enrol" }).click();
  await expect(dialog.getByText("You must be at least 18 years old to use Pennybid.")).toBeVisible();
  await dialog.getByLabel("Date of birth").fill("1988-09-30");
  await dialog.getByRole("button", { name: "Save and enrol" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("slider", { name: "Bid €0.01" })).toBeVisible();
  expect(((await (await page.request.get("/api/users/profile", { headers: xhr })).json()) as { dateOfBirth: string }).dateOfBirth).toBe("1988-09-30");
});
