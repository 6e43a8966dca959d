import { describe, expect, it } from "vitest";
import { auctionSorts, isOneOf, languages, pictureFor, pictureSizes } from "./constants";

describe("isOneOf", () => {
  it("accepts a value of the list and nothing else: other text, another case, null, a number", () => {
    expect(isOneOf(languages, "lv")).toBe(true);
    expect(isOneOf(auctionSorts, "newest")).toBe(true);
    expect(isOneOf(languages, "de")).toBe(false);
    expect(isOneOf(languages, "LV")).toBe(false);
    expect(isOneOf(auctionSorts, null)).toBe(false);
    expect(isOneOf(auctionSorts, 1)).toBe(false);
  });
});

describe("pictureFor", () => {
  it("offers an uploaded photo's WebP widths, drawn at the width of where it is shown", () => {
    const hash = "0123456789abcdef0123456789abcdef";
    for (const type of ["jpg", "png", "webp"]) {
      expect(pictureFor(`/media/${hash}.${type}`, "card")).toEqual({
        src: `/media/${hash}-640w.webp`,
        srcSet: `/media/${hash}-320w.webp 320w, /media/${hash}-640w.webp 640w, /media/${hash}-1280w.webp 1280w`,
        sizes: pictureSizes.card,
      });
    }
    expect(pictureFor(`/media/${hash}.jpg`, "thumbnail").sizes).toBe("112px");
  });

  it("leaves every other picture as it is: bundled ones, a GIF, an SVG, a width already, another address", () => {
    for (const image of [
      "/products/headphones.svg",
      "/media/0123456789abcdef0123456789abcdef.gif",
      "/media/0123456789abcdef0123456789abcdef.svg",
      "/media/0123456789abcdef0123456789abcdef-640w.webp",
      "https://example.com/media/0123456789abcdef0123456789abcdef.jpg",
    ]) {
      expect(pictureFor(image, "detail")).toEqual({ src: image });
    }
  });
});
