// The running auction as one bidder sees it, in two parallel regions, fed by the server's facts: the auction's phase,
// whether the bidder is enrolled, and who leads (the leader's public id beside the bidder's own: never a name).
// `standing`: where the bidder stands, from the live auction: notEnrolled, closed (the server has it anything but
// Running), open (may bid), leading, or outbid (was leading, someone else leads now; entering it runs `notifyOutbid`
// and ends any notice). Closing (time is up on the client's clock, the server's Ended not yet heard) is still open:
// the last moment is the server's to judge.
// `bid`: the slide-to-bid control: idle → sliding → submitting → accepted | refused (with the reason), or straight
// to needsEnrolment / alreadyWinning when a bid cannot be sent (`canBid` says which). Every other completed slide is
// sent, whatever the phase: the server answers it, and its answer is shown. The caller provides `placeBid` and
// `notifyOutbid`.
import { assign, fromPromise, raise, setup } from "xstate";
import type { AuctionPhase } from "../contract/auction-countdown";

export type BidOutcome = { ok: true; priceCents: number } | { ok: false; code: string; message: string };

export type RunningAuctionContext = {
  auctionId: number;
  /** The auction's phase as its lifecycle actor shows it (auction-lifecycle.machine.ts). */
  phase: AuctionPhase;
  isEnrolled: boolean;
  /** The signed-in bidder's own id (null for a visitor), and the leader's as the server's state names it (decision 097). */
  bidderId: string | null;
  leaderId: string | null;
  refusal: { code: string; message: string } | null;
  lastPriceCents: number | null;
};

export type RunningAuctionEvent =
  | { type: "slide.start" }
  | { type: "slide.cancel" }
  | { type: "slide.complete" }
  | { type: "auction.synced"; phase: AuctionPhase; isEnrolled: boolean; bidderId: string | null; leaderId: string | null }
  | { type: "notice.dismiss" };

/**
 * What the screen asks: whether the slide is there (`slidable`) and, while it is, whether a completed slide sends a
 * bid (`canBid`: enrolled and not leading),
 * where the bidder stands (`leading`, `outbid`, `closed`), a bid on its way (`busy`), a result to show (`notice`,
 * `refused`).
 */
export type RunningAuctionTag = "slidable" | "canBid" | "closed" | "leading" | "outbid" | "busy" | "notice" | "refused";

export type RunningAuctionInput = {
  auctionId: number;
  phase: AuctionPhase;
  isEnrolled: boolean;
  bidderId: string | null;
  leaderId: string | null;
};

export const NOTICE_MS = 2500;

/**
 * The phases in which the server still has the auction Running: live, and closing (its time is up by the client's
 * clock, and the server has not yet said Ended). A bid in the closing phase may still be taken and reset the timer.
 */
const isRunningOnTheServer = (phase: AuctionPhase) => phase === "running" || phase === "closing";

/** The bidder leads when the server's leader is they: their ids, not their names (a name may change mid-auction). */
export const isLeading = ({ bidderId, leaderId }: Pick<RunningAuctionContext, "bidderId" | "leaderId">) =>
  bidderId !== null && leaderId === bidderId;

/**
 * Whether a completed slide is sent: the bidder is enrolled and does not lead (SPEC.md §4: a user already winning
 * cannot bid again). The phase is not asked: the server judges the last moment, and its answer is shown.
 */
export const canBid = (context: Pick<RunningAuctionContext, "isEnrolled" | "bidderId" | "leaderId">) =>
  context.isEnrolled && !isLeading(context);

/** A message shown for a while: it goes away by itself, when dismissed, or when a new slide starts. */
const noticeState = (tags: RunningAuctionTag[]) =>
  ({
    tags,
    after: { notice: "idle" },
    on: { "notice.dismiss": "idle", "slide.start": "sliding" },
  }) as const;

