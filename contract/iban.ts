// IBANs as a bidder types them for a payout (decision 090): the country's length, the BBAN's form and the ISO 13616
// mod-97 checksum. Shared so the wallet's form says what is wrong before it sends, and the server decides again.

/** IBAN lengths by country (SWIFT's IBAN registry), for the countries a payout from a Latvian service may go to. */
export const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  UA: 29,
  VA: 22,
};

/** The BBAN's form where it is worth checking beyond letters and digits: Latvia, Lithuania, Estonia and Germany. */
const BBAN_FORMS: Record<string, RegExp> = {
  LV: /^[A-Z]{4}[A-Z0-9]{13}$/,
  LT: /^\d{16}$/,
  EE: /^\d{16}$/,
  DE: /^\d{18}$/,
};

export type IbanProblem = "format" | "country" | "length" | "checksum";

/** Spaces and case as people type them removed: "lv80 bank 0000 4351 9500 1" → "LV80BANK0000435195001". */
export const compactIban = (text: string): string => text.replace(/[\s-]+/g, "").toUpperCase();

/** ISO 7064 mod 97-10 over the rearranged IBAN, a digit at a time so no number grows past 97·10. */
function mod97(iban: string): number {
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** What is wrong with an IBAN, or null when it is one. */
export function ibanProblem(text: string): IbanProblem | null {
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return "format";
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length === undefined) return "country";
  if (iban.length !== length) return "length";
  const form = BBAN_FORMS[country];
  if (form && !form.test(iban.slice(4))) return "format";
  return mod97(iban) === 1 ? null : "checksum";
}

/** Four characters to a group, as banks print it. */
export const formatIban = (text: string): string => compactIban(text).replace(/(.{4})(?=.)/g, "$1 ");
