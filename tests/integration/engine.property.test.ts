// Model-based property test of enrolment, bidding and the end (fast-check `fc.commands`): the real engine on a
// real database against a few lines of model. No lost bid, no negative balance, exactly one winner, and
// price = start + bids × €0.01. Each run's auction has random fair-play rules (decision 031) and each bidder a random
// past (wins, recent or old, of this product or another; staff or demo accounts): every enrolment is answered as
// the model's rules say, so none ever breaks a rule in force. Seat limits too (decision 102): the auction waits a few
// seconds before its start, enrolment closes at its maximum, and below its minimum at the start it is canceled with
// every entry fee refunded. Each auction gives a random share of the fee back to those who lose (decision 103): each
// loser is refunded once, floored to the cent, the winner never, and every wallet's ledger adds up to its balance.
// Auto-bids are set and their rounds run among the bids; a run's auction may be manual-only from the start or be
// switched to it by an operator (decision 101): then no auto-bid is set and no auto bid placed.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auctionStates } from "../../server/auctions/auctions.queries";
import { advanceLifecycle, autoBidRound, enrol, placeBid, setAutoBid } from "../../server/auctions/engine";
import { makeManualOnly } from "../../server/operator/auctions.service";
import type { WinLimits } from "../../server/auctions/enrolment-rules";
import { Refusal } from "../../server/refusal";
import { balanceCents } from "../../server/wallet/wallet.service";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { at, createAuction, createBidder } from "../support/fixtures";

const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 1000);
const FEE = 30;
const RESET_SECONDS = 15;
const INITIAL_SECONDS = 20;
const DAY = 24 * 3600;
const LIMITS: WinLimits = { wins: 2, sameProductWins: 1, days: 7 };
/** The auction is Waiting this long before it starts: enrolments then count towards its minimum of seats. */
const WAITING_SECONDS = 5;

type Rules = {
  closesSeconds: number | null;
  closesAtPrice: number | null;
  maxPreviousWins: number | null;
  realBiddersOnly: boolean;
  manualOnly: boolean;
  minSeats: number | null;
  maxSeats: number | null;
  feeBackPercent: number;
};
type Past = { kind: "bidder" | "demo" | "operator"; wins: { daysAgo: number; sameProduct: boolean }[] };

type Model = {
  now: number; // seconds since the auction's start time (negative while it waits)
  /** Past the start: Running (then Ended), or Canceled for want of seats. */
  phase: "waiting" | "started" | "canceled";
  endsAt: number;
  hasEnded: boolean;
  price: number;
  leader: number | null;
  enrolled: Set<number>;
  balances: number[];
  lastBidAt: Map<number, number>;
  acceptedBids: number;
  rules: Rules;
  pasts: Past[];
  /** Manual bids only: from the start (`rules.manualOnly`) or since an operator's switch. */
  manualOnly: boolean;
  /** The auto-bids set, by bidder, in the order first set (the order a round takes them in). */
  autoBids: Map<number, number>;
  autoBidsPlaced: number;
};

/** The end in the model: every entrant but the winner gets their share of the fee back. */
function endModel(model: Model) {
  model.hasEnded = true;
  for (const bidder of model.enrolled)
    if (bidder !== model.leader) model.balances[bidder]! += Math.floor((FEE * model.rules.feeBackPercent) / 100);
}

/** Whether the auction is over in the model: canceled, ended, or past its end (the lifecycle ends it at a wait). */
const isOver = (model: Model) => model.phase === "canceled" || model.hasEnded || (model.phase === "started" && model.now >= model.endsAt);

/** The refusal the rules give `bidder` (in enrol's order), or null: closed, locked, in, staff/demo, wins, limits. */
function ruleRefusal(model: Model, bidder: number): string | null {
  const { rules } = model;
  const isOpen = model.phase !== "canceled" && !model.hasEnded && model.now < model.endsAt;
  if (!isOpen) return "ENROLMENT_CLOSED";
  const closesAt = rules.closesSeconds === null ? null : INITIAL_SECONDS - rules.closesSeconds;
  if ((closesAt !== null && model.now >= closesAt) || (rules.closesAtPrice !== null && model.price >= rules.closesAtPrice))
    return "ENROLMENT_LOCKED";
  if (model.enrolled.has(bidder)) return "ALREADY_ENROLLED";
  if (rules.maxSeats !== null && model.enrolled.size >= rules.maxSeats) return "SOLD_OUT";
  const past = model.pasts[bidder]!;
  if (rules.realBiddersOnly && past.kind !== "bidder") return "REAL_BIDDERS_ONLY";
  if (rules.maxPreviousWins !== null && past.wins.length > rules.maxPreviousWins) return "MAX_PREVIOUS_WINS";
  // Wins inside the window at this moment (the bidder's only open auction is this one, which does not count).
  const recent = past.wins.filter((win) => win.daysAgo * DAY < LIMITS.days * DAY - model.now);
  if (recent.filter((win) => win.sameProduct).length >= LIMITS.sameProductWins) return "PRODUCT_WIN_LIMIT";
  if (recent.length >= LIMITS.wins) return "WIN_LIMIT";
  return null;
}

