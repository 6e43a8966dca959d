import { act, renderHook } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { amountText, EURO_WRITTEN_LANGUAGES, euroWriter, formatBalance, splitDuration, useDateTime, useEuro } from "./format";
import { i18n } from "./i18n";

describe("the first render", () => {
  // First in the file: formatters are kept per language for the page's life, and a later test may have built one.
  it("builds no Intl formatter for a render that writes euros and no date (a page's first costs tens of ms: decision 049)", async () => {
    const { NumberFormat, DateTimeFormat } = Intl;
    const numberFormats = vi.spyOn(Intl, "NumberFormat").mockImplementation(function (...args) {
      return new NumberFormat(...args);
    });
    const dateTimeFormats = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (...args) {
      return new DateTimeFormat(...args);
    });
    try {
      await act(() => i18n.changeLanguage("ru"));
      const { result } = renderHook(() => ({ euro: useEuro(), dateTime: useDateTime() }));
      expect(result.current.euro(123_456)).toBe("1\u00a0234,56\u00a0€");
      expect(numberFormats).not.toHaveBeenCalled();
      expect(dateTimeFormats).not.toHaveBeenCalled();
      result.current.dateTime("2026-11-24T10:00:00Z");
      result.current.dateTime("2026-11-25T10:00:00Z");
      expect(dateTimeFormats).toHaveBeenCalledTimes(1);
    } finally {
      numberFormats.mockRestore();
      dateTimeFormats.mockRestore();
      await act(() => i18n.changeLanguage("en"));
    }
  });
});

describe("durations", () => {
  it("shows minutes and seconds under an hour, rounding up", () => {
    expect(splitDuration(9_001)).toEqual({ days: 0, clock: "00:10" });
    expect(splitDuration(0)).toEqual({ days: 0, clock: "00:00" });
    expect(splitDuration(-5)).toEqual({ days: 0, clock: "00:00" });
  });

  it("adds hours, and whole days apart", () => {
    expect(splitDuration(3_600_000 + 61_000)).toEqual({ days: 0, clock: "01:01:01" });
    expect(splitDuration(2 * 86_400_000 + 4 * 3_600_000 + 10 * 60_000 + 5_000)).toEqual({ days: 2, clock: "04:10:05" });
  });
});

describe("money", () => {
  it("quotes cents as a plain amount with two decimals", () => {
    expect(amountText(150)).toBe("1.50");
    expect(amountText(500)).toBe("5.00");
    expect(amountText(1)).toBe("0.01");
  });

  it("writes euros and moments as the language does, each amount again from what it wrote in that language", async () => {
    const { result, rerender } = renderHook(() => ({ euro: useEuro(), dateTime: useDateTime() }));
    expect(result.current.euro(150)).toBe("€1.50");
    expect(result.current.euro(150)).toBe("€1.50");
    const moment = "2026-11-24T10:00:00Z";
    const inEnglish = result.current.dateTime(moment);
    await act(() => i18n.changeLanguage("lv"));
    rerender();
    expect(result.current.euro(150)).toMatch(/^1,50\s€$/);
    expect(result.current.dateTime(moment)).not.toBe(inEnglish);
    await act(() => i18n.changeLanguage("en"));
    rerender();
    expect(result.current.euro(150)).toBe("€1.50");
    expect(result.current.dateTime(moment)).toBe(inEnglish);
  });

  it("writes euros in each of the app's languages exactly as Intl does, for any whole number of cents (decision 049)", () => {
    // Up to ten billion euros: beyond that, Intl's own cents / 100 in floating point starts to miss the last cent.
    const MOST = 1_000_000_000_000;
    expect(EURO_WRITTEN_LANGUAGES.toSorted()).toEqual(["en", "lv", "ru"]);
    for (const language of EURO_WRITTEN_LANGUAGES) {
      const intl = new Intl.NumberFormat(language, { style: "currency", currency: "EUR" });
      const write = euroWriter(language);
      const edges = [0, 1, 99, 100, 99_999, 100_000, 999_999, 1_000_000, 123_456_789, MOST];
      for (const cents of edges.flatMap((c) => (c === 0 ? [0] : [c, -c]))) expect(write(cents), `${language} ${cents}`).toBe(intl.format(cents / 100));
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: -MOST, max: MOST })), (cents) => {
          expect(write(cents)).toBe(intl.format(cents / 100));
        }),
      );
    }
  });

  it("leaves another language, and a fraction of a cent, to Intl", () => {
    expect(euroWriter("de")(123_456)).toBe(new Intl.NumberFormat("de", { style: "currency", currency: "EUR" }).format(1234.56));
    expect(euroWriter("en")(150.5)).toBe("€1.51");
  });

  it("shows an unknown balance as 0.00 (SPEC.md §2)", () => {
    expect(formatBalance(undefined)).toBe("0.00");
    expect(formatBalance(12.5)).toBe("12.50");
  });
});
