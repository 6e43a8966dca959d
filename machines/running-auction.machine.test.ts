import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AuctionPhase } from "../contract/auction-countdown";
import { generatePaths, isActorDone, isActorError, isDelayIn, walkAgainst, type Oracle } from "../tests/support/machine-paths";
import {
  NOTICE_MS,
  canBid,
  isLeading,
  runningAuctionMachine,
  type BidOutcome,
  type RunningAuctionEvent,
  type RunningAuctionInput,
} from "./running-auction.machine";

const ANNA = "anna-id";
const OTTO = "otto-id";
/** Anna, enrolled in a running auction that Otto leads. */
const ready: RunningAuctionInput = { auctionId: 7, phase: "running", isEnrolled: true, bidderId: ANNA, leaderId: OTTO };

function start(input = ready, answer: BidOutcome | Error | Promise<BidOutcome> = { ok: true, priceCents: 12 }) {
  const placeBid = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const notifyOutbid = vi.fn();
  const actor = createActor(runningAuctionMachine.provide({ actors: { placeBid: fromPromise(placeBid) }, actions: { notifyOutbid } }), {
    input,
  });
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
    expect(actor.getSnapshot().context).toMatchObject({ lastPriceCents: 12, leaderId: ANNA });
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

  it("a slide completed in the closing phase submits the bid and shows the server's refusal", async () => {
    // The auction's time is up by the page's clock ('Closing…'); the server has not said Ended yet.
    const { actor, placeBid, bid } = start(ready, { ok: false, code: "AUCTION_ENDED", message: "Auction has ended" });
    actor.send(synced({ phase: "closing" }));

    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });

    expect(bid()).toBe("submitting");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(placeBid).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ input: { auctionId: 7 } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(bid()).toBe("refused");
    expect(actor.getSnapshot().hasTag("notice")).toBe(true);
    expect(actor.getSnapshot().context.refusal).toEqual({ code: "AUCTION_ENDED", message: "Auction has ended" });
  });

  it("a bid the server takes in the closing phase is accepted, and the bidder leads", async () => {
    const { actor, bid, standing } = start(ready, { ok: true, priceCents: 13 });
    actor.send(synced({ phase: "closing" }));

    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    await vi.advanceTimersByTimeAsync(0);

    expect(bid()).toBe("accepted");
    expect(standing()).toBe("leading");
    expect(actor.getSnapshot().context.lastPriceCents).toBe(13);
  });

  it("keeps a bid on its way when the server's Ended arrives, and shows the answer that follows", async () => {
    let answer: (outcome: BidOutcome) => void = () => undefined;
    const { actor, bid, standing } = start(ready, new Promise<BidOutcome>((resolve) => (answer = resolve)));
    actor.send(synced({ phase: "closing" }));
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });

    actor.send(synced({ phase: "ended" }));
    expect(standing()).toBe("closed");
    expect(actor.getSnapshot().hasTag("slidable")).toBe(false);
    expect(bid()).toBe("submitting");

    answer({ ok: false, code: "AUCTION_ENDED", message: "Auction has ended" });
    await vi.advanceTimersByTimeAsync(0);
    expect(bid()).toBe("refused");
    expect(actor.getSnapshot().context.refusal?.code).toBe("AUCTION_ENDED");
    await vi.advanceTimersByTimeAsync(NOTICE_MS);
    expect(bid()).toBe("idle");
  });

  it("sends a slide completed just as the server's Ended arrives: the phase change swallows no slide", () => {
    const { actor, placeBid, bid } = start();
    actor.send({ type: "slide.start" });
    actor.send(synced({ phase: "ended" }));
    actor.send({ type: "slide.complete" });
    expect(bid()).toBe("submitting");
    expect(placeBid).toHaveBeenCalledOnce();
  });

  it("leaves the bidder where they stood while the auction closes: the leader leads, the slide stays", () => {
    const { actor, standing } = start({ ...ready, leaderId: ANNA });
    actor.send(synced({ phase: "closing", leaderId: ANNA }));
    expect(standing()).toBe("leading");
    expect(actor.getSnapshot().hasTag("slidable")).toBe(true);
    actor.send(synced({ phase: "ended", leaderId: ANNA }));
    expect(standing()).toBe("closed");
    expect(actor.getSnapshot().hasTag("slidable")).toBe(false);
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
    const { actor, placeBid, bid } = start({ ...ready, leaderId: ANNA });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(bid()).toBe("alreadyWinning");
    expect(placeBid).not.toHaveBeenCalled();
  });

  it("follows the auction: once outbid, the bidder may bid again", () => {
    const { actor, bid } = start({ ...ready, leaderId: ANNA });
    actor.send({ type: "auction.synced", phase: "running", isEnrolled: true, bidderId: ANNA, leaderId: OTTO });
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
    const { actor, standing, notifyOutbid } = start({ ...ready, leaderId: ANNA });
    expect(standing()).toBe("leading");
    actor.send(synced({ leaderId: OTTO }));
    expect(standing()).toBe("outbid");
    expect(actor.getSnapshot().hasTag("outbid")).toBe(true);
    actor.send(synced({ leaderId: OTTO }));
    expect(notifyOutbid).toHaveBeenCalledTimes(1);
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    await vi.advanceTimersByTimeAsync(0);
    expect(standing()).toBe("leading");
  });

  it("drops 'already winning' the moment the bidder is outbid: the news is the outbid", () => {
    const { actor, bid, standing } = start({ ...ready, leaderId: ANNA });
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    expect(bid()).toBe("alreadyWinning");
    actor.send(synced({ leaderId: OTTO }));
    expect(standing()).toBe("outbid");
    expect(bid()).toBe("idle");
  });

  it("is not outbid by a bidder who never led, nor when the auction stops running", () => {
    const first = start();
    first.actor.send(synced({ leaderId: OTTO }));
    expect(first.standing()).toBe("open");
    const leader = start({ ...ready, leaderId: ANNA });
    leader.actor.send(synced({ leaderId: ANNA, phase: "ended" }));
    expect(leader.standing()).toBe("closed");
    expect(leader.notifyOutbid).not.toHaveBeenCalled();
    leader.actor.send(synced({ leaderId: OTTO }));
    expect(leader.standing()).toBe("open");
  });

  it("leads by the server's word: the leader's id is the bidder's own", () => {
    const { actor, standing } = start({ ...ready, leaderId: ANNA });
    expect(standing()).toBe("leading");
    actor.send(synced({ leaderId: OTTO }));
    expect(standing()).toBe("outbid");
    actor.send(synced({ leaderId: ANNA }));
    expect(standing()).toBe("leading");
  });

  it("follows who the bidder is: one who signs in on the page and leads is shown leading", () => {
    const { actor, standing } = start({ ...ready, isEnrolled: false, bidderId: null, leaderId: ANNA });
    expect(standing()).toBe("notEnrolled");
    actor.send(synced({ bidderId: ANNA, leaderId: ANNA }));
    expect(standing()).toBe("leading");
  });

  it("a visitor leads no auction, not even one nobody leads yet", () => {
    expect(isLeading({ bidderId: null, leaderId: null })).toBe(false);
    expect(isLeading({ bidderId: ANNA, leaderId: null })).toBe(false);
    expect(isLeading({ bidderId: ANNA, leaderId: ANNA })).toBe(true);
  });

  it("can bid when enrolled and not leading, and only then", () => {
    expect(canBid({ isEnrolled: true, bidderId: ANNA, leaderId: OTTO })).toBe(true);
    expect(canBid({ isEnrolled: true, bidderId: ANNA, leaderId: null })).toBe(true);
    expect(canBid({ isEnrolled: true, bidderId: ANNA, leaderId: ANNA })).toBe(false);
    expect(canBid({ isEnrolled: false, bidderId: ANNA, leaderId: OTTO })).toBe(false);
  });

  it("tags where the bidder stands and whether a slide sends a bid: open, leading, outbid, closed, not enrolled", () => {
    const tagsOf = (actor: ReturnType<typeof start>["actor"]) =>
      (["slidable", "canBid", "leading", "outbid", "closed"] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
    const { actor } = start();
    expect(tagsOf(actor)).toEqual(["slidable", "canBid"]);
    actor.send(synced({ leaderId: ANNA }));
    expect(tagsOf(actor)).toEqual(["slidable", "leading"]);
    actor.send(synced({ leaderId: OTTO }));
    expect(tagsOf(actor)).toEqual(["slidable", "canBid", "outbid"]);
    actor.send(synced({ phase: "closing" }));
    expect(tagsOf(actor)).toEqual(["slidable", "canBid", "outbid"]);
    actor.send(synced({ phase: "ended" }));
    expect(tagsOf(actor)).toEqual(["closed"]);
    expect(tagsOf(start({ ...ready, isEnrolled: false }).actor)).toEqual([]);
  });

  it("tags a bid on its way busy, and the server's refusal refused", async () => {
    let answer: (outcome: BidOutcome) => void = () => undefined;
    const { actor } = start(ready, new Promise<BidOutcome>((resolve) => (answer = resolve)));
    const has = (tag: "busy" | "refused" | "notice") => actor.getSnapshot().hasTag(tag);
    actor.send({ type: "slide.start" });
    expect([has("busy"), has("refused")]).toEqual([false, false]);
    actor.send({ type: "slide.complete" });
    expect([has("busy"), has("refused"), has("notice")]).toEqual([true, false, false]);
    answer({ ok: false, code: "AUCTION_ENDED", message: "Auction has ended" });
    await vi.advanceTimersByTimeAsync(0);
    expect([has("busy"), has("refused"), has("notice")]).toEqual([false, true, true]);
  });

  it("tags an accepted bid as news, not as a refusal", async () => {
    const { actor } = start();
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag("notice")).toBe(true);
    expect(actor.getSnapshot().hasTag("refused")).toBe(false);
  });

  // Generated at collection time, so that the test's title says how many paths run.
  const events = [
    { type: "slide.start" },
    { type: "slide.cancel" },
    { type: "slide.complete" },
    { type: "notice.dismiss" },
    { type: "auction.synced", phase: "running", isEnrolled: false, bidderId: ANNA, leaderId: OTTO },
    { type: "auction.synced", phase: "running", isEnrolled: true, bidderId: ANNA, leaderId: ANNA },
    { type: "auction.synced", phase: "running", isEnrolled: true, bidderId: ANNA, leaderId: OTTO },
    { type: "auction.synced", phase: "closing", isEnrolled: true, bidderId: ANNA, leaderId: OTTO },
    { type: "auction.synced", phase: "ended", isEnrolled: true, bidderId: ANNA, leaderId: OTTO },
    { type: "xstate.done.actor.placeBid", output: { ok: true, priceCents: 3 } },
    { type: "xstate.done.actor.placeBid", output: { ok: false, code: "AUCTION_ENDED", message: "Auction has ended" } },
    { type: "xstate.error.actor.placeBid", error: new Error("offline") },
  ] as unknown as RunningAuctionEvent[];
  const paths = generatePaths(runningAuctionMachine, { input: ready, events });

  it(`walks all ${paths.length} generated paths, each step as the bidding rules say`, () => {
    const { mismatches, unmetRules, reached } = walkAgainst(runningAuctionMachine, paths, biddingRules, ready);
    expect(mismatches).toEqual([]);
    expect(unmetRules).toEqual([]);
    const values = [...reached].map((value) => JSON.parse(value) as { bid: string; standing: string });
    expect(new Set(values.map((value) => value.bid))).toEqual(
      new Set(["idle", "sliding", "submitting", "accepted", "refused", "needsEnrolment", "alreadyWinning"]),
    );
    expect(new Set(values.map((value) => value.standing))).toEqual(new Set(["open", "notEnrolled", "closed", "leading", "outbid"]));
    // Four thousand paths take about 4 s; more when the machine's cores are shared.
  }, 30_000);
});

