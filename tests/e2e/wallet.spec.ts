import { expect, test, type Page } from "./fixtures";
import type { Language } from "../../contract";
import { completeGuidedTours, inEnglish, inLanguage, linkFromMailbox, uniqueBidder, visitorIp } from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

async function newSignedInBidder(page: Page, language: Language = "en") {
  await (language === "en" ? inEnglish(page) : inLanguage(page, language));
  const bidder = uniqueBidder("wallet");
  await page.request.post("/authn/sign-up", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: { ...bidder, confirmPassword: bidder.password, firstName: "Ilze", lastName: "Zariņa", language },
  });
  await page.goto(await linkFromMailbox(page.request, bidder.email, "/confirm-email?token="));
  await expect(page).toHaveURL(/\/confirm-email\/success$/);
  await completeGuidedTours(page.request);
}

async function openAddFunds(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Add funds" }).click();
  return page.getByRole("dialog", { name: "Add funds" });
}

test("a bidder adds €10 through the sandbox; declined and canceled payments change nothing", async ({ page }) => {
  test.setTimeout(120_000);
  await newSignedInBidder(page);
  await page.goto("/faq");
  // SPEC.md §2: navigating from the account menu passes the current path as a return URL, to the wallet too.
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("dialog", { name: "Account menu" }).getByRole("link", { name: "Wallet" })).toHaveAttribute(
    "href",
    "/wallet?returnUrl=%2Ffaq",
  );
  await page.keyboard.press("Escape");

  const dialog = await openAddFunds(page);
  const pay = dialog.getByRole("button", { name: "Pay" });
  await expect(pay).toBeDisabled();
  await dialog.getByLabel("Amount").fill("-5");
  await expect(pay).toBeDisabled();
  await dialog.getByLabel("Amount").fill("0");
  await expect(pay).toBeEnabled();
  await pay.click();
  // SPEC.md §4: the server's message shows as the error toast, once (not a second time inside the dialog).
  await expect(page.getByRole("alert").filter({ hasText: "The smallest top-up is €1.00." })).toBeVisible();
  await expect(page.getByText("The smallest top-up is €1.00.")).toHaveCount(1);
  await expect(dialog.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");

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
  const rows = page.getByRole("table", { name: "Transactions" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Top-up");
  await expect(rows.nth(1)).toContainText("Top-up by card");
  await expect(rows.nth(1)).toContainText("+€10.00");
});

test("enrolling takes the entry fee: the balance and the transactions show it", async ({ page }) => {
  await newSignedInBidder(page);
  const xhr = { "X-Requested-With": "XMLHttpRequest" };
  // €5.00 through the sandbox, as the checkout form would send it.
  const payment = (await (await page.request.post("/api/payments", { headers: xhr, data: { amount: 5, language: "en" } })).json()) as {
    payment: { id: string };
  };
  await page.request.post(`/sandbox/checkout/${payment.payment.id}`, { form: { action: "pay", method: "card" } });
  expect(await (await page.request.get("/api/user-wallet", { headers: xhr })).json()).toEqual({ balance: 5 });

  const { items } = (await (
    await page.request.post("/api/auctions/search", { headers: xhr, data: { status: "Waiting", pageSize: 60 } })
  ).json()) as {
    items: { id: number; entryFeeCents: number; title: string; minPreviousEntries: number }[];
  };
  const paid = items.find((a) => a.entryFeeCents === 200 && a.minPreviousEntries === 0);
  if (!paid) throw new Error("no Waiting auction with a €2.00 fee in the demo data");
  await page.goto(`/auctions/${paid.id}`);
  await page.getByRole("button", { name: "Enrol · €2.00" }).click();
  await expect(page.getByText("€2.00 has been deducted from your wallet. Good luck!")).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("dialog", { name: "Account menu" }).getByLabel("Balance")).toHaveText("€3.00");
  await page.keyboard.press("Escape");

  await page.goto("/wallet");
  const rows = page.getByRole("table", { name: "Transactions" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Entry fee");
  await expect(rows.nth(1).getByRole("link", { name: `Entry fee: ${paid.title}` })).toBeVisible();
  await expect(rows.nth(1)).toContainText("−€2.00");
  await expect(rows.nth(2)).toContainText("+€5.00");
});

test("in Latvian and Russian, every transaction's line is in that language, with the auction's title in it", async ({ page }) => {
  test.slow();
  await newSignedInBidder(page, "lv");
  const xhr = { "X-Requested-With": "XMLHttpRequest" };
  for (const [amount, method] of [
    [5, "card"],
    [6, "bank"],
  ] as const) {
    const payment = (await (await page.request.post("/api/payments", { headers: xhr, data: { amount, language: "lv" } })).json()) as {
      payment: { id: string };
    };
    await page.request.post(`/sandbox/checkout/${payment.payment.id}`, { form: { action: "pay", method } });
  }
  // A Waiting demo auction with a fee, whose title the demo catalogue writes in each language.
  const titlesIn = async (language: Language) =>
    (
      (await (
        await page.request.post("/api/auctions/search", {
          headers: { ...xhr, "Accept-Language": language },
          data: { status: "Waiting", pageSize: 60 },
        })
      ).json()) as {
        items: { id: number; entryFeeCents: number; title: string; minPreviousEntries: number }[];
      }
    ).items;
  const auction = (await titlesIn("lv")).find((a) => a.entryFeeCents > 0 && a.entryFeeCents <= 1100 && a.minPreviousEntries === 0);
  if (!auction) throw new Error("no Waiting auction with a fee in the demo data");
  expect((await page.request.post(`/api/auctions/${auction.id}/enrol`, { headers: xhr })).status()).toBe(200);
  const russianTitle = (await titlesIn("ru")).find((a) => a.id === auction.id)!.title;
  expect(russianTitle).not.toBe(auction.title);

  await page.goto("/wallet");
  // The transactions' table by its name in either language (the statement has a table too, decision 091).
  const transactions = page.getByRole("table", { name: /^(Darījumi|Транзакции)$/ });
  const rows = transactions.getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole("link", { name: `Dalības maksa: ${auction.title}` })).toBeVisible();
  await expect(rows.nth(2)).toContainText("Papildinājums ar internetbanku");
  await expect(rows.nth(3)).toContainText("Papildinājums ar karti");
  await expect(transactions).not.toContainText("Top-up");

  // Switching the language reads the history again, in Russian.
  await page
    .locator("header")
    .getByRole("button", { name: /valodu|language|язык/i })
    .click();
  await page.getByRole("button", { name: "Русский" }).click();
  await expect(rows.nth(1).getByRole("link", { name: `Взнос за участие: ${russianTitle}` })).toBeVisible();
  await expect(rows.nth(2)).toContainText("Пополнение через интернет-банк");
  await expect(rows.nth(3)).toContainText("Пополнение картой");
  await expect(transactions).not.toContainText("Top-up");
});
