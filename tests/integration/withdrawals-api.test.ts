// Withdrawals through the API (decision 090): the sandbox shows and settles refunds as its checkout does, through a
// signed webhook applied once; Stripe's refund events (signed test events) settle them too; the wallet follows the
// feed; mails go out in the bidder's language; the statement sums the months (decision 091).
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatePaymentResponse, CreateWithdrawalResponse, StatementResponse, WithdrawalsResponse } from "../../contract";
import { loadConfig } from "../../server/config";
import { sandboxWebhookSecret } from "../../server/payments/payments.routes";
import type { StripeCheckoutSessions, StripeRefunds } from "../../server/payments/providers";
import { signPayload } from "../../server/payments/webhook-signature";
import { type TestClient, mailsTo } from "../support/client";
import { openSocket, type LiveClient } from "../support/socket";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

const sockets: LiveClient[] = [];
let ip = 0;

async function bidder(server: TestServer) {
  const { client, body } = await bidderClient(server, `10.71.0.${++ip}`);
  return { client, email: body.email };
}

describe("in the sandbox", () => {
  let server: TestServer;
  const secret = () => sandboxWebhookSecret(loadConfig({ DATA_DIR: "memory://", SESSION_SECRET: "w".repeat(40) }));
  beforeAll(async () => {
    server = await startTestServer({ SESSION_SECRET: "w".repeat(40) });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
  });

  async function toppedUp(euros: number) {
    const { client, email } = await bidder(server);
    const created = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: euros, language: "en" })).body);
    await fetch(`${server.url}/sandbox/checkout/${created.payment!.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: client.cookieHeader },
      body: new URLSearchParams({ action: "pay", method: "card" }).toString(),
      redirect: "manual",
    });
    return { client, email };
  }

  const refundPage = (client: TestClient, url: string, action?: "settle" | "fail") =>
    fetch(url, {
      method: action ? "POST" : "GET",
      headers: { Cookie: client.cookieHeader, ...(action ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
      ...(action ? { body: new URLSearchParams({ action }).toString() } : {}),
      redirect: "manual",
    });

  it("holds the amount, shows the refund on the sandbox's page and settles it there; the wallet follows live", async () => {
    const { client, email } = await toppedUp(10);
    const socket = await openSocket(server.url, sockets, client.cookieHeader);
    const balances: number[] = [];
    socket.on("wallet:updated", ({ balance }) => balances.push(balance));

    expect(WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body)).toMatchObject({
      withdrawableCents: 1000,
      refundableCents: 1000,
      items: [],
    });
    const answer = await client.post("/api/withdrawals", { amount: "8" });
    expect(answer.status).toBe(200);
    const created = CreateWithdrawalResponse.parse(answer.body);
    expect(created.withdrawal).toMatchObject({
      amountCents: 800,
      status: "pending",
      parts: [{ kind: "refund", amountCents: 800, status: "pending", destination: "card" }],
    });
    expect(created.sandboxUrl).toBe(`${server.url}/sandbox/refunds/${created.withdrawal.id}`);
    await expect.poll(() => balances).toEqual([2]);

    // Someone else's session sees no such page.
    const stranger = await bidder(server);
    expect((await refundPage(stranger.client, created.sandboxUrl!)).status).toBe(404);
    const page = await refundPage(client, created.sandboxUrl!);
    // In the language the withdrawal was asked in: this client sends no Accept-Language, so SPEC.md's default, Latvian.
    expect(await page.text()).toContain("8,00\u00a0€");
    const settled = await refundPage(client, created.sandboxUrl!, "settle");
    expect([settled.status, settled.headers.get("location")]).toEqual([303, "/wallet"]);

    const after = WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body);
    expect(after).toMatchObject({ withdrawableCents: 200, items: [{ status: "completed", parts: [{ status: "succeeded" }] }] });
    await expect.poll(() => balances).toEqual([2, 2]);
    const subjects = (await mailsTo(server.url, email)).map((mail) => mail.subject);
    expect(subjects).toEqual(expect.arrayContaining(["Izmaksājam 8,00\u00a0€", "Jūsu izmaksa 8,00\u00a0€ ir izmaksāta"]));
  });

  it("applies a refund's webhook once however often it comes, and refuses a forged one, changing nothing", async () => {
    const { client } = await toppedUp(5);
    const created = CreateWithdrawalResponse.parse((await client.post("/api/withdrawals", { amount: 5 })).body);
    const refundId = created.withdrawal.parts[0]!.id;
    const deliver = (body: string, signature: string) =>
      fetch(`${server.url}/api/payments/webhook/sandbox-refunds`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Sandbox-Signature": signature },
        body,
      });

    const failed = JSON.stringify({ refundId, outcome: "failed" });
    expect((await deliver(failed, signPayload("not-the-secret", failed))).status).toBe(400);
    expect((await deliver(failed, "")).status).toBe(400);
    expect(WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body).items[0]?.status).toBe("pending");

    for (let i = 0; i < 3; i++) expect((await deliver(failed, signPayload(secret(), failed))).status).toBe(200);
    const succeeded = JSON.stringify({ refundId, outcome: "succeeded" });
    expect((await deliver(succeeded, signPayload(secret(), succeeded))).status).toBe(200);
    const after = WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body);
    expect(after).toMatchObject({ withdrawableCents: 500, items: [{ status: "returned", parts: [{ status: "failed" }] }] });
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 5 });
  });

  it("refuses wrong input with a stable code and changes nothing", async () => {
    const { client } = await toppedUp(5);
    const cases: [unknown, number, string][] = [
      [{ amount: "0.50" }, 400, "WITHDRAWAL_TOO_SMALL"],
      [{ amount: "5.01" }, 402, "WITHDRAWAL_TOO_LARGE"],
      [{ amount: "abc" }, 400, "WITHDRAWAL_AMOUNT_INVALID"],
      [{ amount: "1e3" }, 400, "WITHDRAWAL_AMOUNT_INVALID"],
      [{ amount: "2", iban: "LV81BANK0000435195001" }, 400, "IBAN_CHECKSUM"],
      [{ amount: true }, 400, "VALIDATION_FAILED"],
      [{ amount: "2", extra: 1 }, 400, "VALIDATION_FAILED"],
    ];
    for (const [body, status, code] of cases) {
      const answer = await client.post("/api/withdrawals", body);
      expect([answer.status, (answer.body as { error: { code: string } }).error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const tooLarge = await client.post("/api/withdrawals", { amount: "6" });
    expect((tooLarge.body as { error: { values: unknown } }).error.values).toEqual({ withdrawableCents: 500 });
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 5 });
    expect(WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body).items).toEqual([]);
  });

  it("sums the last twelve months by kind, and downloads them as CSV in euros", async () => {
    const { client } = await toppedUp(10);
    await client.post("/api/withdrawals", { amount: "3.50" });
    const { months } = StatementResponse.parse((await client.get("/api/user-wallet/statement")).body);
    expect(months).toHaveLength(12);
    expect(months[0]).toMatchObject({
      topUpsCents: 1000,
      withdrawalsCents: -350,
      feesCents: 0,
      paymentsCents: 0,
      refundsCents: 0,
      netCents: 650,
    });
    expect(months.slice(1).every((m) => m.netCents === 0)).toBe(true);
    const csv = await fetch(`${server.url}/api/user-wallet/statement.csv`, { headers: { Cookie: client.cookieHeader } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="pennybid-statement-\d{4}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("month,top_ups_eur,withdrawals_eur,fees_eur,payments_eur,refunds_eur,adjustments_eur,net_eur");
    expect(lines[1]).toBe(`${months[0]!.month},10.00,-3.50,0.00,0.00,0.00,0.00,6.50`);
    expect(lines).toHaveLength(13);
  });

  it("keeps the payout queue to operators", async () => {
    const { client } = await bidder(server);
    expect((await client.get("/api/operator/payouts")).status).toBe(403);
    expect((await fetch(`${server.url}/api/operator/payouts`)).status).toBe(401);
  });
});

describe("with Stripe", () => {
  const WEBHOOK_SECRET = "whsec_test_withdrawals";
  const stripe = new Stripe("sk_test_offline");
  let server: TestServer;
  const requested: Parameters<StripeRefunds["create"]>[] = [];
  const sessions: StripeCheckoutSessions = {
    create: async () => ({ id: `cs_test_${Math.random()}`, url: "https://checkout.stripe.com/c/pay/x" }),
  };
  const refunds: StripeRefunds = {
    create: async (...args) => {
      requested.push(args);
      return { id: `re_test_${requested.length}`, status: "pending" };
    },
  };
  beforeAll(async () => {
    server = await startTestServer(
      { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_offline", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      { stripeSessions: sessions, stripeRefunds: refunds },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  const deliver = async (payload: string, secret = WEBHOOK_SECRET) =>
    (
      await fetch(`${server.url}/api/payments/webhook/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret }) },
        body: payload,
      })
    ).status;
  const event = (type: string, object: object) =>
    JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: "event", type, data: { object } });

  it("refunds against the top-up's PaymentIntent and settles by the signed refund events, once", async () => {
    const { client } = await bidder(server);
    const created = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 20, language: "en" })).body);
    const paymentId = created.payment!.id;
    const completed = event("checkout.session.completed", {
      id: "cs_x",
      object: "checkout.session",
      client_reference_id: paymentId,
      metadata: { paymentId },
      payment_status: "paid",
      payment_intent: "pi_test_1",
    });
    expect(await deliver(completed)).toBe(200);

    const withdrawal = CreateWithdrawalResponse.parse((await client.post("/api/withdrawals", { amount: "12" })).body);
    expect(withdrawal.sandboxUrl).toBeNull();
    const partId = withdrawal.withdrawal.parts[0]!.id;
    expect(requested.at(-1)).toEqual([
      { payment_intent: "pi_test_1", amount: 1200, reason: "requested_by_customer", metadata: { withdrawalPartId: partId } },
      { idempotencyKey: `withdrawal-part-${partId}` },
    ]);
    const refundId = `re_test_${requested.length}`;

    // Forged: signed with another secret. Nothing changes.
    const failed = event("refund.failed", { id: refundId, object: "refund", status: "failed", failure_reason: "expired_or_canceled_card" });
    expect(await deliver(failed, "whsec_forged")).toBe(400);
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 8 });

    // refund.created (pending) changes nothing; charge.refunded settles it; a late refund.failed changes nothing.
    expect(await deliver(event("refund.created", { id: refundId, object: "refund", status: "pending" }))).toBe(200);
    expect(WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body).items[0]?.status).toBe("pending");
    const refunded = event("charge.refunded", {
      id: "ch_1",
      object: "charge",
      refunds: { object: "list", data: [{ id: refundId, object: "refund", status: "succeeded" }] },
    });
    expect(await deliver(refunded)).toBe(200);
    expect(await deliver(refunded)).toBe(200);
    expect(await deliver(failed)).toBe(200);
    expect(WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body).items[0]?.status).toBe("completed");
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 8 });
  });

  it("gives the amount back when Stripe says the refund failed", async () => {
    const { client } = await bidder(server);
    const created = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 6, language: "en" })).body);
    const paymentId = created.payment!.id;
    await deliver(
      event("checkout.session.completed", {
        id: "cs_y",
        object: "checkout.session",
        client_reference_id: paymentId,
        metadata: { paymentId },
        payment_status: "paid",
        payment_intent: "pi_test_2",
      }),
    );
    await client.post("/api/withdrawals", { amount: "6" });
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 0 });
    const refundId = `re_test_${requested.length}`;
    expect(await deliver(event("refund.updated", { id: refundId, object: "refund", status: "failed" }))).toBe(200);
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 6 });
    expect(WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body)).toMatchObject({
      refundableCents: 600,
      items: [{ status: "returned" }],
    });
  });

  it("settles a refund whose event comes before its id was kept, by the part named in its metadata", async () => {
    const { client } = await bidder(server);
    const created = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 4, language: "en" })).body);
    const paymentId = created.payment!.id;
    await deliver(
      event("checkout.session.completed", {
        id: "cs_z",
        object: "checkout.session",
        client_reference_id: paymentId,
        metadata: { paymentId },
        payment_status: "paid",
        payment_intent: "pi_test_3",
      }),
    );
    const withdrawal = CreateWithdrawalResponse.parse((await client.post("/api/withdrawals", { amount: "4" })).body);
    const partId = withdrawal.withdrawal.parts[0]!.id;
    const unknownRefund = event("refund.updated", {
      id: "re_not_kept_yet",
      object: "refund",
      status: "succeeded",
      metadata: { withdrawalPartId: partId },
    });
    expect(await deliver(unknownRefund)).toBe(200);
    expect(WithdrawalsResponse.parse((await client.get("/api/withdrawals")).body).items[0]?.status).toBe("completed");
    // Metadata that names no part of ours changes nothing and is still acknowledged (Stripe would retry otherwise).
    expect(
      await deliver(
        event("refund.updated", { id: "re_x", object: "refund", status: "failed", metadata: { withdrawalPartId: "not-a-uuid" } }),
      ),
    ).toBe(200);
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 0 });
  });
});
