import { act, renderHook } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  amountText,
  DATE_WRITTEN_LANGUAGES,
  dateTimeWriter,
  EURO_WRITTEN_LANGUAGES,
  euroWriter,
  formatBalance,
  PERCENT_WRITTEN_LANGUAGES,
  percentWriter,
  splitDuration,
  timeWriter,
  useDateTime,
  useEuro,
  usePercent,
  useTimeOfDay,
} from "./format";
import { i18n } from "./i18n";

describe("the first render", () => {
  // First in the file: formatters are kept per language for the page's life, and a later test may have built one.
  it("builds no Intl formatter for a render that writes euros, moments and times of day (a page's first costs tens of ms: decisions 049, 058)", async () => {
    const { NumberFormat, DateTimeFormat } = Intl;
    const numberFormats = vi.spyOn(Intl, "NumberFormat").mockImplementation(function (...args) {
      return new NumberFormat(...args);
    });
    const dateTimeFormats = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (...args) {
      return new DateTimeFormat(...args);
    });
    try {
      await act(() => i18n.changeLanguage("ru"));
      const { result } = renderHook(() => ({ euro: useEuro(), dateTime: useDateTime(), timeOfDay: useTimeOfDay(), percent: usePercent() }));
      expect(result.current.euro(123_456)).toBe("1\u00a0234,56\u00a0€");
      expect(result.current.dateTime("2026-11-24T10:00:00Z")).toMatch(/^24 нояб\. 2026 г\., \d\d:00$/);
      expect(result.current.timeOfDay("2026-11-24T10:00:05Z")).toMatch(/^\d\d:00:05$/);
      expect(result.current.percent(0.285)).toBe("29\u00a0%");
      expect(numberFormats).not.toHaveBeenCalled();
      expect(dateTimeFormats).not.toHaveBeenCalled();
      // Another language's are Intl's, one built for all its moments.
      dateTimeWriter("de")("2026-11-24T10:00:00Z");
      dateTimeWriter("de")("2026-11-25T10:00:00Z");
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
      for (const cents of edges.flatMap((c) => (c === 0 ? [0] : [c, -c])))
        expect(write(cents), `${language} ${cents}`).toBe(intl.format(cents / 100));
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: -MOST, max: MOST })), (cents) => {
          expect(write(cents)).toBe(intl.format(cents / 100));
        }),
      );
    }
  });

  it("writes moments and times of day in each of the app's languages exactly as Intl does (decision 058)", () => {
    expect(DATE_WRITTEN_LANGUAGES.toSorted()).toEqual(["en", "lv", "ru"]);
    const zone = process.env.TZ;
    // Riga's clocks move twice a year; the device's local time is what both write.
    process.env.TZ = "Europe/Riga";
    try {
      for (const language of DATE_WRITTEN_LANGUAGES) {
        const intlDateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
        const intlTime = new Intl.DateTimeFormat(language, { timeStyle: "medium" });
        const [writeDateTime, writeTime] = [dateTimeWriter(language), timeWriter(language)];
        const check = (ms: number) => {
          const iso = new Date(ms).toISOString();
          expect(writeDateTime(iso), `${language} ${iso}`).toBe(intlDateTime.format(new Date(ms)));
          expect(writeTime(iso), `${language} ${iso}`).toBe(intlTime.format(new Date(ms)));
        };
        // Midnight, noon and the hours either side of them, each month, and the clocks' changes.
        for (let month = 0; month < 12; month += 1)
          for (const hour of [0, 1, 11, 12, 13, 23]) check(new Date(2026, month, month + 1, hour, 7, 9).getTime());
        ["2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-10-25T00:59:59Z", "2026-10-25T01:00:00Z"].forEach((iso) =>
          check(Date.parse(iso)),
        );
        fc.assert(fc.property(fc.integer({ min: 0, max: Date.UTC(2199, 11, 31) }), check));
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("writes moments in the service's time zone, whatever the device's, exactly as Intl does there (decision 061)", () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      for (const language of DATE_WRITTEN_LANGUAGES) {
        const inRiga = { timeZone: "Europe/Riga" };
        const intlDateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", ...inRiga });
        const intlTime = new Intl.DateTimeFormat(language, { timeStyle: "medium", ...inRiga });
        const [writeDateTime, writeTime] = [dateTimeWriter(language, "service"), timeWriter(language, "service")];
        const check = (ms: number) => {
          const iso = new Date(ms).toISOString();
          expect(writeDateTime(iso), `${language} ${iso}`).toBe(intlDateTime.format(new Date(ms)));
          expect(writeTime(iso), `${language} ${iso}`).toBe(intlTime.format(new Date(ms)));
        };
        // Riga's clock changes, either side of them, and New York's (which must not matter).
        [
          "2026-03-29T00:59:59Z",
          "2026-03-29T01:00:00Z",
          "2026-10-25T00:59:59Z",
          "2026-10-25T01:00:00Z",
          "2027-03-28T00:30:00Z",
          "2027-03-28T01:30:00Z",
        ].forEach((iso) => check(Date.parse(iso)));
        ["2026-03-08T07:30:00Z", "2026-11-01T05:30:00Z", "2026-12-31T22:30:00Z"].forEach((iso) => check(Date.parse(iso)));
        fc.assert(fc.property(fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2199, 11, 31) }), check));
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("writes whole percents in each of the app's languages exactly as Intl does (decision 058)", () => {
    expect(PERCENT_WRITTEN_LANGUAGES.toSorted()).toEqual(["en", "lv", "ru"]);
    for (const language of PERCENT_WRITTEN_LANGUAGES) {
      const intl = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
      const write = percentWriter(language);
      const check = (share: number) => {
        expect(write(share), `${language} ${share}`).toBe(intl.format(share));
      };
      [0, -0, 0.005, 0.004999, 0.145, 0.285, 0.5, 1, 9.995, 9.999, 10, 12.3, -0.42, 1e-7, 0.1 + 0.2].forEach(check);
      // Shares as the app has them (a count of a total), and any double from nothing to beyond ten.
      fc.assert(fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (part, total) => check(part / total)));
      fc.assert(fc.property(fc.double({ min: -1, max: 20, noNaN: true }), check));
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