/** The start, as the lifecycle decides it: Running with enough seats taken, else Canceled with every fee back. */
function startOrCancel(model: Model): void {
  if (model.phase !== "waiting" || model.now < 0) return;
  if (model.enrolled.size >= (model.rules.minSeats ?? 0)) {
    model.phase = "started";
    return;
  }
  model.phase = "canceled";
  model.autoBids.clear();
  for (const bidder of model.enrolled) model.balances[bidder]! += FEE;
}

type Real = { auctionId: number; userIds: string[]; start: Date; database: TestDatabase };

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof Refusal ? error.code : Promise.reject(error)),
  );

class EnrolCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly bidder: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const expected = ruleRefusal(model, this.bidder) ?? ((model.balances[this.bidder] ?? 0) < FEE ? "NOT_ENOUGH_FUNDS" : "ok");
    const got = await outcome(enrol(real.database.db, real.userIds[this.bidder]!, real.auctionId, at(real.start, model.now), LIMITS));
    expect(got).toBe(expected);
    if (got === "ok") {
      model.enrolled.add(this.bidder);
      model.balances[this.bidder]! -= FEE;
    }
  }
  toString = () => `enrol(${this.bidder})`;
}

class BidCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly bidder: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const last = model.lastBidAt.get(this.bidder);
    const expected = isOver(model)
      ? "AUCTION_ENDED"
      : model.phase === "waiting"
        ? "AUCTION_NOT_RUNNING"
        : !model.enrolled.has(this.bidder)
          ? "NOT_ENROLLED"
          : model.leader === this.bidder
            ? "ALREADY_WINNING"
            : last !== undefined && model.now - last < 1
              ? "BID_TOO_FAST"
              : "ok";
    const placing = placeBid(real.database.db, real.userIds[this.bidder]!, real.auctionId, at(real.start, model.now));
    const got = await outcome(placing);
    expect(got).toBe(expected);
    if (got === "ok") {
      // The state the bid returns is what the feed sends without reading: it must be what a read finds.
      const [read] = await auctionStates(real.database.db, [real.auctionId], undefined);
      expect({ ...(await placing).state, serverNow: 0 }).toEqual({ ...read, serverNow: 0 });
      acceptBid(model, this.bidder);
      const [row] = await real.database.db.query<{ price_cents: number; leader_id: string; ends_at: Date }>(
        "select price_cents, leader_id, ends_at from auctions where id = $1",
        [real.auctionId],
      );
      expect(row).toEqual({ price_cents: model.price, leader_id: real.userIds[this.bidder], ends_at: at(real.start, model.endsAt) });
    }
  }
  toString = () => `bid(${this.bidder})`;
}

/** Moves the model as an accepted bid of `bidder` does. */
function acceptBid(model: Model, bidder: number) {
  model.price += 1;
  model.leader = bidder;
  model.endsAt = Math.max(model.endsAt, model.now + RESET_SECONDS);
  model.lastBidAt.set(bidder, model.now);
  model.acceptedBids += 1;
}

class SetAutoBidCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly bidder: number,
    readonly maxCents: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const expected = isOver(model)
      ? "AUCTION_ENDED"
      : model.manualOnly
        ? "MANUAL_ONLY"
        : !model.enrolled.has(this.bidder)
          ? "NOT_ENROLLED"
          : this.maxCents <= model.price
            ? "AUTO_BID_TOO_LOW"
            : "ok";
    const got = await outcome(
      setAutoBid(real.database.db, real.userIds[this.bidder]!, real.auctionId, this.maxCents, at(real.start, model.now)),
    );
    expect(got).toBe(expected);
    if (got === "ok") model.autoBids.set(this.bidder, this.maxCents);
  }
  toString = () => `setAutoBid(${this.bidder}, ${this.maxCents})`;
}

class AutoBidRoundCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    // The earliest auto-bidder who is outbid, under their maximum and not too fast bids once; none in a manual-only auction.
    const isRunning = model.phase === "started" && !isOver(model) && !model.manualOnly;
    const next = [...model.autoBids].find(([bidder, max]) => {
      const last = model.lastBidAt.get(bidder);
      return max >= model.price + 1 && model.leader !== bidder && (last === undefined || model.now - last >= 1);
    });
    const placed = await autoBidRound(real.database.db, at(real.start, model.now));
    const expected = isRunning && next ? [real.userIds[next[0]]] : [];
    expect(placed.filter((bid) => bid.auctionId === real.auctionId).map((bid) => bid.bidderId)).toEqual(expected);
    if (isRunning && next) {
      acceptBid(model, next[0]);
      model.autoBidsPlaced += 1;
    }
  }
  toString = () => "autoBidRound()";
}

class SwitchToManualOnlyCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    // Waiting or Running only (the lifecycle ends it at a wait), and once.
    const expected = model.phase === "canceled" || model.hasEnded || model.manualOnly ? "CONFLICT" : "ok";
    expect(await outcome(makeManualOnly(real.database.db, "model@pennybid.lv", real.auctionId))).toBe(expected);
    if (expected === "ok") {
      model.manualOnly = true;
      model.autoBids.clear();
    }
  }
  toString = () => "switchToManualOnly()";
}

class WaitCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seconds: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    model.now += this.seconds;
    await advanceLifecycle(real.database.db, at(real.start, model.now));
    startOrCancel(model);
    if (model.phase === "started" && !model.hasEnded && model.now >= model.endsAt) endModel(model);
  }
  toString = () => `wait(${this.seconds})`;
}

const rules: fc.Arbitrary<Rules> = fc
  .record({
    closesSeconds: fc.constantFrom(null, 0, 5, 12, INITIAL_SECONDS),
    closesAtPrice: fc.constantFrom(null, 1, 2, 4),
    maxPreviousWins: fc.constantFrom(null, 0, 1),
    realBiddersOnly: fc.boolean(),
    manualOnly: fc.constantFrom(false, false, false, true),
    minSeats: fc.constantFrom(null, 1, 2, 3),
    maxSeats: fc.constantFrom(null, 1, 2, 3),
    feeBackPercent: fc.constantFrom(0, 33, 50, 100),
  })
  .map((drawn) =>
    drawn.minSeats !== null && drawn.maxSeats !== null && drawn.minSeats > drawn.maxSeats ? { ...drawn, maxSeats: drawn.minSeats } : drawn,
  );
const past: fc.Arbitrary<Past> = fc.record({
  kind: fc.constantFrom("bidder", "bidder", "bidder", "demo", "operator"),
  wins: fc.array(fc.record({ daysAgo: fc.constantFrom(0.0001, 1, 6.9998, 7, 12), sameProduct: fc.boolean() }), { maxLength: 3 }),
});

