// The page's fonts (decision 073). A first visit links their stylesheet once the app has started; the stylesheet is
// then noted, and the head's script (src/theme-init.js) links it at once on the next visit, whose cache has the fonts.
import { writeStored } from "./storage";

/** Where the fonts' stylesheet is noted for the next visit; src/theme-init.js reads the same key. */
export const FONTS_STYLESHEET_KEY = "fontsStylesheet";

/** The marker of the fonts' `<link>`, whoever added it. */
const FONTS_LINK = "link[data-fonts]";

/**
 * Links the fonts' stylesheet unless the head's script already has, and notes it once it has loaded. A link to
 * another build's stylesheet (noted before a deployment) goes once this one is in, so no text is left without a font.
 */
export function linkFonts(href: string): void {
  const links = [...document.head.querySelectorAll<HTMLLinkElement>(FONTS_LINK)];
  const current = links.find((link) => link.getAttribute("href") === href);
  const stale = links.filter((link) => link !== current);
  const loaded = () => {
    for (const link of stale) link.remove();
    writeStored(FONTS_STYLESHEET_KEY, href);
  };
  if (current) {
    if (current.sheet) loaded();
    else current.addEventListener("load", loaded, { once: true });
    return;
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.fonts = "";
  link.addEventListener("load", loaded, { once: true });
  document.head.append(link);
}