export const runningAuctionMachine = setup({
  types: {
    context: {} as RunningAuctionContext,
    input: {} as RunningAuctionInput,
    events: {} as RunningAuctionEvent,
    tags: {} as RunningAuctionTag,
  },
  actors: {
    placeBid: fromPromise<BidOutcome, { auctionId: number }>(() => Promise.reject(new Error("placeBid must be provided"))),
  },
  delays: { notice: NOTICE_MS },
  guards: {
    canBid: ({ context }) => canBid(context),
    needsEnrolment: ({ context }) => !context.isEnrolled,
    isLeading: ({ context }) => isLeading(context),
    isEnrolled: ({ context }) => context.isEnrolled,
    isRunning: ({ context }) => isRunningOnTheServer(context.phase),
    isClosed: ({ context }) => !isRunningOnTheServer(context.phase),
    isOutbid: ({ context }) => !isLeading(context),
    isAccepted: (_, outcome: BidOutcome) => outcome.ok,
  },
  actions: {
    assignSync: assign(({ event }) =>
      event.type === "auction.synced"
        ? { phase: event.phase, isEnrolled: event.isEnrolled, bidderId: event.bidderId, leaderId: event.leaderId }
        : {},
    ),
    // The server took the bid: its bidder leads now, before the auction's next state says so too.
    assignOutcome: assign(({ context }, outcome: BidOutcome) =>
      outcome.ok
        ? { refusal: null, lastPriceCents: outcome.priceCents, leaderId: context.bidderId }
        : { refusal: { code: outcome.code, message: outcome.message } },
    ),
    assignFailure: assign({ refusal: { code: "BID_FAILED", message: "" } }),
    // The moment of being outbid is heard and felt (sound, vibration): the caller says how.
    notifyOutbid: () => undefined,
    // Being outbid is the news: it takes the place of whatever the control was saying ('You are already winning').
    dismissNotice: raise({ type: "notice.dismiss" }),
  },
}).createMachine({
  id: "runningAuction",
  context: ({ input }) => ({ ...input, refusal: null, lastPriceCents: null }),
  type: "parallel",
  on: { "auction.synced": { actions: "assignSync" } },
  states: {
    standing: {
      initial: "open",
      states: {
        // `open` decides at once, from the context, where a bidder who has not led yet stands.
        open: {
          tags: ["slidable", "canBid"],
          always: [
            { guard: "needsEnrolment", target: "notEnrolled" },
            { guard: "isClosed", target: "closed" },
            { guard: "isLeading", target: "leading" },
          ],
        },
        notEnrolled: {
          always: { guard: "isEnrolled", target: "open" },
        },
        closed: {
          tags: ["closed"],
          always: { guard: "isRunning", target: "open" },
        },
        leading: {
          tags: ["leading", "slidable"],
          always: [
            { guard: "isClosed", target: "closed" },
            { guard: "isOutbid", target: "outbid" },
          ],
        },
        outbid: {
          tags: ["outbid", "slidable", "canBid"],
          entry: ["notifyOutbid", "dismissNotice"],
          always: [
            { guard: "isClosed", target: "closed" },
            { guard: "isLeading", target: "leading" },
          ],
        },
      },
    },
    bid: {
      initial: "idle",
      states: {
        idle: {
          on: { "slide.start": "sliding" },
        },
        sliding: {
          on: {
            "slide.cancel": "idle",
            // Nothing else is judged here: not even a phase past the end (the server's Ended may have come while
            // the thumb was on its way). A completed slide is never dropped unanswered.
            "slide.complete": [
              { guard: "canBid", target: "submitting" },
              { guard: "needsEnrolment", target: "needsEnrolment" },
              { target: "alreadyWinning" },
            ],
          },
        },
        submitting: {
          tags: ["busy"],
          invoke: {
            id: "placeBid",
            src: "placeBid",
            input: ({ context }) => ({ auctionId: context.auctionId }),
            onDone: [
              {
                guard: { type: "isAccepted", params: ({ event }) => event.output },
                target: "accepted",
                actions: { type: "assignOutcome", params: ({ event }) => event.output },
              },
              { target: "refused", actions: { type: "assignOutcome", params: ({ event }) => event.output } },
            ],
            onError: { target: "refused", actions: "assignFailure" },
          },
        },
        accepted: noticeState(["notice"]),
        refused: noticeState(["notice", "refused"]),
        needsEnrolment: noticeState(["notice", "refused"]),
        alreadyWinning: noticeState(["notice", "refused"]),
      },
    },
  },
});
