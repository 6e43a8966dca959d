// The Stripe provider, offline: the checkout API is a stand-in (the edge of the outside world); the webhook gets
// payloads signed as Stripe signs them, and the stripe library verifies them on the raw body.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatePaymentResponse } from "../../contract";
import { createPendingPayment } from "../../server/payments/payments.service";
import type { StripeCheckoutSessions } from "../../server/payments/providers";
import { TestClient, signUpConfirmed } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

const WEBHOOK_SECRET = "whsec_test_pennybid";
const stripe = new Stripe("sk_test_offline");
const created: Parameters<StripeCheckoutSessions["create"]>[0][] = [];
const sessions: StripeCheckoutSessions = {
  create: async (params) => {
    created.push(params);
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
afterAll(async () => {
  await server.close();
});

async function bidder() {
  const client = new TestClient(server.url, `10.60.0.${++ip}`);
  await signUpConfirmed(client);
  return client;
}

function sessionEvent(type: string, paymentId: string, paymentStatus: "paid" | "unpaid" = "paid") {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: { object: { id: "cs_test_x", object: "checkout.session", client_reference_id: paymentId, metadata: { paymentId }, payment_status: paymentStatus } },
  });
}

async function deliver(payload: string, secret = WEBHOOK_SECRET) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${server.url}/api/payments/webhook/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return response.status;
}

describe("Stripe Checkout", () => {
  it("creates a Checkout Session for the top-up in euro cents and answers its address", async () => {
    const client = await bidder();
    const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 12.5, language: "lv" })).body);
    expect(answer).toMatchObject({ isSuccess: true, checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    expect(created.at(-1)).toMatchObject({
      mode: "payment",
      client_reference_id: answer.payment?.id,
      locale: "lv",
      line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 1250 } }],
      success_url: `${server.url}/payments/success`,
      cancel_url: `${server.url}/payments/canceled`,
    });
  });

  it("credits once on checkout.session.completed, however often it is delivered", async () => {
    const client = await bidder();
    const answer = CreatePaymentResponse.parse((await client.post("/api/payments", { amount: 20, language: "en" })).body);
    const payload = sessionEvent("checkout.session.completed", answer.payment!.id);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => deliver(payload)));
    expect(statuses.every((status) => status === 200)).toBe(true);
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
    expect(await deliver(payload, "whsec_someone_else")).toBe(400);
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
    const paymentId = await createPendingPayment(server.database.db, { userId: user!.id, amountCents: 1000, provider: "sandbox", language: "en" });
    expect((await client.get(`/sandbox/checkout/${paymentId}`)).status).toBe(404);
    const pay = await client.request("POST", `/sandbox/checkout/${paymentId}`, "action=pay", {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(pay.status).toBe(404);
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 0 });
  });
});
