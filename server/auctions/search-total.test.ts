// A search's page and its total agree, also when the count, a statement of its own, saw an auction start or end that
// the page's read did not (PostgreSQL reads each statement at its own moment).
import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import { searchPage, totalOfPage } from "./auctions.queries";

describe("a search's total", () => {
  it("is what a short page holds after its offset, whatever the count said", () => {
    expect(totalOfPage(1, 0, 24, 0)).toBe(0);
    expect(totalOfPage(4, 0, 24, 5)).toBe(5);
    expect(totalOfPage(9, 24, 24, 3)).toBe(27);
  });

  it("is the count, or at least what a full page reaches", () => {
    expect(totalOfPage(30, 0, 24, 24)).toBe(30);
    expect(totalOfPage(20, 0, 24, 24)).toBe(24);
  });

  it("is at most the offset for an empty page past the end", () => {
    expect(totalOfPage(20, 24, 24, 0)).toBe(20);
    expect(totalOfPage(30, 24, 24, 0)).toBe(24);
  });

  it("makes a page that found nothing say so, with nothing more to come, though the count saw one auction", async () => {
    // The page's read finds no running auction; the count, a moment later, finds the one that just started.
    const answers: unknown[][] = [[], [{ n: 1 }]];
    const db: Queryable = { query: async <Row>() => (answers.shift() ?? []) as Row[] };
    const page = await searchPage(db, { status: "Running", language: "en", sort: "endingSoon", freeEntry: false, offset: 0, pageSize: 24 });
    expect(page).toMatchObject({ items: [], total: 0, hasMore: false });
  });
});
