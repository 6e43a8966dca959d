// The operator API (`/api/operator/...`): what operators, the ops CLI, the simulator and the dev panel may do.
// Money in cents; times the server decides are ISO strings; relative times are seconds from the server's now.
import { z } from "./zod";
import { DisplayName, Email, Password, PersonName } from "./accounts";
import { AuctionStatus, BidChainResponse } from "./auctions";
import { languages, PICTURE_WIDTHS } from "./constants";
import { text, wholeNumberParam } from "./input";
import { OperatorFulfilment } from "./fulfilment";
import { WalletTransaction } from "./payments";
import { SpendLimitsResponse } from "./spend-limits";

const cents = z.number().int().min(0).max(100_000_000);
const isoTime = z.iso.datetime({ offset: true });

/** An image as the API takes it: a bundled product picture, stored media, or a data URL the server stores. */
export const ImageSource = text()
  .max(8_000_000)
  .refine(
    (value) => /^\/(products|media)\/[\w-]+(\.[\w-]+)*$/.test(value) || /^data:image\/(png|jpeg|webp|gif|svg\+xml);base64,/.test(value),
    {
      message: "An image is a /products/… or /media/… path, or a data:image/…;base64 URL.",
    },
  );

/** An auction's title and description in one language (the description may be empty). */
export const AuctionText = z.object({
  title: text().trim().min(1).max(120),
  description: text().trim().max(4000).default(""),
});
export type AuctionText = z.infer<typeof AuctionText>;

/**
 * An auction's texts by language (decision 030): any of en, lv and ru, at least one. Bidders read their own language,
 * falling back in SPEC.md's order (en, lv, ru).
 */
export const AuctionTexts = z
  .object({ en: AuctionText.optional(), lv: AuctionText.optional(), ru: AuctionText.optional() })
  .strict()
  .refine((texts) => languages.some((language) => texts[language] !== undefined), {
    message: "Give a title in at least one language.",
    path: ["en", "title"],
  });
export type AuctionTexts = z.infer<typeof AuctionTexts>;

/** A seat auction's minimum is at most its maximum (either may be absent). */
const seatsInOrder = (body: { minSeats?: number | null | undefined; maxSeats?: number | null | undefined }) =>
  body.minSeats == null || body.maxSeats == null || body.minSeats <= body.maxSeats;
const SEATS_OUT_OF_ORDER = { message: "The minimum of seats must be at most the maximum.", path: ["minSeats"] };

export const CreateAuctionBody = z
  .object({
    /** The texts by language; `title` and `description` alone are the English ones (the CLI's --title, scripts). */
    texts: AuctionTexts.optional(),
    title: AuctionText.shape.title.optional(),
    description: AuctionText.shape.description.unwrap().optional(),
    images: z.array(ImageSource).max(8).default([]),
    retailValueCents: cents.default(0),
    entryFeeCents: cents.default(0),
    startPriceCents: cents.default(0),
    /** When it starts: an absolute time, or seconds from the server's now (default 60). */
    startsAt: isoTime.optional(),
    startsInSeconds: z
      .number()
      .int()
      .min(0)
      .max(365 * 24 * 3600)
      .optional(),
    initialSeconds: z.number().int().min(5).max(604_800),
    resetSeconds: z.number().int().min(5).max(3600),
    minPreviousEntries: z.number().int().min(0).max(1000).default(0),
    hardEndsAt: isoTime.optional(),
    priceCapCents: z.number().int().min(1).max(100_000_000).optional(),
    paymentWindowHours: z.number().int().min(1).max(720).default(72),
    // The fair-play rules of enrolment (decision 031); absent or null: no such rule.
    /** Beginner auction: only bidders with at most this many previous wins (0: only those who never won). */
    maxPreviousWins: z.number().int().min(0).max(1000).nullable().optional(),
    /** Enrolment closes this many seconds before the end of the initial timer (at most `initialSeconds`: at the start). */
    enrolmentClosesSecondsBeforeEnd: z.number().int().min(0).max(604_800).nullable().optional(),
    /** Enrolment closes once the price reaches this (above the start price, below the price cap). */
    enrolmentClosesAtPriceCents: z.number().int().min(1).max(100_000_000).nullable().optional(),
    /** Operators and demo accounts may not enrol. */
    realBiddersOnly: z.boolean().default(false),
    /** Fees back (decision 103): this percentage of each losing bidder's entry fee returns to their wallet at the end. */
    feeBackPercent: z.number().int().min(0).max(100).default(0),
    /** Manual bids only: no auto-bid can be set or run (decision 101). */
    manualOnly: z.boolean().default(false),
    /** What "the same product" is for the win limits; made from the title when not given. */
    productKey: text().trim().min(1).max(120).optional(),
    /** Seat auctions (decision 102): enrolment closes at `maxSeats`; with fewer than `minSeats` at the start it is canceled. */
    minSeats: z.number().int().min(1).max(100_000).nullable().optional(),
    maxSeats: z.number().int().min(1).max(100_000).nullable().optional(),
    /** Publish at once (Waiting) rather than keep it a draft (New). */
    publish: z.boolean().default(false),
    isDemo: z.boolean().default(false),
  })
  .refine((body) => body.startsAt === undefined || body.startsInSeconds === undefined, {
    message: "Give startsAt or startsInSeconds, not both.",
    path: ["startsAt"],
  })
  .refine((body) => body.texts !== undefined || body.title !== undefined, { message: "Give a title.", path: ["title"] })
  .refine((body) => body.title === undefined || body.texts?.en === undefined, {
    message: "Give the English title once: title or texts.en.",
    path: ["title"],
  })
  .refine((body) => body.description === undefined || body.title !== undefined, {
    message: "A description needs its title.",
    path: ["title"],
  })
  .refine((body) => (body.enrolmentClosesSecondsBeforeEnd ?? 0) <= body.initialSeconds, {
    message: "Enrolment can close at most initialSeconds before the end of the initial timer (that is, at the start).",
    path: ["enrolmentClosesSecondsBeforeEnd"],
  })
  .refine((body) => seatsInOrder(body), SEATS_OUT_OF_ORDER);
