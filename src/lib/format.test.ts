import { describe, expect, it } from "vitest";
import { amountText, formatBalance, splitDuration } from "./format";

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

  it("shows an unknown balance as 0.00 (SPEC.md §2)", () => {
    expect(formatBalance(undefined)).toBe("0.00");
    expect(formatBalance(12.5)).toBe("12.50");
  });
});
