// Money out on a phone (issue 53 items 1 and 6): a bidder tops up €10 in the sandbox, enrols for €2, withdraws the €8
// left through the sandbox's refund page, and sees the withdrawal's state follow live in the wallet and the month in
// the statement.
import { expect, test } from "./fixtures";
import {
  completeGuidedTours,
  inEnglish,
  operatorSession,
  publishedAuction,
  signUpThroughMailbox,
  topUpInSandbox,
  visitorIp,
} from "./support";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });

test("a bidder tops up €10, enrols for €2, withdraws €8 in the sandbox and sees it live in the wallet and the statement", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await inEnglish(page);
  await signUpThroughMailbox(page, "withdraw");
  await completeGuidedTours(page.request);
  await topUpInSandbox(page, "10");

  const operator = await operatorSession(browser);
  const auctionId = await publishedAuction(operator, `Withdraw speaker ${Date.now().toString(36)}`, { entryFeeCents: 200 });
  await page.goto(`/auctions/${auctionId}`);
  await page.getByRole("button", { name: "Enrol · €2.00" }).click();
  await expect(page.getByText("€2.00 has been deducted from your wallet. Good luck!")).toBeVisible();

  await page.goto("/wallet");
  const withdraw = page.getByRole("region", { name: "Withdraw" });
  await expect(withdraw.getByText("Free to withdraw: €8.00")).toBeVisible();
  // Wrong input is refused before anything is sent, with its reason beside the field.
  const amount = withdraw.getByLabel("Amount in euros");
  await amount.fill("0.5");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(withdraw.getByText("You can withdraw €1.00 or more.")).toBeVisible();
  await amount.fill("9");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(withdraw.getByText("You can withdraw at most €8.00.")).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");

  // A second tab on the wallet follows the withdrawal's state live while the first settles it in the sandbox.
  const watcher = await page.context().newPage();
  await watcher.goto("/wallet");
  const watched = watcher.getByRole("region", { name: "Withdraw" });
  await expect(watched.getByText("No withdrawals yet.")).toBeVisible();

  await amount.fill("8");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(page).toHaveURL(/\/sandbox\/refunds\//);
  await expect(page.getByText("Bank card")).toBeVisible();
  await expect(page.getByText("€8.00")).toBeVisible();
  await expect(watched.getByRole("listitem", { name: "€8.00 · In progress" })).toBeVisible();

  await page.getByRole("button", { name: "Refund" }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(watched.getByRole("listitem", { name: "€8.00 · Paid out" })).toBeVisible();
  await expect(watched.getByText("Back to your card: €8.00")).toBeVisible();
  await watcher.close();

  await expect(withdraw.getByRole("listitem", { name: "€8.00 · Paid out" })).toBeVisible();
  await expect(withdraw.getByText("There is nothing to withdraw right now.")).toBeVisible();
  const statement = page.getByRole("region", { name: "Statement" });
  const month = statement.getByRole("listitem").first();
  await expect(month.getByRole("definition")).toHaveText(["+€10.00", "−€8.00", "−€2.00", "€0.00"]);
  await expect(month.getByRole("term")).toHaveText(["Top-ups", "Withdrawals", "Entry fees", "Net"]);
  const download = page.waitForEvent("download");
  await statement.getByRole("link", { name: "Download CSV" }).click();
  const csv = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let all = "";
    csv.on("data", (chunk: Buffer) => (all += chunk.toString()));
    csv.on("end", () => resolve(all));
  });
  expect(text.split("\r\n")[0]).toBe("month,top_ups_eur,withdrawals_eur,fees_eur,payments_eur,refunds_eur,adjustments_eur,net_eur");
  expect(text.split("\r\n")[1]).toMatch(/^\d{4}-\d{2},10\.00,-8\.00,-2\.00,0\.00,0\.00,0\.00,0\.00$/);
  // The ledger shows both lines, in the page's language.
  await expect(page.getByRole("listitem").filter({ hasText: "Withdrawal" }).filter({ hasText: "−€8.00" }).first()).toBeVisible();
  // Nothing on the page scrolls sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
