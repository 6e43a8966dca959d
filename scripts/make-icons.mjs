// Draws the app's PNG icons (manifest and home screen) from the brand mark in public/favicon.svg, with the headless
// Chromium the browser tests use: `npm run icons`. The PNGs are committed; run it again when the mark changes.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const favicon = readFileSync(path.join(root, "public", "favicon.svg"), "utf8");
// The mark's strokes, drawn inside favicon.svg's 32×32 box over its orange disc.
const glyph = /<svg[^>]*>(?:<circle[^>]*\/>)([\s\S]*)<\/svg>/.exec(favicon)?.[1];
if (!glyph) throw new Error("public/favicon.svg is not shaped as this script expects (a disc, then the mark)");

const BRAND = "#F97316";
/** The disc on a transparent square: the icon where the platform shows it as it is. */
const round = favicon;
/**
 * Orange to every edge (a platform may crop it to any shape: a circle, a squircle, iOS's rounded square), with the
 * mark inside the central 80 % circle a maskable icon must keep clear.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/>${glyph}</svg>`;

const icons = [
  { file: "pwa-192x192.png", size: 192, svg: round },
  { file: "pwa-512x512.png", size: 512, svg: round },
  { file: "pwa-maskable-512x512.png", size: 512, svg: fullBleed },
  // iOS ignores transparency (it would turn black) and rounds the corners itself.
  { file: "apple-touch-icon-180x180.png", size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    writeFileSync(path.join(root, "public", file), await page.screenshot({ omitBackground: true, type: "png" }));
    console.log(`public/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
