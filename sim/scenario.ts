// A simulator scenario, as its JSON file says it: which bots, which auctions (short timers), how the bots bid,
// and what must be true at the end. Everything random is drawn from one seeded generator, so a run replays.
import { z } from "zod";
import { FulfilmentState } from "../contract";

const key = z.string().regex(/^[a-z][a-z0-9-]{0,19}$/, "lower-case letters, digits and dashes, at most 20");

export const BotGroup = z.object({
  /** Bots are named `<group>-<n>` in the scenario (n from 1). */
  group: key,
  count: z.number().int().min(1).max(500),
  /** Topped up through the payment sandbox, as a bidder would. */
  topUpEuros: z.number().min(1).max(500),
});

export const ScenarioAuction = z.object({
  key,
  /** Several alike: `<key>-1` … `<key>-<copies>`. */
  copies: z.number().int().min(1).max(200).default(1),
  title: z.string().min(1).max(80),
  image: z
    .string()
    .regex(/^\/products\/[\w.-]+$/)
    .optional(),
  entryFeeCents: z.number().int().min(0).default(0),
  retailValueCents: z.number().int().min(0).default(0),
  startsInSeconds: z.number().int().min(0).max(3600).default(2),
  initialSeconds: z.number().int().min(5).max(3600),
  resetSeconds: z.number().int().min(5).max(600),
  paymentWindowHours: z.number().int().min(1).max(720).default(72),
});

/** How bots bid on an auction: in turns, or a seeded random bot that is not leading; `bids` accepted bids in all. */
export const Bidding = z.object({
  auctions: z.array(z.string()).min(1),
  /** Bot names (`group-n`), or a group name with how many of its bots, drawn with the seed, join each auction. */
  bidders: z.union([z.array(z.string()).min(2), z.object({ group: key, perAuction: z.number().int().min(2) })]),
  strategy: z.enum(["turns", "random"]),
  bids: z.number().int().min(1).max(1000),
  /** Pause between two bids on one auction, drawn from this range. */
  pauseMs: z.tuple([z.number().int().min(0), z.number().int().min(0)]).default([200, 600]),
  /** After the last bid: let the timer run out, or end the auction at once (accelerated). */
  then: z.enum(["wait", "end-now"]).default("end-now"),
});

/** What must hold once an auction has ended; `winner: "last-bidder"` and `priceCents: "bids"` check against the run. */
export const Checkpoint = z.object({
  auction: z.string(),
  status: z.enum(["Ended", "Canceled"]).default("Ended"),
  winner: z.string().nullable().optional(),
  priceCents: z.union([z.number().int(), z.literal("bids")]).optional(),
  /** The winner's fulfilment state at the end, and what they paid (cents). */
  fulfilment: FulfilmentState.optional(),
  paidCents: z.number().int().nullable().optional(),
});

/** A promo code the operator creates for the run (its text gets the run's tag, so runs never collide). */
export const ScenarioPromoCode = z.object({
  key,
  kind: z.enum(["percent", "fixed"]),
  /** Whole percent, or euro cents. */
  amount: z.number().int().min(1),
});

/** One step of a won auction's fulfilment, taken in order once the auction has ended. */
export const FulfilmentStep = z.discriminatedUnion("do", [
  /** The winner pays from the wallet; `expectError` names the refusal code when the step must be refused. */
  z.object({
    do: z.literal("pay"),
    deliveryAddress: z.string().default("Brīvības iela 49, Rīga, LV-1010"),
    phone: z.string().default("+371 21234567"),
    promoCode: key.optional(),
    expectError: z.string().optional(),
  }),
  /** The operator moves delivery on. */
  z.object({ do: z.literal("advance"), to: z.enum(["InDelivery", "Delivered"]) }),
  /** The operator (a tester) sets the time left to pay; the expiry job does the rest. */
  z.object({ do: z.literal("payment-time-left"), seconds: z.number().int().min(0) }),
  /** Wait until the winner sees this state (at most `timeoutSeconds`). */
  z.object({ do: z.literal("await"), state: FulfilmentState, timeoutSeconds: z.number().int().min(1).max(120).default(15) }),
]);

export const ScenarioFulfilment = z.object({ auction: z.string(), steps: z.array(FulfilmentStep).min(1) });

/** A planned run: bots the operator opens, auctions it creates, bidding plans, checkpoints. */
export const PlannedScenario = z.object({
  kind: z.literal("plan").default("plan"),
  name: z.string(),
  description: z.string(),
  seed: z.number().int().default(1),
  bots: z.array(BotGroup).min(1),
  auctions: z.array(ScenarioAuction).min(1),
  bidding: z.array(Bidding),
  promoCodes: z.array(ScenarioPromoCode).default([]),
  fulfilment: z.array(ScenarioFulfilment).default([]),
  checkpoints: z.array(Checkpoint).min(1),
});

/**
 * Demo activity: the seeded demo bidders (`<name>@demo.pennybid.lv`, the demo password) bid on the running demo
 * auctions for a while, so a visitor sees a live site. They never bid otherwise.
 */
export const DemoActivityScenario = z.object({
  kind: z.literal("demo-activity"),
  name: z.string(),
  description: z.string(),
  seed: z.number().int().default(1),
  bidders: z.array(z.string().regex(/^\w{1,25}$/)).min(2),
  password: z.string().default("Demo123!"),
  seconds: z
    .number()
    .int()
    .min(5)
    .max(24 * 3600),
  /** How many running auctions they play, the soonest-ending first. */
  auctions: z.number().int().min(1).max(50).default(3),
  pauseMs: z.tuple([z.number().int().min(0), z.number().int().min(0)]).default([1500, 4000]),
});

export const Scenario = z.union([DemoActivityScenario, PlannedScenario]);
export type Scenario = z.infer<typeof Scenario>;
export type PlannedScenario = z.infer<typeof PlannedScenario>;
export type DemoActivityScenario = z.infer<typeof DemoActivityScenario>;
export type ScenarioAuction = z.infer<typeof ScenarioAuction>;
export type Bidding = z.infer<typeof Bidding>;
export type FulfilmentStep = z.infer<typeof FulfilmentStep>;

/** mulberry32: small, fast and good enough to replay a run from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The auction keys a scenario creates, copies expanded. */
export function auctionKeys(auction: ScenarioAuction): string[] {
  return auction.copies === 1 ? [auction.key] : Array.from({ length: auction.copies }, (_, i) => `${auction.key}-${i + 1}`);
}

/** Expands "name" (an auction key, or a copied key meaning all its copies) and "*" (all). */
export function matchAuctions(pattern: string, keys: string[]): string[] {
  if (pattern === "*") return keys;
  return keys.filter((k) => k === pattern || (k.startsWith(`${pattern}-`) && /^\d+$/.test(k.slice(pattern.length + 1))));
}