/** One run: the auction with these rules, three bidders with these balances and pasts, the commands, then the end. */
async function modelRun(cmds: Iterable<fc.AsyncCommand<Model, Real>>, startingBalances: number[], auctionRules: Rules, pasts: Past[]) {
  const db = database.db;
  const start = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
  const auctionId = await createAuction(db, start, {
    status: "Waiting",
    startsAt: start,
    minSeats: auctionRules.minSeats,
    maxSeats: auctionRules.maxSeats,
    feeBackPercent: auctionRules.feeBackPercent,
    title: "Model product",
    entryFeeCents: FEE,
    initialSeconds: INITIAL_SECONDS,
    resetSeconds: RESET_SECONDS,
    enrolmentClosesSeconds: auctionRules.closesSeconds,
    enrolmentClosesAtPriceCents: auctionRules.closesAtPrice,
    maxPreviousWins: auctionRules.maxPreviousWins,
    realBiddersOnly: auctionRules.realBiddersOnly,
    manualOnly: auctionRules.manualOnly,
  });
  const users = await Promise.all(startingBalances.map((balance) => createBidder(db, { balanceCents: balance })));
  for (const [i, { kind, wins }] of pasts.entries()) {
    await db.query("update users set is_demo = $2, role = $3 where id = $1", [
      users[i]!.id,
      kind === "demo",
      kind === "operator" ? "operator" : "bidder",
    ]);
    for (const win of wins) {
      const won = await createAuction(db, start, { status: "Waiting", title: win.sameProduct ? "Model product" : "Another product" });
      await db.query("update auctions set status = 'Ended', winner_id = $2, ended_at = $3 where id = $1", [
        won,
        users[i]!.id,
        at(start, -win.daysAgo * DAY),
      ]);
    }
  }
  const model: Model = {
    now: -WAITING_SECONDS,
    phase: "waiting",
    endsAt: INITIAL_SECONDS,
    hasEnded: false,
    price: 0,
    leader: null,
    enrolled: new Set(),
    balances: [...startingBalances],
    lastBidAt: new Map(),
    acceptedBids: 0,
    rules: auctionRules,
    pasts,
    manualOnly: auctionRules.manualOnly,
    autoBids: new Map(),
    autoBidsPlaced: 0,
  };
  const real: Real = { auctionId, userIds: users.map((u) => u.id), start, database };
  await fc.asyncModelRun(() => ({ model, real }), cmds);

  // Settle the end (two runs racing, as two processes would), then compare everything the model knows.
  model.now += 3600;
  await Promise.all([advanceLifecycle(db, at(start, model.now)), advanceLifecycle(db, at(start, model.now + 1))]);
  startOrCancel(model);
  if (model.phase === "started" && !model.hasEnded) endModel(model);
  const [auction] = await db.query<{ status: string; price_cents: number; bid_count: number; winner_id: string | null }>(
    "select status, price_cents, bid_count, winner_id from auctions where id = $1",
    [auctionId],
  );
  const [bids] = await db.query<{ n: number; auto: number }>(
    "select count(*) as n, count(*) filter (where is_auto) as auto from bids where auction_id = $1",
    [auctionId],
  );
  expect(auction?.status).toBe(model.phase === "canceled" ? "Canceled" : "Ended");
  expect(auction?.price_cents).toBe(model.acceptedBids);
  expect(bids?.n).toBe(model.acceptedBids);
  expect(bids?.auto).toBe(model.autoBidsPlaced);
  expect(auction?.winner_id ?? null).toBe(model.leader === null ? null : real.userIds[model.leader]);
  for (const [i, user] of users.entries()) {
    const balance = await balanceCents(db, user.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(model.balances[i]);
    const [ledger] = await db.query<{ sum: number | string | null; refunds: number }>(
      "select sum(amount_cents) as sum, count(*) filter (where type = 'Refund' and auction_id = $2)::int as refunds from wallet_transactions where user_id = $1",
      [user.id, auctionId],
    );
    expect(Number(ledger?.sum ?? 0)).toBe(balance);
    // Canceled for want of seats: the whole fee back; ended: the loser's share, if it comes to a cent.
    const isRefunded =
      model.enrolled.has(i) &&
      (model.phase === "canceled" || (model.leader !== i && Math.floor((FEE * auctionRules.feeBackPercent) / 100) > 0));
    expect(ledger?.refunds).toBe(isRefunded ? 1 : 0);
  }
}

const bidder = fc.integer({ min: 0, max: 2 });
const autoBidCommands = [
  fc.tuple(bidder, fc.constantFrom(1, 2, 4, 8)).map(([b, max]) => new SetAutoBidCommand(b, max)),
  fc.constant(new AutoBidRoundCommand()),
  fc.constant(new SwitchToManualOnlyCommand()),
];

it(`matches the model over ${RUNS} random runs of enrol, bid and wait`, async () => {
  const commands = fc.commands(
    [
      bidder.map((b) => new EnrolCommand(b)),
      bidder.map((b) => new BidCommand(b)),
      fc.constantFrom(0.3, 1, 4, 9, 13.9, 14.9, 15, 16).map((s) => new WaitCommand(s)),
      ...autoBidCommands,
    ],
    { maxCommands: 25 },
  );
  const balances = fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 3, maxLength: 3 });
  await fc.assert(fc.asyncProperty(commands, balances, rules, fc.array(past, { minLength: 3, maxLength: 3 }), modelRun), { numRuns: RUNS });
}, 600_000);

// Auto-bids among bids and the switch to manual-only, where every bidder may enrol (no fair-play rule, money enough):
// a round bids for the earliest outbid auto-bidder, and never in a manual-only auction (decision 101).
const AUTO_BID_RUNS = Math.ceil(RUNS / 4);
it(`matches the model over ${AUTO_BID_RUNS} random runs of auto-bids and the switch to manual-only`, async () => {
  const commands = fc.commands(
    [
      bidder.map((b) => new EnrolCommand(b)),
      bidder.map((b) => new BidCommand(b)),
      fc.constantFrom(0.3, 1, 4, 9, 15, 16).map((s) => new WaitCommand(s)),
      ...autoBidCommands,
      fc.constant(new AutoBidRoundCommand()),
    ],
    { maxCommands: 30, size: "+1" },
  );
  const open: Rules = {
    closesSeconds: null,
    closesAtPrice: null,
    maxPreviousWins: null,
    realBiddersOnly: false,
    manualOnly: false,
    minSeats: null,
    maxSeats: null,
    feeBackPercent: 0,
  };
  const noPast: Past = { kind: "bidder", wins: [] };
  await fc.assert(
    fc.asyncProperty(commands, fc.constantFrom(false, false, true), (cmds, manualOnly) =>
      // Everyone enrols first, so the auto-bids have bidders to run for.
      modelRun(
        [...[0, 1, 2].map((b): fc.AsyncCommand<Model, Real> => new EnrolCommand(b)), ...cmds],
        [FEE, FEE, FEE],
        { ...open, manualOnly },
        [noPast, noPast, noPast],
      ),
    ),
    { numRuns: AUTO_BID_RUNS },
  );
}, 600_000);
