// Issue 15, the moments that reach a bidder on any page: `auction:outbid` to the bidder a bid takes the lead from
// (and nobody else), and the win's "seen" mark behind the "You won!" dialog, over a real server and real sockets.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AuctionOutbid, BidAck, WonAuction, WonAuctionsResponse } from "../../contract";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { TestClient } from "../support/client";
import { createAuction } from "../support/fixtures";
import { openSocket, type LiveClient } from "../support/socket";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

let server: TestServer;
// The server's clock, moved by the tests: bids of one bidder must be a second apart.
let nowMs = Date.now();
const now = () => new Date(nowMs);
const sockets: LiveClient[] = [];
let ip = 0;

beforeAll(async () => {
  server = await startTestServer({}, { clock: now });
});
afterEach(() => {
  sockets.splice(0).forEach((socket) => socket.disconnect());
});
afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;

async function bidder() {
  const { client, body, userId } = await bidderClient(server, `10.71.0.${++ip}`, {}, { balanceCents: 500 });
  const socket = await openSocket(server.url, sockets, client.cookieHeader);
  const outbids: AuctionOutbid[] = [];
  socket.on("auction:outbid", (raw) => outbids.push(AuctionOutbid.parse(raw)));
  return { client, id: userId, displayName: body.displayName, socket, outbids };
}

type Bidder = Awaited<ReturnType<typeof bidder>>;

async function bid(who: Bidder, auctionId: number) {
  nowMs += 1500;
  return BidAck.parse(await who.socket.timeout(5000).emitWithAck("bid:place", { auctionId }));
}

describe("outbid anywhere", () => {
  it("tells the leader, on every socket of theirs, exactly when a bid takes the lead from them; nobody else hears", async () => {
    const auctionId = await createAuction(db(), now(), { entryFeeCents: 0, initialSeconds: 600 });
    const [anna, otto, eve] = [await bidder(), await bidder(), await bidder()];
    for (const who of [anna, otto, eve]) await who.socket.emitWithAck("auction:enrol", { auctionId });
    // Anna's second tab, and a visitor who watches the auction itself.
    const annaTab: AuctionOutbid[] = [];
    (await openSocket(server.url, sockets, anna.client.cookieHeader)).on("auction:outbid", (raw) => annaTab.push(AuctionOutbid.parse(raw)));
    const watcherHeard: unknown[] = [];
    const watcher = await openSocket(server.url, sockets);
    await watcher.emitWithAck("auction:subscribe", { auctionId });
    watcher.on("auction:outbid", (raw) => watcherHeard.push(raw));
    const watcherPrices: number[] = [];
    watcher.on("auction:updated", (state) => watcherPrices.push(state.priceCents));

    expect(await bid(anna, auctionId)).toMatchObject({ data: { priceCents: 1 } }); // the first bid: nobody led
    expect(await bid(otto, auctionId)).toMatchObject({ data: { priceCents: 2 } }); // from Anna
    expect(await bid(anna, auctionId)).toMatchObject({ data: { priceCents: 3 } }); // from Otto
    expect(await bid(anna, auctionId)).toMatchObject({ error: { code: "ALREADY_WINNING" } }); // refused: nobody hears
    expect(await bid(eve, auctionId)).toMatchObject({ data: { priceCents: 4 } }); // from Anna
    expect(await bid(otto, auctionId)).toMatchObject({ data: { priceCents: 5 } }); // from Eve
    expect(await bid(anna, auctionId)).toMatchObject({ data: { priceCents: 6 } }); // from Otto

    // Each socket hears in the order sent: once the last notice is in, nothing earlier is still on its way.
    await expect.poll(() => otto.outbids.length).toBe(2);
    await expect.poll(() => anna.outbids.length).toBe(2);
    await expect.poll(() => annaTab.length).toBe(2);
    await expect.poll(() => eve.outbids.length).toBe(1);
    const notice = (priceCents: number, leader: Bidder) => ({
      auctionId,
      title: "Test product",
      priceCents,
      leaderName: leader.displayName,
    });
    expect(anna.outbids).toEqual([notice(2, otto), notice(4, eve)]);
    expect(annaTab).toEqual(anna.outbids);
    expect(otto.outbids).toEqual([notice(3, anna), notice(6, anna)]);
    expect(eve.outbids).toEqual([notice(5, otto)]);
    // The watcher heard the auction's updates (the last one is there), never a notice meant for a bidder.
    await expect.poll(() => watcherPrices.at(-1)).toBe(6);
    expect(watcherHeard).toEqual([]);
  });

  it("tells the leader when a bid over REST takes the lead too", async () => {
    const auctionId = await createAuction(db(), now(), { entryFeeCents: 0, initialSeconds: 600 });
    const [anna, otto] = [await bidder(), await bidder()];
    for (const who of [anna, otto]) await who.socket.emitWithAck("auction:enrol", { auctionId });
    await bid(anna, auctionId);
    nowMs += 1500;
    expect((await otto.client.post(`/api/auctions/${auctionId}/bids`)).status).toBe(200);
    await expect.poll(() => anna.outbids).toEqual([{ auctionId, title: "Test product", priceCents: 2, leaderName: otto.displayName }]);
    expect(otto.outbids).toEqual([]);
  });
});

