import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import { firstScreenFor } from "./first-screen";

/** A database with no auctions, keeping the parameters of each question it is asked. */
function emptyDatabase() {
  const asked: (readonly unknown[])[] = [];
  const db: Queryable = {
    query: async <Row>(_sql: string, params: readonly unknown[] = []) => {
      asked.push(params);
      return [] as Row[];
    },
  };
  return { db, asked };
}

/** No figures for any auction (the unit tests here never reach the question). */
const noUsualCost = async () => null;

describe("which page has a first screen", () => {
  it("looks up the auction of an auction's page, by its number", async () => {
    const { db, asked } = emptyDatabase();
    expect(await firstScreenFor(db, "/auctions/12", "en", noUsualCost)).toBeNull(); // no such auction
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((params) => JSON.stringify(params).includes("12"))).toBe(true);
  });

  it("asks nothing for an address that only contains an auction's", async () => {
    for (const pathname of ["/x/auctions/12", "/auctions/12/bids", "/auctions/012", "/auctions/won", "/wallet", ""]) {
      const { db, asked } = emptyDatabase();
      expect(await firstScreenFor(db, pathname, "en", noUsualCost), pathname).toBeNull();
      expect(asked, pathname).toEqual([]);
    }
  });
});
