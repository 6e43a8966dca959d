import { describe, expect, it } from "vitest";
import { isEnrolmentLocked } from "../../contract";
import { enrolmentClosesAt, enrolmentLockOf, productKeyOf, type RuledAuction } from "./enrolment-rules";

const startsAt = new Date("2026-11-27T10:00:00Z");
const at = (seconds: number) => new Date(startsAt.getTime() + seconds * 1000);

/** A running auction of ten minutes that closes to new bidders a minute before its initial timer runs out. */
const auction = (overrides: Partial<RuledAuction> = {}): RuledAuction => ({
  id: 1,
  status: "Running",
  price_cents: 0,
  starts_at: startsAt,
  ends_at: at(600),
  hard_ends_at: null,
  initial_seconds: 600,
  min_previous_entries: 0,
  max_previous_wins: null,
  enrolment_closes_seconds: 60,
  enrolment_closes_at_price_cents: null,
  max_seats: null,
  seats_taken: 0,
  real_bidders_only: false,
  product_key: "kettle",
  entry_fee_cents: 0,
  ...overrides,
});

describe("the same product", () => {
  it("is the title in lower case, letters and digits of any script, each run of anything else one dash", () => {
    expect(productKeyOf("Espresso Machine: DeLonghi  EC-685!")).toBe("espresso-machine-delonghi-ec-685");
    expect(productKeyOf("  Tējkanna, 1,7 l ")).toBe("tējkanna-1-7-l");
    expect(productKeyOf("Чайник «Bosch»")).toBe("чайник-bosch");
  });

  it("keeps 120 characters at most, and no dash at either end after cutting", () => {
    expect(productKeyOf(`${"a".repeat(119)} b`)).toBe("a".repeat(119));
    expect(productKeyOf("x".repeat(200))).toBe("x".repeat(120));
    expect(productKeyOf("---")).toBe("");
  });
});

/** The contract's lock, read from the row as `enrol` reads it. */
const isLockedAt = (row: RuledAuction, now: Date) => isEnrolmentLocked(enrolmentLockOf(row), now.getTime());

// The rule itself is the contract's (contract/enrolment-lock.test.ts); these read it from an auction's row.
describe("when enrolment closes, from an auction's row", () => {
  it("closes the given seconds before the initial timer's end, whatever bids did to the end since", () => {
    expect(enrolmentClosesAt(auction())).toEqual(at(540));
    expect(enrolmentClosesAt(auction({ ends_at: at(5_000) }))).toEqual(at(540));
  });

  it("counts back from the hard end when that comes first, and never from a later one", () => {
    expect(enrolmentClosesAt(auction({ hard_ends_at: at(300) }))).toEqual(at(240));
    expect(enrolmentClosesAt(auction({ hard_ends_at: at(900) }))).toEqual(at(540));
  });

  it("has no closing time without the setting", () => {
    expect(enrolmentClosesAt(auction({ enrolment_closes_seconds: null }))).toBeNull();
  });

  it("is locked from the closing time on, and not a moment before", () => {
    expect(isLockedAt(auction(), at(539.999))).toBe(false);
    expect(isLockedAt(auction(), at(540))).toBe(true);
    expect(isLockedAt(auction({ enrolment_closes_seconds: null }), at(599))).toBe(false);
  });

  it("is locked once the price reaches the closing price, and not below it", () => {
    const byPrice = { enrolment_closes_seconds: null, enrolment_closes_at_price_cents: 150 };
    expect(isLockedAt(auction({ ...byPrice, price_cents: 149 }), at(0))).toBe(false);
    expect(isLockedAt(auction({ ...byPrice, price_cents: 150 }), at(0))).toBe(true);
    expect(isLockedAt(auction({ ...byPrice, price_cents: 0, enrolment_closes_at_price_cents: 0 }), at(0))).toBe(true);
  });
});
