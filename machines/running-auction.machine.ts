// The running auction as one bidder sees it, in two parallel regions.
// `standing`: where the bidder stands, from the live auction: notEnrolled, closed (not running), open (may bid),
// leading, or outbid (was leading, someone else leads now; entering it runs `notifyOutbid` and ends any notice).
// `bid`: the slide-to-bid control: idle → sliding → submitting → accepted | refused (with the reason), or straight
// to needsEnrolment / alreadyWinning when a bid cannot be sent. The caller provides `placeBid` and `notifyOutbid`.
import { assign, fromPromise, raise, setup } from "xstate";

export type BidOutcome = { ok: true; priceCents: number } | { ok: false; code: string; message: string };

export type RunningAuctionContext = {
  auctionId: number;
  isEnrolled: boolean;
  isWinning: boolean;
  isRunning: boolean;
  refusal: { code: string; message: string } | null;
  lastPriceCents: number | null;
};

export type RunningAuctionEvent =
  | { type: "slide.start" }
  | { type: "slide.cancel" }
  | { type: "slide.complete" }
  | { type: "auction.synced"; isEnrolled: boolean; isWinning: boolean; isRunning: boolean }
  | { type: "notice.dismiss" };

export const NOTICE_MS = 2500;

/** A message shown for a while: it goes away by itself, when dismissed, or when a new slide starts. */
const noticeState = (tags: string[]) => ({
  tags,
  after: { notice: "idle" },
  on: { "notice.dismiss": "idle", "slide.start": "sliding" },
}) as const;

export const runningAuctionMachine = setup({
  types: {
    context: {} as RunningAuctionContext,
    input: {} as { auctionId: number; isEnrolled: boolean; isWinning: boolean; isRunning: boolean },
    events: {} as RunningAuctionEvent,
  },
  actors: {
    placeBid: fromPromise<BidOutcome, { auctionId: number }>(() => Promise.reject(new Error("placeBid must be provided"))),
  },
  delays: { notice: NOTICE_MS },
  guards: {
    canBid: ({ context }) => context.isRunning && context.isEnrolled && !context.isWinning,
    needsEnrolment: ({ context }) => !context.isEnrolled,
    isWinning: ({ context }) => context.isWinning,
    isEnrolled: ({ context }) => context.isEnrolled,
    isRunning: ({ context }) => context.isRunning,
    isClosed: ({ context }) => !context.isRunning,
    isOutbid: ({ context }) => !context.isWinning,
    isAccepted: (_, outcome: BidOutcome) => outcome.ok,
  },
  actions: {
    assignSync: assign(({ event }) =>
      event.type === "auction.synced" ? { isEnrolled: event.isEnrolled, isWinning: event.isWinning, isRunning: event.isRunning } : {},
    ),
    assignOutcome: assign((_, outcome: BidOutcome) =>
      outcome.ok
        ? { refusal: null, lastPriceCents: outcome.priceCents, isWinning: true }
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
          always: [
            { guard: "needsEnrolment", target: "notEnrolled" },
            { guard: "isClosed", target: "closed" },
            { guard: "isWinning", target: "leading" },
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
          tags: ["leading"],
          always: [
            { guard: "isClosed", target: "closed" },
            { guard: "isOutbid", target: "outbid" },
          ],
        },
        outbid: {
          tags: ["outbid"],
          entry: ["notifyOutbid", "dismissNotice"],
          always: [
            { guard: "isClosed", target: "closed" },
            { guard: "isWinning", target: "leading" },
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
            "slide.complete": [
              { guard: "needsEnrolment", target: "needsEnrolment" },
              { guard: "isWinning", target: "alreadyWinning" },
              { guard: "canBid", target: "submitting" },
              { target: "idle" },
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
