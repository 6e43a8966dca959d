// Issue 57 item 4: `npm run ops -- backup` while the real server runs and bidders bid and enrol without pause, then
// `ops restore` into a new data directory: the restored database is one consistent instant (every wallet's ledger adds
// up to its balance, every bid chain verifies, every auction's row agrees with its own last bid, and its bids are what
// the live database had up to some moment). Restore refuses a data directory in use and files that are not backups;
// the scheduled backups (BACKUP_EVERY) keep the newest BACKUP_KEEP.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/accounts/passwords";
import { bidHash, genesisHash } from "../../server/auctions/bid-chain";
import { backupArchive, readBackup, scheduledBackupRound, scheduledName, writeWhole } from "../../server/db/backup";
import { openDatabase, type Database } from "../../server/db/database";
import { migrate } from "../../server/schema";
import { localOperatorKey } from "../../server/accounts/operator-auth";
import { TestClient } from "../support/client";
import { createAuction, createBidder } from "../support/fixtures";
import { operatorClient } from "../support/scene";
import { startTestServer } from "../support/server";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "..", "..");
const BIDDERS = 6;
const AUCTIONS = 3;
const work = mkdtempSync(path.join(tmpdir(), "pennybid-backup-"));
let server: ServerProcess | undefined;
const opened: Database[] = [];
/** Whether the bidders of the test under load stop (also when it failed before it stopped them). */
let isStopped = false;

afterAll(async () => {
  isStopped = true;
  await server?.kill("SIGKILL");
  for (const db of opened) await db.close().catch(() => undefined);
});

