// Home's search on a 390 px touch screen: the controls fit without sideways scrolling, and a section shows six
// cards at a time.
import { expect, test } from "./fixtures";
import { inEnglish, operatorSession } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

test("a phone searches Home, taps Show more for six cards at a time, and nothing scrolls sideways", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const tag = `Qp${Date.now().toString(36)}`;
  for (let index = 0; index < 8; index += 1) {
    const created = await operator.post("/api/operator/auctions", {
      headers: xhr,
      data: {
        title: `${tag} phone ${index}`,
        images: ["/products/headphones.svg"],
        initialSeconds: 600,
        resetSeconds: 20,
        startsInSeconds: 3600 + index * 60,
        publish: true,
      },
    });
    expect(created.status()).toBe(201);
  }

  await inEnglish(page);
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(tag);
  const soon = page.getByRole("region", { name: /^Starting soon/ });
  await expect(soon.getByRole("article")).toHaveCount(6);
  await expect(soon.getByText("6 of 8")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Sort by" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Free entry" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Scrolled to first, as a thumb does: the cells above it take their real height as they come near (decision 052).
  await soon.getByRole("button", { name: "Show more" }).scrollIntoViewIfNeeded();
  await soon.getByRole("button", { name: "Show more" }).tap();
  await expect(soon.getByRole("article")).toHaveCount(8);
  await expect(soon.getByRole("article").last()).toHaveAccessibleName(`${tag} phone 7`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
