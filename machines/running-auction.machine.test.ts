import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { generatePaths, reachedStates, walkAll } from "./generated-paths";
import { NOTICE_MS, runningAuctionMachine, type BidOutcome, type RunningAuctionEvent } from "./running-auction.machine";

const ready = { auctionId: 7, isEnrolled: true, isWinning: false, isRunning: true };

function start(input = ready, answer: BidOutcome | Error = { ok: true, priceCents: 12 }) {
  const placeBid = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const notifyOutbid = vi.fn();
  const actor = createActor(runningAuctionMachine.provide({ actors: { placeBid: fromPromise(placeBid) }, actions: { notifyOutbid } }), { input });
  actor.start();
  const bid = () => (actor.getSnapshot().value as { bid: string }).bid;
  const standing = () => (actor.getSnapshot().value as { standing: string }).standing;
  return { actor, placeBid, notifyOutbid, bid, standing };
}

const synced = (change: Partial<typeof ready>) => ({ type: "auction.synced", ...ready, ...change }) as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the running-auction machine", () => {
  it("slides, submits and is accepted, then returns to idle", async () => {
    const { actor, placeBid, bid } = start();
    actor.send({ type: "slide.start" });
    expect(bid()).toBe("sliding");
    actor.send({ type: "slide.complete" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(bid()).toBe("accepted");
    expect(placeBid).toHaveBeenCalledWith(expect.objectContaining({ input: { auctionId: 7 } }));
    expect(actor.getSnapshot().context).toMatchObject({ lastPriceCents: 12, isWinning: true });
    await vi.advanceTimersByTimeAsync(NOTICE_MS);
    expect(bid()).toBe("idle");
  });

  it("goes back to idle when the slide is let go early", () => {
    const { actor, placeBid, bid } = start();
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.cancel" });
    expect(bid()).toBe("idle");
    expect(placeBid).not.toHaveBeenCalled();
  });

  it("keeps the server's refusal and its reason", async () => {
    const { actor, bid } = start(ready, { ok: false, code: "AUCTION_ENDED", message: "Auction has ended" });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    await vi.advanceTimersByTimeAsync(0);
    expect(bid()).toBe("refused");
    expect(actor.getSnapshot().context.refusal).toEqual({ code: "AUCTION_ENDED", message: "Auction has ended" });
  });

  it("treats a failed request as the generic bid failure", async () => {
    const { actor } = start(ready, new Error("socket closed"));
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.refusal?.code).toBe("BID_FAILED");
  });

  it("asks for enrolment instead of sending a bid", () => {
    const { actor, placeBid, bid } = start({ ...ready, isEnrolled: false });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(bid()).toBe("needsEnrolment");
    expect(placeBid).not.toHaveBeenCalled();
  });

  it("says 'already winning' to the leader without sending a bid", () => {
    const { actor, placeBid, bid } = start({ ...ready, isWinning: true });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(bid()).toBe("alreadyWinning");
    expect(placeBid).not.toHaveBeenCalled();
  });

  it("follows the auction: once outbid, the bidder may bid again", () => {
    const { actor, bid } = start({ ...ready, isWinning: true });
    actor.send({ type: "auction.synced", isEnrolled: true, isWinning: false, isRunning: true });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(bid()).toBe("submitting");
  });

  it("tells a bidder who has not enrolled so, and lets them bid once they have", () => {
    const { actor, standing } = start({ ...ready, isEnrolled: false });
    expect(standing()).toBe("notEnrolled");
    actor.send(synced({ isEnrolled: true }));
    expect(standing()).toBe("open");
  });

  it("leads as soon as the bidder's own bid is accepted, before the broadcast", async () => {
    const { actor, standing } = start();
    expect(standing()).toBe("open");
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    await vi.advanceTimersByTimeAsync(0);
    expect(standing()).toBe("leading");
    expect(actor.getSnapshot().hasTag("leading")).toBe(true);
  });

  it("is outbid when another bidder takes the lead, and notifies once; leads again after bidding", async () => {
    const { actor, standing, notifyOutbid } = start({ ...ready, isWinning: true });
    expect(standing()).toBe("leading");
    actor.send(synced({ isWinning: false }));
    expect(standing()).toBe("outbid");
    expect(actor.getSnapshot().hasTag("outbid")).toBe(true);
    actor.send(synced({ isWinning: false }));
    expect(notifyOutbid).toHaveBeenCalledTimes(1);
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    await vi.advanceTimersByTimeAsync(0);
    expect(standing()).toBe("leading");
  });

  it("drops 'already winning' the moment the bidder is outbid: the news is the outbid", () => {
    const { actor, bid, standing } = start({ ...ready, isWinning: true });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(bid()).toBe("alreadyWinning");
    actor.send(synced({ isWinning: false }));
    expect(standing()).toBe("outbid");
    expect(bid()).toBe("idle");
  });

  it("is not outbid by a bidder who never led, nor when the auction stops running", () => {
    const first = start();
    first.actor.send(synced({ isWinning: false }));
    expect(first.standing()).toBe("open");
    const leader = start({ ...ready, isWinning: true });
    leader.actor.send(synced({ isWinning: true, isRunning: false }));
    expect(leader.standing()).toBe("closed");
    expect(leader.notifyOutbid).not.toHaveBeenCalled();
    leader.actor.send(synced({ isWinning: false }));
    expect(leader.standing()).toBe("open");
  });

  // Generated at collection time, so that the test's title says how many paths run.
  const events = [
    { type: "slide.start" },
    { type: "slide.cancel" },
    { type: "slide.complete" },
    { type: "notice.dismiss" },
    { type: "auction.synced", isEnrolled: false, isWinning: false, isRunning: true },
    { type: "auction.synced", isEnrolled: true, isWinning: true, isRunning: true },
    { type: "auction.synced", isEnrolled: true, isWinning: false, isRunning: true },
    { type: "auction.synced", isEnrolled: true, isWinning: false, isRunning: false },
    { type: "xstate.done.actor.placeBid", output: { ok: true, priceCents: 3 } },
    { type: "xstate.done.actor.placeBid", output: { ok: false, code: "AUCTION_ENDED", message: "Auction has ended" } },
    { type: "xstate.error.actor.placeBid", error: new Error("offline") },
  ] as unknown as RunningAuctionEvent[];
  const paths = generatePaths(runningAuctionMachine, { input: ready, events });

  it(`walks all ${paths.length} generated paths, through every transition`, () => {
    const reached = [...reachedStates(paths)].map((value) => JSON.parse(value) as { bid: string; standing: string });
    expect([...new Set(reached.map((value) => value.bid))].sort()).toEqual(["accepted", "alreadyWinning", "idle", "needsEnrolment", "refused", "sliding", "submitting"]);
    expect([...new Set(reached.map((value) => value.standing))].sort()).toEqual(["closed", "leading", "notEnrolled", "open", "outbid"]);
    const { mismatches, untaken } = walkAll(runningAuctionMachine, paths, ready);
    expect(mismatches).toEqual([]);
    expect(untaken).toEqual([]);
  });
});
