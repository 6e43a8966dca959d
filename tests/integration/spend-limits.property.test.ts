// Property test of the ledger under spend limits and a pause (issue 20 item 1, decision 033): over random sequences of
// top-ups, enrolments, wins, payments for wins, lost auctions bought with Buy it now (decision 034), limit changes,
// pauses and time passing (across months and summer time),
// every step is answered as the rules say, no month's spending ever exceeds the limit in force when it was spent, no
// balance goes negative, and the balance is the sum of the ledger.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { buyNow } from "../../server/buy-now/buy-now.service";
import { payForWonAuction } from "../../server/fulfilment/fulfilment.service";
import { createPendingPayment, settlePayment } from "../../server/payments/payments.service";
import { Refusal } from "../../server/refusal";
import { setSpendLimits, spendLimitsView, spendMonth, startPause } from "../../server/wallet/spend-limits";
import { balanceCents } from "../../server/wallet/wallet.service";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { at, createAuction, createBidder } from "../support/fixtures";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const HOUR_MS = 3600_000;
const PAUSE_HOURS = { "24h": 24, "7d": 168, "30d": 720 } as const;
const limitCents = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null, freq: 4 });

type Step =
  | { kind: "topUp"; cents: number; outcome: "succeeded" | "failed" }
  | { kind: "enrol"; feeCents: number }
  | { kind: "win"; priceCents: number }
  | { kind: "pay" }
  | { kind: "lose"; feeCents: number; retailCents: number }
  | { kind: "buyNow" }
  | { kind: "limits"; auction: number | null; topUp: number | null }
  | { kind: "pause"; length: keyof typeof PAUSE_HOURS }
  | { kind: "wait"; hours: number };

