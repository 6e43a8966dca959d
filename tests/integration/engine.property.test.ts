// Model-based property test of enrolment, bidding and the end (fast-check `fc.commands`): the real engine on a
// real database against a few lines of model. No lost bid, no negative balance, exactly one winner, and
// price = start + bids × €0.01.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auctionStates } from "../../server/auctions/auctions.queries";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { Refusal } from "../../server/refusal";
import { balanceCents } from "../../server/wallet/wallet.service";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { at, createAuction, createBidder } from "../support/fixtures";

const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 1000);
const FEE = 30;
const RESET_SECONDS = 15;
const INITIAL_SECONDS = 20;

type Model = {
  now: number; // seconds since the auction started
  endsAt: number;
  hasEnded: boolean;
  price: number;
  leader: number | null;
  enrolled: Set<number>;
  balances: number[];
  lastBidAt: Map<number, number>;
  acceptedBids: number;
};

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
    const isOpen = !model.hasEnded && model.now < model.endsAt;
    const expected = !isOpen
      ? "ENROLMENT_CLOSED"
      : model.enrolled.has(this.bidder)
        ? "ALREADY_ENROLLED"
        : (model.balances[this.bidder] ?? 0) < FEE
          ? "NOT_ENOUGH_FUNDS"
          : "ok";
    const got = await outcome(enrol(real.database.db, real.userIds[this.bidder]!, real.auctionId, at(real.start, model.now)));
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
    const expected =
      model.hasEnded || model.now >= model.endsAt
        ? "AUCTION_ENDED"
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
      model.price += 1;
      model.leader = this.bidder;
      model.endsAt = Math.max(model.endsAt, model.now + RESET_SECONDS);
      model.lastBidAt.set(this.bidder, model.now);
      model.acceptedBids += 1;
      const [row] = await real.database.db.query<{ price_cents: number; leader_id: string; ends_at: Date }>(
        "select price_cents, leader_id, ends_at from auctions where id = $1",
        [real.auctionId],
      );
      expect(row).toEqual({ price_cents: model.price, leader_id: real.userIds[this.bidder], ends_at: at(real.start, model.endsAt) });
    }
  }
  toString = () => `bid(${this.bidder})`;
}

class WaitCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seconds: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    model.now += this.seconds;
    await advanceLifecycle(real.database.db, at(real.start, model.now));
    if (!model.hasEnded && model.now >= model.endsAt) model.hasEnded = true;
  }
  toString = () => `wait(${this.seconds})`;
}

it(`matches the model over ${RUNS} random runs of enrol, bid and wait`, async () => {
  const bidder = fc.integer({ min: 0, max: 2 });
  const commands = fc.commands(
    [
      bidder.map((b) => new EnrolCommand(b)),
      bidder.map((b) => new BidCommand(b)),
      fc.constantFrom(0.3, 1, 4, 9, 13.9, 14.9, 15, 16).map((s) => new WaitCommand(s)),
    ],
    { maxCommands: 25 },
  );

  await fc.assert(
    fc.asyncProperty(commands, fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 3, maxLength: 3 }), async (cmds, startingBalances) => {
      const db = database.db;
      const start = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
      const auctionId = await createAuction(db, start, { entryFeeCents: FEE, initialSeconds: INITIAL_SECONDS, resetSeconds: RESET_SECONDS });
      const users = await Promise.all(startingBalances.map((balance) => createBidder(db, { balanceCents: balance })));
      const model: Model = {
        now: 0,
        endsAt: INITIAL_SECONDS,
        hasEnded: false,
        price: 0,
        leader: null,
        enrolled: new Set(),
        balances: [...startingBalances],
        lastBidAt: new Map(),
        acceptedBids: 0,
      };
      const real: Real = { auctionId, userIds: users.map((u) => u.id), start, database };
      await fc.asyncModelRun(() => ({ model, real }), cmds);

      // Settle the end, then compare everything the model knows.
      await advanceLifecycle(db, at(start, model.now + 3600));
      const [auction] = await db.query<{ status: string; price_cents: number; bid_count: number; winner_id: string | null }>(
        "select status, price_cents, bid_count, winner_id from auctions where id = $1",
        [auctionId],
      );
      const [bids] = await db.query<{ n: number }>("select count(*) as n from bids where auction_id = $1", [auctionId]);
      expect(auction?.status).toBe("Ended");
      expect(auction?.price_cents).toBe(model.acceptedBids);
      expect(bids?.n).toBe(model.acceptedBids);
      expect(auction?.winner_id ?? null).toBe(model.leader === null ? null : real.userIds[model.leader]);
      for (const [i, user] of users.entries()) {
        const balance = await balanceCents(db, user.id);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBe(model.balances[i]);
      }
    }),
    { numRuns: RUNS },
  );
}, 600_000);
