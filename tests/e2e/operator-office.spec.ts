// The back office's second slice (decision 029), as an operator: a paid win sent and delivered from the fulfilment
// queue; a promo code created and disabled, after which a winner entering it is refused with SPEC.md's message; a
// wallet credited with a reason, seen in the audit log.
import { expect, test, type Browser } from "./fixtures";
import { creditWallet, operatorPage, operatorSession, signedInPage, winAuction, xhr } from "./support";

/** A new bidder with €10 from an operator's credit, who has won an auction at €2.50. */
async function winner(browser: Browser, title: string) {
  const operator = await operatorSession(browser);
  const bidder = await signedInPage(browser, "Winner");
  const credit = await operator.post(`/api/operator/users/${bidder.displayName}/wallet`, {
    headers: xhr,
    data: { amountCents: 1000, reason: "E2E starting balance" },
  });
  expect(credit.status()).toBe(200);
  const auctionId = await winAuction(operator, bidder.page, title);
  return { ...bidder, auctionId };
}

test("an operator sends a paid win from the fulfilment queue and marks it delivered", async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Queue kettle ${Date.now().toString(36)}`;
  const { page: bidderPage, displayName, auctionId } = await winner(browser, title);
  const paid = await bidderPage.request.post(`/api/fulfilments/${auctionId}/pay`, {
    headers: xhr,
    data: { deliveryAddress: "Brīvības iela 58, Rīga, LV-1010", phone: "+371 26 123 456" },
  });
  expect(paid.status()).toBe(200);

  const page = await operatorPage(browser);
  await page.goto("/operator/auctions");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Fulfilment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fulfilment queue" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Fulfilment state" }).getByRole("link", { name: "To send" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(row).toContainText(displayName);
  await expect(row).toContainText("Brīvības iela 58, Rīga, LV-1010");
  await expect(row.getByRole("link", { name: "+371 26 123 456" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Mark as delivered" })).toHaveCount(0);

  await row.getByRole("button", { name: "Mark as in delivery" }).click();
  const send = page.getByRole("dialog", { name: "Send this win?" });
  await expect(send).toContainText(title);
  await send.getByRole("button", { name: "Mark as in delivery" }).click();
  await expect(send).toBeHidden();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  await page.getByRole("link", { name: "In delivery" }).click();
  const sent = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(sent).toContainText("Sent on");
  await sent.getByRole("button", { name: "Mark as delivered" }).click();
  const deliver = page.getByRole("dialog", { name: "Mark this win as delivered?" });
  await deliver.getByRole("button", { name: "Mark as delivered" }).click();
  await expect(deliver).toBeHidden();

  await page.getByRole("link", { name: "Delivered", exact: true }).click();
  const delivered = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(delivered).toContainText("Delivered on");
  await expect(delivered.getByRole("button")).toHaveCount(0);
  // The winner's page says so too.
  expect(await (await bidderPage.request.get(`/api/fulfilments/${auctionId}`, { headers: xhr })).json()).toMatchObject({
    state: "Delivered",
  });
});

test("an operator creates and disables a promo code, and a winner entering it is refused", async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Promo lamp ${Date.now().toString(36)}`;
  const { page: bidderPage, auctionId } = await winner(browser, title);
  const page = await operatorPage(browser);
  await page.goto("/operator/promo-codes");
  await expect(page.getByRole("heading", { level: 1, name: "Promo codes" })).toBeVisible();
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByLabel("Percent off").fill("20");
  await page.getByLabel("Uses in all").fill("5");
  await page.getByRole("button", { name: "Create code" }).click();
  const row = page.getByRole("listitem", { name: code });
  await expect(row).toContainText("20 % off");
  await expect(row).toContainText("0 of 5");
  await expect(row).toContainText("Active");

  // Before it is disabled, the winner's quote takes it.
  expect((await bidderPage.request.post(`/api/fulfilments/${auctionId}/quote`, { headers: xhr, data: { promoCode: code } })).status()).toBe(
    200,
  );

  await row.getByRole("button", { name: `Disable ${code}` }).click();
  const dialog = page.getByRole("dialog", { name: `Disable ${code}?` });
  await dialog.getByRole("button", { name: "Disable" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Disabled");
  await expect(row.getByRole("button")).toHaveCount(0);

  // The winner's pay form refuses it with SPEC.md's words, and so does paying. (The win was seen: no 'You won!' over it.)
  expect((await bidderPage.request.post(`/api/fulfilments/${auctionId}/seen`, { headers: xhr })).status()).toBe(200);
  await bidderPage.goto("/auctions/won");
  const card = bidderPage.getByRole("article", { name: title });
  const form = card.getByRole("form", { name: "Pay and tell us where to deliver" });
  await form.getByLabel("Promo code").fill(code.toLowerCase());
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByText("Entered promo code is not valid.")).toBeVisible();
  const pay = await bidderPage.request.post(`/api/fulfilments/${auctionId}/pay`, {
    headers: xhr,
    data: { deliveryAddress: "Brīvības iela 58, Rīga, LV-1010", phone: "+371 26 123 456", promoCode: code },
  });
  expect(pay.status()).toBe(400);
  expect(await pay.json()).toMatchObject({ error: { code: "PROMO_CODE_INVALID", message: "Entered promo code is not valid." } });
});

test("an operator credits a wallet with a reason and finds it in the audit log", async ({ browser }) => {
  const { displayName } = await signedInPage(browser, "Audited");
  const page = await operatorPage(browser);
  const reason = `Goodwill ${Date.now().toString(36)}`;
  await creditWallet(page, displayName, { euros: "3.50", reason, balance: "€3.50" });

  await page.getByRole("link", { name: "This user's audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const entry = page.getByRole("list", { name: "Logged actions" }).getByRole("listitem").filter({ hasText: reason });
  await expect(entry).toContainText("Wallet adjusted");
  await expect(entry).toContainText("(operator@pennybid.lv) · Back office");
  await expect(entry).toContainText("Amount: +€3.50");

  // The filter narrows: the same user, another action, finds nothing; the audit log's own navigation keeps it.
  await page.getByRole("combobox", { name: "Action" }).selectOption({ label: "Role changed" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No action matches this filter.")).toBeVisible();
  await page.goBack();
  await expect(entry).toBeVisible();
});
