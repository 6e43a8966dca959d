import { afterEach, describe, expect, it } from "vitest";
import { enableFallbackLanguages, i18n, i18nReady } from "./i18n";

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