/** An auction the user wins at €0.01, ended by the lifecycle. */
async function wonBy(userId: string) {
  const auctionId = await createAuction(db(), now(), { entryFeeCents: 0, initialSeconds: 60 });
  await enrol(db(), userId, auctionId, now());
  await placeBid(db(), userId, auctionId, now());
  await advanceLifecycle(db(), new Date(nowMs + 61_000));
  return auctionId;
}

describe("a win's seen mark", () => {
  it("starts unseen; the winner marks it seen once (a repeat changes nothing), and their other devices hear of it", async () => {
    const anna = await bidder();
    const auctionId = await wonBy(anna.id);
    const otherWin = await wonBy(anna.id);
    const list = WonAuctionsResponse.parse((await anna.client.get("/api/fulfilments")).body);
    expect(list.items.find((item) => item.auctionId === auctionId)).toMatchObject({ isSeen: false, version: 0 });

    const updates: WonAuction[] = [];
    anna.socket.on("fulfilment:updated", (raw) => updates.push(WonAuction.parse(raw)));
    const first = await anna.client.post(`/api/fulfilments/${auctionId}/seen`);
    expect(first.status).toBe(200);
    expect(WonAuction.parse(first.body)).toMatchObject({ auctionId, isSeen: true, version: 1, state: "AwaitingPayment" });
    await expect.poll(() => updates.map((update) => [update.auctionId, update.isSeen, update.version])).toEqual([[auctionId, true, 1]]);

    const again = await anna.client.post(`/api/fulfilments/${auctionId}/seen`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(WonAuction.parse((await anna.client.get(`/api/fulfilments/${auctionId}`)).body)).toMatchObject({ isSeen: true, version: 1 });
    // The repeat told her devices nothing: the next thing they hear, her other win seen, comes right after the first.
    expect((await anna.client.post(`/api/fulfilments/${otherWin}/seen`)).status).toBe(200);
    await expect.poll(() => updates.length).toBe(2);
    expect(updates.map((update) => [update.auctionId, update.version])).toEqual([
      [auctionId, 1],
      [otherWin, 1],
    ]);
  });

  it("is the winner's alone: others get 404, a signed-out caller 401, a call without the SPA's header 403", async () => {
    const [anna, otto] = [await bidder(), await bidder()];
    const auctionId = await wonBy(anna.id);
    expect((await otto.client.post(`/api/fulfilments/${auctionId}/seen`)).status).toBe(404);
    expect((await new TestClient(server.url, `10.71.1.${++ip}`).post(`/api/fulfilments/${auctionId}/seen`)).status).toBe(401);
    const crossSite = await anna.client.request("POST", `/api/fulfilments/${auctionId}/seen`, {}, { "Content-Type": "application/json" });
    expect(crossSite.status).toBe(403);
    expect((await anna.client.post("/api/fulfilments/987654/seen")).status).toBe(404);
    expect(WonAuction.parse((await anna.client.get(`/api/fulfilments/${auctionId}`)).body)).toMatchObject({ isSeen: false, version: 0 });
  });
});