/** `npm run ops -- <args>` as an operator runs it, on the data directory given. */
async function ops(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", NODE_ENV: "test" };
  return promisify(execFile)(process.execPath, ["--import", "tsx", "server/ops.ts", ...args], { cwd: root, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

async function openPglite(dataDir: string): Promise<Database> {
  const db = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  opened.push(db);
  return db;
}

let quiet: string | undefined;
/** A backup of a migrated database no server uses (for the refusals, which need a real backup file). */
async function quietBackup(): Promise<string> {
  if (quiet) return quiet;
  const db = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  opened.push(db);
  await migrate(db);
  quiet = path.join(work, "quiet.tar.gz");
  writeWhole(quiet, await backupArchive(db));
  return quiet;
}

type BidRow = { id: number; auction_id: number; user_id: string; price_cents: number; placed_at: Date; hash: string; prev_hash: string };
const bidsOf = (db: Database) =>
  db.query<BidRow>("select id, auction_id, user_id, price_cents, placed_at, hash, prev_hash from bids order by auction_id, id");

/** What must hold in any consistent instant of the database; answers the problems found. */
async function inconsistencies(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const ledger = await db.query<{ user_id: string; balance_cents: number; ledger_cents: number }>(
    `select w.user_id, w.balance_cents, coalesce(sum(t.amount_cents), 0) as ledger_cents
     from wallets w left join wallet_transactions t on t.user_id = w.user_id
     group by w.user_id, w.balance_cents having w.balance_cents <> coalesce(sum(t.amount_cents), 0)`,
  );
  for (const row of ledger) problems.push(`wallet of ${row.user_id}: balance ${row.balance_cents}, ledger ${row.ledger_cents}`);
  const bids = await bidsOf(db);
  const auctions = await db.query<{
    id: number;
    status: string;
    price_cents: number;
    leader_id: string | null;
    bid_count: number;
    last_hash: string;
    ends_at: Date;
  }>("select id, status, price_cents, leader_id, bid_count, last_hash, ends_at from auctions order by id");
  for (const auction of auctions) {
    const chain = bids.filter((bid) => Number(bid.auction_id) === Number(auction.id));
    let previous = genesisHash(Number(auction.id));
    for (const bid of chain) {
      const expected = bidHash({
        prevHash: previous,
        auctionId: Number(auction.id),
        userId: bid.user_id,
        priceCents: bid.price_cents,
        placedAt: bid.placed_at,
      });
      if (bid.prev_hash !== previous || bid.hash !== expected) problems.push(`auction ${auction.id}: the chain breaks at bid ${bid.id}`);
      previous = bid.hash;
    }
    const last = chain.at(-1);
    if (!last) continue;
    const row = { price: auction.price_cents, leader: auction.leader_id, count: auction.bid_count, hash: auction.last_hash };
    const own = { price: last.price_cents, leader: last.user_id, count: chain.length, hash: last.hash };
    if (JSON.stringify(row) !== JSON.stringify(own))
      problems.push(`auction ${auction.id}: its row ${JSON.stringify(row)} is not its last bid's ${JSON.stringify(own)}`);
    if (auction.status !== "Running" || auction.ends_at.getTime() < last.placed_at.getTime())
      problems.push(`auction ${auction.id} is ${auction.status}, ends ${auction.ends_at.toISOString()}`);
  }
  return problems;
}

describe("backup and restore of the embedded database", () => {
  const live = path.join(work, "live");
  const file = path.join(work, "under-load.tar.gz");

  it("backs up while bids flow and restores one consistent instant into a new data directory", async () => {
    // The installation: three running auctions with an entry fee, six bidders with money, nobody enrolled yet.
    const setup = await openPglite(live);
    await migrate(setup);
    const passwordHash = await hashPassword("Secret1!");
    const now = new Date();
    const auctionIds: number[] = [];
    for (let i = 0; i < AUCTIONS; i++)
      auctionIds.push(await createAuction(setup, now, { entryFeeCents: 100, initialSeconds: 3600, resetSeconds: 300 }));
    const bidders = [];
    for (let i = 0; i < BIDDERS; i++) bidders.push(await createBidder(setup, { passwordHash, balanceCents: 10_000 }));
    await setup.close();
    opened.pop();

    // With scheduled backups on, so the job's first round (at start: no backup yet) is seen in the metrics too.
    const scheduled = path.join(work, "scheduled-live");
    // The embedded database's backups: PGlite even in the run with DATABASE_URL set (CI's second pass).
    server = await startServerProcess({
      DATA_DIR: live,
      DATABASE_URL: "",
      BACKUP_EVERY: "1h",
      BACKUP_DIR: scheduled,
      METRICS_TOKEN: "metrics-token-for-backups-0123",
    });
    const clients = await Promise.all(
      bidders.map(async (bidder, i) => {
        const client = new TestClient(server!.url, `10.88.0.${i + 1}`);
        expect((await client.post("/authn/sign-in", { email: bidder.email, password: "Secret1!" })).status).toBe(200);
        return client;
      }),
    );

    // Every bidder, without pause: enrols in an auction (a ledger line) the first time, then bids on it, round the
    // auctions. A bidder who leads is refused (ALREADY_WINNING) and goes on to the next.
    let acked = 0;
    // A request the server did not answer (the test failed and stopped it) is one more refused: the loops end anyway.
    const status = async (answer: Promise<{ status: number }>) => (await answer.catch(() => ({ status: 0 }))).status;
    const bidding = clients.map(async (client, b) => {
      const enrolled = new Set<number>();
      for (let turn = b; !isStopped; turn++) {
        const auctionId = auctionIds[turn % AUCTIONS]!;
        if (!enrolled.has(auctionId)) {
          if ((await status(client.post(`/api/auctions/${auctionId}/enrol`))) === 200) enrolled.add(auctionId);
          continue;
        }
        if ((await status(client.post(`/api/auctions/${auctionId}/bids`))) === 200) acked++;
      }
    });
    await expect.poll(() => acked, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);

    await expect
      .poll(() => (existsSync(scheduled) ? readdirSync(scheduled) : []), { timeout: 20_000 })
      .toEqual([expect.stringMatching(/^pennybid-.*Z\.tar\.gz$/)]);
    const metrics = async () =>
      (await fetch(`${server!.url}/metrics`, { headers: { Authorization: "Bearer metrics-token-for-backups-0123" } })).text();
    // The round is counted once it has written its file.
    await expect.poll(metrics, { timeout: 10_000 }).toMatch(/^pennybid_job_runs_total\{task="backup",outcome="ok"[^}]*\} 1$/m);

    const ackedBefore = acked;
    const backup = await ops(live, "backup", file);
    const ackedAfter = acked;
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stderr).toContain(`Using the running server at ${server.url}.`);
    expect(backup.stdout).toMatch(new RegExp(`^Backed up the embedded database to ${file} \\(\\d+\\.\\d MiB, \\d+\\.\\d s\\)\\.\\n$`));
    // Bids went on while the CLI started, asked and wrote: the backup was taken under load.
    expect(ackedAfter).toBeGreaterThan(ackedBefore);
    await expect.poll(() => acked, { timeout: 10_000 }).toBeGreaterThan(ackedAfter + 10);
    isStopped = true;
    await Promise.all(bidding);
    await server.kill("SIGTERM");
    server = undefined;

    const fresh = path.join(work, "restored");
    const restored = await ops(fresh, "restore", file);
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    expect(restored.stdout).toMatch(
      new RegExp(
        `^Restored ${file} into ${fresh}: ${BIDDERS} users, ${AUCTIONS} auctions, \\d+ bids \\(last migration \\d+_\\w+\\.sql\\)\\.`,
      ),
    );
    expect(restored.stdout).toContain(`Start the server with DATA_DIR=${fresh}.`);

    // The restored database opens as the server opens it (its migrations are all there), and holds one instant.
    const copy = await openPglite(fresh);
    expect(await migrate(copy)).toEqual([]);
    expect(await inconsistencies(copy)).toEqual([]);
    const original = await openPglite(live);
    expect(await inconsistencies(original)).toEqual([]);

    // That instant is a moment of the live database: each auction's restored bids are the first bids of its chain, at
    // least those acknowledged before the backup was asked for and fewer than all of them.
    const copied = await bidsOf(copy);
    const all = await bidsOf(original);
    for (const auctionId of auctionIds) {
      const mine = copied.filter((bid) => Number(bid.auction_id) === auctionId).map((bid) => bid.hash);
      const theirs = all.filter((bid) => Number(bid.auction_id) === auctionId).map((bid) => bid.hash);
      expect(theirs.slice(0, mine.length)).toEqual(mine);
    }
    expect(copied.length).toBeGreaterThanOrEqual(ackedBefore);
    expect(copied.length).toBeLessThan(all.length);
    const balances = (db: Database) =>
      db.query<{ n: number }>("select count(*)::int as n from wallet_transactions where type = 'AuctionEnrollment'");
    expect((await balances(copy))[0]!.n).toBeGreaterThan(0);
  }, 300_000);

  it("refuses a data directory that is not empty, and changes nothing in it", async () => {
    const file = await quietBackup();
    const used = path.join(work, "in-use");
    mkdirSync(used);
    writeFileSync(path.join(used, "session-secret"), "kept");
    const answer = await ops(used, "restore", file);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain(
      `Refused: the data directory ${used} is not empty: restore into a new one, e.g. DATA_DIR=${used}-restored npm run ops -- restore ${file}`,
    );
    expect(readdirSync(used)).toEqual(["session-secret"]);
    expect(readFileSync(path.join(used, "session-secret"), "utf8")).toBe("kept");
  }, 60_000);

  it("refuses a file that is not a backup, or is cut short, and leaves no data directory behind", async () => {
    const cases = [
      {
        name: "noise.tar.gz",
        bytes: Buffer.from("this is not a backup at all"),
        says: "is not a Pennybid backup: it is not gzip-compressed, or it is cut short.",
      },
      {
        name: "cut.tar.gz",
        bytes: readFileSync(await quietBackup()).subarray(0, 100_000),
        says: "is not a Pennybid backup: it is not gzip-compressed, or it is cut short.",
      },
      {
        name: "foreign.tar.gz",
        bytes: gzipSync(Buffer.alloc(4096, 7)),
        says: "is not a Pennybid backup: it holds no embedded database's data directory.",
      },
    ];
    for (const kase of cases) {
      const bad = path.join(work, kase.name);
      writeFileSync(bad, kase.bytes);
      const target = path.join(work, `never-${kase.name}`);
      const answer = await ops(target, "restore", bad);
      expect(answer.code, kase.name).toBe(1);
      expect(answer.stderr, kase.name).toContain(`Refused: ${bad} ${kase.says}`);
      expect(existsSync(target), kase.name).toBe(false);
    }
    const missing = await ops(path.join(work, "never"), "restore", path.join(work, "no-such.tar.gz"));
    expect(missing.stderr).toContain(`Refused: cannot read the backup file ${path.join(work, "no-such.tar.gz")}.`);
  }, 120_000);
});

describe("the backup route", () => {
  it("answers the ops CLI's key only: a stranger gets 401, a signed-in operator 403", async () => {
    const secret = "backup-route-session-secret-0123456789";
    const test = await startTestServer({ SESSION_SECRET: secret });
    try {
      const stranger = await fetch(`${test.url}/api/operator/backup`, {
        method: "POST",
        headers: { "x-requested-with": "XMLHttpRequest" },
      });
      expect(stranger.status).toBe(401);
      const operator = await operatorClient(test, "10.88.1.1");
      const refused = await operator.client.post("/api/operator/backup");
      expect(refused).toMatchObject({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: "Backups are taken with the ops CLI on the server's machine." } },
      });
      const cli = await fetch(`${test.url}/api/operator/backup`, {
        method: "POST",
        headers: { authorization: `Bearer ${localOperatorKey(secret)}`, "x-requested-with": "XMLHttpRequest" },
      });
      if (test.database.db.kind === "postgres") {
        expect(cli.status).toBe(409);
        expect(((await cli.json()) as { error: { message: string } }).error.message).toContain("back it up with pg_dump");
        return;
      }
      expect(cli.status).toBe(200);
      expect(cli.headers.get("content-type")).toBe("application/gzip");
      const file = path.join(work, "route.tar.gz");
      writeFileSync(file, Buffer.from(await cli.arrayBuffer()));
      await expect(readBackup(file)).resolves.toBeInstanceOf(Buffer);
    } finally {
      await test.close();
    }
  }, 60_000);
});

