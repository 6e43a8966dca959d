import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatePaymentResponse, TransactionsResponse } from "../../contract";
import { signPayload } from "../../server/payments/webhook-signature";
import { sandboxWebhookSecret } from "../../server/payments/payments.routes";
import { loadConfig } from "../../server/config";
import { spaHeaders } from "../../sim/api-client";
import { TestClient } from "../support/client";
import { openSocket, type LiveClient } from "../support/socket";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

let server: TestServer;
let ip = 0;
/** The history is written in the request's language (decision 084): these read it in English. */
const inEnglish = { ...spaHeaders, "Accept-Language": "en" };

beforeAll(async () => {
  server = await startTestServer({ SESSION_SECRET: "s".repeat(40) });
});
const sockets: LiveClient[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

const secret = () => sandboxWebhookSecret(loadConfig({ DATA_DIR: "memory://", SESSION_SECRET: "s".repeat(40) }));

const bidder = async () => (await bidderClient(server, `10.50.0.${++ip}`)).client;

async function createPayment(client: TestClient, amount: number, language = "en") {
  const answer = await client.post("/api/payments", { amount, language });
  expect(answer.status).toBe(200);
  return CreatePaymentResponse.parse(answer.body);
}

/** Submits the sandbox checkout form as the payer's browser would, with the payer's session. */
async function checkout(client: TestClient, paymentId: string, action: "pay" | "decline" | "cancel", method = "card") {
  const response = await fetch(`${server.url}/sandbox/checkout/${paymentId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: client.cookieHeader },
    body: new URLSearchParams({ action, method }).toString(),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location") };
}

describe("top-up through the sandbox provider", () => {
  it("creates a pending payment with a checkout address, and pays it: the wallet is credited once", async () => {
    const client = await bidder();
    const created = await createPayment(client, 10);
    expect(created).toMatchObject({ isSuccess: true, errorMessage: null });
    expect(created.checkoutUrl).toBe(`${server.url}/sandbox/checkout/${created.payment?.id}`);

    const page = await fetch(created.checkoutUrl ?? "", { headers: { Cookie: client.cookieHeader } });
    const html = await page.text();
    expect(html).toContain("€10.00");
    expect(html).toContain("Online banking");

    expect(await checkout(client, created.payment!.id, "pay", "bank")).toEqual({ status: 303, location: "/payments/success" });
    expect((await client.get(`/api/payments/${created.payment!.id}`)).body).toMatchObject({ status: "succeeded", amount: 10 });
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 10 });
    const history = TransactionsResponse.parse((await client.request("GET", "/api/user-wallet/transactions", undefined, inEnglish)).body);
    expect(history.items).toEqual([expect.objectContaining({ type: "Payment", amount: 10, description: "Top-up by online banking" })]);

    // Paying the same checkout again changes nothing.
    await checkout(client, created.payment!.id, "pay");
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 10 });
  });

  it("records declined and canceled payments and credits nothing", async () => {
    const client = await bidder();
    const declined = await createPayment(client, 5);
    expect(await checkout(client, declined.payment!.id, "decline")).toMatchObject({ location: "/payments/failed" });
    const canceled = await createPayment(client, 5);
    expect(await checkout(client, canceled.payment!.id, "cancel")).toMatchObject({ location: "/payments/canceled" });
    expect((await client.get(`/api/payments/${declined.payment!.id}`)).body).toMatchObject({ status: "failed" });
    expect((await client.get(`/api/payments/${canceled.payment!.id}`)).body).toMatchObject({ status: "canceled" });
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 0 });
  });

  it("answers a bad amount with isSuccess false and a clear message, creating nothing", async () => {
    const client = await bidder();
    for (const [amount, message] of [
      [0, "The smallest top-up is €1.00."],
      [-5, "The smallest top-up is €1.00."],
      [10.005, "Use at most two decimals (cents)."],
      [1_000_000, "The largest top-up is €500.00."],
    ] as const) {
      expect(await createPayment(client, amount)).toEqual({ isSuccess: false, checkoutUrl: null, payment: null, errorMessage: message });
    }
    const [count] = await server.database.db.query<{ n: number }>("select count(*) as n from payments");
    expect((await client.post("/api/payments", { amount: "ten" })).status).toBe(400);
    const [after] = await server.database.db.query<{ n: number }>("select count(*) as n from payments");
    expect(after?.n).toBe(count?.n);
  });

  it("credits once when one confirmation arrives 100 times at once", async () => {
    const client = await bidder();
    const created = await createPayment(client, 25);
    const event = JSON.stringify({ paymentId: created.payment!.id, outcome: "succeeded", method: "card" });
    const signature = signPayload(secret(), event);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${server.url}/api/payments/webhook/sandbox`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Sandbox-Signature": signature },
          body: event,
        }).then((r) => r.status),
      ),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 25 });
    const [payments] = await server.database.db.query<{ n: number }>(
      "select count(*) as n from wallet_transactions t join payments p on p.transaction_id = t.id where p.id = $1",
      [created.payment!.id],
    );
    expect(payments?.n).toBe(1);
    // A late "failed" for a paid payment changes nothing either.
    const late = JSON.stringify({ paymentId: created.payment!.id, outcome: "failed" });
    await fetch(`${server.url}/api/payments/webhook/sandbox`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Sandbox-Signature": signPayload(secret(), late) },
      body: late,
    });
    expect((await client.get(`/api/payments/${created.payment!.id}`)).body).toMatchObject({ status: "succeeded" });
  });

  it("refuses an unsigned or forged confirmation", async () => {
    const client = await bidder();
    const created = await createPayment(client, 7);
    const event = JSON.stringify({ paymentId: created.payment!.id, outcome: "succeeded" });
    for (const signature of [undefined, signPayload("not-the-secret", event)]) {
      const response = await fetch(`${server.url}/api/payments/webhook/sandbox`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(signature ? { "X-Sandbox-Signature": signature } : {}) },
        body: event,
      });
      expect(response.status).toBe(400);
    }
    expect((await client.get("/api/user-wallet")).body).toEqual({ balance: 0 });
  });

  it("shows a payment only to its owner", async () => {
    const owner = await bidder();
    const created = await createPayment(owner, 3);
    const stranger = await (await bidder()).get(`/api/payments/${created.payment!.id}`);
    expect(stranger).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND", message: "No such payment." } } });
    expect((await new TestClient(server.url).post("/api/payments", { amount: 3 })).status).toBe(401);
  });
});

