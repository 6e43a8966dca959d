import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import { cachedUsualCost, USUAL_COST_TTL_MS } from "./usual-cost.queries";

/** A database whose auction `id` is of product `product-{id % 10}`, counting the figures it is asked for, per product. */
function countingDatabase() {
  const asked = new Map<string, number>();
  const db: Queryable = {
    query: async <Row>(sql: string, params?: readonly unknown[]) => {
      if (sql.includes("select product_key from auctions")) {
        const id = params?.[0] as number;
        return (id === 404 ? [] : [{ product_key: `product-${id % 10}` }]) as Row[];
      }
      const product = params?.[0] as string;
      asked.set(product, (asked.get(product) ?? 0) + 1);
      return [
        {
          auctions: 5,
          participants: 4,
          median_spent_cents: 150,
          p90_spent_cents: 400,
          wins: 1,
          winner_all_in_cents: 900,
          retail_value_cents: 4900,
        },
      ] as Row[];
    },
  };
  return { db, asked };
}

describe("a product's remembered usual cost", () => {
  it("asks the database once per product until the figures are five minutes old", async () => {
    const { db, asked } = countingDatabase();
    let now = new Date("2026-12-05T10:00:00Z");
    const usualCost = cachedUsualCost(db, () => now);
    expect(await usualCost(11)).toMatchObject({ auctions: 5, figures: { participants: 4, winShare: 0.25, medianSpentCents: 150 } });
    await usualCost(21); // another auction of the same product
    await usualCost(12);
    expect([asked.get("product-1"), asked.get("product-2")]).toEqual([1, 1]);

    now = new Date(now.getTime() + USUAL_COST_TTL_MS - 1);
    await usualCost(11);
    expect(asked.get("product-1")).toBe(1);
    now = new Date(now.getTime() + 1);
    await usualCost(11);
    expect(asked.get("product-1")).toBe(2);
  });

  it("has nothing for an auction that is not public", async () => {
    const { db, asked } = countingDatabase();
    expect(await cachedUsualCost(db, () => new Date())(404)).toBeNull();
    expect(asked.size).toBe(0);
  });
});
