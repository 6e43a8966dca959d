import { describe, expect, it } from "vitest";
import { acceptedLanguage } from "./language";

describe("the language a request reads auctions in", () => {
  it("is the SPA's Accept-Language, or the first of ours a browser's list names by weight", () => {
    expect(acceptedLanguage("ru")).toBe("ru");
    expect(acceptedLanguage("en-GB")).toBe("en");
    expect(acceptedLanguage("de-DE,ru;q=0.8,en;q=0.9")).toBe("en");
    expect(acceptedLanguage("fr, lv;q=0.5")).toBe("lv");
    expect(acceptedLanguage("ru;q=0, en;q=0.1")).toBe("en");
  });

  it("is SPEC.md's default, Latvian, when it names none of ours", () => {
    expect(acceptedLanguage(undefined)).toBe("lv");
    expect(acceptedLanguage("")).toBe("lv");
    expect(acceptedLanguage("de, fr;q=0.9")).toBe("lv");
  });
});
