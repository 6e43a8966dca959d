import { describe, expect, it } from "vitest";
import { isValidSignature, signPayload } from "./webhook-signature";

describe("webhook signatures", () => {
  const body = '{"paymentId":"x","outcome":"succeeded"}';
  it("accepts what the secret signed", () => {
    expect(isValidSignature("s3cret", body, signPayload("s3cret", body, 1000), 1010)).toBe(true);
  });
  it("refuses another secret, a changed body, a stale time and a missing header", () => {
    const header = signPayload("s3cret", body, 1000);
    expect(isValidSignature("other", body, header, 1000)).toBe(false);
    expect(isValidSignature("s3cret", body.replace("succeeded", "failed"), header, 1000)).toBe(false);
    expect(isValidSignature("s3cret", body, header, 1000 + 301)).toBe(false);
    expect(isValidSignature("s3cret", body, undefined, 1000)).toBe(false);
  });
});
