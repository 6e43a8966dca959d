// The live feed over real sockets: commands ack the sender, broadcasts reach the watchers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AuctionState, BidAck, EnrolAck, PlainAck, SubscribeAck } from "../../contract";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient, signUpConfirmed } from "../support/client";
import { createAuction } from "../support/fixtures";
import { openSocket, type LiveClient } from "../support/socket";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
const sockets: LiveClient[] = [];
let ip = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  sockets.splice(0).forEach((socket) => socket.disconnect());
});
afterAll(async () => {
  await server.close();
});

const open = (client?: TestClient) => openSocket(server.url, sockets, client?.cookieHeader);

async function bidder(euros = 5) {
  const client = new TestClient(server.url, `10.30.0.${++ip}`);
  const body = await signUpConfirmed(client);
  const [user] = await server.database.db.query<{ id: string }>("select id from users where email = $1", [body.email]);
  await postLedgerEntry(server.database.db, { userId: user!.id, type: "Payment", amountCents: euros * 100, description: "Test top-up" });
  return { client, displayName: body.displayName, socket: await open(client) };
}

const nextUpdate = (socket: LiveClient, predicate: (state: AuctionState) => boolean = () => true) =>
  new Promise<AuctionState>((resolve) => {
    const listener = (raw: AuctionState) => {
      const state = AuctionState.parse(raw);
      if (!predicate(state)) return;
      socket.off("auction:updated", listener);
      resolve(state);
    };
    socket.on("auction:updated", listener);
  });

describe("the live feed", () => {
  it("acks the bidder and broadcasts the new price and leader to a watcher of the auction", async () => {
    const auction = await createAuction(server.database.db, new Date(), { entryFeeCents: 100 });
    const anna = await bidder();
    const watcher = await open();

    const subscribed = SubscribeAck.parse(await watcher.timeout(5000).emitWithAck("auction:subscribe", { auctionId: auction }));
    expect("data" in subscribed && subscribed.data).toMatchObject({ id: auction, priceCents: 0, status: "Running" });

    const walletUpdate = new Promise<{ balance: number }>((resolve) => anna.socket.once("wallet:updated", resolve));
    const enrolled = EnrolAck.parse(await anna.socket.timeout(5000).emitWithAck("auction:enrol", { auctionId: auction }));
    expect(enrolled).toEqual({ data: { feeCents: 100, balance: 4 } });
    expect(await walletUpdate).toEqual({ balance: 4 });

    const broadcast = nextUpdate(watcher, (state) => state.priceCents === 1);
    const ack = BidAck.parse(await anna.socket.timeout(5000).emitWithAck("bid:place", { auctionId: auction }));
    expect(ack).toMatchObject({ data: { priceCents: 1, hasEnded: false } });
    const state = await broadcast;
    expect(state).toMatchObject({ leaderName: anna.displayName, bidCount: 1 });
    expect(state.recentBids[0]?.displayName).toBe(anna.displayName);
    expect(new Date(state.endsAt ?? 0).getTime()).toBeGreaterThan(state.serverNow);
  });

  it("sends list watchers the updates of auctions with that status, with rising sequence numbers", async () => {
    const auction = await createAuction(server.database.db, new Date(), { entryFeeCents: 0 });
    const [anna, otto] = [await bidder(), await bidder()];
    const listWatcher = await open();
    expect(PlainAck.parse(await listWatcher.timeout(5000).emitWithAck("auctions:watch", { status: "Running" }))).toEqual({ data: { ok: true } });
    await anna.socket.emitWithAck("auction:enrol", { auctionId: auction });
    await otto.socket.emitWithAck("auction:enrol", { auctionId: auction });

    const seen: AuctionState[] = [];
    listWatcher.on("auction:updated", (state) => state.id === auction && seen.push(state));
    expect(BidAck.parse(await anna.socket.emitWithAck("bid:place", { auctionId: auction }))).toMatchObject({ data: { priceCents: 1 } });
    expect(BidAck.parse(await otto.socket.emitWithAck("bid:place", { auctionId: auction }))).toMatchObject({ data: { priceCents: 2 } });
    // The broadcast follows the commit (through Redis to every process, on PostgreSQL): more than vitest's default
    // poll of one second on a busy machine.
    await expect.poll(() => seen.at(-1)?.priceCents, { timeout: 10_000 }).toBe(2);
    const seqs = seen.map((s) => s.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it("answers a refused bid with SPEC.md's reason", async () => {
    const auction = await createAuction(server.database.db, new Date(), { entryFeeCents: 0 });
    const anna = await bidder();
    await anna.socket.emitWithAck("auction:enrol", { auctionId: auction });
    await anna.socket.emitWithAck("bid:place", { auctionId: auction });
    const again = BidAck.parse(await anna.socket.emitWithAck("bid:place", { auctionId: auction }));
    expect(again).toEqual({ error: { code: "ALREADY_WINNING", message: "You are already winning" } });
  });

  it("refuses commands from a socket that is not signed in, and bad payloads", async () => {
    const auction = await createAuction(server.database.db, new Date());
    const anonymous = await open();
    expect(BidAck.parse(await anonymous.emitWithAck("bid:place", { auctionId: auction }))).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    const bad = await anonymous.emitWithAck("auction:subscribe", { auctionId: "x" as unknown as number });
    expect(bad).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    const missing = SubscribeAck.parse(await anonymous.emitWithAck("auction:subscribe", { auctionId: 999999 }));
    expect(missing).toMatchObject({ error: { code: "AUCTION_STATE_MISSING" } });
  });

  it("broadcasts the end to watchers, with the winner", async () => {
    const auction = await createAuction(server.database.db, new Date(), { entryFeeCents: 0 });
    const anna = await bidder();
    const watcher = await open();
    await watcher.emitWithAck("auction:subscribe", { auctionId: auction });
    await anna.socket.emitWithAck("auction:enrol", { auctionId: auction });
    await anna.socket.emitWithAck("bid:place", { auctionId: auction });
    const ended = nextUpdate(watcher, (state) => state.status === "Ended");
    await server.database.db.query("update auctions set ends_at = now() where id = $1", [auction]);
    expect(await ended).toMatchObject({ status: "Ended", winnerName: anna.displayName, priceCents: 1 });
  });
});
