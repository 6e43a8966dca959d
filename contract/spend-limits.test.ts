// The profile's limits form as the contract reads it: euros as typed become cents, empty is no limit, the rest is
// refused with a translatable key.
import { describe, expect, it } from "vitest";
import { PauseForm, SpendLimitsForm } from "./spend-limits";

const parse = (auctionLimit: string, topUpLimit = "") => SpendLimitsForm.safeParse({ auctionLimit, topUpLimit });

describe("SpendLimitsForm", () => {
  it("turns euros with a point or a comma into cents, and empty into no limit", () => {
    expect(parse("50", "")).toMatchObject({ success: true, data: { auctionLimitCents: 5000, topUpLimitCents: null } });
    expect(parse(" 49,99 ", "0.5")).toMatchObject({ success: true, data: { auctionLimitCents: 4999, topUpLimitCents: 50 } });
    expect(parse("100000")).toMatchObject({ success: true, data: { auctionLimitCents: 10_000_000 } });
  });

  it("refuses negative, fractional cents, words and absurd amounts", () => {
    for (const text of ["-3", "1.234", "ten", "1e3", "12.", "0x10"]) {
      expect(parse(text).error?.issues[0]?.message, text).toBe("limits.validation.amount");
    }
    expect(parse("100000.01").error?.issues[0]?.message).toBe("limits.validation.tooLarge");
  });
});

describe("PauseForm", () => {
  it("takes a length from the list only with the bidder's word that it cannot be lifted", () => {
    expect(PauseForm.safeParse({ length: "7d", isUnderstood: true }).success).toBe(true);
    expect(PauseForm.safeParse({ length: "7d", isUnderstood: false }).error?.issues[0]?.message).toBe("limits.pause.confirmRequired");
    expect(PauseForm.safeParse({ length: "1h", isUnderstood: true }).success).toBe(false);
  });
});