describe("the sandbox's checkout page", () => {
  const page = async (client: TestClient | null, paymentId: string) => {
    const response = await fetch(`${server.url}/sandbox/checkout/${paymentId}`, { headers: client ? { Cookie: client.cookieHeader } : {} });
    return { status: response.status, type: response.headers.get("content-type"), html: await response.text() };
  };

  it("shows the payer, in their language, the amount and the ways to pay, and posts the choice back to itself", async () => {
    const client = await bidder();
    const created = await createPayment(client, 12.5, "lv");
    const shown = await page(client, created.payment!.id);
    expect(shown).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
    expect(shown.html).toMatch(/^<!doctype html><html lang="lv">/);
    expect(shown.html).toContain("<title>Smilškastes apmaksa · Pennybid</title>");
    expect(shown.html).toContain("<h1>Maksājums Pennybid</h1>");
    expect(shown.html).toContain('<p class="notice">Smilškaste: testa maksājums, nauda netiek pārskaitīta.</p>');
    expect(shown.html).toContain(`<form method="post" action="/sandbox/checkout/${created.payment!.id}">`);
    expect(shown.html).toMatch(/<span>Summa<\/span><strong>12,50\s€<\/strong>/);
    expect(shown.html).toContain("<legend>Maksājuma veids</legend>");
    expect(shown.html).toContain('<input type="radio" name="method" value="card" checked> Bankas karte');
    expect(shown.html).toContain('<input type="radio" name="method" value="bank"> Internetbanka');
    expect(shown.html).toContain('<button name="action" value="pay" class="pay">Maksāt</button>');
    expect(shown.html).toContain('<button name="action" value="decline">Noraidīt</button>');
    expect(shown.html).toContain('<button name="action" value="cancel">Atcelt</button>');
    expect(shown.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
  });

  it("says a settled payment is done, with a way back and nothing to press", async () => {
    const client = await bidder();
    const created = await createPayment(client, 4);
    await checkout(client, created.payment!.id, "pay");
    const shown = await page(client, created.payment!.id);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<p>This payment has already been completed.</p><p><a href="/">Back to Pennybid</a></p>');
    expect(shown.html).not.toContain("<form");
  });

  it("is unknown to anyone but the payer, and to a visitor, whatever they send it", async () => {
    const owner = await bidder();
    const created = await createPayment(owner, 6);
    const stranger = await bidder();
    for (const [client, id] of [
      [stranger, created.payment!.id],
      [null, created.payment!.id],
      [owner, "00000000-0000-4000-8000-000000000000"],
      [owner, "not-a-payment"],
    ] as const) {
      const shown = await page(client, id);
      expect(shown.status, id).toBe(404);
      expect(JSON.parse(shown.html)).toEqual({ error: { code: "NOT_FOUND", message: "Unknown payment." } });
    }
    expect((await checkout(stranger, created.payment!.id, "pay")).status).toBe(404);
    expect((await owner.get(`/api/payments/${created.payment!.id}`)).body).toMatchObject({ status: "pending" });
  });

  it("refuses a choice it does not offer, leaving the payment pending", async () => {
    const client = await bidder();
    const created = await createPayment(client, 8);
    const response = await fetch(`${server.url}/sandbox/checkout/${created.payment!.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: client.cookieHeader },
      body: new URLSearchParams({ action: "steal", method: "card" }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "VALIDATION_FAILED", message: "Choose pay, decline or cancel." } });
    expect((await client.get(`/api/payments/${created.payment!.id}`)).body).toMatchObject({ status: "pending" });
  });

  it("pays by card: the ledger says so", async () => {
    const client = await bidder();
    const created = await createPayment(client, 3);
    expect(await checkout(client, created.payment!.id, "pay", "card")).toEqual({ status: 303, location: "/payments/success" });
    const history = TransactionsResponse.parse((await client.request("GET", "/api/user-wallet/transactions", undefined, inEnglish)).body);
    expect(history.items).toEqual([expect.objectContaining({ type: "Payment", amount: 3, description: "Top-up by card" })]);
    const [row] = await server.database.db.query<{ method: string; transaction_id: number }>(
      "select method, transaction_id from payments where id = $1",
      [created.payment!.id],
    );
    expect(row).toEqual({ method: "card", transaction_id: history.items[0]!.id });
  });
});

describe("the sandbox's webhook", () => {
  const post = (body: string, signature = signPayload(secret(), body)) =>
    fetch(`${server.url}/api/payments/webhook/sandbox`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Sandbox-Signature": signature },
      body,
    });

  it("refuses a signed body that is not an event, and acknowledges one for no payment of ours without crediting anyone", async () => {
    const notJson = await post("{not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: { code: "BAD_REQUEST", message: "Invalid event." } });
    const wrongShape = await post(JSON.stringify({ paymentId: "x", outcome: "maybe" }));
    expect(wrongShape.status).toBe(400);
    const forged = await post(JSON.stringify({ paymentId: "x", outcome: "failed" }), "t=1,v1=00");
    expect(await forged.json()).toEqual({ error: { code: "BAD_REQUEST", message: "Invalid signature." } });
    const unknown = await post(JSON.stringify({ paymentId: "00000000-0000-4000-8000-000000000000", outcome: "succeeded", method: "card" }));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ received: true });
  });
});

describe("a top-up's amount and record", () => {
  it("takes exactly the smallest and the largest top-up, and not a cent beyond either", async () => {
    const client = await bidder();
    for (const amount of [1, 500, 19.99]) expect((await createPayment(client, amount)).isSuccess, String(amount)).toBe(true);
    expect((await createPayment(client, 0.99)).errorMessage).toBe("The smallest top-up is €1.00.");
    expect((await createPayment(client, 500.01)).errorMessage).toBe("The largest top-up is €500.00.");
  });

  it("keeps the provider's reference of the checkout, and tells the payer's open pages the new balance when it settles", async () => {
    const client = await bidder();
    const socket = await openSocket(server.url, sockets, client.cookieHeader);
    const balances: number[] = [];
    socket.on("wallet:updated", ({ balance }) => balances.push(balance));
    const created = await createPayment(client, 2.5);
    const [row] = await server.database.db.query<{ provider: string; provider_ref: string }>(
      "select provider, provider_ref from payments where id = $1",
      [created.payment!.id],
    );
    expect(row).toEqual({ provider: "sandbox", provider_ref: `sbx_${created.payment!.id}` });
    await checkout(client, created.payment!.id, "pay");
    await expect.poll(() => balances).toEqual([2.5]);
  });
});
