import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import { cachedFairnessFigures } from "./fairness.queries";

/** A database whose auctions are all in `status`, counting the questions it is asked, per auction. */
function countingDatabase(status: "Waiting" | "Running" | "Ended") {
  const asked = new Map<number, number>();
  const db: Queryable = {
    query: async <Row>(_sql: string, params?: readonly unknown[]) => {
      const auctionId = params?.[0] as number;
      asked.set(auctionId, (asked.get(auctionId) ?? 0) + 1);
      const row = {
        status,
        last_hash: "",
        final_hash: null,
        entrants: 2,
        bids: 0,
        auto_bids: 0,
        distinct_bidders: 0,
        staff_bidders: 0,
        demo_bidders: 0,
      };
      return [row] as Row[];
    },
  };
  return { db, asked };
}

describe("an auction's remembered fairness figures", () => {
  it("asks the database once for an ended auction and at every ask for a waiting or running one", async () => {
    const ended = countingDatabase("Ended");
    const endedFigures = cachedFairnessFigures(ended.db);
    expect(await endedFigures(7)).toMatchObject({ auctionId: 7, status: "Ended", entrants: 2, autoBidShare: null, headHash: null });
    await endedFigures(7);
    expect(ended.asked.get(7)).toBe(1);

    for (const status of ["Waiting", "Running"] as const) {
      const open = countingDatabase(status);
      const openFigures = cachedFairnessFigures(open.db);
      await openFigures(7);
      await openFigures(7);
      expect(open.asked.get(7), status).toBe(2);
    }
  });

  it("keeps a thousand ended auctions, forgetting the oldest to make room", async () => {
    const { db, asked } = countingDatabase("Ended");
    const figures = cachedFairnessFigures(db);
    for (let auctionId = 1; auctionId <= 1_001; auctionId += 1) await figures(auctionId);
    await figures(2);
    await figures(1_001);
    await figures(1);
    expect([asked.get(1), asked.get(2), asked.get(1_001)]).toEqual([2, 1, 1]);
  });
});
