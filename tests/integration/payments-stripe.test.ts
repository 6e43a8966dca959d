// The Stripe provider, offline: the checkout API is a stand-in (the edge of the outside world); the webhook gets
// payloads signed as Stripe signs them, and the stripe library verifies them on the raw body.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatePaymentResponse } from "../../contract";
import { createPendingPayment } from "../../server/payments/payments.service";
import type { StripeCheckoutSessions } from "../../server/payments/providers";
import { openSocket, type LiveClient } from "../support/socket";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

const WEBHOOK_SECRET = "whsec_test_pennybid";
const stripe = new Stripe("sk_test_offline");
const created: Parameters<StripeCheckoutSessions["create"]>[0][] = [];
/** Amounts (in cents) at which the stand-in fails as Stripe can: down, or a session without an address. */
const PROVIDER_DOWN_CENTS = 1313;
const NO_ADDRESS_CENTS = 1414;
const sessions: StripeCheckoutSessions = {
  create: async (params) => {
    created.push(params);
    const cents = params.line_items?.[0]?.price_data?.unit_amount;
    if (cents === PROVIDER_DOWN_CENTS) throw new Error("Stripe is down");
    if (cents === NO_ADDRESS_CENTS) return { id: `cs_test_${created.length}`, url: null };
    return { id: `cs_test_${created.length}`, url: `https://checkout.stripe.com/c/pay/cs_test_${created.length}` };
  },
};

let server: TestServer;
let ip = 0;
beforeAll(async () => {
  server = await startTestServer(
    { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_offline", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    { stripeSessions: sessions },
  );
});
const sockets: LiveClient[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

const bidder = async () => (await bidderClient(server, `10.60.0.${++ip}`)).client;

function sessionEvent(
  type: string,
  paymentId: string | null,
  paymentStatus: "paid" | "unpaid" = "paid",
  metadata: Record<string, string> = paymentId ? { paymentId } : {},
) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: {
      object: { id: "cs_test_x", object: "checkout.session", client_reference_id: paymentId, metadata, payment_status: paymentStatus },
    },
  });
}

async function deliverForBody(payload: string, secret = WEBHOOK_SECRET) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${server.url}/api/payments/webhook/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
const deliver = async (payload: string, secret = WEBHOOK_SECRET) => (await deliverForBody(payload, secret)).status;