export type CreateAuctionBody = z.input<typeof CreateAuctionBody>;

/** The texts a create body gives, by language (`title` and `description` are the English ones). */
export function textsOf(body: z.output<typeof CreateAuctionBody>): AuctionTexts {
  const english = body.title === undefined ? {} : { en: { title: body.title, description: body.description ?? "" } };
  return { ...body.texts, ...english };
}

const create = CreateAuctionBody.shape;

/**
 * PATCH /api/operator/auctions/{id}: a draft (New) changed in the fields given, each by the rule it was created with.
 * `null` clears the hard end or the price cap. Publishing stays its own action.
 */
export const UpdateAuctionBody = z
  .object({
    /** The whole set of texts: a language left out is removed. */
    texts: AuctionTexts,
    images: create.images.unwrap(),
    retailValueCents: create.retailValueCents.unwrap(),
    entryFeeCents: create.entryFeeCents.unwrap(),
    startPriceCents: create.startPriceCents.unwrap(),
    startsAt: create.startsAt.unwrap(),
    initialSeconds: create.initialSeconds,
    resetSeconds: create.resetSeconds,
    minPreviousEntries: create.minPreviousEntries.unwrap(),
    hardEndsAt: create.hardEndsAt.unwrap().nullable(),
    priceCapCents: create.priceCapCents.unwrap().nullable(),
    paymentWindowHours: create.paymentWindowHours.unwrap(),
    maxPreviousWins: create.maxPreviousWins.unwrap(),
    enrolmentClosesSecondsBeforeEnd: create.enrolmentClosesSecondsBeforeEnd.unwrap(),
    enrolmentClosesAtPriceCents: create.enrolmentClosesAtPriceCents.unwrap(),
    realBiddersOnly: create.realBiddersOnly.unwrap(),
    feeBackPercent: create.feeBackPercent.unwrap(),
    manualOnly: create.manualOnly.unwrap(),
    productKey: create.productKey.unwrap(),
    minSeats: create.minSeats.unwrap(),
    maxSeats: create.maxSeats.unwrap(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "Give at least one field to change." })
  .refine((body) => seatsInOrder(body), SEATS_OUT_OF_ORDER);
export type UpdateAuctionBody = z.input<typeof UpdateAuctionBody>;

/** GET /media/{id}: a stored image, named by its hash and type. */
/** An uploaded image as it came (`<hash>.<type>`), or a photo's WebP at one of `PICTURE_WIDTHS` (`<hash>-<width>w.webp`). */
export const MediaIdParams = z.object({
  id: text().regex(new RegExp(`^[0-9a-f]{32}(\\.(png|jpg|webp|gif|svg)|-(${PICTURE_WIDTHS.join("|")})w\\.webp)$`)),
});

export const OperatorAuction = z.object({
  id: z.number().int(),
  status: AuctionStatus,
  title: z.string(),
  priceCents: z.number().int(),
  entryFeeCents: z.number().int(),
  retailValueCents: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  bidCount: z.number().int(),
  enrolledCount: z.number().int(),
  leaderName: z.string().nullable(),
  winnerName: z.string().nullable(),
  winnerEmail: z.string().nullable(),
  isDemo: z.boolean(),
  /** Grows with every change (a bid, an enrolment, a step of the lifecycle, an operator's action): what was seen. */
  seq: z.number().int(),
});
export type OperatorAuction = z.infer<typeof OperatorAuction>;

/** A page of the list, newest first; `total` counts every auction the filter matches. */
export const OperatorAuctionList = z.object({ items: z.array(OperatorAuction), total: z.number().int() });
export type OperatorAuctionList = z.infer<typeof OperatorAuctionList>;

export const OperatorAuctionsQuery = z.object({
  status: AuctionStatus.optional(),
  /** Part of the title (any case), or the auction's number. */
  search: text().trim().max(120).optional(),
  limit: wholeNumberParam(1, 1000).default(100),
  /** Skip this many (the next page starts at offset + limit). */
  offset: wholeNumberParam(0, 1_000_000).default(0),
});
export type OperatorAuctionsQuery = z.input<typeof OperatorAuctionsQuery>;

export const OperatorAuctionDetail = OperatorAuction.extend({
  texts: AuctionTexts,
  images: z.array(z.string()),
  resetSeconds: z.number().int(),
  initialSeconds: z.number().int(),
  minPreviousEntries: z.number().int(),
  hardEndsAt: z.string().nullable(),
  priceCapCents: z.number().int().nullable(),
  paymentWindowHours: z.number().int(),
  maxPreviousWins: z.number().int().nullable(),
  enrolmentClosesSecondsBeforeEnd: z.number().int().nullable(),
  enrolmentClosesAtPriceCents: z.number().int().nullable(),
  realBiddersOnly: z.boolean(),
  feeBackPercent: z.number().int(),
  manualOnly: z.boolean(),
  productKey: z.string(),
  minSeats: z.number().int().nullable(),
  maxSeats: z.number().int().nullable(),
  enrolments: z.array(z.object({ displayName: z.string(), email: z.string(), feeCents: z.number().int(), at: z.string() })),
  /** The auto-bids set now, earliest first (the order they take turns in). */
  autoBids: z.array(z.object({ displayName: z.string(), email: z.string(), maxPriceCents: z.number().int(), at: z.string() })),
  chain: BidChainResponse,
  /** An ended auction's win: what it sold for, whether and what the winner paid, its delivery. None without a winner. */
  fulfilment: OperatorFulfilment.nullable(),
});
export type OperatorAuctionDetail = z.infer<typeof OperatorAuctionDetail>;

/** Start in (Waiting/New) or end in (Running) this many seconds from the server's now. */
/**
 * What an action on an auction may carry: the `seq` of the auction as the operator saw it when confirming. If the
 * auction changed since (a bid, an enrolment, another operator), the action is refused with AUCTION_CHANGED and
 * nothing changes. Without it (the ops CLI, which reads and acts at once) the action applies to the auction as it is.
 */
export const AuctionActionBody = z.object({ seq: z.number().int().min(0).optional() });
export type AuctionActionBody = z.infer<typeof AuctionActionBody>;

export const TimeLeftBody = AuctionActionBody.extend({ seconds: z.number().int().min(0).max(604_800) });
export type TimeLeftBody = z.infer<typeof TimeLeftBody>;

export const CancelAuctionResponse = z.object({
  auction: OperatorAuction,
  refunds: z.array(z.object({ displayName: z.string(), amountCents: z.number().int() })),
});
export type CancelAuctionResponse = z.infer<typeof CancelAuctionResponse>;

export const userRoles = ["bidder", "operator"] as const;

export const OperatorUser = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  role: z.enum(userRoles),
  isDemo: z.boolean(),
  isConfirmed: z.boolean(),
  createdAt: z.string(),
  balanceCents: z.number().int(),
});
export type OperatorUser = z.infer<typeof OperatorUser>;

