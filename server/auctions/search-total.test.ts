// A search's page and its total agree: they are read in one statement, so on PostgreSQL (which reads each statement at
// its own moment) no auction can start or end between them (tests/integration/auction-search.test.ts reads a real
// database so). A page without rows carries no total: these are the answers then.
import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import { searchPage } from "./auctions.queries";

/** A database that answers each statement with the next of `answers`, and keeps the statements it was asked. */
function answering(...answers: unknown[][]) {
  const asked: string[] = [];
  const db: Queryable = {
    query: async <Row>(sql: string) => {
      asked.push(sql);
      return (answers.shift() ?? []) as Row[];
    },
  };
  return { db, asked };
}

const running = { status: "Running", language: "en", sort: "endingSoon", freeEntry: false } as const;

describe("a search's total", () => {
  it("is nothing, with nothing more to come, for an empty first page, and no count is asked", async () => {
    const { db, asked } = answering([]);
    const page = await searchPage(db, { ...running, offset: 0, pageSize: 24 });
    expect(asked).toHaveLength(1);
    expect(page).toMatchObject({ items: [], total: 0, hasMore: false });
  });

  it("is at most the offset for a page past the end, counted again", async () => {
    const { db, asked } = answering([], [{ n: 30 }]);
    expect(await searchPage(db, { ...running, offset: 24, pageSize: 24 })).toMatchObject({ items: [], total: 24, hasMore: false });
    expect(asked).toHaveLength(2);
    const fewer = answering([], [{ n: 20 }]);
    expect(await searchPage(fewer.db, { ...running, offset: 24, pageSize: 24 })).toMatchObject({ total: 20, hasMore: false });
  });
});
