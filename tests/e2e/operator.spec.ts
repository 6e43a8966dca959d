// The operators' back office (/operator): an operator makes a draft with a picture, edits it, publishes it, finds it
// among the waiting auctions and starts it; credits a bidder's wallet with a reason (and is refused a debit below
// zero). A bidder who opens /operator gets the 404 page and never downloads the back office's code or texts.
import { expect, test } from "./fixtures";
import { operatorPage, signedInPage } from "./support";

const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

test("an operator creates a draft with a picture, edits it, publishes it, finds it waiting and starts it now", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await operatorPage(browser);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("link", { name: "Back office", exact: true }).click();
  // The back office opens on its overview; the auctions are one link away.
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Auctions" }).click();
  await expect(page).toHaveURL(/\/operator\/auctions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Auctions" })).toBeVisible();

  await page.getByRole("link", { name: "New draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New auction" })).toBeVisible();
  // The contract's rules, in the form's words, before anything is sent.
  await page.getByLabel("Initial timer (seconds)").fill("2");
  await page.getByLabel("Entry fee (€)").fill("0.505");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Give a title in at least one language")).toBeVisible();
  await expect(page.getByText("At least 5", { exact: true })).toBeVisible();
  await expect(page.getByText("Enter an amount in euros, e.g. 12.50")).toBeVisible();

  const title = `Back office kettle ${Date.now().toString(36)}`;
  await page.getByLabel("Title in English").fill(title);
  await page.getByLabel("Description in English").fill("A kettle for the back office test.");
  await page
    .getByLabel("Add pictures")
    .setInputFiles({ name: "kettle.png", mimeType: "image/png", buffer: Buffer.from(PIXEL_PNG, "base64") });
  await expect(page.getByRole("img", { name: "Picture 1" })).toBeVisible();
  await page.getByLabel("Retail value (€)").fill("39.99");
  await page.getByLabel("Entry fee (€)").fill("0.50");
  await page.getByLabel("Initial timer (seconds)").fill("300");
  await page.getByLabel("Timer after a bid (seconds)").fill("20");
  await page.getByRole("button", { name: "Save draft" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("main").getByText("New", { exact: true })).toBeVisible();
  // The picture was stored by the server and is served from there.
  await expect(page.getByRole("img", { name: "Picture 1" })).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}\.png$/);
  await expect(page.getByText("€0.50")).toBeVisible();
  // A draft can still be edited.
  await page.getByRole("link", { name: "Edit draft" }).click();
  await expect(page.getByLabel("Entry fee (€)")).toHaveValue("0.50");
  await page.getByLabel("Entry fee (€)").fill("0.75");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("€0.75")).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Publish" })).toBeHidden();
  await expect(page.getByRole("main").getByText("Waiting", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "← Auctions" }).click();
  await expect(page.getByRole("navigation", { name: "Auction status" }).getByRole("link", { name: "Waiting" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(title);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("Found: 1")).toBeVisible();
  await page.getByRole("link", { name: new RegExp(title) }).click();

  await page.getByRole("button", { name: "Start now" }).click();
  const confirm = page.getByRole("dialog", { name: "Start this auction now?" });
  await expect(confirm).toContainText(title);
  await confirm.getByRole("button", { name: "Start now" }).click();
  await expect(confirm).toBeHidden();
  // Running: the page offers what a running auction allows, and the public page shows it live.
  await expect(page.getByRole("button", { name: "End now" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Running", { exact: true })).toBeVisible();
  const auctionId = /\/operator\/auctions\/(\d+)$/.exec(page.url())?.[1];
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/auctions/${auctionId}`);
  await expect(publicPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("an operator credits a bidder's wallet with a reason, and a debit below zero is refused", async ({ browser }) => {
  const { displayName } = await signedInPage(browser, "Wallet");
  const page = await operatorPage(browser);
  await page.goto("/operator/users");
  await page.getByRole("searchbox", { name: "Search users" }).fill(displayName);
  await page.keyboard.press("Enter");
  await page.getByRole("link", { name: new RegExp(displayName) }).click();
  await expect(page.getByRole("heading", { level: 1, name: displayName })).toBeVisible();
  await expect(page.getByLabel("Balance", { exact: true })).toHaveText("€0.00");

  // The reason is required.
  await page.getByLabel("Amount (€)").fill("5");
  await page.getByRole("button", { name: "Credit wallet" }).click();
  await expect(page.getByText("Required")).toBeVisible();
  await page.getByLabel("Reason").fill("Goodwill for a late delivery");
  await page.getByRole("button", { name: "Credit wallet" }).click();
  const credit = page.getByRole("dialog", { name: "Credit this wallet?" });
  await expect(credit).toContainText("€5.00");
  await expect(credit).toContainText("Goodwill for a late delivery");
  await credit.getByRole("button", { name: "Credit wallet" }).click();
  await expect(credit).toBeHidden();
  await expect(page.getByLabel("Balance", { exact: true })).toHaveText("€5.00");
  // In the wallet's lines (the audit lines below name the reason too).
  await expect(
    page
      .getByRole("region", { name: /^Transactions/ })
      .getByRole("listitem")
      .filter({ hasText: "Goodwill for a late delivery" }),
  ).toContainText("+€5.00");

  await page.getByRole("radio", { name: "Debit" }).check();
  await page.getByLabel("Amount (€)").fill("7.50");
  await page.getByLabel("Reason").fill("Correction of a double credit");
  await page.getByRole("button", { name: "Debit wallet" }).click();
  const debit = page.getByRole("dialog", { name: "Debit this wallet?" });
  await debit.getByRole("button", { name: "Debit wallet" }).click();
  await expect(debit.getByRole("alert")).toHaveText("Refused: the balance cannot go below zero.");
  await debit.getByRole("button", { name: "Go back" }).click();
  await expect(page.getByLabel("Balance", { exact: true })).toHaveText("€5.00");
});

test("a bidder who opens /operator gets the 404 page and never downloads the back office", async ({ browser }) => {
  const { page } = await signedInPage(browser, "Curious");
  const scripts: { path: string; body: Promise<string> }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.push({ path: new URL(response.url()).pathname, body: response.text().catch(() => "") });
  });
  await page.goto("/operator/auctions");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("dialog", { name: "Account menu" }).getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back office" })).toHaveCount(0);
  expect(scripts.length, "the page loaded its scripts").toBeGreaterThan(0);
  // Neither its code nor its texts, in chunks of their own or inside any other.
  expect(scripts.map((script) => script.path).filter((path) => /OperatorArea|back-office/.test(path))).toEqual([]);
  const bodies = await Promise.all(scripts.map((script) => script.body));
  expect(bodies.filter((body) => /operator\.form\.textsHint|Save draft/.test(body))).toEqual([]);
});
