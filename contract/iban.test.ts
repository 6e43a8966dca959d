import { describe, expect, it } from "vitest";
import { compactIban, formatIban, ibanProblem } from "./iban";

describe("IBANs", () => {
  it("accepts published example IBANs, however they are spaced or cased", () => {
    // Examples from the SWIFT IBAN registry.
    for (const iban of [
      "LV80BANK0000435195001",
      "lt12 1000 0111 0100 1000",
      "EE382200221020145685",
      "DE89 3704 0044 0532 0130 00",
      "GB29NWBK60161331926819",
      "FR1420041010050500013M02606",
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
  });
  it("refuses a wrong checksum, a wrong length, an unknown country and what is no IBAN", () => {
    expect(ibanProblem("LV81BANK0000435195001")).toBe("checksum");
    expect(ibanProblem("LV80BANK000043519500")).toBe("length");
    expect(ibanProblem("XX80BANK0000435195001")).toBe("country");
    expect(ibanProblem("not an iban")).toBe("format");
    expect(ibanProblem("")).toBe("format");
    expect(ibanProblem("LV80BANK00004351950€1")).toBe("format");
    // Latvia's BBAN starts with four letters of the bank.
    expect(ibanProblem("LV801234000043519500A")).toBe("format");
  });
  it("writes an IBAN compact to keep and grouped by four to show", () => {
    expect(compactIban(" lv80 bank-0000 4351 9500 1 ")).toBe("LV80BANK0000435195001");
    expect(formatIban("LV80BANK0000435195001")).toBe("LV80 BANK 0000 4351 9500 1");
  });
});