/** An auction the user entered, newest enrolment first; `isWinner` once it ended with them leading. */
export const OperatorUserEnrolment = z.object({
  auctionId: z.number().int(),
  title: z.string(),
  status: AuctionStatus,
  feeCents: z.number().int(),
  at: z.string(),
  isWinner: z.boolean(),
});
export type OperatorUserEnrolment = z.infer<typeof OperatorUserEnrolment>;

/**
 * A user with the last 50 transactions and the last 50 enrolments, their spend limits and pause as they stand, and
 * how many sessions they have open (the back office pages through each list on its own: operator-system.ts).
 */
export const OperatorUserDetail = OperatorUser.extend({
  transactions: z.array(WalletTransaction),
  enrolments: z.array(OperatorUserEnrolment),
  limits: SpendLimitsResponse,
  openSessions: z.number().int(),
});
export type OperatorUserDetail = z.infer<typeof OperatorUserDetail>;

export const OperatorUsersQuery = z.object({
  search: text().trim().max(255).optional(),
  isDemo: z.enum(["true", "false"]).optional(),
  limit: wholeNumberParam(1, 1000).default(100),
  /** Skip this many (the next page starts at offset + limit). */
  offset: wholeNumberParam(0, 1_000_000).default(0),
});
/** A page of users, newest first; `total` counts every user the filter matches. */
/**
 * `exactId`: the one user the search names exactly (an id, or a whole e-mail), whom the back office opens at once; a
 * part of an e-mail or a name lists its matches, each with id and e-mail, for the operator to choose.
 */