// The bidding rules by hand (SPEC.md §4 "Bidding", §8's bid failures; DESIGN.md: leading and outbid are moments the
// bidder sees at once; STYLE.md 26: the last moment is the server's), apart from the machine. The standing follows the
// auction, and the auction is Running on the server until it says Ended, though its time is up on the client's clock
// (closing); a completed slide is sent unless the bidder has not enrolled or already leads, and the server's answer
// is shown, in whatever phase it comes; a notice (accepted, refused, enrol first, already winning) lasts NOTICE_MS, or
// until dismissed or a new slide, and gives way the moment the bidder is outbid.
type Standing = "open" | "notEnrolled" | "closed" | "leading" | "outbid";
type BidModel = {
  bid: string;
  standing: Standing;
  phase: AuctionPhase;
  isEnrolled: boolean;
  bidderId: string | null;
  leaderId: string | null;
};
/** The bidder leads when the server names them the leader: by id. */
const leads = (model: Pick<BidModel, "bidderId" | "leaderId">) => model.bidderId !== null && model.leaderId === model.bidderId;
const NOTICES = ["accepted", "refused", "needsEnrolment", "alreadyWinning"];

/** Where the bidder stands after the auction changed, hop by hop: a bidder is outbid only after leading. */
function settleStanding(model: BidModel): { standing: Standing; hops: string[] } {
  const { isEnrolled } = model;
  const isWinning = leads(model);
  const isRunning = model.phase === "running" || model.phase === "closing";
  const hops: string[] = [];
  let standing = model.standing;
  for (;;) {
    const hop = (to: Standing, why: string) => {
      hops.push(`standing ${standing} → ${to}: ${why}`);
      standing = to;
    };
    if (standing === "open" && !isEnrolled) hop("notEnrolled", "not enrolled");
    else if (standing === "open" && !isRunning) hop("closed", "not running");
    else if (standing === "open" && isWinning) hop("leading", "winning");
    else if (standing === "notEnrolled" && isEnrolled) hop("open", "enrolled");
    else if (standing === "closed" && isRunning) hop("open", "running again");
    else if (standing === "leading" && !isRunning) hop("closed", "stopped running");
    else if (standing === "leading" && !isWinning) hop("outbid", "someone else leads");
    else if (standing === "outbid" && !isRunning) hop("closed", "stopped running");
    else if (standing === "outbid" && isWinning) hop("leading", "leads again");
    else return { standing, hops };
  }
}

