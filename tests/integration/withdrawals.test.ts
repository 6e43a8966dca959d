// Withdrawals on the database (decision 090): the amount held at the request, refunds against the bidder's own
// top-ups newest first, a payout for the rest, what fails given back once, and the races of issue 53.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPendingWithdrawals } from "../../server/accounts/account-closing";
import { enrol } from "../../server/auctions/engine";
import { payForWonAuction } from "../../server/fulfilment/fulfilment.service";
import { createPendingPayment, settlePayment } from "../../server/payments/payments.service";
import { Refusal } from "../../server/refusal";
import { balanceCents } from "../../server/wallet/wallet.service";
import {
  listWithdrawals,
  requestWithdrawal,
  settlePayout,
  settleRefund,
  withdrawableFunds,
  type WithdrawalRequest,
} from "../../server/wallet/withdrawals.service";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { createAuction, createBidder } from "../support/fixtures";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});
const db = () => database.db;
const IBAN = "LV80BANK0000435195001";

/** A succeeded sandbox top-up, settled `daysAgo` days back. */
async function topUp(userId: string, cents: number, daysAgo = 0) {
  const id = await createPendingPayment(db(), { userId, amountCents: cents, provider: "sandbox", language: "en" });
  await settlePayment(db(), id, "succeeded", "card");
  if (daysAgo > 0) await db().query("update payments set settled_at = now() - make_interval(days => $2) where id = $1", [id, daysAgo]);
  return id;
}

const withdraw = (userId: string, amount: string | number, extra: Partial<WithdrawalRequest> = {}) =>
  requestWithdrawal(db(), { userId, amount, provider: "sandbox", language: "en", now: new Date(), ...extra });

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof Refusal ? error.code : Promise.reject(error)),
  );

async function ledgerSum(userId: string) {
  const [row] = await db().query<{ sum: number | string | null }>(
    "select sum(amount_cents) as sum from wallet_transactions where user_id = $1",
    [userId],
  );
  return Number(row?.sum ?? 0);
}

async function refundedOf(paymentId: string) {
  const [row] = await db().query<{ refunded_cents: number }>("select refunded_cents from payments where id = $1", [paymentId]);
  return row?.refunded_cents;
}

