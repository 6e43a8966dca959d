// Statements prepared once on PGlite (decision 075): the same rows as PGlite's own query, one prepared statement a
// SQL text, prepared again after a change of schema, bounded, and never run inside someone else's transaction.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatements } from "../../server/db/pglite-statements";

describe.skipIf(Boolean(process.env.DATABASE_URL))("statements prepared once on PGlite", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create({ parsers: { 20: Number } });
    await db.exec(`create table things (id bigserial primary key, name text unique not null, tags text[], data jsonb,
                   at timestamptz, ok boolean, price numeric)`);
  });
  afterAll(async () => {
    await db?.close();
  });

  const preparedCount = async (text: string) =>
    (await db.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement = $1", [text])).rows[0]!.n;

  it("returns what PGlite's own query returns, for every kind of value and for nulls", async () => {
    const statements = preparedStatements(db);
    const insert = "insert into things (name, tags, data, at, ok, price) values ($1, $2, $3, $4, $5, $6) returning *";
    const at = new Date("2026-11-29T12:34:56.789Z");
    const mine = await statements.query(insert, ["first", ["a", "b"], { nested: [1, "two"] }, at, true, 12.5]);
    const theirs = (await db.query(insert, ["second", ["a", "b"], { nested: [1, "two"] }, at, true, 12.5])).rows;
    expect(mine).toEqual([{ ...(theirs[0] as object), id: 1, name: "first" }]);
    expect(mine[0]).toMatchObject({ tags: ["a", "b"], data: { nested: [1, "two"] }, at, ok: true });

    const read = "select * from things where name = $1 or $2::boolean is null order by id";
    expect(await statements.query(read, ["first", false])).toEqual((await db.query(read, ["first", false])).rows);
    expect(await statements.query(read, ["none", null])).toEqual((await db.query(read, ["none", null])).rows);
    expect(await statements.query("update things set ok = false where name = $1", ["first"])).toEqual([]);
    expect(await statements.query("select ok from things where name = $1", ["first"])).toEqual([{ ok: false }]);
  });

  it("prepares each SQL text once, and runs it again with other values", async () => {
    const statements = preparedStatements(db);
    const text = "select $1::int + 1 as next";
    expect(await statements.query(text, [1])).toEqual([{ next: 2 }]);
    expect(await statements.query(text, [41])).toEqual([{ next: 42 }]);
    expect(await statements.query(text, [null])).toEqual([{ next: null }]);
    expect(await preparedCount(text)).toBe(1);
  });

  it("prepares a statement again when its table changed shape or it was deallocated", async () => {
    const statements = preparedStatements(db);
    await db.exec("create table shapes (a int); insert into shapes values (1)");
    const text = "select * from shapes where a >= $1";
    expect(await statements.query(text, [0])).toEqual([{ a: 1 }]);
    await db.exec("alter table shapes add column b text default 'x'");
    expect(await statements.query(text, [0])).toEqual([{ a: 1, b: "x" }]);
    await db.exec("deallocate all");
    expect(await statements.query(text, [0])).toEqual([{ a: 1, b: "x" }]);
    expect(await preparedCount(text)).toBe(1);
  });

  it("keeps at most its limit of statements prepared, closing the least recently used", async () => {
    const statements = preparedStatements(db, 3);
    const texts = [1, 2, 3, 4, 5].map((n) => `select $1::int * ${n} as product`);
    for (const text of texts) await statements.query(text, [2]);
    await statements.query(texts[2]!, [2]); // used again: kept
    await statements.query("select $1::int as again", [1]);
    expect(statements.size).toBe(3);
    expect(await Promise.all(texts.map(preparedCount))).toEqual([0, 0, 1, 0, 1]);
  });

  it("throws the database's error with its code and the statement, and the statement still works after it", async () => {
    const statements = preparedStatements(db);
    const insert = "insert into things (name) values ($1) returning name";
    await statements.query(insert, ["unique"]);
    const error = await statements.query(insert, ["unique"]).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "23505", query: insert, params: ["unique"] });
    expect(await statements.query(insert, ["unique, too"])).toEqual([{ name: "unique, too" }]);
  });

  it("gives up after one new preparation when the error is the statement's own", async () => {
    const statements = preparedStatements(db);
    await db.exec(`create function unsupported(n int) returns int language plpgsql as
                   $$ begin raise exception 'not here' using errcode = '0A000'; end $$`);
    const text = "select unsupported($1)";
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(statements.query(text, [1])).rejects.toMatchObject({ code: "0A000" });
    }
  });

  it("runs a statement at the top level only after an open transaction has ended", async () => {
    const statements = preparedStatements(db);
    await db.exec("create table gated (n int)");
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let inserted!: () => void;
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    const rolledBack = db
      .transaction(async () => {
        await statements.queryInTransaction("insert into gated values ($1)", [1]);
        inserted();
        await gate;
        throw new Error("rolled back");
      })
      .catch((error: unknown) => error);
    await insertedRow;
    // Run inside the transaction, this would see the row it inserted; after the rollback it sees none.
    const counted = statements.query<{ n: number }>("select count(*)::int as n from gated where n = $1", [1]);
    setImmediate(open);
    expect(await counted).toEqual([{ n: 0 }]);
    expect(await rolledBack).toEqual(new Error("rolled back"));
  });

  it("refuses to run on a closed database", async () => {
    const closed = await PGlite.create();
    const statements = preparedStatements(closed);
    await closed.close();
    await expect(statements.query("select 1", [])).rejects.toThrow("PGlite is closed");
  });
});
