// The live feed over real sockets: commands ack the sender, broadcasts reach the watchers.
import { describe, expect, it } from "vitest";
import { type AuctionCardState, auctionErrorMessages, BidAck, EnrolAck, PlainAck, SubscribeAck } from "../../contract";
import { type TestClient } from "../support/client";
import { whileInsertsFail } from "../support/database";
import { createAuction } from "../support/fixtures";
import { operatorClient } from "../support/scene";
import { nextAuctionState, nextState, onStates, type HeardIn } from "../support/socket";
import { bidderClient } from "../support/scene";
import { liveServer } from "../support/live-server";

const live = liveServer({ ipPrefix: "10.30.0" });

const open = (client?: TestClient) => live.socket(client);

async function bidder(euros = 5) {
  const { client, body } = await bidderClient(live.server, live.nextIp(), {}, { balanceCents: euros * 100 });
  return { client, displayName: body.displayName, socket: await open(client) };
}

describe("the live feed", () => {
  it("acks the bidder and broadcasts the new price and leader to a watcher of the auction", async () => {
    const auction = await createAuction(live.server.database.db, new Date(), { entryFeeCents: 100 });
    const anna = await bidder();
    const watcher = await open();

    const subscribed = SubscribeAck.parse(await watcher.timeout(5000).emitWithAck("auction:subscribe", { auctionId: auction }));
    expect("data" in subscribed && subscribed.data).toMatchObject({ id: auction, priceCents: 0, status: "Running" });

    const walletUpdate = new Promise<{ balance: number }>((resolve) => anna.socket.once("wallet:updated", resolve));
    const enrolled = EnrolAck.parse(await anna.socket.timeout(5000).emitWithAck("auction:enrol", { auctionId: auction }));
    expect(enrolled).toEqual({ data: { feeCents: 100, balance: 4 } });
    expect(await walletUpdate).toEqual({ balance: 4 });

    const broadcast = nextAuctionState(watcher, (state) => state.priceCents === 1);
    const ack = BidAck.parse(await anna.socket.timeout(5000).emitWithAck("bid:place", { auctionId: auction }));
    expect(ack).toMatchObject({ data: { priceCents: 1, hasEnded: false } });
    const state = await broadcast;
    expect(state).toMatchObject({ leaderName: anna.displayName, bidCount: 1 });
    expect(state.recentBids[0]?.displayName).toBe(anna.displayName);
    expect(new Date(state.endsAt ?? 0).getTime()).toBeGreaterThan(state.serverNow);
  });

  it("sends list watchers the updates of auctions with that status as cards show them, with rising sequence numbers", async () => {
    const auction = await createAuction(live.server.database.db, new Date(), { entryFeeCents: 0 });
    const [anna, otto] = [await bidder(), await bidder()];
    const listWatcher = await open();
    expect(PlainAck.parse(await listWatcher.timeout(5000).emitWithAck("auctions:watch", { status: "Running" }))).toEqual({
      data: { ok: true },
    });
    await anna.socket.emitWithAck("auction:enrol", { auctionId: auction });
    await otto.socket.emitWithAck("auction:enrol", { auctionId: auction });

    const seen: AuctionCardState[] = [];
    const heardIn = new Set<HeardIn>();
    onStates(listWatcher, (state, room) => {
      if (state.id !== auction) return;
      seen.push(state);
      heardIn.add(room);
    });
    expect(BidAck.parse(await anna.socket.emitWithAck("bid:place", { auctionId: auction }))).toMatchObject({ data: { priceCents: 1 } });
    expect(BidAck.parse(await otto.socket.emitWithAck("bid:place", { auctionId: auction }))).toMatchObject({ data: { priceCents: 2 } });
    // The broadcast follows the commit (through Redis to every process, on PostgreSQL): more than vitest's default
    // poll of one second on a busy machine.
    await expect.poll(() => seen.at(-1)?.priceCents, { timeout: 10_000 }).toBe(2);
    const seqs = seen.map((s) => s.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
    // A list's watchers hear its batches, without the recent bids only an auction's own page shows (decision 056).
    expect([...heardIn]).toEqual(["list"]);
    expect(seen.at(-1)).toMatchObject({ leaderName: otto.displayName, bidCount: 2 });
    expect(seen.filter((state) => "recentBids" in state)).toEqual([]);
  });

  it("answers a refused bid with SPEC.md's reason", async () => {
    const auction = await createAuction(live.server.database.db, new Date(), { entryFeeCents: 0 });
    const anna = await bidder();
    await anna.socket.emitWithAck("auction:enrol", { auctionId: auction });
    await anna.socket.emitWithAck("bid:place", { auctionId: auction });
    const again = BidAck.parse(await anna.socket.emitWithAck("bid:place", { auctionId: auction }));
    expect(again).toEqual({ error: { code: "ALREADY_WINNING", message: "You are already winning" } });
  });

  it("answers a bid the server fails to write with SPEC.md's failure, and changes nothing", async () => {
    const db = live.server.database.db;
    const auction = await createAuction(db, new Date(), { entryFeeCents: 0 });
    const anna = await bidder();
    await anna.socket.emitWithAck("auction:enrol", { auctionId: auction });
    const failed = await whileInsertsFail(db, "bids", `new.auction_id = ${auction}`, async () =>
      BidAck.parse(await anna.socket.emitWithAck("bid:place", { auctionId: auction })),
    );
    expect(failed).toEqual({ error: { code: "BID_FAILED", message: auctionErrorMessages.BID_FAILED } });
    const subscribed = SubscribeAck.parse(await anna.socket.emitWithAck("auction:subscribe", { auctionId: auction }));
    expect("data" in subscribed && subscribed.data).toMatchObject({ priceCents: 0, bidCount: 0, leaderName: null });
  });

  it("refuses commands from a socket that is not signed in, and bad payloads", async () => {
    const auction = await createAuction(live.server.database.db, new Date());
    const anonymous = await open();
    expect(BidAck.parse(await anonymous.emitWithAck("bid:place", { auctionId: auction }))).toMatchObject({
      error: { code: "UNAUTHENTICATED" },
    });
    const bad = await anonymous.emitWithAck("auction:subscribe", { auctionId: "x" as unknown as number });
    expect(bad).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    const missing = SubscribeAck.parse(await anonymous.emitWithAck("auction:subscribe", { auctionId: 999999 }));
    expect(missing).toMatchObject({ error: { code: "AUCTION_STATE_MISSING" } });
  });

  it("answers a free enrolment with no balance, and tells the auction's watchers it moved", async () => {
    const auction = await createAuction(live.server.database.db, new Date(), { entryFeeCents: 0 });
    const anna = await bidder();
    const watcher = await open();
    const subscribed = SubscribeAck.parse(await watcher.emitWithAck("auction:subscribe", { auctionId: auction }));
    const seq = "data" in subscribed ? subscribed.data.seq : Number.NaN;
    const moved = nextState(watcher, (state) => state.seq > seq);
    expect(EnrolAck.parse(await anna.socket.emitWithAck("auction:enrol", { auctionId: auction }))).toEqual({
      data: { feeCents: 0, balance: null },
    });
    expect(await moved).toMatchObject({ id: auction, priceCents: 0 });
  });

  it("broadcasts the bids the auto-bidder places for a bidder, and tells the operators an auto-bid was set", async () => {
    const auction = await createAuction(live.server.database.db, new Date(), { entryFeeCents: 0 });
    const anna = await bidder();
    const watcher = await open();
    const operator = await open((await operatorClient(live.server, `10.30.1.${live.serial()}`)).client);
    const operatorHears = new Promise<unknown>((resolve) => operator.once("auto-bid:changed", resolve));
    await watcher.emitWithAck("auction:subscribe", { auctionId: auction });
    await anna.socket.emitWithAck("auction:enrol", { auctionId: auction });
    const autoBid = nextState(watcher, (state) => state.priceCents === 1);
    expect((await anna.client.put(`/api/auctions/${auction}/auto-bid`, { maxPriceCents: 5 })).status).toBe(200);
    expect(await operatorHears).toEqual({ auctionId: auction });
    expect(await autoBid).toMatchObject({ leaderName: anna.displayName, bidCount: 1 });
  });

  it("stops telling a socket of an auction or a status it left", async () => {
    const now = new Date();
    const [left, kept] = [
      await createAuction(live.server.database.db, now, { entryFeeCents: 0 }),
      await createAuction(live.server.database.db, now, { entryFeeCents: 0 }),
    ];
    const anna = await bidder();
    await anna.socket.emitWithAck("auction:enrol", { auctionId: left });
    await anna.socket.emitWithAck("auction:enrol", { auctionId: kept });
    const [leaver, stayer] = [await open(), await open()];
    for (const socket of [leaver, stayer]) {
      await socket.emitWithAck("auctions:watch", { status: "Running" });
      await socket.emitWithAck("auction:subscribe", { auctionId: left });
    }
    expect(PlainAck.parse(await leaver.emitWithAck("auctions:unwatch", { status: "Running" }))).toEqual({ data: { ok: true } });
    expect(PlainAck.parse(await leaver.emitWithAck("auction:unsubscribe", { auctionId: left }))).toEqual({ data: { ok: true } });
    await leaver.emitWithAck("auction:subscribe", { auctionId: kept });
    const heardOfLeft: AuctionCardState[] = [];
    onStates(leaver, (state) => state.id === left && heardOfLeft.push(state));

    // The bid on the left auction reaches the socket that stayed; the later one on the kept auction reaches the
    // leaver over the same connection as the first would have, so by then the first has passed it by.
    const stayerHears = nextState(stayer, (state) => state.id === left && state.priceCents === 1);
    await anna.socket.emitWithAck("bid:place", { auctionId: left });
    await stayerHears;
    const leaverHears = nextState(leaver, (state) => state.id === kept && state.priceCents === 1);
    await anna.socket.emitWithAck("bid:place", { auctionId: kept });
    await leaverHears;
    expect(heardOfLeft).toEqual([]);
  });

  it("broadcasts the end to watchers, with the winner", async () => {
    const auction = await createAuction(live.server.database.db, new Date(), { entryFeeCents: 0 });
    const anna = await bidder();
    const watcher = await open();
    await watcher.emitWithAck("auction:subscribe", { auctionId: auction });
    await anna.socket.emitWithAck("auction:enrol", { auctionId: auction });
    await anna.socket.emitWithAck("bid:place", { auctionId: auction });
    const ended = nextState(watcher, (state) => state.status === "Ended");
    await live.server.database.db.query("update auctions set ends_at = now() where id = $1", [auction]);
    expect(await ended).toMatchObject({ status: "Ended", winnerName: anna.displayName, priceCents: 1 });
  });
});