describe("asking to withdraw", () => {
  it("holds the amount at once and refunds the newest top-ups first, each no more than it brought in", async () => {
    const user = await createBidder(db());
    const older = await topUp(user.id, 1000, 3);
    const newer = await topUp(user.id, 500, 1);
    const { withdrawalId, refunds } = await withdraw(user.id, "12");
    expect(refunds.map((r) => [r.paymentId, r.amountCents])).toEqual([
      [newer, 500],
      [older, 700],
    ]);
    expect(await balanceCents(db(), user.id)).toBe(300);
    expect(await ledgerSum(user.id)).toBe(300);
    expect(await refundedOf(newer)).toBe(500);
    expect(await refundedOf(older)).toBe(700);
    const [listed] = await listWithdrawals(db(), user.id);
    expect(listed).toMatchObject({ id: withdrawalId, amountCents: 1200, status: "pending" });
    expect(await hasPendingWithdrawals(db(), user.id)).toBe(true);
    // Refunds never take a top-up twice: what is left of it is all a later withdrawal can refund.
    const next = await withdraw(user.id, "3");
    expect(next.refunds).toEqual([expect.objectContaining({ paymentId: older, amountCents: 300 })]);
  });

  it("pays what no top-up can take (older than 180 days, or money that came in otherwise) to the IBAN given", async () => {
    const user = await createBidder(db(), { balanceCents: 400 }); // a credit that came with no top-up
    await topUp(user.id, 1000, 181);
    const recent = await topUp(user.id, 200, 10);
    expect(await refusalOf(withdraw(user.id, "10"))).toBe("IBAN_REQUIRED");
    const { withdrawalId } = await withdraw(user.id, "10", { iban: "lv80 bank 0000 4351 9500 1" });
    const [listed] = await listWithdrawals(db(), user.id);
    expect(listed?.id).toBe(withdrawalId);
    expect(listed?.parts.map((p) => [p.kind, p.amountCents, p.destination])).toEqual([
      ["refund", 200, "card"],
      ["payout", 800, "LV80 •••• 5001"],
    ]);
    expect(await refundedOf(recent)).toBe(200);
    expect(await balanceCents(db(), user.id)).toBe(1600 - 1000);
  });

  it("refuses wrong input with its reason and changes nothing", async () => {
    const user = await createBidder(db());
    await topUp(user.id, 500, 200);
    const cases: [string | number, string | undefined, string][] = [
      ["0.99", IBAN, "WITHDRAWAL_TOO_SMALL"],
      ["5.01", IBAN, "WITHDRAWAL_TOO_LARGE"],
      ["ten", IBAN, "WITHDRAWAL_AMOUNT_INVALID"],
      ["1.234", IBAN, "WITHDRAWAL_AMOUNT_INVALID"],
      ["-2", IBAN, "WITHDRAWAL_AMOUNT_INVALID"],
      [Number.NaN, IBAN, "WITHDRAWAL_AMOUNT_INVALID"],
      ["2", "LV81BANK0000435195001", "IBAN_CHECKSUM"],
      ["2", "LV80BANK000043519500", "IBAN_LENGTH"],
      ["2", "ZZ80BANK0000435195001", "IBAN_COUNTRY"],
      ["2", "my account", "IBAN_INVALID"],
      ["2", undefined, "IBAN_REQUIRED"],
    ];
    for (const [amount, iban, code] of cases) expect(await refusalOf(withdraw(user.id, amount, { iban })), String(amount)).toBe(code);
    expect(await balanceCents(db(), user.id)).toBe(500);
    expect(await ledgerSum(user.id)).toBe(500);
    expect(await listWithdrawals(db(), user.id)).toEqual([]);
  });

  it("never touches money owed for a win awaiting payment", async () => {
    const user = await createBidder(db());
    await topUp(user.id, 1000);
    const auctionId = await createAuction(db(), new Date(), { status: "Ended", priceCents: 300 });
    await db().query(
      "insert into fulfilments (auction_id, user_id, price_cents, deadline_at) values ($1, $2, 300, now() + interval '3 days')",
      [auctionId, user.id],
    );
    expect(await withdrawableFunds(db(), user.id)).toEqual({ balanceCents: 1000, heldCents: 300, withdrawableCents: 700 });
    expect(await refusalOf(withdraw(user.id, "7.01"))).toBe("WITHDRAWAL_TOO_LARGE");
    // The withdrawal of all that is free races the payment for the win: both go through, and nothing is left over.
    const results = await Promise.all([
      refusalOf(withdraw(user.id, "7")),
      refusalOf(
        payForWonAuction(db(), {
          userId: user.id,
          auctionId,
          deliveryAddress: "Brīvības iela 1, Rīga",
          phone: "+37120000000",
          now: new Date(),
        }),
      ),
    ]);
    expect(results).toEqual(["ok", "ok"]);
    expect(await balanceCents(db(), user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });
});

describe("races", () => {
  it("lets exactly one of several withdrawals of the whole balance through", async () => {
    const user = await createBidder(db());
    await topUp(user.id, 800);
    const results = await Promise.all(Array.from({ length: 5 }, () => refusalOf(withdraw(user.id, "8"))));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "WITHDRAWAL_TOO_LARGE")).toHaveLength(4);
    expect(await balanceCents(db(), user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
    const [row] = await db().query<{ refunded: number | string }>(
      "select sum(refunded_cents) as refunded from payments where user_id = $1",
      [user.id],
    );
    expect(Number(row?.refunded)).toBe(800);
  });

  it("never lets a withdrawal and an enrolment spend the same cents", async () => {
    const user = await createBidder(db());
    await topUp(user.id, 500);
    const auctionId = await createAuction(db(), new Date(), { entryFeeCents: 300 });
    const [withdrawal, enrolment] = await Promise.all([
      refusalOf(withdraw(user.id, "4")),
      refusalOf(enrol(db(), user.id, auctionId, new Date())),
    ]);
    // Whichever came first took its share; the other fits only if the rest allows it (it does not: 4 + 3 > 5).
    expect([withdrawal, enrolment].sort()).toEqual(
      withdrawal === "ok" ? ["NOT_ENOUGH_FUNDS", "ok"] : ["WITHDRAWAL_TOO_LARGE", "ok"].sort(),
    );
    const balance = await balanceCents(db(), user.id);
    expect(balance).toBe(withdrawal === "ok" ? 100 : 200);
    expect(await ledgerSum(user.id)).toBe(balance);
  });
});

describe("settling", () => {
  it("gives a failed refund back once, and lets that top-up be refunded again", async () => {
    const user = await createBidder(db());
    const payment = await topUp(user.id, 600);
    const { withdrawalId, refunds } = await withdraw(user.id, "6");
    const partId = refunds[0]!.partId;
    expect(await settleRefund(db(), { partId }, "failed", new Date(), "declined")).toEqual({
      userId: user.id,
      withdrawalId,
      status: "returned",
    });
    // A replay of the same word, or a late success, changes nothing.
    expect(await settleRefund(db(), { partId }, "failed", new Date())).toBeNull();
    expect(await settleRefund(db(), { partId }, "succeeded", new Date())).toBeNull();
    expect(await balanceCents(db(), user.id)).toBe(600);
    expect(await ledgerSum(user.id)).toBe(600);
    expect(await refundedOf(payment)).toBe(0);
    expect(await hasPendingWithdrawals(db(), user.id)).toBe(false);
  });

  it("completes when every part is paid, and returns only what a refused payout held", async () => {
    const user = await createBidder(db(), { balanceCents: 500 });
    await topUp(user.id, 300);
    const { withdrawalId, refunds } = await withdraw(user.id, "8", { iban: IBAN });
    const [payout] = await db().query<{ id: string }>("select id from withdrawal_parts where withdrawal_id = $1 and kind = 'payout'", [
      withdrawalId,
    ]);
    expect(await settleRefund(db(), { partId: refunds[0]!.partId }, "succeeded", new Date())).toMatchObject({ status: "pending" });
    expect(
      await refusalOf(
        settlePayout(db(), { payoutId: payout!.id, outcome: "refused", reason: "  ", actor: "op@example.lv", now: new Date() }),
      ),
    ).toBe("PAYOUT_REASON_REQUIRED");
    const settled = await settlePayout(db(), {
      payoutId: payout!.id,
      outcome: "refused",
      reason: "The account is closed",
      actor: "op@example.lv",
      now: new Date(),
    });
    expect(settled).toEqual({ userId: user.id, withdrawalId, status: "partlyReturned" });
    expect(await refusalOf(settlePayout(db(), { payoutId: payout!.id, outcome: "paid", actor: "op@example.lv", now: new Date() }))).toBe(
      "CONFLICT",
    );
    expect(await balanceCents(db(), user.id)).toBe(500);
    expect(await ledgerSum(user.id)).toBe(500);
    const [logged] = await db().query<{ action: string; details: { reason: string } }>(
      "select action, details from operator_actions where subject = $1 order by id desc limit 1",
      [`user:${user.id}`],
    );
    expect(logged).toMatchObject({ action: "payout.refused", details: { reason: "The account is closed" } });
    const [listed] = await listWithdrawals(db(), user.id);
    expect(listed?.parts.find((p) => p.kind === "payout")).toMatchObject({ status: "failed", reason: "The account is closed" });
  });

  it("marks a payout paid without moving the balance again", async () => {
    const user = await createBidder(db(), { balanceCents: 500 });
    const { withdrawalId } = await withdraw(user.id, "5", { iban: IBAN });
    const [payout] = await db().query<{ id: string }>("select id from withdrawal_parts where withdrawal_id = $1", [withdrawalId]);
    expect(await settlePayout(db(), { payoutId: payout!.id, outcome: "paid", actor: "op@example.lv", now: new Date() })).toMatchObject({
      status: "completed",
    });
    expect(await balanceCents(db(), user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });
});
