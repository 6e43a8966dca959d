import { expect, test, type Page } from "@playwright/test";
import { inEnglish, linkFromMailbox, uniqueBidder, visitorIp } from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

async function newSignedInBidder(page: Page) {
  await inEnglish(page);
  const bidder = uniqueBidder("wallet");
  await page.request.post("/authn/sign-up", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: { ...bidder, confirmPassword: bidder.password, firstName: "Ilze", lastName: "Zariņa", language: "en" },
  });
  await page.goto(await linkFromMailbox(page.request, bidder.email, "/confirm-email?token="));
  await expect(page).toHaveURL(/\/confirm-email\/success$/);
}

async function openAddFunds(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Add funds" }).click();
  return page.getByRole("dialog", { name: "Add funds" });
}

test("a bidder adds €10 through the sandbox; declined and canceled payments change nothing", async ({ page }) => {
  test.setTimeout(60_000);
  await newSignedInBidder(page);
  await page.goto("/faq");

  const dialog = await openAddFunds(page);
  const pay = dialog.getByRole("button", { name: "Pay" });
  await expect(pay).toBeDisabled();
  await dialog.getByLabel("Amount").fill("-5");
  await expect(pay).toBeDisabled();
  await dialog.getByLabel("Amount").fill("0");
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(dialog.getByRole("alert")).toHaveText("The smallest top-up is €1.00.");
  await expect(page.getByText("The smallest top-up is €1.00.").last()).toBeVisible(); // the toast too

  await dialog.getByLabel("Amount").fill("10");
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  expect(await page.evaluate(() => [localStorage.getItem("payment_id"), localStorage.getItem("payment_origin")])).toEqual([
    expect.stringMatching(/^[0-9a-f-]{36}$/),
    "/faq",
  ]);
  await expect(page.getByText("€10.00")).toBeVisible();
  await page.getByLabel("Bank card").check();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/payments\/success$/);
  await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
  await expect(page.getByText("€10.00 · paid")).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("dialog", { name: "Account menu" }).getByLabel("Balance")).toHaveText("€10.00");
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: "Back to where you were" }).click();
  await expect(page).toHaveURL(/\/faq$/);

  // Declined.
  await (await openAddFunds(page)).getByLabel("Amount").fill("7");
  await page.getByRole("dialog", { name: "Add funds" }).getByRole("button", { name: "Pay" }).click();
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/payments\/failed$/);
  await expect(page.getByRole("heading", { name: "Payment failed, please try again!" })).toBeVisible();
  await expect(page.getByText("€7.00 · failed")).toBeVisible();

  // Canceled.
  await (await openAddFunds(page)).getByLabel("Amount").fill("8");
  await page.getByRole("dialog", { name: "Add funds" }).getByRole("button", { name: "Pay" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/payments\/canceled$/);
  await expect(page.getByRole("heading", { name: "Payment was canceled!" })).toBeVisible();

  // The wallet: one top-up, balance still €10.00.
  await page.goto("/wallet");
  await expect(page.getByText("€10.00").first()).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Top-up");
  await expect(rows.nth(1)).toContainText("Top-up by card");
  await expect(rows.nth(1)).toContainText("+€10.00");
});

test("enrolling takes the entry fee: the balance and the transactions show it", async ({ page }) => {
  await inEnglish(page);
  await page.request.post("/authn/sign-in", { headers: { "X-Requested-With": "XMLHttpRequest" }, data: { email: "demo@pennybid.lv", password: "Demo123!" } });
  const { items } = (await (await page.request.post("/api/auctions/search", { headers: { "X-Requested-With": "XMLHttpRequest" }, data: { status: "Waiting", pageSize: 60 } })).json()) as {
    items: { id: number; entryFeeCents: number; title: string }[];
  };
  const paid = items.find((a) => a.entryFeeCents === 200);
  if (!paid) throw new Error("no Waiting auction with a €2.00 fee in the demo data");
  await page.goto("/wallet");
  const balanceBefore = await page.getByText(/^€\d+\.\d\d$/).first().textContent();
  await page.goto(`/auctions/${paid.id}`);
  await page.getByRole("button", { name: "Enrol · €2.00" }).click();
  await expect(page.getByText("€2.00 has been deducted from your wallet. Good luck!")).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  const after = Number((balanceBefore ?? "€0").slice(1)) - 2;
  await expect(page.getByRole("dialog", { name: "Account menu" }).getByLabel("Balance")).toHaveText(`€${after.toFixed(2)}`);
  await page.keyboard.press("Escape");
  await page.goto("/wallet");
  const entry = page.getByRole("table").getByRole("row").nth(1);
  await expect(entry).toContainText("Entry fee");
  await expect(entry.getByRole("link", { name: paid.title })).toBeVisible();
  await expect(entry).toContainText("−€2.00");
});
