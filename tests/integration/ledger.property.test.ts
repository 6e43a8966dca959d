// Property test of the wallet ledger: random sequences of top-ups (confirmed, declined, replayed), enrolments
// and debits; after each, the balance equals the sum of the ledger and is never negative.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { enrol } from "../../server/auctions/engine";
import { Refusal } from "../../server/refusal";
import { createPendingPayment, settlePayment } from "../../server/payments/payments.service";
import { InsufficientFundsError, balanceCents, postLedgerEntry } from "../../server/wallet/wallet.service";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { createAuction, createBidder } from "../support/fixtures";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

type Step =
  | { kind: "topUp"; cents: number; outcome: "succeeded" | "failed" | "canceled"; replays: number }
  | { kind: "enrol"; feeCents: number }
  | { kind: "debit"; cents: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("topUp" as const), cents: fc.integer({ min: 100, max: 50_000 }), outcome: fc.constantFrom("succeeded" as const, "failed" as const, "canceled" as const), replays: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("enrol" as const), feeCents: fc.integer({ min: 0, max: 20_000 }) }),
  fc.record({ kind: fc.constant("debit" as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
);

it("keeps balance = sum of the ledger, never negative, over random sequences", async () => {
  const db = () => database.db;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      const now = new Date();
      const user = await createBidder(db());
      let expected = 0;
      for (const s of steps) {
        if (s.kind === "topUp") {
          const id = await createPendingPayment(db(), { userId: user.id, amountCents: s.cents, provider: "sandbox", language: "en" });
          for (let i = 0; i < s.replays; i++) await settlePayment(db(), id, s.outcome, "card");
          if (s.outcome === "succeeded") expected += s.cents;
        } else if (s.kind === "enrol") {
          const auction = await createAuction(db(), now, { entryFeeCents: s.feeCents });
          const result = await enrol(db(), user.id, auction, now).then(
            () => "ok",
            (error: unknown) => (error instanceof Refusal ? error.code : Promise.reject(error)),
          );
          expect(result).toBe(s.feeCents > expected ? "NOT_ENOUGH_FUNDS" : "ok");
          if (result === "ok") expected -= s.feeCents;
        } else {
          const result = await db()
            .transaction((tx) => postLedgerEntry(tx, { userId: user.id, type: "AuctionPayment", amountCents: -s.cents, description: "Test debit" }))
            .then(
              () => "ok",
              (error: unknown) => (error instanceof InsufficientFundsError ? "refused" : Promise.reject(error)),
            );
          expect(result).toBe(s.cents > expected ? "refused" : "ok");
          if (result === "ok") expected -= s.cents;
        }
        const balance = await balanceCents(db(), user.id);
        const [ledger] = await db().query<{ sum: number | null }>("select sum(amount_cents) as sum from wallet_transactions where user_id = $1", [user.id]);
        expect(balance).toBe(expected);
        expect(balance).toBe(ledger?.sum ?? 0);
        expect(balance).toBeGreaterThanOrEqual(0);
      }
    }),
    { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 300) },
  );
}, 300_000);
