// Spend limits and a break as a bidder meets them (issue 20 item 1, decision 033): set a limit in the profile, hit it
// on an auction page and see why; raise it and see when the raise applies; take a break and see enrolment and top-ups
// refused until it ends.
import { expect, test, type APIRequestContext } from "./fixtures";
import { operatorSession, signedInPage } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

/** A running auction with this entry fee, started at once. */
async function runningAuction(operator: APIRequestContext, title: string, entryFeeCents: number): Promise<number> {
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/espresso.svg"],
      entryFeeCents,
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  await expect
    .poll(
      async () =>
        ((await (await operator.get(`/api/operator/auctions/${auctionId}`, { headers: xhr })).json()) as { status: string }).status,
    )
    .toBe("Running");
  return auctionId;
}

test("a bidder sets a limit, hits it, raises it for tomorrow, and takes a break that refuses enrolment and top-ups", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const tag = Date.now().toString(36);
  const { page } = await signedInPage(browser, "Limits");
  // €20.00 through the sandbox, as the checkout form would send it.
  const payment = (await (await page.request.post("/api/payments", { headers: xhr, data: { amount: 20, language: "en" } })).json()) as {
    payment: { id: string };
  };
  await page.request.post(`/sandbox/checkout/${payment.payment.id}`, { form: { action: "pay", method: "card" } });

  // A limit of €3.00 on auction spending: a lowering, in force at once.
  await page.goto("/profile");
  const limits = page.getByRole("region", { name: "Spending limits" });
  const auctionLimit = limits.getByLabel("Monthly limit on auction spending (€)");
  await auctionLimit.fill("-3");
  await limits.getByRole("button", { name: "Save limits" }).click();
  await expect(limits.getByText("Enter an amount in euros, with at most two decimals.")).toBeVisible();
  await auctionLimit.fill("3");
  await limits.getByRole("button", { name: "Save limits" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your limits have been saved." })).toBeVisible();
  await expect(limits.getByText("This month: €0.00 spent of €3.00")).toBeVisible();

  // The first €2.00 entry fee fits; the second would cross the limit, and the page says so before they try.
  const first = await runningAuction(operator, `Limit kettle ${tag}`, 200);
  await page.goto(`/auctions/${first}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await panel.getByRole("button", { name: "Enrol · €2.00" }).click();
  await expect(page.getByText("€2.00 has been deducted from your wallet. Good luck!")).toBeVisible();
  const second = await runningAuction(operator, `Limit toaster ${tag}`, 200);
  await page.goto(`/auctions/${second}`);
  await expect(panel.getByRole("status")).toContainText(
    "This would cross your monthly limit on auction spending of €3.00: €1.00 is left this month.",
  );
  await expect(panel.getByRole("status")).toContainText(/The limit resets on .*20\d\d/);
  await expect(panel.getByRole("button", { name: /^Enrol/ })).toHaveCount(0);
  const refused = await page.request.post(`/api/auctions/${second}/enrol`, { headers: xhr });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: "AUCTION_SPEND_LIMIT", values: { limitCents: 300, leftCents: 100 } } });

  // The wallet's summary.
  await page.goto("/wallet");
  await expect(page.getByRole("region", { name: "Spending this month" })).toContainText("This month: €2.00 spent of €3.00");

  // Raising it to €50.00 waits 24 hours, and the profile says from when. "Set limits" leads to the card itself.
  await page.getByRole("link", { name: "Set limits" }).click();
  await expect(limits).toBeInViewport();
  await auctionLimit.fill("50");
  await limits.getByRole("button", { name: "Save limits" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. A higher limit applies after 24 hours." })).toBeVisible();
  await expect(limits.getByText("This month: €2.00 spent of €3.00")).toBeVisible();
  await expect(limits.getByText(/^Raised to €50\.00 from .*20\d\d/)).toBeVisible();

  // A break of 7 days: asked to confirm first, then on a break; enrolment and top-ups are refused, saying until when.
  const breakForm = page.getByRole("region", { name: "Take a break" });
  await breakForm.getByLabel("7 days").check();
  await breakForm.getByRole("button", { name: "Start the break" }).click();
  await expect(breakForm.getByText("Tick the box to confirm.")).toBeVisible();
  await breakForm.getByLabel("I understand that the break cannot be lifted early.").check();
  await breakForm.getByRole("button", { name: "Start the break" }).click();
  await expect(breakForm.getByRole("status")).toContainText(/On a break until .*20\d\d/);
  // A shorter one would lift it early: refused.
  await breakForm.getByLabel("24 hours").check();
  await breakForm.getByLabel("I understand that the break cannot be lifted early.").check();
  await breakForm.getByRole("button", { name: "Start the break" }).click();
  await expect(breakForm.getByRole("alert")).toContainText(/Your break runs until .* and cannot be lifted or shortened\./);

  const free = await runningAuction(operator, `Break lamp ${tag}`, 0);
  await page.goto(`/auctions/${free}`);
  await expect(panel.getByRole("status")).toContainText(
    /You are taking a break until .*: enrolment, bidding and top-ups are blocked until then\./,
  );
  await expect(panel.getByRole("button", { name: /^Enrol/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Add funds" }).click();
  const dialog = page.getByRole("dialog", { name: "Add funds" });
  await dialog.getByLabel("Amount").fill("5");
  await dialog.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /You are taking a break until/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/auctions/${free}$`));
});

test("a bidder whose limit leaves nothing for a win is told so before sliding, and an auto-bid over it is refused with the figures", async ({
  browser,
}) => {
  const operator = await operatorSession(browser);
  const { page } = await signedInPage(browser, "Unpayable");
  expect(
    (await page.request.put("/api/spend-limits", { headers: xhr, data: { auctionLimitCents: 0, topUpLimitCents: null } })).status(),
  ).toBe(200);
  const auctionId = await runningAuction(operator, `Free lamp ${Date.now().toString(36)}`, 0);
  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await panel.getByRole("button", { name: "Enrol for free" }).click();
  await expect(panel.getByRole("note")).toHaveText(
    "A win at €0.01 would cross your monthly limit on auction spending: €0.00 is left this month, so you could not pay for it.",
  );
  await expect(panel.getByRole("slider", { name: "Bid €0.01" })).toBeVisible();
  await page.getByLabel("Maximum price (€)").fill("1");
  await page.getByRole("button", { name: "Set auto-bid" }).click();
  await expect(
    page.getByText(/This would cross your monthly limit on auction spending of €0\.00: €0\.00 is left this month\./),
  ).toBeVisible();
});
