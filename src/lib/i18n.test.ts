import { afterEach, describe, expect, it } from "vitest";
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