export const OperatorUserList = z.object({
  items: z.array(OperatorUser),
  total: z.number().int(),
  exactId: z.uuid().nullable().optional(),
});
export type OperatorUserList = z.infer<typeof OperatorUserList>;

/** A user named by id, e-mail or display name. */
export const UserRefParams = z.object({ user: text().trim().min(1).max(255) });

/** A wallet adjustment: positive credits, negative debits; always a ledger entry with the reason. */
export const WalletAdjustmentBody = z.object({
  amountCents: z
    .number()
    .int()
    .min(-100_000_000)
    .max(100_000_000)
    .refine((value) => value !== 0, { message: "The amount cannot be zero." }),
  reason: text().trim().min(3).max(200),
});
export type WalletAdjustmentBody = z.infer<typeof WalletAdjustmentBody>;

export const SetRoleBody = z.object({ role: z.enum(userRoles) });

/** An account an operator opens (bots of the simulator, a customer on the phone): confirmed at once. */
export const CreateUserBody = z.object({
  email: Email,
  password: Password,
  firstName: PersonName,
  lastName: PersonName,
  displayName: DisplayName,
  role: z.enum(userRoles).default("bidder"),
  /** Marked as demo data (simulator bots are). */
  isDemo: z.boolean().default(false),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

/** Where an operator action came from: a signed-in operator (the back office), the ops CLI, or the server itself. */
export const auditSources = ["web", "cli", "system"] as const;
export const AuditSource = z.enum(auditSources);
export type AuditSource = z.infer<typeof AuditSource>;

/**
 * GET /api/operator/audit-log: the operators' log, newest first. `actor` and `action` match a part of the text (any
 * case); `subject` is exact (`auction:12`, `user:<id>`, `promo-code:SPRING`); `from` and `until` bound the time
 * (`until` excluded).
 */
export const AuditLogQuery = z
  .object({
    actor: text().trim().max(255).optional(),
    action: text().trim().max(64).optional(),
    subject: text().trim().max(255).optional(),
    source: AuditSource.optional(),
    from: isoTime.optional(),
    until: isoTime.optional(),
    limit: wholeNumberParam(1, 200).default(50),
    offset: wholeNumberParam(0, 1_000_000).default(0),
  })
  .refine((query) => !query.from || !query.until || Date.parse(query.until) > Date.parse(query.from), {
    message: "until must come after from.",
    path: ["until"],
  });
export type AuditLogQuery = z.output<typeof AuditLogQuery>;

/**
 * GET /api/operator/overview: what needs an operator's eye, counted: auctions running and starting soon (Waiting),
 * wins unpaid, and what is paid and waits to be sent (wins and Buy it now purchases).
 */
export const OperatorOverview = z.object({
  running: z.number().int(),
  startingSoon: z.number().int(),
  unpaid: z.number().int(),
  toSend: z.number().int(),
});
export type OperatorOverview = z.infer<typeof OperatorOverview>;

export const AuditLogEntry = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
  source: AuditSource,
  at: z.string(),
  /** Who acted, named: the operator's display name and e-mail (none for the ops CLI or the server). */
  actorUser: z.object({ displayName: z.string(), email: z.string() }).nullable(),
  /** What it acted on, named: a user's display name and e-mail, or an auction's title (none for a promo code). */
  subjectUser: z.object({ displayName: z.string(), email: z.string() }).nullable(),
  subjectTitle: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** A page of the log; `total` counts every line the filter matches. */
export const AuditLogPage = z.object({ items: z.array(AuditLogEntry), total: z.number().int() });
export type AuditLogPage = z.infer<typeof AuditLogPage>;
