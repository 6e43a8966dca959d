import { describe, expect, it } from "vitest";
import { IdParam, isSafeText, text, wholeNumberParam } from "./input";

describe("text()", () => {
  it.each(["Anna", "Ozola-Bērziņa", "😀 emoji as a surrogate pair", "<svg/onload=alert(1)>", "' or 1=1; --", ""])("accepts %j", (value) => {
    expect(isSafeText(value)).toBe(true);
    expect(text().safeParse(value).success).toBe(true);
  });

  it.each(["\u0000", "An\u0000na", "\ud800", "\udc00", "a\ud800b", "\udfff\ud800", "😀".slice(0, 1)])(
    "refuses %j with the translated key",
    (value) => {
      expect(isSafeText(value)).toBe(false);
      const parsed = text().trim().min(1).safeParse(value);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["validation.invalidCharacters"]);
    },
  );
});

describe("ids and whole numbers in paths and query strings", () => {
  it.each([
    ["1", 1],
    ["16", 16],
    ["2147483647", 2 ** 31 - 1],
  ])("reads %j as %d", (value, expected) => {
    expect(IdParam.parse(value)).toBe(expected);
  });

  it.each(["0x10", " 1", "1 ", "\t1", "+1", "-1", "01", "1.0", "1e1", "0b1", "0o1", "", "0", "2147483648", "NaN", "Infinity", "1\u0000"])(
    "refuses %j as an id",
    (value) => {
      expect(IdParam.safeParse(value).success).toBe(false);
    },
  );

  it("takes 0 where the range allows it, and nothing outside it", () => {
    const seconds = wholeNumberParam(0, 60);
    expect(seconds.parse("0")).toBe(0);
    expect(seconds.safeParse("61").success).toBe(false);
    expect(seconds.safeParse("00").success).toBe(false);
  });
});