function withAuction(model: BidModel, change: Partial<BidModel>, rule: string) {
  const changed = { ...model, ...change };
  const { standing, hops } = settleStanding(changed);
  const isNewlyOutbid = standing === "outbid" && model.standing !== "outbid";
  const isNoticeDropped = isNewlyOutbid && NOTICES.includes(changed.bid);
  return {
    rules: [rule, ...hops, ...(isNoticeDropped ? ["outbid: the notice gives way"] : [])],
    model: { ...changed, standing, bid: isNoticeDropped ? "idle" : changed.bid },
  };
}

const biddingRules: Oracle<BidModel> = {
  start: { bid: "idle", ...ready, standing: settleStanding({ bid: "idle", standing: "open", ...ready }).standing },
  value: (model) => ({ standing: model.standing, bid: model.bid }),
  next(model, event) {
    const { bid } = model;
    const to = (next: string, rule: string) => ({ rules: [rule], model: { ...model, bid: next } });
    if (event.type === "auction.synced") {
      const { phase, isEnrolled, bidderId, leaderId } = event as Extract<RunningAuctionEvent, { type: "auction.synced" }>;
      return withAuction(model, { phase, isEnrolled, bidderId, leaderId }, "synced: the auction as the server says");
    }
    if (event.type === "slide.start" && bid === "idle") return to("sliding", "idle: slide starts");
    if (event.type === "slide.start" && NOTICES.includes(bid)) return to("sliding", "notice: a new slide starts");
    if (event.type === "slide.cancel" && bid === "sliding") return to("idle", "sliding: let go early");
    if (event.type === "slide.complete" && bid === "sliding") {
      if (!model.isEnrolled) return to("needsEnrolment", "slide complete: enrol first");
      if (leads(model)) return to("alreadyWinning", "slide complete: already winning");
      return to("submitting", "slide complete: the bid is sent, the server judges it");
    }
    if (event.type === "notice.dismiss" && NOTICES.includes(bid)) return to("idle", "notice: dismissed");
    if (NOTICES.includes(bid) && isDelayIn(event, `runningAuction.bid.${bid}`)) return to("idle", "notice: time is up");
    if (bid === "submitting" && isActorDone(event, "placeBid")) {
      const outcome = (event as unknown as { output: BidOutcome }).output;
      return outcome.ok
        ? withAuction({ ...model, bid: "accepted" }, { leaderId: model.bidderId }, "submitting: accepted, the bidder leads")
        : to("refused", "submitting: refused with the reason");
    }
    if (bid === "submitting" && isActorError(event, "placeBid")) return to("refused", "submitting: failed");
    return null;
  },
  rules: [
    "synced: the auction as the server says",
    "standing open → notEnrolled: not enrolled",
    "standing open → closed: not running",
    "standing open → leading: winning",
    "standing notEnrolled → open: enrolled",
    "standing closed → open: running again",
    "standing leading → closed: stopped running",
    "standing leading → outbid: someone else leads",
    "standing outbid → closed: stopped running",
    "standing outbid → leading: leads again",
    "outbid: the notice gives way",
    "idle: slide starts",
    "notice: a new slide starts",
    "sliding: let go early",
    "slide complete: enrol first",
    "slide complete: already winning",
    "slide complete: the bid is sent, the server judges it",
    "notice: dismissed",
    "notice: time is up",
    "submitting: accepted, the bidder leads",
    "submitting: refused with the reason",
    "submitting: failed",
  ],
};
