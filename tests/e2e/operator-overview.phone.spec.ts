// The back office on a phone (it is used on one: an operator away from a desk): the overview's four counts fit the
// screen two by two, without sideways scrolling, and a tap opens the list a count counts.
import { expect, test } from "./fixtures";
import { operatorPage } from "./support";

test("on a phone, the overview's counts fit the screen and a tap opens the list it counts", async ({ browser }, testInfo) => {
  const page = await operatorPage(browser, testInfo.project.use);
  await page.goto("/operator");
  const counts = page.getByRole("list", { name: "Counts" });
  await expect(counts.getByRole("link")).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const boxes = await Promise.all((await counts.getByRole("link").all()).map((link) => link.boundingBox()));
  for (const box of boxes) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  // Two to a row.
  expect(boxes[0]!.y).toBe(boxes[1]!.y);
  expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);

  await counts.getByRole("link", { name: /^To send \d+$/ }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Fulfilment queue" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Fulfilment state" }).getByRole("link", { name: "To send" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
