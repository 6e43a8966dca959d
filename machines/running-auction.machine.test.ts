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
  const actor = createActor(runningAuctionMachine.provide({ actors: { placeBid: fromPromise(placeBid) } }), { input });
  actor.start();
  return { actor, placeBid };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the running-auction machine", () => {
  it("slides, submits and is accepted, then returns to idle", async () => {
    const { actor, placeBid } = start();
    actor.send({ type: "slide.start" });
    expect(actor.getSnapshot().value).toBe("sliding");
    actor.send({ type: "slide.complete" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("accepted");
    expect(placeBid).toHaveBeenCalledWith(expect.objectContaining({ input: { auctionId: 7 } }));
    expect(actor.getSnapshot().context).toMatchObject({ lastPriceCents: 12, isWinning: true });
    await vi.advanceTimersByTimeAsync(NOTICE_MS);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("goes back to idle when the slide is let go early", () => {
    const { actor, placeBid } = start();
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.cancel" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(placeBid).not.toHaveBeenCalled();
  });

  it("keeps the server's refusal and its reason", async () => {
    const { actor } = start(ready, { ok: false, code: "AUCTION_ENDED", message: "Auction has ended" });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("refused");
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
    const { actor, placeBid } = start({ ...ready, isEnrolled: false });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(actor.getSnapshot().value).toBe("needsEnrolment");
    expect(placeBid).not.toHaveBeenCalled();
  });

  it("says 'already winning' to the leader without sending a bid", () => {
    const { actor, placeBid } = start({ ...ready, isWinning: true });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(actor.getSnapshot().value).toBe("alreadyWinning");
    expect(placeBid).not.toHaveBeenCalled();
  });

  it("follows the auction: once outbid, the bidder may bid again", () => {
    const { actor } = start({ ...ready, isWinning: true });
    actor.send({ type: "auction.synced", isEnrolled: true, isWinning: false, isRunning: true });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(actor.getSnapshot().value).toBe("submitting");
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
    const reached = [...reachedStates(paths)].map((value) => JSON.parse(value) as string);
    expect(reached.sort()).toEqual(["accepted", "alreadyWinning", "idle", "needsEnrolment", "refused", "sliding", "submitting"]);
    const { mismatches, untaken } = walkAll(runningAuctionMachine, paths, ready);
    expect(mismatches).toEqual([]);
    expect(untaken).toEqual([]);
  });
});
