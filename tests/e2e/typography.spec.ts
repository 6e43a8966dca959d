// Russian pages are set in faces that have Cyrillic: the bundled Golos Text for Cyrillic letters, DM Sans and Barlow
// for Latin and figures, and no system fallback face anywhere. Chromium names the faces it really drew a node's text
// with (DevTools protocol, CSS.getPlatformFontsForNode), so this reads what a reader sees, not what CSS asks for.
import { expect, test, type Page } from "./fixtures";
import { fontsLoaded, spaTakenOver } from "./support";

/** Chromium names a face by its full name ("DM Sans 9pt Medium", "Golos Text Bold"). */
const BUNDLED = /^(Barlow|DM Sans|Golos Text)\b/;

async function facesOf(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  if (nodeId === 0) throw new Error(`nothing matches ${selector}`);
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

for (const { lang, heading, faces } of [
  { lang: "ru", heading: "Пенни-аукционы в прямом эфире", faces: ["Golos Text"] },
  { lang: "lv", heading: "Centu izsoles tiešraidē", faces: ["Barlow"] },
]) {
  test(`the ${lang} home heading is drawn in the bundled faces only`, async ({ page }) => {
    await page.addInitScript((language) => window.localStorage.setItem("i18nextLng", language), lang);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await spaTakenOver(page);
    await fontsLoaded(page);
    const used = await facesOf(page, "h1");
    expect(used.length).toBeGreaterThan(0);
    for (const face of faces) expect(used.some((name) => name.startsWith(face))).toBe(true);
    for (const face of used) expect(face).toMatch(BUNDLED);
  });
}

test("a Russian page's body text draws its Cyrillic in Golos Text and nothing in a system face", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("i18nextLng", "ru"));
  await page.goto("/sign-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.locator("main form button[type=submit]")).toBeVisible();
  await fontsLoaded(page);
  // The node's own text ("Войти"), set in the body face.
  const used = await facesOf(page, "main form button[type=submit]");
  expect(used.some((name) => name.startsWith("Golos Text"))).toBe(true);
  for (const face of used) expect(face).toMatch(BUNDLED);
});
