import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { amountText, formatBalance, splitDuration, useDateTime, useEuro } from "./format";
import { i18n } from "./i18n";

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

  it("shows an unknown balance as 0.00 (SPEC.md §2)", () => {
    expect(formatBalance(undefined)).toBe("0.00");
    expect(formatBalance(12.5)).toBe("12.50");
  });
});
