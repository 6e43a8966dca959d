// An operator's photo reaches a bidder at the width their screen needs (decision 062): a camera's 2,400-pixel JPEG
// is served as WebP at 320, 640 and 1280 pixels, and the auction's page (its picture and the page's early ask for it)
// lets the browser choose. A desktop window draws it about 600 pixels wide, a phone with three pixels to the point
// about 1,170: each asks for the width that covers it, and neither ever downloads the original.
import { expect, test, type Browser } from "./fixtures";
import sharp from "sharp";
import { inEnglish, operatorSession, xhr } from "./support";

async function pictureAsSeen(
  browser: Browser,
  auctionId: number,
  screen: { width: number; height: number; deviceScaleFactor: number; isMobile: boolean },
) {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: screen.isMobile,
    hasTouch: screen.isMobile,
  });
  const page = await context.newPage();
  await inEnglish(page);
  const pictures: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/media/")) pictures.push(new URL(request.url()).pathname);
  });
  await page.goto(`/auctions/${auctionId}`);
  const picture = page.getByRole("main").locator("img[srcset]").first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  const chosen = await picture.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
  const file = await sharp(await (await page.request.get(chosen)).body()).metadata();
  await context.close();
  return { chosen, file: { format: file.format, width: file.width }, pictures };
}

test("a photo comes to a desktop and to a phone at the width each draws it, never as the original", async ({ browser }) => {
  const operator = await operatorSession(browser);
  const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title: `Camera photo ${Date.now().toString(36)}`,
      images: [`data:image/jpeg;base64,${photo.toString("base64")}`],
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds: 3600,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;

  const desktop = await pictureAsSeen(browser, auctionId, { width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false });
  expect(desktop.chosen).toMatch(/^\/media\/[0-9a-f]{32}-640w\.webp$/);
  expect(desktop.file).toEqual({ format: "webp", width: 640 });
  const phone = await pictureAsSeen(browser, auctionId, { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true });
  expect(phone.chosen).toMatch(/^\/media\/[0-9a-f]{32}-1280w\.webp$/);
  expect(phone.file).toEqual({ format: "webp", width: 1280 });
  // One picture each: the page's early ask and the <img> agree, and nobody fetches the 2,400-pixel JPEG.
  expect(desktop.pictures).toEqual([desktop.chosen]);
  expect(phone.pictures).toEqual([phone.chosen]);
});