// Weighted so that sequences reach the limits often: a pause (which blocks most steps) is rarer than the rest.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("topUp" as const),
      cents: fc.integer({ min: 100, max: 8_000 }),
      outcome: fc.constantFrom("succeeded" as const, "failed" as const),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("enrol" as const), feeCents: fc.integer({ min: 0, max: 3_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("win" as const), priceCents: fc.integer({ min: 1, max: 4_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("pay" as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("lose" as const),
      feeCents: fc.integer({ min: 0, max: 2_000 }),
      retailCents: fc.integer({ min: 0, max: 6_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("buyNow" as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("limits" as const), auction: limitCents, topUp: limitCents }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("pause" as const), length: fc.constantFrom("24h" as const, "7d" as const, "30d" as const) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("wait" as const), hours: fc.integer({ min: 1, max: 400 }) }) },
);

/** A limit as the model keeps it: the one in force and a raise waiting for its time. */
type ModelLimit = { current: number | null; next: number | null; nextAt: number | null };
const inForce = (limit: ModelLimit, now: number) => (limit.nextAt !== null && limit.nextAt <= now ? limit.next : limit.current);
function changed(limit: ModelLimit, wanted: number | null, now: number): ModelLimit {
  const present = inForce(limit, now);
  const isHigher = wanted === null ? present !== null : present !== null && wanted > present;
  return isHigher ? { current: present, next: wanted, nextAt: now + 24 * HOUR_MS } : { current: wanted, next: null, nextAt: null };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof Refusal ? error.code : Promise.reject(error)),
  );

it("answers every step as the limits and the pause say, and no month exceeds the limit in force", async () => {
  const db = () => database.db;
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { minLength: 1, maxLength: 24 }),
      fc.integer({ min: 0, max: 365 * 24 }),
      fc.integer({ min: 0, max: 20_000 }),
      async (steps, startHour, startCents) => {
        let now = Date.parse("2026-01-01T00:00:00Z") + startHour * HOUR_MS;
        // Money already in the wallet (from before the month; not a top-up of it), so spending is not only top-ups'.
        const user = await createBidder(db(), { balanceCents: startCents });
        let balance = startCents;
        let auctionLimit: ModelLimit = { current: null, next: null, nextAt: null };
        let topUpLimit: ModelLimit = { current: null, next: null, nextAt: null };
        let pausedUntil = 0;
        const spent: { at: number; cents: number }[] = [];
        const toppedUp: { at: number; cents: number }[] = [];
        const unpaid: { auctionId: number; priceCents: number; deadline: number }[] = [];
        // Auctions the user entered and another bidder won: what Buy it now would cost and until when.
        const lost: { auctionId: number; priceCents: number; deadline: number }[] = [];
        const inMonth = (entries: { at: number; cents: number }[]) => {
          const month = spendMonth(new Date(now));
          return entries
            .filter((e) => e.at >= month.startsAt.getTime() && e.at < month.resetsAt.getTime())
            .reduce((sum, e) => sum + e.cents, 0);
        };
        const auctionRefusal = (cents: number) => {
          const limit = inForce(auctionLimit, now);
          return cents > 0 && limit !== null && inMonth(spent) + cents > limit ? "AUCTION_SPEND_LIMIT" : null;
        };
        /** Enrols the user in `auction`, checking the answer against the model and keeping the model's books. */
        const enrolPaying = async (auction: number, feeCents: number, clock: Date, isPaused: boolean) => {
          const expected = isPaused ? "SELF_PAUSED" : (auctionRefusal(feeCents) ?? (feeCents > balance ? "NOT_ENOUGH_FUNDS" : "ok"));
          const result = await codeOf(enrol(db(), user.id, auction, clock));
          expect(result).toBe(expected);
          if (result === "ok") {
            balance -= feeCents;
            if (feeCents > 0) spent.push({ at: now, cents: feeCents });
          }
          return result;
        };
        let lastLedgerId = 0;

        for (const s of steps) {
          const clock = new Date(now);
          const [spentBefore, toppedUpBefore] = [spent.length, toppedUp.length];
          const isPaused = pausedUntil > now;
          if (s.kind === "topUp") {
            const limit = inForce(topUpLimit, now);
            const expected = isPaused ? "SELF_PAUSED" : limit !== null && inMonth(toppedUp) + s.cents > limit ? "TOP_UP_LIMIT" : "ok";
            let id = "";
            const result = await codeOf(
              createPendingPayment(db(), { userId: user.id, amountCents: s.cents, provider: "sandbox", language: "en", now: clock }).then(
                (paymentId) => (id = paymentId),
              ),
            );
            expect(result).toBe(expected);
            if (result === "ok") {
              await settlePayment(db(), id, s.outcome, "card");
              if (s.outcome === "succeeded") {
                balance += s.cents;
                toppedUp.push({ at: now, cents: s.cents });
              }
            }
          } else if (s.kind === "enrol") {
            const auction = await createAuction(db(), clock, { entryFeeCents: s.feeCents });
            await enrolPaying(auction, s.feeCents, clock, isPaused);
          } else if (s.kind === "win") {
            // A free auction one bid from the price: the bidder wins it when it ends a minute later.
            const auction = await createAuction(db(), clock, { entryFeeCents: 0, priceCents: s.priceCents - 1 });
            const result = await codeOf(enrol(db(), user.id, auction, clock));
            expect(result).toBe(isPaused ? "SELF_PAUSED" : "ok");
            if (result === "ok") {
              await placeBid(db(), user.id, auction, clock);
              await advanceLifecycle(db(), at(clock, 61));
              unpaid.push({ auctionId: auction, priceCents: s.priceCents, deadline: now + 60_000 + 72 * HOUR_MS });
            }
          } else if (s.kind === "pay") {
            const win = unpaid.shift();
            if (!win) continue;
            const expected =
              win.deadline <= now
                ? "PAYMENT_WINDOW_CLOSED"
                : (auctionRefusal(win.priceCents) ?? (win.priceCents > balance ? "NOT_ENOUGH_FUNDS" : "ok"));
            const result = await codeOf(
              payForWonAuction(db(), {
                userId: user.id,
                auctionId: win.auctionId,
                deliveryAddress: "Brīvības iela 1, Rīga, LV-1010",
                phone: "26123456",
                now: clock,
              }),
            );
            expect(result).toBe(expected);
            if (result === "ok") {
              balance -= win.priceCents;
              spent.push({ at: now, cents: win.priceCents });
            } else if (result !== "PAYMENT_WINDOW_CLOSED") {
              unpaid.unshift(win);
            }
          } else if (s.kind === "lose") {
            const auction = await createAuction(db(), clock, { entryFeeCents: s.feeCents });
            await db().query("update auctions set retail_value_cents = $2 where id = $1", [auction, s.retailCents]);
            const result = await enrolPaying(auction, s.feeCents, clock, isPaused);
            if (result === "ok") {
              const rival = await createBidder(db(), { balanceCents: 10_000 });
              await enrol(db(), rival.id, auction, clock);
              await placeBid(db(), rival.id, auction, clock);
              await advanceLifecycle(db(), at(clock, 61));
              lost.push({ auctionId: auction, priceCents: Math.max(0, s.retailCents - s.feeCents), deadline: now + 60_000 + 48 * HOUR_MS });
            }
          } else if (s.kind === "buyNow") {
            const offer = lost.shift();
            if (!offer) continue;
            // A break does not stop a purchase (as it does not stop paying for a win), but the month's limit does.
            const expected =
              offer.deadline <= now
                ? "BUY_NOW_WINDOW_CLOSED"
                : (auctionRefusal(offer.priceCents) ?? (offer.priceCents > balance ? "NOT_ENOUGH_FUNDS" : "ok"));
            const result = await codeOf(
              buyNow(db(), {
                userId: user.id,
                auctionId: offer.auctionId,
                deliveryAddress: "Brīvības iela 1, Rīga, LV-1010",
                phone: "26123456",
                now: clock,
              }),
            );
            expect(result).toBe(expected);
            if (result === "ok") {
              balance -= offer.priceCents;
              if (offer.priceCents > 0) spent.push({ at: now, cents: offer.priceCents });
            } else if (result !== "BUY_NOW_WINDOW_CLOSED") {
              lost.unshift(offer);
            }
          } else if (s.kind === "limits") {
            await setSpendLimits(db(), user.id, { auctionLimitCents: s.auction, topUpLimitCents: s.topUp }, clock);
            auctionLimit = changed(auctionLimit, s.auction, now);
            topUpLimit = changed(topUpLimit, s.topUp, now);
          } else if (s.kind === "pause") {
            const until = now + PAUSE_HOURS[s.length] * HOUR_MS;
            const result = await codeOf(startPause(db(), user.id, s.length, clock));
            expect(result).toBe(pausedUntil > until ? "PAUSE_CANNOT_BE_SHORTENED" : "ok");
            if (result === "ok") pausedUntil = until;
          } else {
            now += s.hours * HOUR_MS;
          }
          // The ledger writes the database's time; the entries of this step happened at the simulated `now`.
          const [last] = await db().query<{ id: number | string | null }>(
            "with stamped as (update wallet_transactions set created_at = $2 where user_id = $1 and id > $3 returning id) select max(id) as id from stamped",
            [user.id, new Date(now), lastLedgerId],
          );
          if (last?.id) lastLedgerId = Math.max(lastLedgerId, Number(last.id));

          const [hasSpent, hasToppedUp] = [spent.length > spentBefore, toppedUp.length > toppedUpBefore];
          const view = await spendLimitsView(db(), user.id, new Date(now));
          expect(view.auction).toMatchObject({ limitCents: inForce(auctionLimit, now), spentCents: inMonth(spent) });
          expect(view.topUp).toMatchObject({ limitCents: inForce(topUpLimit, now), spentCents: inMonth(toppedUp) });
          expect(view.pausedUntil).toBe(pausedUntil > now ? new Date(pausedUntil).toISOString() : null);
          // A step that spent kept the month within the limit in force, by the server's own count.
          const auctionLimitNow = inForce(auctionLimit, now);
          if (hasSpent && auctionLimitNow !== null) expect(view.auction.spentCents).toBeLessThanOrEqual(auctionLimitNow);
          const topUpLimitNow = inForce(topUpLimit, now);
          if (hasToppedUp && topUpLimitNow !== null) expect(view.topUp.spentCents).toBeLessThanOrEqual(topUpLimitNow);
          const [sum] = await db().query<{ sum: number | string | null }>(
            "select sum(amount_cents) as sum from wallet_transactions where user_id = $1",
            [user.id],
          );
          expect(await balanceCents(db(), user.id)).toBe(balance);
          expect(Number(sum?.sum ?? 0)).toBe(balance);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
      },
    ),
    { numRuns: Number(process.env.SPEND_PROPERTY_RUNS ?? 150) },
  );
}, 600_000);
