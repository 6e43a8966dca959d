// SPEC.md §9: the mobile layout is a viewport of at most 768 px; the header is 64 px high there and 72 px on desktop
// (from md, which begins at 769 px: decision 085).
import { expect, test, type Page } from "./fixtures";
import { inEnglish, spaTakenOver } from "./support";

async function headerHeightAt(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 900 });
  const box = await page.getByRole("banner").boundingBox();
  return box?.height ?? 0;
}

test("the header is the phone's at 768 px wide and the desktop's from 769 px", async ({ page }) => {
  await inEnglish(page);
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/");
  await spaTakenOver(page);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();

  await expect.poll(() => headerHeightAt(page, 768)).toBe(64);
  await expect.poll(() => headerHeightAt(page, 769)).toBe(72);
  await expect.poll(() => headerHeightAt(page, 767)).toBe(64);
  await expect.poll(() => headerHeightAt(page, 1440)).toBe(72);
});
