// Property test of the wallet ledger: random sequences of top-ups (confirmed, declined, replayed), enrolments,
// debits and withdrawals (asked for, their refunds settled or failed, their payouts paid or refused, each word
// replayed) and closing the account (refused while money is on it or on its way out; after it, the ledger stays whole);
// after each, the balance equals the sum of the ledger and is never negative, and no cent leaves twice.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeAccount } from "../../server/accounts/account-closing";
import { enrol } from "../../server/auctions/engine";
import { Refusal } from "../../server/refusal";
import { createPendingPayment, settlePayment } from "../../server/payments/payments.service";
import { InsufficientFundsError, balanceCents, postLedgerEntry } from "../../server/wallet/wallet.service";
import { requestWithdrawal, settlePayout, settleRefund, withdrawableFunds } from "../../server/wallet/withdrawals.service";
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
  | { kind: "debit"; cents: number }
  | { kind: "withdraw"; cents: number; withIban: boolean; all: boolean }
  | { kind: "race"; cents: number[]; feeCents: number }
  | { kind: "settle"; pick: number; outcome: "succeeded" | "failed"; replays: number }
  | { kind: "close" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("topUp" as const),
    cents: fc.integer({ min: 100, max: 50_000 }),
    outcome: fc.constantFrom("succeeded" as const, "failed" as const, "canceled" as const),
    replays: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant("enrol" as const), feeCents: fc.integer({ min: 0, max: 20_000 }) }),
  fc.record({ kind: fc.constant("debit" as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("withdraw" as const),
      cents: fc.integer({ min: 1, max: 12_000 }),
      withIban: fc.boolean(),
      all: fc.boolean(),
    }),
  },
  // Withdrawals and an enrolment sent at once: whatever order they are judged in, no cent is spent twice.
  fc.record({
    kind: fc.constant("race" as const),
    cents: fc.array(fc.integer({ min: 100, max: 12_000 }), { minLength: 2, maxLength: 3 }),
    feeCents: fc.integer({ min: 0, max: 8_000 }),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("settle" as const),
      pick: fc.nat(),
      outcome: fc.constantFrom("succeeded" as const, "failed" as const),
      replays: fc.integer({ min: 1, max: 2 }),
    }),
  },
  fc.record({ kind: fc.constant("close" as const) }),
);

/** Every part of the user's withdrawals still pending, oldest first. */
const pendingParts = (userId: string) =>
  database.db.query<{ id: string; kind: "refund" | "payout"; amount_cents: number }>(
    `select p.id, p.kind, p.amount_cents from withdrawal_parts p join withdrawals w on w.id = p.withdrawal_id
     where w.user_id = $1 and p.status = 'pending' order by p.created_at, p.id`,
    [userId],
  );

/** No cent leaves twice: each top-up's refunds (on their way or paid) within it and equal to its count; what left = what was asked less what came back. */
async function expectNoCentLeavesTwice(userId: string) {
  const topUps = await database.db.query<{ amount_cents: number; refunded_cents: number; parted: number | string | null }>(
    `select m.amount_cents, m.refunded_cents,
            (select sum(p.amount_cents) from withdrawal_parts p where p.payment_id = m.id and p.status <> 'failed') as parted
     from payments m where m.user_id = $1`,
    [userId],
  );
  for (const topUp of topUps) {
    expect(topUp.refunded_cents).toBe(Number(topUp.parted ?? 0));
    expect(topUp.refunded_cents).toBeLessThanOrEqual(topUp.amount_cents);
  }
  const [sums] = await database.db.query<{
    asked: number | string | null;
    out: number | string | null;
    back: number | string | null;
    held: number | string | null;
  }>(
    `select (select sum(amount_cents) from withdrawals where user_id = $1) as asked,
            (select sum(p.amount_cents) from withdrawal_parts p join withdrawals w on w.id = p.withdrawal_id where w.user_id = $1 and p.status <> 'failed') as out,
            (select sum(amount_cents) from wallet_transactions where user_id = $1 and type = 'WithdrawalReturned') as back,
            (select -sum(amount_cents) from wallet_transactions where user_id = $1 and type = 'Withdrawal') as held`,
    [userId],
  );
  expect(Number(sums?.held ?? 0)).toBe(Number(sums?.asked ?? 0));
  expect(Number(sums?.out ?? 0) + Number(sums?.back ?? 0)).toBe(Number(sums?.asked ?? 0));
}

