import { afterEach, describe, expect, it } from "vitest";
import { FONTS_STYLESHEET_KEY, linkFonts } from "./fonts";

const fontLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>("link[data-fonts]")];
const loaded = (link: HTMLLinkElement) => link.dispatchEvent(new Event("load"));

/** A link already in the head: the head's script's, on a returning visit. */
function linkedBefore(href: string): HTMLLinkElement {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
  link.dataset.fonts = "";
  document.head.append(link);
  return link;
}

afterEach(() => {
  for (const link of fontLinks()) link.remove();
  localStorage.clear();
});

describe("the fonts' stylesheet", () => {
  it("is linked once, and noted for the next visit only once it has loaded", () => {
    linkFonts("/assets/fonts-new.css");
    linkFonts("/assets/fonts-new.css");
    const [link, ...more] = fontLinks();
    expect(more).toEqual([]);
    expect(link?.getAttribute("href")).toBe("/assets/fonts-new.css");
    expect(localStorage.getItem(FONTS_STYLESHEET_KEY)).toBeNull();

    loaded(link!);
    expect(localStorage.getItem(FONTS_STYLESHEET_KEY)).toBe("/assets/fonts-new.css");
  });

  it("keeps the link the head's script made for a returning visit", () => {
    const early = linkedBefore("/assets/fonts-new.css");

    linkFonts("/assets/fonts-new.css");
    expect(fontLinks()).toEqual([early]);
    loaded(early);
    expect(localStorage.getItem(FONTS_STYLESHEET_KEY)).toBe("/assets/fonts-new.css");
  });

  it("replaces an earlier build's stylesheet once the new one is in, never leaving the text without fonts", () => {
    linkedBefore("/assets/fonts-old.css");
    linkFonts("/assets/fonts-new.css");
    expect(fontLinks().map((link) => link.getAttribute("href"))).toEqual(["/assets/fonts-old.css", "/assets/fonts-new.css"]);

    loaded(fontLinks()[1]!);
    expect(fontLinks().map((link) => link.getAttribute("href"))).toEqual(["/assets/fonts-new.css"]);
    expect(localStorage.getItem(FONTS_STYLESHEET_KEY)).toBe("/assets/fonts-new.css");
  });
});
