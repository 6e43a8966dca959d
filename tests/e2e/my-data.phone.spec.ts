// Issue 53 on a phone, the whole way out: sign up with a date of birth, top up €10, enrol for €2 and bid, withdraw the
// €8 left in the sandbox and see it in the wallet and the statement, download my data and find the bids in it, delete
// the account, and see "Deleted bidder" on the auction's page while its bid chain still verifies.
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext } from "./fixtures";
import {
  completeGuidedTours,
  inEnglish,
  linkFromMailbox,
  operatorSession,
  publishedAuction,
  signedInPage,
  swipeToBid,
  topUpInSandbox,
  uniqueBidder,
  visitorIp,
  xhr,
} from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

async function credit(operator: APIRequestContext, displayName: string, amountCents: number) {
  const answer = await operator.post(`/api/operator/users/${displayName}/wallet`, {
    headers: xhr,
    data: { amountCents, reason: "E2E starting balance" },
  });
  expect(answer.status()).toBe(200);
}

test("a bidder signs up with a date of birth, tops up €10, enrols for €2 and bids, withdraws €8, downloads their data, deletes the account, and the chain still verifies", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const operator = await operatorSession(browser);
  const title = `My data speaker ${Date.now().toString(36)}`;
  const auctionId = await publishedAuction(operator, title, { entryFeeCents: 200 });
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

  // €10 in by card; the entry fee takes €2 of it.
  await topUpInSandbox(page, "10");
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

  // The €8 left goes back to the card through the sandbox's refund; the wallet and its statement say so.
  await page.goto("/wallet");
  const withdraw = page.getByRole("region", { name: "Withdraw" });
  await expect(withdraw.getByText("Free to withdraw: €8.00")).toBeVisible();
  await withdraw.getByLabel("Amount in euros").fill("8");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(page).toHaveURL(/\/sandbox\/refunds\//);
  await page.getByRole("button", { name: "Refund" }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(withdraw.getByRole("listitem", { name: "€8.00 · Paid out" })).toBeVisible();
  const month = page.getByRole("region", { name: "Statement" }).getByRole("listitem").first();
  await expect(month.getByRole("definition")).toHaveText(["+€10.00", "−€8.00", "−€2.00", "€0.00"]);

  // Download my data: the password again, then the file, with the bid in it.
  await page.goto("/profile");
  const myData = page.getByRole("region", { name: "Your data" });
  await myData.getByLabel("Your password").fill(bidder.password);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    myData.getByRole("button", { name: "Download my data (JSON)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pennybid-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path()) ?? "", "utf8")) as {
    sections: Record<
      string,
      { auction_id?: number | string; price_cents?: number | string; email?: string; amount_cents?: number | string; status?: string }[]
    >;
  };
  expect(file.sections.account?.[0]?.email).toBe(bidder.email);
  expect(file.sections.bids?.map((b) => [Number(b.auction_id), Number(b.price_cents)])).toEqual([[auctionId, 1]]);
  expect(file.sections.withdrawals?.map((w) => [Number(w.amount_cents), w.status])).toEqual([[800, "completed"]]);

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
  const auctionId = await publishedAuction(operator, `Birth date speaker ${Date.now().toString(36)}`, { entryFeeCents: 200 });
  // An account the operator opened, as accounts were before sign-up asked: no date of birth.
  const bidder = uniqueBidder("nobirth");
  const opened = await operator.post("/api/operator/users", {
    headers: xhr,
    data: { email: bidder.email, password: bidder.password, firstName: "Ilga", lastName: "Kalna", displayName: bidder.displayName },
  });
  expect(opened.status()).toBe(201);
  await credit(operator, bidder.displayName, 500);
  await inEnglish(page);
  expect(
    (await page.request.post("/authn/sign-in", { headers: xhr, data: { email: bidder.email, password: bidder.password } })).status(),
  ).toBe(200);
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
  expect(((await (await page.request.get("/api/users/profile", { headers: xhr })).json()) as { dateOfBirth: string }).dateOfBirth).toBe(
    "1988-09-30",
  );
});
