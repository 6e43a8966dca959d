// SIGKILL during a burst of bids, then a restart on the same database: every acknowledged bid is in the history,
// the chain still verifies, and the auction ends exactly once (the winner is the last bidder).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { BidChainResponse } from "../../contract";
import { hashPassword } from "../../server/accounts/passwords";
import { enrol } from "../../server/auctions/engine";
import { openDatabase, type Database } from "../../server/db/database";
import { migrate } from "../../server/schema";
import { TestClient } from "../support/client";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { createAuction, createBidder } from "../support/fixtures";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process";

const BIDDERS = 8;
let server: ServerProcess | undefined;
let postgres: TestDatabase | undefined;

afterAll(async () => {
  await server?.kill("SIGKILL");
  await postgres?.drop();
});

/** The database the server process will use: a PGlite directory, or a fresh PostgreSQL database. */
async function prepareDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (process.env.DATABASE_URL) {
    postgres = await openTestDatabase();
    const url = postgres.databaseUrl!;
    return { env: { DATABASE_URL: url }, open: () => openDatabase({ kind: "postgres", url }) };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "pennybid-crash-"));
  return {
    env: { DATA_DIR: dataDir },
    open: async () => {
      const db = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
      await migrate(db);
      return db;
    },
  };
}

it("keeps every acknowledged bid across a kill -9 and ends the auction exactly once", async () => {
  const { env, open } = await prepareDatabase();
  const passwordHash = await hashPassword("Secret1!");
  const setup = await open();
  const now = new Date();
  // Room for the set-up (password hashes, a server start, sign-ins) before the burst, even on a busy machine.
  const auctionId = await createAuction(setup, now, { entryFeeCents: 0, resetSeconds: 5, endsAt: new Date(now.getTime() + 30_000) });
  const bidders = [];
  for (let i = 0; i < BIDDERS; i++) {
    const bidder = await createBidder(setup, { passwordHash });
    await enrol(setup, bidder.id, auctionId, now);
    bidders.push(bidder);
  }
  if (!process.env.DATABASE_URL) await setup.close();

  const port = await freePort();
  server = await startServerProcess(env, port);
  const clients = await Promise.all(
    bidders.map(async (bidder, i) => {
      const client = new TestClient(server!.url, `10.40.0.${i + 1}`);
      const answer = await client.post("/authn/sign-in", { email: bidder.email, password: "Secret1!" });
      expect(answer.status).toBe(200);
      return client;
    }),
  );

  // A burst: bidders in turn, ~150 ms apart, with requests still in flight when the process dies.
  const acked: { priceCents: number; bidder: number }[] = [];
  let isKilled = false;
  const burst = (async () => {
    for (let i = 0; !isKilled; i++) {
      const bidder = i % BIDDERS;
      void clients[bidder]!.post(`/api/auctions/${auctionId}/bids`).then(
        (answer) => answer.status === 200 && acked.push({ priceCents: (answer.body as { priceCents: number }).priceCents, bidder }),
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  })();
  await expect.poll(() => acked.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(12);
  await server.kill("SIGKILL");
  isKilled = true;
  await burst;
  expect(server.child.signalCode).toBe("SIGKILL");

  server = await startServerProcess(env, port);
  const visitor = new TestClient(server.url);
  const chain = BidChainResponse.parse((await visitor.get(`/api/auctions/${auctionId}/chain`)).body);
  expect(chain.isValid).toBe(true);
  const stored = new Set(chain.links.map((link) => link.priceCents));
  for (const bid of acked) expect(stored, `acknowledged bid at ${bid.priceCents} cents`).toContain(bid.priceCents);

  // The end comes by the server clock after the restart, once; the last bidder in the chain wins.
  await expect
    .poll(async () => ((await visitor.get(`/api/auctions/${auctionId}`)).body as { status: string }).status, {
      timeout: 60_000,
      interval: 500,
    })
    .toBe("Ended");
  const ended = (await visitor.get(`/api/auctions/${auctionId}`)).body as {
    seq: number;
    winnerName: string;
    priceCents: number;
    finalHash: string;
  };
  expect(ended.winnerName).toBe(chain.links.at(-1)?.displayName);
  expect(ended.priceCents).toBe(chain.links.length);
  expect(ended.finalHash).toBe(chain.links.at(-1)?.hash);

  // A second restart changes nothing: the end happened once. A control auction, past its end while the server is
  // down, ends on the restarted server's first ticks, in the one UPDATE that would end the first auction again.
  await server.kill("SIGKILL");
  const down = await open();
  const control = await createAuction(down, new Date(), { entryFeeCents: 0, endsAt: new Date(Date.now() - 1000) });
  await down.close();
  server = await startServerProcess(env, port);
  const after = new TestClient(server.url);
  await expect
    .poll(async () => ((await after.get(`/api/auctions/${control}`)).body as { status: string }).status, { timeout: 30_000, interval: 250 })
    .toBe("Ended");
  const again = (await after.get(`/api/auctions/${auctionId}`)).body as { seq: number; status: string };
  expect(again).toMatchObject({ status: "Ended", seq: ended.seq });
}, 180_000);
