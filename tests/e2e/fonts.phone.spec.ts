// Decision 073: a first visit's fonts wait for the app, so they never share a phone's first second with the page, its
// stylesheet, its picture and its script; the page is drawn in the system's sans-serif until they come. A returning
// visit, whose cache has them, links them from the head's script before the app has run.
import { expect, test, type Page } from "./fixtures";
import { fontsLoaded, holdRequests, inEnglish } from "./support";

/** Holds the app's main script until released, as a slow network would. */
const holdApp = (page: Page) => holdRequests(page, /\/assets\/index-[^/]*\.js$/);

/** Faces the page's stylesheets declare (none before the fonts' stylesheet is linked), and whether Barlow's is loaded. */
const faces = (page: Page) =>
  page.evaluate(() => ({
    declared: document.fonts.size,
    barlowBold: [...document.fonts].some((face) => face.family.replace(/"/g, "") === "Barlow" && face.status === "loaded"),
  }));

test("a first visit draws the page before any font is asked for; the app links the fonts, and a return has them at once", async ({
  page,
}) => {
  await inEnglish(page);
  const firstApp = await holdApp(page);
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Drawn, the app not yet running: no stylesheet declares a font, so none is on its way.
  expect(await faces(page)).toEqual({ declared: 0, barlowBold: false });
  await expect(page.locator("link[data-fonts]")).toHaveCount(0);

  await firstApp.release();
  await fontsLoaded(page);
  await expect.poll(async () => (await faces(page)).barlowBold).toBe(true);
  const noted = await page.evaluate(() => localStorage.getItem("fontsStylesheet"));
  expect(noted).toMatch(/^\/assets\/fonts-[\w-]+\.css$/);

  // The return: the head's script links the noted stylesheet, and its fonts come from the cache without the app.
  const againApp = await holdApp(page);
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("link[data-fonts]")).toHaveAttribute("href", noted ?? "");
  await expect.poll(async () => (await faces(page)).barlowBold).toBe(true);
  expect(againApp.held()).toBe(1);
});
