// Money out on a desktop (decision 090): money that came in with no top-up goes out as a payout to the IBAN the
// bidder gives; an operator refuses it in the back office's Payouts page, and the bidder's wallet shows it returned,
// live. The statement shows the twelve months as a table.
import { expect, test } from "./fixtures";
import { operatorPage, signedInPage, xhr } from "./support";

test("a payout to an IBAN: checked as typed, refused by an operator with a reason, returned to the wallet live", async ({ browser }) => {
  test.setTimeout(180_000);
  const { page, displayName } = await signedInPage(browser, "Payout");
  const office = await operatorPage(browser);
  const credited = await office.request.post(`/api/operator/users/${displayName}/wallet`, {
    headers: xhr,
    data: { amountCents: 2000, reason: "E2E goodwill credit" },
  });
  expect(credited.status()).toBe(200);

  await page.goto("/wallet");
  const withdraw = page.getByRole("region", { name: "Withdraw" });
  await expect(withdraw.getByText("Free to withdraw: €20.00")).toBeVisible();
  await withdraw.getByLabel("Amount in euros").fill("5");
  const iban = withdraw.getByLabel("Your IBAN");
  await expect(withdraw.getByText("€5.00 cannot go back to your top-ups")).toBeVisible();
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(withdraw.getByText("Part of this amount can only be paid to a bank account: enter your IBAN.")).toBeVisible();
  await iban.fill("LV81 BANK 0000 4351 9500 1");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(withdraw.getByText("This IBAN's check digits do not match: please check it for a typo.")).toBeVisible();
  await expect(iban).toHaveAttribute("aria-invalid", "true");
  await iban.fill("lv80bank0000435195001");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Your withdrawal of €5.00 is on its way.")).toBeVisible();
  const item = withdraw.getByRole("listitem", { name: "€5.00 · In progress" });
  await expect(item.getByText("Bank transfer to LV80 •••• 5001: €5.00")).toBeVisible();
  await expect(item.getByText("Waiting for our team")).toBeVisible();
  await expect(withdraw.getByText("Free to withdraw: €15.00")).toBeVisible();

  await office.goto("/operator/payouts");
  const row = office.getByRole("listitem", { name: `${displayName} · €5.00` });
  await expect(row.getByText("LV80 BANK 0000 4351 9500 1")).toBeVisible();
  await row.getByRole("button", { name: "Refuse" }).click();
  const dialog = office.getByRole("dialog", { name: "Refuse payout" });
  await dialog.getByRole("button", { name: "Refuse payout" }).click();
  await expect(dialog.getByText("Say why the payout is refused.")).toBeVisible();
  await dialog.getByLabel("Reason for refusing").fill("The account holder's name does not match");
  await dialog.getByRole("button", { name: "Refuse payout" }).click();
  await expect(dialog).toBeHidden();
  await expect(office.getByText("No payouts here.")).toBeVisible();
  await office.getByRole("link", { name: "Settled" }).click();
  await expect(
    office.getByRole("listitem", { name: `${displayName} · €5.00` }).getByText("The account holder's name does not match"),
  ).toBeVisible();

  // The bidder's wallet follows without a reload.
  await expect(withdraw.getByRole("listitem", { name: "€5.00 · Returned to your wallet" })).toBeVisible();
  await expect(withdraw.getByText("Reason: The account holder's name does not match")).toBeVisible();
  await expect(withdraw.getByText("Free to withdraw: €20.00")).toBeVisible();

  const statement = page.getByRole("region", { name: "Statement" });
  const table = statement.getByRole("table", { name: "Statement" });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("row").nth(1).getByRole("cell")).toHaveText([
    "€0.00",
    "€0.00",
    "€0.00",
    "€0.00",
    "€0.00",
    "+€20.00",
    "+€20.00",
  ]);
});
