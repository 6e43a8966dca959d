import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { migrate } from "../../server/schema";
import { bidChain } from "../../server/auctions/auctions.queries";
import { DEMO_BIDDER, seedDemoData } from "../../server/seed/seed";
import { balanceCents } from "../../server/wallet/wallet.service";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { createBidder } from "../support/fixtures";

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe(`the database (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("applies every migration once, however often it runs", async () => {
    database = await openTestDatabase({ migrated: false });
    const first = await migrate(database.db);
    expect(first.length).toBeGreaterThan(0);
    expect(await migrate(database.db)).toEqual([]);
    const rows = await database.db.query<{ name: string }>("select name from schema_migrations order by name");
    const functions = await database.db.query<{ name: string }>("select name from schema_functions order by name");
    expect([...rows, ...functions.map(({ name }) => ({ name: `functions/${name}` }))].map((row) => row.name)).toEqual(first);
    expect(first).toContain("functions/place_bid.sql");
  });

  it("applies a function's file again when its text changes, over the definition an older migration made", async () => {
    database = await openTestDatabase({ migrated: false });
    const { db } = database;
    await migrate(db);
    // As a database migrated before decision 099 stands: place_bid made by its migrations, no record of the files.
    await db.query(
      "create or replace function auction_fees(fee_auction_id bigint, fee_winner_id uuid, fee_status text) returns table (entry_fees_cents int, winner_fee_cents int) language sql as $$ select -1, -1 $$",
    );
    await db.query("delete from schema_functions where name = 'auction_fees.sql'");
    expect(await migrate(db)).toEqual(["functions/auction_fees.sql"]);
    expect(await db.query("select * from auction_fees(0, null, 'Running')")).toEqual([]);
    // An unchanged file is not applied again; a changed one is.
    expect(await migrate(db)).toEqual([]);
    await db.query("update schema_functions set checksum = 'an older text' where name = 'place_bid.sql'");
    expect(await migrate(db)).toEqual(["functions/place_bid.sql"]);
  });

  it("settles a display name left without its skeleton each time it migrates, as a start of the server does (decision 079)", async () => {
    database = await openTestDatabase();
    const { db } = database;
    const bidder = await createBidder(db);
    await db.query("update users set display_name_skeleton = null where id = $1", [bidder.id]);
    expect(await migrate(db)).toEqual([]);
    const [row] = await db.query<{ display_name_skeleton: string | null }>("select display_name_skeleton from users where id = $1", [
      bidder.id,
    ]);
    expect(row?.display_name_skeleton).toEqual(expect.any(String));
  });

  it("survives two concurrent migration runs (two processes starting at once)", async () => {
    database = await openTestDatabase({ migrated: false });
    const [a, b] = await Promise.all([migrate(database.db), migrate(database.db)]);
    const total = [...a, ...b].sort();
    expect(new Set(total).size).toBe(total.length);
  });

  it("rolls a failed transaction back completely", async () => {
    database = await openTestDatabase();
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into app_meta (key, value) values ('probe', '1'::jsonb)");
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.query("select 1 from app_meta where key = 'probe'")).toEqual([]);
  });

  it("returns counts as numbers on both databases", async () => {
    database = await openTestDatabase();
    const [row] = await database.db.query<{ n: number }>("select count(*) as n from schema_migrations");
    expect(typeof row?.n).toBe("number");
  });

  it("seeds demo data on the first start only, with a confirmed demo bidder", async () => {
    database = await openTestDatabase();
    expect(await seedDemoData(database.db)).toMatchObject({ seeded: true });
    expect(await seedDemoData(database.db)).toEqual({ seeded: false });
    const demo = await database.db.query<{ is_demo: boolean; confirmed: boolean }>(
      "select is_demo, email_confirmed_at is not null as confirmed from users where email = $1",
      [DEMO_BIDDER.email],
    );
    expect(demo).toEqual([{ is_demo: true, confirmed: true }]);
  });

  it("seeds at least 30 demo auctions in every state, with verifiable histories and one won by the demo bidder", async () => {
    database = await openTestDatabase();
    const { auctions } = await seedDemoData(database.db);
    expect(auctions).toBeGreaterThanOrEqual(30);
    const byStatus = await database.db.query<{ status: string; n: number }>(
      "select status, count(*) as n from auctions where is_demo group by status order by status",
    );
    expect(Object.fromEntries(byStatus.map((row) => [row.status, row.n]))).toMatchObject({
      New: expect.any(Number),
      Waiting: expect.any(Number),
      Running: expect.any(Number),
      Ended: expect.any(Number),
    });
    const [won] = await database.db.query<{ n: number }>(
      "select count(*) as n from auctions a join users u on u.id = a.winner_id where u.email = $1",
      [DEMO_BIDDER.email],
    );
    expect(won?.n).toBe(1);
    const ended = await database.db.query<{ id: number }>("select id from auctions where status = 'Ended' and bid_count > 0");
    expect(ended.length).toBeGreaterThan(5);
    for (const { id } of ended) expect((await bidChain(database.db, id))?.isValid, `auction ${id}`).toBe(true);
    expect(
      await balanceCents(
        database.db,
        (await database.db.query<{ id: string }>("select id from users where email = $1", [DEMO_BIDDER.email]))[0]!.id,
      ),
    ).toBeGreaterThan(0);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite on disk", () => {
  it("makes a new data dir (initdb in a child process, decision 070), serves it, and finds its rows after a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pennybid-data-"));
    try {
      const first = await openDatabase({ kind: "pglite", dataDir });
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
      await first.exec("create table kept (value text); insert into kept values ('acknowledged')");
      await first.close();
      const second = await openDatabase({ kind: "pglite", dataDir });
      expect(await second.query("select value from kept")).toEqual([{ value: "acknowledged" }]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
