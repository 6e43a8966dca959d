// The enrolment lock as decision 031 states it, the rule the server judges enrolment by and the SPA shows.
import { describe, expect, it } from "vitest";
import { enrolmentClosesAtMs, isEnrolmentLocked, type EnrolmentClosingTerms } from "./enrolment-lock";

const startsAtMs = Date.parse("2026-11-27T10:00:00Z");
const at = (seconds: number) => startsAtMs + seconds * 1000;

/** A ten-minute initial timer that closes to new bidders a minute before it runs out. */
const terms = (overrides: Partial<EnrolmentClosingTerms> = {}): EnrolmentClosingTerms => ({
  startsAtMs,
  initialSeconds: 600,
  hardEndsAtMs: null,
  closesSeconds: 60,
  ...overrides,
});

describe("when enrolment closes", () => {
  it("closes the given seconds before the initial timer's end", () => {
    expect(enrolmentClosesAtMs(terms())).toBe(at(540));
    expect(enrolmentClosesAtMs(terms({ initialSeconds: 3600, closesSeconds: 600 }))).toBe(at(3000));
  });

  it("counts back from the hard end when that comes first, and never from a later one", () => {
    expect(enrolmentClosesAtMs(terms({ hardEndsAtMs: at(300) }))).toBe(at(240));
    expect(enrolmentClosesAtMs(terms({ hardEndsAtMs: at(900) }))).toBe(at(540));
  });

  it("has no closing time without the setting", () => {
    expect(enrolmentClosesAtMs(terms({ closesSeconds: null }))).toBeNull();
  });
});

describe("the enrolment lock", () => {
  const open = { closesAtMs: null, closesAtPriceCents: null, priceCents: 0 };

  it("is locked from the closing time on, and not a moment before", () => {
    expect(isEnrolmentLocked({ ...open, closesAtMs: at(540) }, at(539.999))).toBe(false);
    expect(isEnrolmentLocked({ ...open, closesAtMs: at(540) }, at(540))).toBe(true);
    expect(isEnrolmentLocked(open, at(100_000))).toBe(false);
  });

  it("is locked once the price reaches the closing price, and not below it", () => {
    expect(isEnrolmentLocked({ ...open, closesAtPriceCents: 150, priceCents: 149 }, at(0))).toBe(false);
    expect(isEnrolmentLocked({ ...open, closesAtPriceCents: 150, priceCents: 150 }, at(0))).toBe(true);
    expect(isEnrolmentLocked({ ...open, closesAtPriceCents: 0, priceCents: 0 }, at(0))).toBe(true);
  });

  it("is locked by either rule when an auction has both", () => {
    const both = { closesAtMs: at(540), closesAtPriceCents: 150, priceCents: 10 };
    expect(isEnrolmentLocked(both, at(0))).toBe(false);
    expect(isEnrolmentLocked(both, at(540))).toBe(true);
    expect(isEnrolmentLocked({ ...both, priceCents: 150 }, at(0))).toBe(true);
  });
});
