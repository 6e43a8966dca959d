import { describe, expect, it } from "vitest";
import { CreatePromoCodeBody, PayBody, isDeliveryPhone } from "./fulfilment";

describe("a delivery phone", () => {
  it("accepts Latvian numbers with or without +371, and international ones", () => {
    for (const phone of [
      "26123456",
      "67 123 456",
      "+371 26123456",
      "+37126123456",
      "00371 2612 3456",
      "+44 20 7946 0958",
      "+1-202-555-0143",
      "0049 30 123456",
    ]) {
      expect(isDeliveryPhone(phone), phone).toBe(true);
    }
  });

  it("refuses anything else with 'Invalid phone number'", () => {
    for (const phone of [
      "abc",
      "2612345",
      "261234567",
      "12345678",
      "+371 1612345",
      "+371 2612345",
      "+371 261234567",
      "+12",
      "26--123456",
      "+371 (26) 123456",
    ]) {
      expect(isDeliveryPhone(phone), phone).toBe(false);
    }
    const parsed = PayBody.safeParse({ deliveryAddress: "Tērbatas iela 2, Rīga, LV-1011", phone: "12345" });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["phone"], message: "validation.invalidPhone" })]);
  });

  it("needs an address of at most 255 characters, and takes a blank promo code as none", () => {
    expect(PayBody.safeParse({ deliveryAddress: " ", phone: "26123456" }).error?.issues[0]?.message).toBe("validation.required");
    expect(PayBody.safeParse({ deliveryAddress: "x".repeat(256), phone: "26123456" }).error?.issues[0]?.message).toBe("validation.max255");
    expect(PayBody.parse({ deliveryAddress: "a", phone: "26123456", promoCode: "  " }).promoCode).toBeUndefined();
  });
});

describe("a new promo code", () => {
  it("is a percentage of at most 100 or a fixed amount in cents, with dates in order", () => {
    expect(CreatePromoCodeBody.safeParse({ code: "SPRING", kind: "percent", amount: 100 }).success).toBe(true);
    expect(CreatePromoCodeBody.safeParse({ code: "SPRING", kind: "percent", amount: 101 }).success).toBe(false);
    expect(CreatePromoCodeBody.safeParse({ code: "GIFT5", kind: "fixed", amount: 500, maxUses: 10, maxUsesPerUser: 1 }).success).toBe(true);
    expect(
      CreatePromoCodeBody.safeParse({
        code: "LATE",
        kind: "fixed",
        amount: 1,
        validFrom: "2030-02-01T00:00:00Z",
        validUntil: "2030-01-01T00:00:00Z",
      }).success,
    ).toBe(false);
    expect(CreatePromoCodeBody.safeParse({ code: "no spaces", kind: "fixed", amount: 1 }).success).toBe(false);
  });
});
