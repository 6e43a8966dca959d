// The back office's System page and a user's whole picture (issue 57 item 5, decision 089): what each server process
// says of itself, the database and Redis; and a user's bids, wins, purchases, sessions and lists a page at a time.
import { z } from "./zod";
import { wholeNumberParam } from "./input";
import { FulfilmentState } from "./fulfilment";
import { OperatorUserEnrolment } from "./operator";
import { WalletTransaction } from "./payments";

export const ServiceState = z.enum(["ok", "unavailable", "off"]);
export type ServiceState = z.infer<typeof ServiceState>;

/** A background job as one process ran it: its last round (whatever its outcome), rounds and failed rounds since start. */
export const ProcessJob = z.object({
  task: z.string(),
  lastRunAt: z.string().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
});
export type ProcessJob = z.infer<typeof ProcessJob>;

/**
 * One server process as it last told the others (every few seconds). Bids are counted over the last minute; the ack
 * quantiles, requests and errors over the last five minutes (a process younger than that: since it started).
 */
export const ProcessSummary = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  startedAt: z.string(),
  seenAt: z.string(),
  isDraining: z.boolean(),
  redis: ServiceState,
  sockets: z.number().int(),
  bidsLastMinute: z.number().int(),
  refusedLastMinute: z.number().int(),
  /** bid:place's receipt → ack in milliseconds; null when no bid was acknowledged in the window. */
  ackP50Ms: z.number().nullable(),
  ackP99Ms: z.number().nullable(),
  acksInWindow: z.number().int(),
  requestsInWindow: z.number().int(),
  clientErrorsInWindow: z.number().int(),
  serverErrorsInWindow: z.number().int(),
  /** The seconds the window above really covers (300, or less for a young process). */
  windowSeconds: z.number().int(),
  memoryBytes: z.number().int(),
  jobs: z.array(ProcessJob),
});
export type ProcessSummary = z.infer<typeof ProcessSummary>;

/** GET /api/operator/system: the processes heard from lately, their jobs put together, and the database as it answers now. */
export const OperatorSystem = z.object({
  serverNow: z.string(),
  /** The process that answered. */
  answeredBy: z.string(),
  processes: z.array(ProcessSummary),
  /** Each job over every process: the latest round and the sums. */
  jobs: z.array(ProcessJob),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    state: ServiceState,
    /** How long `select 1` took just now, in milliseconds. */
    answerMs: z.number().nullable(),
    waiting: z.number().int(),
  }),
});
export type OperatorSystem = z.infer<typeof OperatorSystem>;

/** A page of one of a user's lists. */
export const UserListQuery = z.object({
  limit: wholeNumberParam(1, 100).default(20),
  offset: wholeNumberParam(0, 1_000_000).default(0),
});

const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const OperatorUserBid = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  title: z.string(),
  priceCents: z.number().int(),
  placedAt: z.string(),
  isAuto: z.boolean(),
});
export type OperatorUserBid = z.infer<typeof OperatorUserBid>;
export const OperatorUserBids = paged(OperatorUserBid);

/** An auction the user won: what it ended at, and where its payment and delivery stand. */
export const OperatorUserWin = z.object({
  auctionId: z.number().int(),
  title: z.string(),
  priceCents: z.number().int(),
  wonAt: z.string(),
  state: FulfilmentState,
});
export type OperatorUserWin = z.infer<typeof OperatorUserWin>;
export const OperatorUserWins = paged(OperatorUserWin);

/** A Buy it now purchase: what was paid, and where its delivery stands. */
export const OperatorUserPurchase = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  title: z.string(),
  amountPaidCents: z.number().int(),
  paidAt: z.string(),
  state: FulfilmentState,
});
export type OperatorUserPurchase = z.infer<typeof OperatorUserPurchase>;
export const OperatorUserPurchases = paged(OperatorUserPurchase);

/** A session still open (not expired): when it began, was last used and will end. Never its secret. */
export const OperatorUserSession = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type OperatorUserSession = z.infer<typeof OperatorUserSession>;
export const OperatorUserSessions = paged(OperatorUserSession);

export const OperatorUserTransactions = paged(WalletTransaction);
export const OperatorUserEnrolments = paged(OperatorUserEnrolment);

/** POST /api/operator/users/:user/sign-out-everywhere: how many sessions it ended. */
export const SignOutEverywhereResponse = z.object({ ended: z.number().int() });
export type SignOutEverywhereResponse = z.infer<typeof SignOutEverywhereResponse>;
