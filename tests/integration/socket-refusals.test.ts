// A refused command is heard by no one else (STYLE.md 23, as socket.io's basic-crud-application tests it): the sender
// hears its refusal in the ack, and no watcher, bidder or operator hears a broadcast of it. Nothing is proved by waiting:
// after the refusals an accepted bid goes out, and each listener must hear that bid's state before anything else.
import { describe, expect, it } from "vitest";
import { AuctionState, BidAck, EnrolAck, SubscribeAck, type AuctionCardState } from "../../contract";
import { createAuction } from "../support/fixtures";
import { operatorClient } from "../support/scene";
import { type LiveClient } from "../support/socket";
import { liveServer } from "../support/live-server";

const live = liveServer({ ipPrefix: "10.99.0" });

const bidder = (balanceCents: number) => live.bidder(balanceCents);

/** What a listener heard, in order, from the moment it is cleared. */
type Heard = { event: string; payload: unknown }[];

/** A socket that follows the auction (its room and the running list) and records every event it hears. */
async function listener(socket: LiveClient, auctionId: number): Promise<Heard> {
  expect(SubscribeAck.parse(await socket.timeout(5000).emitWithAck("auction:subscribe", { auctionId }))).toHaveProperty("data");
  expect(await socket.timeout(5000).emitWithAck("auctions:watch", { status: "Running" })).toEqual({ data: { ok: true } });
  const heard: Heard = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}

/** Whether `event` carries the auction at `priceCents`: its room's whole state or the running list's cards. */
const carries = ({ event, payload }: Heard[number], priceCents: number) =>
  event === "auction:updated"
    ? AuctionState.parse(payload).priceCents === priceCents
    : event === "auctions:updated" && (payload as AuctionCardState[]).some((state) => state.priceCents === priceCents);

/**
 * Places `bidder`'s bid and waits until each listener has heard its state, in the auction's room and in the running
 * list; returns the bid's price.
 */
async function acceptedBid(bidder: { socket: LiveClient }, auctionId: number, listeners: Heard[]) {
  const ack = BidAck.parse(await bidder.socket.timeout(5000).emitWithAck("bid:place", { auctionId }));
  if (!("data" in ack)) throw new Error(`the bid that should go out was refused: ${JSON.stringify(ack)}`);
  const { priceCents } = ack.data;
  const heardIt = (heard: Heard) =>
    ["auction:updated", "auctions:updated"].every((kind) => heard.some((one) => one.event === kind && carries(one, priceCents)));
  await expect.poll(() => listeners.every(heardIt)).toBe(true);
  return priceCents;
}

/**
 * An auction running with a €1 fee; Bob enrolled and leading, Otto with no money and not enrolled, Anna enrolled. A
 * watcher (signed out), Carol (a bidder enrolled too, whose own room hears her wallet and outbids) and an operator
 * follow the auction; once each has heard Bob's bid, they start afresh.
 */
async function scene() {
  const auctionId = await createAuction(live.server.database.db, new Date(), { entryFeeCents: 100, initialSeconds: 600 });
  const [anna, bob, carol, otto] = [await bidder(500), await bidder(500), await bidder(500), await bidder(0)];
  for (const enrolled of [anna, bob, carol]) expect((await enrolled.client.post(`/api/auctions/${auctionId}/enrol`)).status).toBe(200);
  const { client: operatorHttp } = await operatorClient(live.server, `10.99.1.${live.serial()}`);
  const operator = { client: operatorHttp, socket: await live.socket(operatorHttp) };
  const watcher = await live.socket();
  const listeners = [
    await listener(watcher, auctionId),
    await listener(carol.socket, auctionId),
    await listener(operator.socket, auctionId),
  ];
  await acceptedBid(bob, auctionId, listeners);
  listeners.forEach((heard) => heard.splice(0));
  return { auctionId, anna, bob, otto, listeners };
}

/** After the refusals, each listener heard Anna's accepted bid before anything else: nothing of the refusals. */
async function expectOnlyAnnasBidHeard(anna: { socket: LiveClient }, auctionId: number, listeners: Heard[]) {
  const priceCents = await acceptedBid(anna, auctionId, listeners);
  for (const heard of listeners) {
    expect(
      heard.slice(
        0,
        heard.findIndex((one) => carries(one, priceCents)),
      ),
    ).toEqual([]);
    expect(heard.filter(({ event }) => event === "wallet:updated")).toEqual([]);
  }
}

describe("a refused command is heard by no one else", () => {
  it("bid:place: not enrolled, already winning, signed out or malformed, the sender hears why and no one else hears a thing", async () => {
    const { auctionId, anna, bob, otto, listeners } = await scene();
    const stranger = await live.socket();

    const refusals = [
      [otto.socket, { auctionId }, "NOT_ENROLLED"],
      [bob.socket, { auctionId }, "ALREADY_WINNING"],
      [stranger, { auctionId }, "UNAUTHENTICATED"],
      [otto.socket, { auctionId: "one" }, "VALIDATION_FAILED"],
    ] as const;
    for (const [socket, payload, code] of refusals) {
      const ack = BidAck.parse(await socket.timeout(5000).emitWithAck("bid:place", payload as { auctionId: number }));
      expect(ack).toMatchObject({ error: { code } });
    }

    await expectOnlyAnnasBidHeard(anna, auctionId, listeners);
  });

  it("auction:enrol: no money, already enrolled, signed out or malformed, the sender hears why and no one else hears a thing", async () => {
    const { auctionId, anna, bob, otto, listeners } = await scene();
    const stranger = await live.socket();

    const refusals = [
      [otto.socket, { auctionId }, "NOT_ENOUGH_FUNDS"],
      [bob.socket, { auctionId }, "ALREADY_ENROLLED"],
      [stranger, { auctionId }, "UNAUTHENTICATED"],
      [otto.socket, { auctionId: "one" }, "VALIDATION_FAILED"],
    ] as const;
    for (const [socket, payload, code] of refusals) {
      const ack = EnrolAck.parse(await socket.timeout(5000).emitWithAck("auction:enrol", payload as { auctionId: number }));
      expect(ack).toMatchObject({ error: { code } });
    }

    await expectOnlyAnnasBidHeard(anna, auctionId, listeners);
  });
});