describe("scheduled backups (BACKUP_EVERY)", () => {
  it("takes one when the newest is older than half the interval, and keeps the newest BACKUP_KEEP", async () => {
    const db = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    opened.push(db);
    await migrate(db);
    const dir = path.join(work, "scheduled");
    const everyMs = 6 * 3_600_000;
    const start = new Date("2026-12-05T00:00:00Z");
    const round = (hours: number) =>
      scheduledBackupRound({ db, dir, everyMs, keep: 2, now: new Date(start.getTime() + hours * 3_600_000) });

    expect(await round(0)).toMatchObject({ file: path.join(dir, scheduledName(start)), removed: [] });
    // A restart an hour later takes none; past half the interval it does.
    expect(await round(1)).toBeNull();
    expect(await round(3)).toMatchObject({ removed: [] });
    expect(await round(9)).toMatchObject({ removed: ["pennybid-2026-12-05T00-00-00Z.tar.gz"] });
    writeFileSync(path.join(dir, "notes.txt"), "an operator's own file");
    expect(await round(15)).toMatchObject({ removed: ["pennybid-2026-12-05T03-00-00Z.tar.gz"] });
    expect(readdirSync(dir).sort()).toEqual(["notes.txt", "pennybid-2026-12-05T09-00-00Z.tar.gz", "pennybid-2026-12-05T15-00-00Z.tar.gz"]);
  }, 60_000);
});
