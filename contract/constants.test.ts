import { describe, expect, it } from "vitest";
import { auctionSorts, isOneOf, languages } from "./constants";

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
