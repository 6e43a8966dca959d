// The System and Users pages on a phone (390×844, touch): nothing wider than the screen, every figure and section
// readable, and a user's "Sign out everywhere" within reach of a thumb.
import { expect, test, type Page } from "./fixtures";
import { operatorPage, signedInPage } from "./support";

async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("on a phone, the System page's figures, services, jobs and processes fit the screen", async ({ browser }, testInfo) => {
  const page = await operatorPage(browser, testInfo.project.use);
  await page.goto("/operator/system");
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
  const figures = page.getByRole("list", { name: "The system in figures" }).getByRole("listitem");
  await expect(figures).toHaveCount(6);
  await expect(page.getByRole("region", { name: "Processes" }).getByRole("listitem").first()).toBeVisible();
  await fitsTheScreen(page);
  const boxes = await Promise.all((await figures.all()).map((item) => item.boundingBox()));
  for (const box of boxes) expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // Two to a row.
  expect(boxes[0]!.y).toBe(boxes[1]!.y);
});

test("on a phone, a user's page fits the screen and signs them out everywhere with a tap", async ({ browser }, testInfo) => {
  const { displayName, email } = await signedInPage(browser, "Phoneuser", testInfo.project.use);
  const page = await operatorPage(browser, testInfo.project.use);
  await page.goto("/operator/users");
  const search = page.getByRole("searchbox", { name: "Search users" });
  await search.fill(email);
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: displayName })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Operators' log about this user" })).toBeVisible();
  await fitsTheScreen(page);
  const sessions = page.getByRole("region", { name: "Sessions" });
  await sessions.getByRole("button", { name: "Sign out everywhere" }).tap();
  await page.getByRole("dialog", { name: "Sign out everywhere" }).getByRole("button", { name: "Sign out everywhere" }).tap();
  await expect(sessions).toContainText("Signed in on devices: 0");
});
