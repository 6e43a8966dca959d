// Decision 068: a page whose code does not come shows the error page, not a blank screen or the page left behind;
// "Try again" loads the address afresh (the browser keeps a module it could not fetch as failed until then), and the
// page is there.
import { expect, test } from "./fixtures";
import { inEnglish } from "./support";

test("a page whose code is refused shows the error page, and Try again loads it afresh", async ({ page }) => {
  await inEnglish(page);
  await page.goto("/");
  await expect(page.locator("#root > [inert]")).toHaveCount(0);

  // The contacts page's chunk refused once, as a dropped connection or an old deployment's missing file would.
  let refused = 0;
  await page.route(/\/assets\/info-pages-[^/]*\.js$/, async (route) => {
    refused += 1;
    await route.abort();
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Contacts" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  const alert = page.getByRole("alert").filter({ hasText: "Something went wrong" });
  await expect(alert.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  expect(refused).toBe(1);

  await page.unroute(/\/assets\/info-pages-[^/]*\.js$/);
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
});
