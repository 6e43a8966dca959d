import { afterEach, describe, expect, it, vi } from "vitest";
import { laterTexts, serverOnlyTexts } from "../../vite.config";
import { enableFallbackLanguages, i18n, i18nReady, withLaterTexts } from "./i18n";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("i18n", () => {
  it("falls back in SPEC.md's order, English, Latvian, Russian, once the first render is done", async () => {
    await i18nReady;
    await enableFallbackLanguages();
    expect(i18n.options.fallbackLng).toEqual(["en", "lv", "ru"]);
    for (const language of ["en", "lv", "ru"]) expect(i18n.hasResourceBundle(language, "translation"), language).toBe(true);

    i18n.addResource("en", "translation", "fallbackProbe.both", "from English");
    i18n.addResource("lv", "translation", "fallbackProbe.both", "no latviešu");
    i18n.addResource("lv", "translation", "fallbackProbe.latvianOnly", "tikai latviski");
    await i18n.changeLanguage("ru");
    expect(i18n.t("fallbackProbe.both")).toBe("from English");
    expect(i18n.t("fallbackProbe.latvianOnly")).toBe("tikai latviski");
    expect(i18n.t("nav.home")).not.toBe("nav.home");
  });
});

describe("text parts", () => {
  it("keeps the later pages' texts out of the first part, finds them through t() once loaded, and never loads the server's", async () => {
    await i18nReady;
    const first = i18n.getResourceBundle("en", "translation") as Record<string, unknown>;
    expect(first).toHaveProperty("home");
    for (const section of laterTexts) expect(first, section).not.toHaveProperty(section);
    await withLaterTexts(() => Promise.resolve())();
    const later = i18n.getResourceBundle("en", "later") as Record<string, unknown>;
    expect(Object.keys(later).sort()).toEqual([...laterTexts].sort());
    expect(i18n.t("profile.details")).toBe("Your details");
    for (const section of serverOnlyTexts) for (const part of [first, later]) expect(part, section).not.toHaveProperty(section);
  });
});

describe("the page's language attribute", () => {
  it("is left as the server wrote it when the page starts in that language, and changes with the language", async () => {
    document.documentElement.lang = "lv";
    const written: string[] = [];
    const observer = new MutationObserver((records) => records.forEach(() => written.push(document.documentElement.lang)));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
    // The module as a page starts it: a fresh copy, with no language stored, so Latvian.
    vi.resetModules();
    const started = await import("./i18n");
    await started.i18nReady;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(written).toEqual([]);
    await started.i18n.changeLanguage("ru");
    await new Promise((resolve) => setTimeout(resolve, 0));
    observer.disconnect();
    expect(written).toEqual(["ru"]);
    expect(document.cookie).toContain("=ru");
  });
});
