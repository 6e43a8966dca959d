import { describe, expect, it } from "vitest";
import { discountCents } from "./promo-codes";

describe("a promo code's discount", () => {
  it("takes a whole percentage, rounded to the cent", () => {
    expect(discountCents(255, { kind: "percent", amount: 20 })).toBe(51);
    expect(discountCents(999, { kind: "percent", amount: 15 })).toBe(150);
    expect(discountCents(1, { kind: "percent", amount: 10 })).toBe(0);
    expect(discountCents(250, { kind: "percent", amount: 100 })).toBe(250);
  });

  it("takes a fixed amount, never more than the price", () => {
    expect(discountCents(250, { kind: "fixed", amount: 100 })).toBe(100);
    expect(discountCents(250, { kind: "fixed", amount: 10_000 })).toBe(250);
  });
});
