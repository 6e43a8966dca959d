// PGlite's upkeep (decision 051): PGlite has no autovacuum, so the server measures and vacuums its tables by
// autovacuum's rules. PostgreSQL's own autovacuum does this there; the job does nothing on it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { Database, Queryable } from "../../server/db/database";
import { startUpkeep, upkeepRound } from "../../server/db/upkeep";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { createAuction } from "../support/fixtures";
import { keptLog } from "../support/kept-log";
import { NO_BUILD } from "../support/server";

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "silent", STATIC_DIR: NO_BUILD });

/** What the planner knows of the auctions table: the rows it last counted (-1: never) and when it last measured it. */
async function auctionsStatistics(db: Queryable) {
  const [row] = await db.query<{ rows: number; analyzed: boolean; vacuumed: boolean }>(
    `select c.reltuples as rows, s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed
     from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'auctions'`,
  );
  return row;
}

async function createAuctions(db: Queryable, count: number) {
  const now = new Date();
  for (let index = 0; index < count; index += 1) await createAuction(db, now);
}

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite's upkeep", () => {
  it("measures the tables a seed filled before the server started, on the server's first round", async () => {
    database = await openTestDatabase();
    await createAuctions(database.db, 120);
    expect(await auctionsStatistics(database.db)).toEqual({ rows: -1, analyzed: false, vacuumed: false });

    const app = await buildApp({ config, db: database.db });
    // Closing waits for the round in flight: the one the server started with.
    await app.http.close();

    expect(await auctionsStatistics(database.db)).toMatchObject({ rows: 120, analyzed: true });
  });

  it("measures a table again once enough of it changed, and vacuums one that took many rows or lost them", async () => {
    database = await openTestDatabase();
    const { db } = database;
    await createAuctions(db, 120);
    expect((await upkeepRound(db)).analyzed).toContain("public.auctions");

    // Autovacuum's defaults: analyzed once more than 50 rows and 10 % of the table changed (62 of 120 here).
    const changeAuctions = (count: number) =>
      db.query("update auctions set price_cents = price_cents + 1 where id in (select id from auctions order by id limit $1)", [count]);
    await changeAuctions(55);
    expect(await upkeepRound(db)).toEqual({ vacuumed: [], analyzed: [] });
    await changeAuctions(10);
    expect((await upkeepRound(db)).analyzed).toEqual(["public.auctions"]);

    // Vacuumed once more than 1,000 rows and 20 % came in since the last vacuum, or 50 rows and 20 % died.
    await db.query("insert into app_meta (key, value) select 'probe-' || n, to_jsonb(n) from generate_series(1, 1100) n");
    expect(await upkeepRound(db)).toEqual({ vacuumed: ["public.app_meta"], analyzed: ["public.app_meta"] });
    await db.query("delete from app_meta where key like 'probe-%'");
    expect(await upkeepRound(db)).toEqual({ vacuumed: ["public.app_meta"], analyzed: ["public.app_meta"] });
    expect(await upkeepRound(db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it("logs a failed round and tries again on the next", async () => {
    database = await openTestDatabase();
    const failing: Database = { ...database.db, query: () => Promise.reject(new Error("database gone")) };
    const kept = keptLog();
    const job = startUpkeep({ db: failing, log: kept.log, intervalMs: 5 });
    await vi.waitFor(() =>
      expect(kept.messages().filter((message) => message === "database upkeep failed").length).toBeGreaterThanOrEqual(2),
    );
    await job.stop();
    expect(kept.lines[0]?.err?.message).toBe("database gone");
  });
});

describe("the upkeep on PostgreSQL", () => {
  it("runs no statement: autovacuum keeps PostgreSQL's tables", async () => {
    const statements: string[] = [];
    const postgres: Database = {
      kind: "postgres",
      query: async (sql: string) => {
        statements.push(sql);
        return [];
      },
      transaction: () => Promise.reject(new Error("not used")),
      exec: async (sql: string) => void statements.push(sql),
      close: async () => undefined,
    };
    const job = startUpkeep({ db: postgres, log: keptLog().log });
    await job.stop();
    expect(statements).toEqual([]);
  });
});