describe("Stripe Checkout", () => {
  it("creates a Checkout Session for the top-up in euro cents and answers its address", async () => {
    const client = await bidder();
    const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 12.5, language: "lv" })).body);
    expect(answer).toMatchObject({ isSuccess: true, checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    expect(created.at(-1)).toMatchObject({
      mode: "payment",
      client_reference_id: answer.payment?.id,
      locale: "lv",
      metadata: { paymentId: answer.payment?.id },
      customer_email: expect.stringContaining("@"),
      line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 1250, product_data: { name: "Pennybid wallet top-up" } } }],
      success_url: `${server.url}/payments/success`,
      cancel_url: `${server.url}/payments/canceled`,
    });
  });

  it("credits once on checkout.session.completed, however often it is delivered", async () => {
    const client = await bidder();
    const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 20, language: "en" })).body);
    const payload = sessionEvent("checkout.session.completed", answer.payment!.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliverForBody(payload)));
    expect(answers.every((delivered) => delivered.status === 200)).toBe(true);
    expect(answers[0]!.body).toEqual({ received: true });
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 20 });
    expect((await client.get(`/api/payments/${answer.payment!.id}`)).body).toMatchObject({ status: "succeeded" });
  });

  it("waits for online banking: completed but unpaid credits nothing until the async success", async () => {
    const client = await bidder();
    const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 9, language: "en" })).body);
    expect(await deliver(sessionEvent("checkout.session.completed", answer.payment!.id, "unpaid"))).toBe(200);
    expect((await client.get(`/api/payments/${answer.payment!.id}`)).body).toMatchObject({ status: "pending" });
    expect(await deliver(sessionEvent("checkout.session.async_payment_succeeded", answer.payment!.id))).toBe(200);
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 9 });
  });

  it("records an expired session as canceled and a failed async payment as failed", async () => {
    const client = await bidder();
    const expired = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 5, language: "en" })).body);
    const failed = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 6, language: "en" })).body);
    await deliver(sessionEvent("checkout.session.expired", expired.payment!.id));
    await deliver(sessionEvent("checkout.session.async_payment_failed", failed.payment!.id));
    expect((await client.get(`/api/payments/${expired.payment!.id}`)).body).toMatchObject({ status: "canceled" });
    expect((await client.get(`/api/payments/${failed.payment!.id}`)).body).toMatchObject({ status: "failed" });
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 0 });
  });

  it("refuses an event not signed with the webhook secret, or tampered with", async () => {
    const client = await bidder();
    const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 30, language: "en" })).body);
    const payload = sessionEvent("checkout.session.completed", answer.payment!.id);
    expect(await deliverForBody(payload, "whsec_someone_else")).toEqual({
      status: 400,
      body: { error: { code: "BAD_REQUEST", message: "Invalid signature." } },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(`${server.url}/api/payments/webhook/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload.replace('"paid"', '"paid" '),
    });
    expect(tampered.status).toBe(400);
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 0 });
  });

  it("serves no sandbox checkout when Stripe is the provider, not even for a sandbox payment left from before", async () => {
    const client = await bidder();
    const { email } = (await client.get("/api/users/profile")).body as { email: string };
    const [user] = await server.database.db.query<{ id: string }>("select id from users where email = $1", [email]);
    // A real pending sandbox payment of this very bidder: with the sandbox routes registered, the page would answer
    // 200 and Pay would settle it (303 and a credit), so each 404 below says the routes are not there.
    const paymentId = await createPendingPayment(server.database.db, {
      userId: user!.id,
      amountCents: 1000,
      provider: "sandbox",
      language: "en",
    });
    expect((await client.get(`/sandbox/checkout/${paymentId}`)).status).toBe(404);
    const pay = await client.request("POST", `/sandbox/checkout/${paymentId}`, "action=pay", {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(pay.status).toBe(404);
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 0 });
  });

  it("answers that the provider is not answering when a session cannot be made, and records the payment failed", async () => {
    const client = await bidder();
    for (const amount of [PROVIDER_DOWN_CENTS / 100, NO_ADDRESS_CENTS / 100]) {
      const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount, language: "en" })).body);
      expect(answer, String(amount)).toEqual({
        isSuccess: false,
        checkoutUrl: null,
        payment: null,
        errorMessage: "The payment provider is not answering. Please try again in a moment.",
      });
    }
    const rows = await server.database.db.query<{ status: string; amount_cents: number }>(
      "select p.status, p.amount_cents from payments p join users u on u.id = p.user_id where u.email = $1 order by p.amount_cents",
      [((await client.get("/api/users/profile")).body as { email: string }).email],
    );
    expect(rows).toEqual([
      { status: "failed", amount_cents: PROVIDER_DOWN_CENTS },
      { status: "failed", amount_cents: NO_ADDRESS_CENTS },
    ]);
  });

  it("settles by the payment id in the metadata when the session has no reference, and ignores events that are not ours", async () => {
    const client = await bidder();
    const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 4, language: "en" })).body);
    const paymentId = answer.payment!.id;
    // Neither a checkout session's event nor one naming a payment: acknowledged, nothing moves.
    expect(
      await deliverForBody(
        JSON.stringify({
          id: "evt_other",
          object: "event",
          type: "payment_intent.succeeded",
          data: { object: { id: "pi_1", client_reference_id: paymentId } },
        }),
      ),
    ).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await deliver(sessionEvent("checkout.session.completed", null))).toBe(200);
    expect(await deliver(sessionEvent("checkout.session.async_payment_succeeded", null))).toBe(200);
    expect((await client.get(`/api/payments/${paymentId}`)).body).toMatchObject({ status: "pending" });

    expect(await deliver(sessionEvent("checkout.session.completed", null, "paid", { paymentId }))).toBe(200);
    expect((await client.get(`/api/payments/${paymentId}`)).body).toMatchObject({ status: "succeeded" });
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 4 });
  });

  it("tells the payer's open pages the new balance once the confirmation settles it", async () => {
    const client = await bidder();
    const socket = await openSocket(server.url, sockets, client.cookieHeader);
    const balances: number[] = [];
    socket.on("wallet:updated", ({ balance }) => balances.push(balance));
    const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 7.25, language: "en" })).body);
    expect(await deliver(sessionEvent("checkout.session.completed", answer.payment!.id))).toBe(200);
    await expect.poll(() => balances).toEqual([7.25]);
  });
});