it("keeps balance = sum of the ledger, never negative, over random sequences", async () => {
  const db = () => database.db;
  const closings: Record<string, number> = {};
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      const now = new Date();
      const user = await createBidder(db());
      let expected = 0;
      let isClosed = false;
      // Every sequence starts with money in, so that withdrawals and their settling are reached often.
      for (const s of [{ kind: "topUp", cents: 20_000, outcome: "succeeded", replays: 1 } satisfies Step, ...steps]) {
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
        } else if (s.kind === "withdraw") {
          const { withdrawableCents } = await withdrawableFunds(db(), user.id);
          // Or all of it, as a bidder leaving does (so that closing is reached).
          const cents = s.all ? withdrawableCents : s.cents;
          const result = await requestWithdrawal(db(), {
            userId: user.id,
            amount: (cents / 100).toFixed(2),
            iban: s.withIban ? "LV80BANK0000435195001" : undefined,
            provider: "sandbox",
            language: "en",
            now: new Date(),
          }).then(
            () => "ok",
            (error: unknown) => (error instanceof Refusal ? error.code : Promise.reject(error)),
          );
          if (cents < 100) expect(result).toBe("WITHDRAWAL_TOO_SMALL");
          else if (cents > withdrawableCents) expect(result).toBe("WITHDRAWAL_TOO_LARGE");
          else if (!s.withIban) expect(["ok", "IBAN_REQUIRED"]).toContain(result);
          else expect(result).toBe("ok");
          if (result === "ok") expected -= cents;
        } else if (s.kind === "race") {
          const auction = await createAuction(db(), now, { entryFeeCents: s.feeCents });
          const refused = (error: unknown) => (error instanceof Refusal ? null : Promise.reject(error));
          const [enrolled, ...withdrawn] = await Promise.all([
            enrol(db(), user.id, auction, now).then(() => s.feeCents, refused),
            ...s.cents.map((cents) =>
              requestWithdrawal(db(), {
                userId: user.id,
                amount: (cents / 100).toFixed(2),
                iban: "LV80BANK0000435195001",
                provider: "sandbox",
                language: "en",
                now: new Date(),
              }).then(() => cents, refused),
            ),
          ]);
          const spent = [enrolled, ...withdrawn].reduce<number>((sum, cents) => sum + (cents ?? 0), 0);
          expect(spent).toBeLessThanOrEqual(expected);
          expected -= spent;
        } else if (s.kind === "settle") {
          const parts = await pendingParts(user.id);
          const part = parts[s.pick % Math.max(1, parts.length)];
          if (part) {
            for (let i = 0; i < s.replays; i++) {
              if (part.kind === "refund") await settleRefund(db(), { partId: part.id }, s.outcome, new Date());
              else {
                await settlePayout(db(), {
                  payoutId: part.id,
                  outcome: s.outcome === "succeeded" ? "paid" : "refused",
                  reason: "Refused in the model",
                  actor: "model@example.lv",
                  now: new Date(),
                }).catch((error: unknown) =>
                  i > 0 && error instanceof Refusal && error.code === "CONFLICT" ? null : Promise.reject(error),
                );
              }
            }
            if (s.outcome === "failed") expected += part.amount_cents;
          }
        } else if (s.kind === "close") {
          // Closing waits for the money: refused while any is on the account or on its way out (decision 093).
          const pending = (await pendingParts(user.id)).length;
          const entries = await db().query("select id, amount_cents from wallet_transactions where user_id = $1 order by id", [user.id]);
          const result = await closeAccount(db(), user.id).then(
            () => "ok",
            (error: unknown) => (error instanceof Refusal ? error.code : Promise.reject(error)),
          );
          expect(result).toBe(expected > 0 ? "BALANCE_NOT_WITHDRAWN" : pending > 0 ? "WITHDRAWAL_PENDING" : "ok");
          // Closed or not, the ledger is the same lines: accounting keeps them.
          expect(await db().query("select id, amount_cents from wallet_transactions where user_id = $1 order by id", [user.id])).toEqual(
            entries,
          );
          isClosed = result === "ok";
          closings[result] = (closings[result] ?? 0) + 1;
        } else {
          const result = await db()
            .transaction((tx) =>
              postLedgerEntry(tx, { userId: user.id, type: "AuctionPayment", amountCents: -s.cents, description: "Test debit" }),
            )
            .then(
              () => "ok",
              (error: unknown) => (error instanceof InsufficientFundsError ? "refused" : Promise.reject(error)),
            );
          expect(result).toBe(s.cents > expected ? "refused" : "ok");
          if (result === "ok") expected -= s.cents;
        }
        const balance = await balanceCents(db(), user.id);
        const [ledger] = await db().query<{ sum: number | null }>(
          "select sum(amount_cents) as sum from wallet_transactions where user_id = $1",
          [user.id],
        );
        expect(balance).toBe(expected);
        expect(balance).toBe(ledger?.sum ?? 0);
        expect(balance).toBeGreaterThanOrEqual(0);
        await expectNoCentLeavesTwice(user.id);
        if (isClosed) break;
      }
    }),
    { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 300) },
  );
  // The sequences reach every answer of a closing, the closing itself included.
  expect(Object.keys(closings).sort()).toEqual(["BALANCE_NOT_WITHDRAWN", "WITHDRAWAL_PENDING", "ok"]);
}, 300_000);
