// POST /api/auctions/search for someone watching many auctions: title search, sorts, the free-entry filter and
// paging, against the real server; SPEC.md's `{ status }` alone answers as it always did.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchAuctionsResponse } from "../../contract";
import { TestClient } from "../support/client";
import { createAuction, type AuctionFixture } from "../support/fixtures";
import type { Queryable } from "../../server/db/database";
import { searchPage } from "../../server/auctions/auctions.queries";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
const db = () => server.database.db;
const anonymous = () => new TestClient(server.url);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** An auction with this title (and price), written straight to the database. */
async function listed(title: string, fixture: AuctionFixture & { priceCents?: number } = {}) {
  const id = await createAuction(db(), new Date(), fixture);
  await db().query("update auctions set title = $2, price_cents = $3 where id = $1", [id, title, fixture.priceCents ?? 0]);
  return id;
}

async function search(body: Record<string, unknown>) {
  const answer = await anonymous().post("/api/auctions/search", body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return SearchAuctionsResponse.parse(answer.body);
}

const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

describe("searching auctions", () => {
  it("finds titles that contain the query, whatever its case, trimmed", async () => {
    const tag = randomUUID().slice(0, 8);
    const lamp = await listed(`Desk LAMP ${tag}`);
    const lampshade = await listed(`Green lampshade ${tag}`);
    await listed(`Kettle ${tag}`);
    await listed(`Lamp ${tag}`, { status: "Waiting" });

    const found = await search({ status: "Running", query: `  lamp ${tag}  ` });
    expect(ids(found)).toEqual([lamp]);
    const both = await search({ status: "Running", query: "LAMP" });
    expect(ids(both)).toEqual(expect.arrayContaining([lamp, lampshade]));
    expect(both.items.every((item) => item.title.toLowerCase().includes("lamp") && item.status === "Running")).toBe(true);
  });

  it("matches Latvian and Russian titles without regard to case", async () => {
    const tag = randomUUID().slice(0, 8);
    const scissors = await listed(`Šķēres ${tag}`);
    const kettle = await listed(`ЧАЙНИК ${tag}`);
    expect(ids(await search({ status: "Running", query: `šķĒRES ${tag}` }))).toEqual([scissors]);
    expect(ids(await search({ status: "Running", query: `чайник ${tag}` }))).toEqual([kettle]);
  });

  it("takes %, _ and \\ in the query literally", async () => {
    const tag = randomUUID().slice(0, 8);
    const percent = await listed(`${tag} 100% cotton`);
    const underscore = await listed(`${tag} snake_case mug`);
    const backslash = await listed(`${tag} back\\slash`);
    await listed(`${tag} 100 cotton`);
    await listed(`${tag} snakeXcase mug`);

    expect(ids(await search({ status: "Running", query: `${tag} 100%` }))).toEqual([percent]);
    expect(ids(await search({ status: "Running", query: "snake_case" }))).toEqual([underscore]);
    expect(ids(await search({ status: "Running", query: "k\\s" }))).toEqual([backslash]);
    expect(ids(await search({ status: "Running", query: `${tag}%mug` }))).toEqual([]);
  });

  it("sorts by time left (the default), lowest price or newest", async () => {
    const tag = randomUUID().slice(0, 8);
    const endsLast = await listed(`${tag} a`, { initialSeconds: 600, priceCents: 5 });
    const endsFirst = await listed(`${tag} b`, { initialSeconds: 120, priceCents: 90 });
    const endsMiddle = await listed(`${tag} c`, { initialSeconds: 300, priceCents: 40 });

    expect(ids(await search({ status: "Running", query: tag }))).toEqual([endsFirst, endsMiddle, endsLast]);
    expect(ids(await search({ status: "Running", query: tag, sort: "endingSoon" }))).toEqual([endsFirst, endsMiddle, endsLast]);
    expect(ids(await search({ status: "Running", query: tag, sort: "lowestPrice" }))).toEqual([endsLast, endsMiddle, endsFirst]);
    expect(ids(await search({ status: "Running", query: tag, sort: "newest" }))).toEqual([endsMiddle, endsFirst, endsLast]);
  });

  it("filters to auctions without an entry fee", async () => {
    const tag = randomUUID().slice(0, 8);
    const free = await listed(`${tag} free`, { entryFeeCents: 0 });
    const paid = await listed(`${tag} paid`, { entryFeeCents: 100 });
    expect(ids(await search({ status: "Running", query: tag, freeEntry: true }))).toEqual([free]);
    expect(ids(await search({ status: "Running", query: tag, freeEntry: false }))).toEqual([free, paid]);
  });

  it("pages by offset or by page, with the total and whether more follow", async () => {
    const tag = randomUUID().slice(0, 8);
    const all: number[] = [];
    for (let index = 0; index < 5; index += 1)
      all.push(await listed(`${tag} item ${index}`, { status: "Waiting", startsAt: new Date(Date.now() + (index + 1) * 60_000) }));

    const first = await search({ status: "Waiting", query: tag, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, offset: 0, page: 1, pageSize: 2, hasMore: true });
    expect(ids(first)).toEqual(all.slice(0, 2));
    const next = await search({ status: "Waiting", query: tag, pageSize: 2, offset: 2 });
    expect(next).toMatchObject({ total: 5, offset: 2, hasMore: true });
    expect(ids(next)).toEqual(all.slice(2, 4));
    const last = await search({ status: "Waiting", query: tag, pageSize: 2, page: 3 });
    expect(last).toMatchObject({ total: 5, offset: 4, page: 3, hasMore: false });
    expect(ids(last)).toEqual(all.slice(4));
    expect(await search({ status: "Waiting", query: tag, pageSize: 2, offset: 9 })).toMatchObject({ items: [], total: 5, hasMore: false });
  });

  it("reads a page and its total in one statement, so that both see the same moment", async () => {
    const tag = randomUUID().slice(0, 8);
    for (const index of [1, 2, 3]) await listed(`Kettle ${index} ${tag}`);
    const statements: string[] = [];
    const counting: Queryable = {
      query: <Row>(sql: string, params?: readonly unknown[]) => {
        statements.push(sql);
        return db().query<Row>(sql, params);
      },
    };
    const search = { status: "Running", language: "en", query: tag, sort: "endingSoon", freeEntry: false } as const;
    const first = await searchPage(counting, { ...search, offset: 0, pageSize: 2 });
    expect(first).toMatchObject({ total: 3, hasMore: true });
    expect(first.items).toHaveLength(2);
    expect(statements).toHaveLength(1);
    const last = await searchPage(counting, { ...search, offset: 2, pageSize: 2 });
    expect(last).toMatchObject({ total: 3, hasMore: false });
    expect(last.items).toHaveLength(1);
    expect(statements).toHaveLength(2);
  });

  it("answers SPEC.md's { status } alone as before: the whole status in its natural order, 24 to a page", async () => {
    for (let index = 0; index < 3; index += 1) await listed(`Plain ${index}`, { initialSeconds: 900 + index });
    const page = await search({ status: "Running" });
    expect(page).toMatchObject({ page: 1, pageSize: 24, offset: 0 });
    expect(page.items.every((item) => item.status === "Running")).toBe(true);
    const [count] = await db().query<{ n: number }>("select count(*)::int as n from auctions where status = 'Running'");
    expect(page.total).toBe(count?.n);
    const endsAt = page.items.map((item) => item.endsAt ?? "");
    expect(endsAt).toEqual([...endsAt].sort());
    expect(page.hasMore).toBe(page.total > 24);
  });

  it.each([
    ["an unknown sort", { sort: "cheapest" }],
    ["a query over 100 characters", { query: "a".repeat(101) }],
    ["a query with a NUL", { query: "la\u0000mp" }],
    ["a page size over 60", { pageSize: 61 }],
    ["a negative offset", { offset: -1 }],
    ["both page and offset", { page: 2, offset: 10 }],
    ["freeEntry as text", { freeEntry: "yes" }],
  ])("refuses %s with the error body", async (_, extra) => {
    const answer = await anonymous().post("/api/auctions/search", { status: "Running", ...extra });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "VALIDATION_FAILED", message: expect.any(String) } });
  });

  it("names the translation key of a query that is too long", async () => {
    const answer = await anonymous().post("/api/auctions/search", { status: "Running", query: "a".repeat(101) });
    expect(answer.body).toMatchObject({ error: { issues: [{ path: "query", message: "validation.max100" }] } });
  });
});
