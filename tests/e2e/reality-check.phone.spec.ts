// Reality checks on a phone (issue 53 item 5, decision 095): the bidder chooses every 30 minutes in the profile, the
// check comes after 30 minutes of the page's clock (moved by Playwright), and Take a break starts the profile's pause
// from it.
import { expect, test } from "./fixtures";
import { signedInPage } from "./support";

test("a bidder chooses a check every 30 minutes and takes a break from it", async ({ browser, contextOptions }) => {
  test.setTimeout(120_000);
  const { page } = await signedInPage(browser, "Pause", contextOptions);
  await page.clock.install();
  await page.goto("/profile");
  const setting = page.getByRole("region", { name: "Reality checks" });
  await expect(setting.getByRole("radio", { name: "60 minutes" })).toBeChecked();
  await setting.getByRole("radio", { name: "30 minutes" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Saved: a reality check every 30 minutes." })).toBeVisible();
  await page.reload();
  await expect(setting.getByRole("radio", { name: "30 minutes" })).toBeChecked();

  await page.clock.fastForward("30:00");
  const check = page.getByRole("dialog", { name: "Reality check" });
  await expect(check).toBeVisible();
  await expect(check).toContainText("€0.00");
  await check.getByRole("button", { name: "Take a break" }).click();
  const breakDialog = page.getByRole("dialog", { name: "Take a break" });
  await breakDialog.getByRole("radio", { name: "24 hours" }).check();
  await breakDialog.getByRole("checkbox", { name: "I understand that the break cannot be lifted early." }).check();
  await breakDialog.getByRole("button", { name: "Start the break" }).click();
  await expect(breakDialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Your break has started." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Take a break" }).getByText(/^On a break until/)).toBeVisible();
});
