// Won auctions and their fulfilment against the real server and database: opening when an auction ends, paying
// (wallet, promo codes, phone and address), operators moving delivery on, and the winner's page told live.
import { randomUUID } from "node:crypto";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  FulfilmentChanged,
  OperatorFulfilmentList,
  PromoCode,
  PromoCodeList,
  QuoteResponse,
  TransactionsResponse,
  WonAuction,
  WonAuctionsResponse,
  type ClientToServerEvents,
  type CreatePromoCodeBody,
  type ServerToClientEvents,
} from "../../contract";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import {
  advanceFulfilment,
  fulfilmentsOf,
  listWonAuctions,
  payForWonAuction,
  quotePayment,
  setPaymentTimeLeft,
} from "../../server/fulfilment";
import { Refusal } from "../../server/refusal";
import { localOperatorKey } from "../../server/accounts/operator-auth";
import { DEMO_BIDDER, seedDemoData } from "../../server/seed/seed";
import { TestClient } from "../support/client";
import { openTestDatabase } from "../support/database";
import { createAuction, createBidder } from "../support/fixtures";
import { spaHeaders, startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

let server: TestServer;
// The server's clock: tests move it; the lifecycle, payments and expiry read it.
let nowMs = Date.now();
const now = () => new Date(nowMs);
let ip = 0;
const sockets: LiveClient[] = [];
// Known, so the ops CLI's local key can be derived here.
const SESSION_SECRET = "fulfilment-test-session-secret-0123456789abcdef";

beforeAll(async () => {
  server = await startTestServer({ SESSION_SECRET }, { clock: now });
});
afterEach(() => {
  sockets.splice(0).forEach((socket) => socket.disconnect());
});
afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;

async function signedIn(euros = 0) {
  const { client, body, userId } = await bidderClient(server, `10.60.0.${++ip}`, {}, { balanceCents: euros * 100 });
  return { client, id: userId, email: body.email, displayName: body.displayName };
}

async function operator() {
  const signed = await signedIn();
  await db().query("update users set role = 'operator' where id = $1", [signed.id]);
  return signed.client;
}

/** A running auction the user wins at `priceCents`, ended by the lifecycle; its payment window in hours. */
async function wonBy(userId: string, priceCents = 250, windowHours = 72) {
  const auctionId = await createAuction(db(), now(), { entryFeeCents: 0, initialSeconds: 60 });
  await db().query("update auctions set price_cents = $2, payment_window_hours = $3 where id = $1", [
    auctionId,
    priceCents - 1,
    windowHours,
  ]);
  await enrol(db(), userId, auctionId, now());
  await placeBid(db(), userId, auctionId, now());
  await advanceLifecycle(db(), new Date(nowMs + 61_000));
  return auctionId;
}

async function balance(client: TestClient) {
  return ((await client.get("/api/user-wallet")).body as { balance: number }).balance;
}

async function wonAuction(client: TestClient, auctionId: number) {
  return WonAuction.parse((await client.get(`/api/fulfilments/${auctionId}`)).body);
}

async function createPromo(op: TestClient, body: CreatePromoCodeBody) {
  const answer = await op.post("/api/operator/promo-codes", body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return PromoCode.parse(answer.body);
}

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${++ip}`.toUpperCase();
const address = "Brīvības iela 58, Rīga, LV-1010";
/** How the server answers a promo code it will not take, whatever the reason. */
const promoCodeRefused = { status: 400, body: { error: { code: "PROMO_CODE_INVALID", message: "Entered promo code is not valid." } } };

async function openSocket(client: TestClient): Promise<LiveClient> {
  const socket: LiveClient = connect(server.url, {
    transports: ["websocket"],
    forceNew: true,
    extraHeaders: { Cookie: client.cookieHeader },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
  return socket;
}

describe("opening a fulfilment", () => {
  it("opens one, awaiting payment, when an auction ends with a winner; the deadline is the end plus the payment window", async () => {
    const winner = await createBidder(db());
    const auctionId = await wonBy(winner.id, 250, 48);
    const [row] = await db().query<{ state: string; price_cents: number; deadline_at: Date; ended_at: Date }>(
      "select f.state, f.price_cents, f.deadline_at, a.ended_at from fulfilments f join auctions a on a.id = f.auction_id where f.auction_id = $1",
      [auctionId],
    );
    expect(row).toMatchObject({ state: "AwaitingPayment", price_cents: 250 });
    expect(row!.deadline_at.getTime() - row!.ended_at.getTime()).toBe(48 * 3600_000);
  });

  it("opens none for an auction that ends without bids, and only one however often the lifecycle runs", async () => {
    const empty = await createAuction(db(), now(), { entryFeeCents: 0 });
    const winner = await createBidder(db());
    const won = await wonBy(winner.id);
    await advanceLifecycle(db(), new Date(nowMs + 120_000));
    await advanceLifecycle(db(), new Date(nowMs + 130_000));
    const rows = await db().query<{ auction_id: number }>("select auction_id from fulfilments where auction_id = any($1::bigint[])", [
      [empty, won],
    ]);
    expect(rows).toEqual([{ auction_id: won }]);
  });

  it("opens one when the price cap ends an auction at once", async () => {
    const winner = await createBidder(db());
    const auctionId = await createAuction(db(), now(), { entryFeeCents: 0, priceCapCents: 1 });
    await enrol(db(), winner.id, auctionId, now());
    expect(await placeBid(db(), winner.id, auctionId, now())).toMatchObject({ hasEnded: true });
    const [row] = await db().query<{ state: string; user_id: string }>("select state, user_id from fulfilments where auction_id = $1", [
      auctionId,
    ]);
    expect(row).toEqual({ state: "AwaitingPayment", user_id: winner.id });
  });
});

describe("the winner's list", () => {
  it("lists won auctions with final price, state and deadline, and the profile's phone and address as defaults", async () => {
    const anna = await signedIn();
    await anna.client.put("/api/users/profile", {
      firstName: "Anna",
      lastName: "Ozola",
      displayName: anna.displayName,
      phone: "+371 26123456",
      deliveryAddress: address,
      isMarketingConsentGiven: false,
    });
    const auctionId = await wonBy(anna.id, 321);
    const list = WonAuctionsResponse.parse((await anna.client.get("/api/fulfilments")).body);
    expect(list.defaults).toEqual({ phone: "+371 26123456", deliveryAddress: address });
    expect(list.items).toEqual([
      expect.objectContaining({
        auctionId,
        title: "Test product",
        finalPriceCents: 321,
        state: "AwaitingPayment",
        amountPaidCents: null,
        version: 0,
      }),
    ]);
    // The old list keeps working for the auction cards.
    expect((await anna.client.get("/api/auctions/won")).body).toMatchObject({ items: [expect.objectContaining({ id: auctionId })] });

    const otto = await signedIn();
    expect(WonAuctionsResponse.parse((await otto.client.get("/api/fulfilments")).body).items).toEqual([]);
    expect((await otto.client.get(`/api/fulfilments/${auctionId}`)).status).toBe(404);
    expect((await new TestClient(server.url).get("/api/fulfilments")).status).toBe(401);
  });

  it("titles each win in the page's language, and the operators' queue in the operator's (not the winner's), newest first, with the first image", async () => {
    const anna = await signedIn();
    await db().query("update users set language = 'ru' where id = $1", [anna.id]);
    const older = await wonBy(anna.id);
    nowMs += 120_000;
    const newer = await wonBy(anna.id);
    await db().query("update auctions set images = $2::jsonb where id = $1", [
      newer,
      JSON.stringify(["/media/kettle.webp", "/media/kettle-2.webp"]),
    ]);
    for (const auctionId of [older, newer]) {
      await db().query("insert into auction_texts (auction_id, language, title) values ($1, 'lv', 'Tējkanna'), ($1, 'ru', 'Чайник')", [
        auctionId,
      ]);
    }
    const inLatvian = (path: string) => anna.client.request("GET", path, undefined, { ...spaHeaders, "Accept-Language": "lv" });

    const list = WonAuctionsResponse.parse((await inLatvian("/api/fulfilments")).body);
    expect(list.items.map(({ auctionId, title, image }) => ({ auctionId, title, image }))).toEqual([
      { auctionId: newer, title: "Tējkanna", image: "/media/kettle.webp" },
      { auctionId: older, title: "Tējkanna", image: null },
    ]);
    expect(list.defaults).toEqual({ phone: "", deliveryAddress: "" });
    expect(WonAuction.parse((await inLatvian(`/api/fulfilments/${newer}`)).body)).toMatchObject({ title: "Tējkanna" });

    // Anna reads Russian; the operator reads Latvian, and then Russian.
    const op = await operator();
    const queueIn = async (language: string) =>
      OperatorFulfilmentList.parse(
        (
          await op.request("GET", "/api/operator/fulfilments?state=AwaitingPayment&limit=1000", undefined, {
            ...spaHeaders,
            "Accept-Language": language,
          })
        ).body,
      )
        .items.filter((f) => f.winnerId === anna.id)
        .map(({ auctionId, title, winnerDisplayName }) => ({ auctionId, title, winnerDisplayName }));
    expect(await queueIn("lv")).toEqual([
      { auctionId: older, title: "Tējkanna", winnerDisplayName: anna.displayName },
      { auctionId: newer, title: "Tējkanna", winnerDisplayName: anna.displayName },
    ]);
    expect((await queueIn("ru")).map((f) => f.title)).toEqual(["Чайник", "Чайник"]);
  });
});

describe("paying for a won auction", () => {
  it("debits the wallet (AuctionPayment), saves phone and address, and moves to PaymentReceived, once", async () => {
    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id, 250);
    const answer = await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(WonAuction.parse(answer.body)).toMatchObject({
      state: "PaymentReceived",
      amountPaidCents: 250,
      discountCents: 0,
      deliveryAddress: address,
      phone: "26123456",
      paidAt: now().toISOString(),
      version: 1,
    });
    expect(await balance(anna.client)).toBe(7.5);
    const history = TransactionsResponse.parse(
      (await anna.client.request("GET", "/api/user-wallet/transactions", undefined, { ...spaHeaders, "Accept-Language": "en" })).body,
    );
    expect(history.items[0]).toMatchObject({
      type: "AuctionPayment",
      amount: -2.5,
      description: "Payment: Test product",
      auction: { id: auctionId },
    });
    expect((await anna.client.get("/api/users/profile")).body).toMatchObject({ phone: "26123456", deliveryAddress: address });

    // The step is written down with who took it: the winner.
    const events = await db().query("select from_state, to_state, actor from fulfilment_events where auction_id = $1", [auctionId]);
    expect(events).toEqual([{ from_state: "AwaitingPayment", to_state: "PaymentReceived", actor: `user:${anna.id}` }]);

    // Paying again is refused, saying why, and changes nothing.
    const again = await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456" });
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: { code: "FULFILMENT_STEP_REFUSED", message: `Auction ${auctionId} is PaymentReceived; only an unpaid one can be paid.` },
      },
    });
    expect(await balance(anna.client)).toBe(7.5);
  });

  it("takes the money once when the same payment arrives ten times at once", async () => {
    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id, 300);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "+37126123456" }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await balance(anna.client)).toBe(7);
  });

  it("refuses a bad phone or address with the field's message, changing nothing", async () => {
    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id);
    for (const phone of ["abc", "12345", "+371 1234567", "+371 123456789", "12345678", "2612345", ""]) {
      const answer = await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone });
      expect(answer.status, phone).toBe(400);
      const message = phone === "" ? "validation.required" : "validation.invalidPhone";
      expect(answer.body, phone).toMatchObject({ error: { code: "VALIDATION_FAILED", issues: [{ path: "phone", message }] } });
    }
    for (const [deliveryAddress, message] of [
      ["", "validation.required"],
      ["x".repeat(256), "validation.max255"],
    ]) {
      const answer = await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress, phone: "+371 26123456" });
      expect(answer.body).toMatchObject({ error: { code: "VALIDATION_FAILED", issues: [{ path: "deliveryAddress", message }] } });
    }
    expect(await balance(anna.client)).toBe(10);
    expect(await wonAuction(anna.client, auctionId)).toMatchObject({ state: "AwaitingPayment", version: 0 });
  });

  it("accepts Latvian numbers with or without +371 and international ones", async () => {
    for (const phone of ["+371 26 123 456", "0037167123456", "+44 20 7946 0958", "+1-202-555-0143", "67123456"]) {
      const anna = await signedIn(5);
      const auctionId = await wonBy(anna.id, 100);
      const answer = await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone });
      expect(answer.status, phone).toBe(200);
    }
  });

  it("refuses when the wallet is short, with the wallet's message, changing nothing", async () => {
    const anna = await signedIn(1);
    const auctionId = await wonBy(anna.id, 250);
    const answer = await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456" });
    expect(answer).toMatchObject({
      status: 402,
      body: { error: { code: "NOT_ENOUGH_FUNDS", message: "Not enough funds in your wallet!" } },
    });
    expect(await balance(anna.client)).toBe(1);
    expect(await wonAuction(anna.client, auctionId)).toMatchObject({ state: "AwaitingPayment", phone: null });
    expect((await anna.client.get("/api/users/profile")).body).toMatchObject({ phone: "" });
  });

  it("refuses after the payment window has closed", async () => {
    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id, 250, 1);
    const [row] = await db().query<{ deadline_at: Date }>("select deadline_at from fulfilments where auction_id = $1", [auctionId]);
    const deadline = row!.deadline_at;
    // The services asked at the deadline while the server's clock, and so its expiry job, is still before it: the
    // refusal itself, from the moment the window closes (a millisecond before, the win can still be paid).
    const at = (moment: number) => ({ userId: anna.id, auctionId, now: new Date(moment) });
    expect(await quotePayment(db(), at(deadline.getTime() - 1))).toMatchObject({ amountCents: 250 });
    await expect(quotePayment(db(), at(deadline.getTime()))).rejects.toMatchObject({
      code: "PAYMENT_WINDOW_CLOSED",
    } satisfies Partial<Refusal>);
    await expect(payForWonAuction(db(), { ...at(deadline.getTime()), deliveryAddress: address, phone: "26123456" })).rejects.toMatchObject({
      code: "PAYMENT_WINDOW_CLOSED",
    } satisfies Partial<Refusal>);

    // Through the API, with the server's clock at the deadline: the expiry job may expire the win before the request
    // reads it, so either refusal may answer; neither takes money.
    const saved = nowMs;
    nowMs = deadline.getTime();
    try {
      const quote = anna.client.post(`/api/fulfilments/${auctionId}/quote`, {});
      const pay = anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456" });
      for (const answer of await Promise.all([quote, pay])) {
        expect(answer.body).toMatchObject({ error: { code: expect.stringMatching(/^(PAYMENT_WINDOW_CLOSED|FULFILMENT_STEP_REFUSED)$/) } });
      }
    } finally {
      nowMs = saved;
    }
    expect(await balance(anna.client)).toBe(10);
  });

  it("refuses someone else's auction and an unknown one", async () => {
    const anna = await signedIn(10);
    const otto = await signedIn(10);
    const auctionId = await wonBy(anna.id);
    for (const id of [auctionId, 99_999_999]) {
      const answer = await otto.client.post(`/api/fulfilments/${id}/pay`, { deliveryAddress: address, phone: "26123456" });
      expect(answer).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND", message: "No such won auction." } } });
      expect(await otto.client.get(`/api/fulfilments/${id}`)).toMatchObject({
        status: 404,
        body: { error: { code: "NOT_FOUND", message: "No such won auction." } },
      });
    }
    expect(await balance(otto.client)).toBe(10);
  });
});

describe("promo codes", () => {
  it("takes a percentage or a fixed amount off, computed by the server, never below zero", async () => {
    const op = await operator();
    const percent = await createPromo(op, { code: uniqueCode("save"), kind: "percent", amount: 20 });
    const fixed = await createPromo(op, { code: uniqueCode("gift"), kind: "fixed", amount: 10_000 });
    const anna = await signedIn(10);
    const first = await wonBy(anna.id, 255);
    const quote = QuoteResponse.parse(
      (await anna.client.post(`/api/fulfilments/${first}/quote`, { promoCode: percent.code.toLowerCase() })).body,
    );
    expect(quote).toEqual({ priceCents: 255, discountCents: 51, amountCents: 204, promoCode: percent.code });
    expect(QuoteResponse.parse((await anna.client.post(`/api/fulfilments/${first}/quote`, {})).body)).toEqual({
      priceCents: 255,
      discountCents: 0,
      amountCents: 255,
      promoCode: null,
    });

    const paid = await anna.client.post(`/api/fulfilments/${first}/pay`, {
      deliveryAddress: address,
      phone: "26123456",
      promoCode: ` ${percent.code} `,
    });
    expect(WonAuction.parse(paid.body)).toMatchObject({ amountPaidCents: 204, discountCents: 51, promoCode: percent.code });
    expect(await balance(anna.client)).toBe(7.96);
    const history = TransactionsResponse.parse(
      (await anna.client.request("GET", "/api/user-wallet/transactions", undefined, { ...spaHeaders, "Accept-Language": "en" })).body,
    );
    expect(history.items[0]).toMatchObject({ type: "AuctionPayment", amount: -2.04 });

    // A fixed discount larger than the price makes it free: no debit at all.
    const second = await wonBy(anna.id, 150);
    const free = await anna.client.post(`/api/fulfilments/${second}/pay`, {
      deliveryAddress: address,
      phone: "26123456",
      promoCode: fixed.code,
    });
    expect(WonAuction.parse(free.body)).toMatchObject({ state: "PaymentReceived", amountPaidCents: 0, discountCents: 150 });
    expect(await balance(anna.client)).toBe(7.96);

    const listed = PromoCodeList.parse((await op.get("/api/operator/promo-codes")).body).items;
    expect(listed.find((p) => p.id === percent.id)).toMatchObject({ uses: 1, kind: "percent", amount: 20 });
  });

  it("refuses unknown, not yet valid, expired and used-up codes with 'Entered promo code is not valid.', changing nothing", async () => {
    const op = await operator();
    const day = 24 * 3600_000;
    const future = await createPromo(op, {
      code: uniqueCode("soon"),
      kind: "percent",
      amount: 10,
      validFrom: new Date(nowMs + day).toISOString(),
    });
    const past = await createPromo(op, {
      code: uniqueCode("old"),
      kind: "percent",
      amount: 10,
      validUntil: new Date(nowMs - day).toISOString(),
    });
    const once = await createPromo(op, { code: uniqueCode("once"), kind: "fixed", amount: 50, maxUses: 1 });
    const mine = await createPromo(op, { code: uniqueCode("mine"), kind: "fixed", amount: 50, maxUsesPerUser: 1 });

    const otto = await signedIn(10);
    const ottos = await wonBy(otto.id, 100);
    expect(
      (await otto.client.post(`/api/fulfilments/${ottos}/pay`, { deliveryAddress: address, phone: "26123456", promoCode: once.code }))
        .status,
    ).toBe(200);

    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id, 100);
    const refused = {
      status: 400,
      body: {
        error: {
          code: "PROMO_CODE_INVALID",
          message: "Entered promo code is not valid.",
          issues: [{ path: "promoCode", message: "fulfilment.validation.promoCodeInvalid" }],
        },
      },
    };
    for (const code of ["NOSUCHCODE", future.code, past.code, once.code]) {
      expect(await anna.client.post(`/api/fulfilments/${auctionId}/quote`, { promoCode: code }), code).toMatchObject(refused);
      expect(
        await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456", promoCode: code }),
        code,
      ).toMatchObject(refused);
    }
    expect(await balance(anna.client)).toBe(10);
    expect(await wonAuction(anna.client, auctionId)).toMatchObject({ state: "AwaitingPayment" });

    // Once per user: the second of Anna's wins cannot use it again.
    expect(
      (await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456", promoCode: mine.code }))
        .status,
    ).toBe(200);
    const another = await wonBy(anna.id, 100);
    expect(await anna.client.post(`/api/fulfilments/${another}/quote`, { promoCode: mine.code })).toMatchObject(refused);
  });

  it("takes a code from the first moment of its validity, and refuses it from the moment it ends", async () => {
    const op = await operator();
    const day = 24 * 3600_000;
    const fromNow = await createPromo(op, {
      code: uniqueCode("from"),
      kind: "fixed",
      amount: 10,
      validFrom: now().toISOString(),
      validUntil: new Date(nowMs + day).toISOString(),
    });
    const endsNow = await createPromo(op, {
      code: uniqueCode("ends"),
      kind: "fixed",
      amount: 10,
      validFrom: new Date(nowMs - day).toISOString(),
      validUntil: now().toISOString(),
    });
    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id, 100);
    expect(
      QuoteResponse.parse((await anna.client.post(`/api/fulfilments/${auctionId}/quote`, { promoCode: fromNow.code })).body),
    ).toMatchObject({ discountCents: 10, amountCents: 90 });
    expect(await anna.client.post(`/api/fulfilments/${auctionId}/quote`, { promoCode: endsNow.code })).toMatchObject(promoCodeRefused);
  });

  it("gives the last use of a code to one of two winners paying at the same moment", async () => {
    const op = await operator();
    const last = await createPromo(op, { code: uniqueCode("last"), kind: "percent", amount: 50, maxUses: 1 });
    const [anna, otto] = [await signedIn(10), await signedIn(10)];
    const [a, o] = [await wonBy(anna.id, 200), await wonBy(otto.id, 200)];
    const answers = await Promise.all([
      anna.client.post(`/api/fulfilments/${a}/pay`, { deliveryAddress: address, phone: "26123456", promoCode: last.code }),
      otto.client.post(`/api/fulfilments/${o}/pay`, { deliveryAddress: address, phone: "26123456", promoCode: last.code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const [uses] = await db().query<{ n: number }>("select count(*) as n from promo_redemptions where promo_code_id = $1", [last.id]);
    expect(uses?.n).toBe(1);
  });

  it("lets only operators create codes, and refuses bad or duplicate ones", async () => {
    const anna = await signedIn();
    expect((await anna.client.post("/api/operator/promo-codes", { code: "HELLO", kind: "percent", amount: 10 })).status).toBe(403);
    expect((await anna.client.get("/api/operator/promo-codes")).status).toBe(403);
    expect(
      (await new TestClient(server.url).post("/api/operator/promo-codes", { code: "HELLO", kind: "percent", amount: 10 })).status,
    ).toBe(401);

    const op = await operator();
    const code = uniqueCode("dup");
    await createPromo(op, { code, kind: "fixed", amount: 100 });
    expect(await op.post("/api/operator/promo-codes", { code: code.toLowerCase(), kind: "fixed", amount: 100 })).toMatchObject({
      status: 409,
      body: { error: { code: "PROMO_CODE_EXISTS" } },
    });
    for (const bad of [
      { code: uniqueCode("p"), kind: "percent", amount: 101 },
      { code: uniqueCode("p"), kind: "fixed", amount: 0 },
      { code: "a b", kind: "fixed", amount: 100 },
      { code: uniqueCode("p"), kind: "fixed", amount: 100, validFrom: "2030-01-02T00:00:00Z", validUntil: "2030-01-01T00:00:00Z" },
      { code: uniqueCode("p"), kind: "gift", amount: 100 },
    ]) {
      expect((await op.post("/api/operator/promo-codes", bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe("disabling a promo code", () => {
  it("refuses a disabled code at quote and payment with 'Entered promo code is not valid.', changing nothing, and logs who disabled it", async () => {
    const op = await operator();
    const promo = await createPromo(op, { code: uniqueCode("off"), kind: "percent", amount: 50 });
    const anna = await signedIn(10);
    const used = await wonBy(anna.id, 200);
    expect(
      (await anna.client.post(`/api/fulfilments/${used}/pay`, { deliveryAddress: address, phone: "26123456", promoCode: promo.code }))
        .status,
    ).toBe(200);

    const disabled = await op.post(`/api/operator/promo-codes/${promo.code.toLowerCase()}/disable`);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(PromoCode.parse(disabled.body)).toMatchObject({ id: promo.id, uses: 1, disabledAt: now().toISOString() });

    const auctionId = await wonBy(anna.id, 200);
    const before = await balance(anna.client);
    expect(await anna.client.post(`/api/fulfilments/${auctionId}/quote`, { promoCode: promo.code })).toMatchObject(promoCodeRefused);
    expect(
      await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456", promoCode: promo.code }),
    ).toMatchObject(promoCodeRefused);
    expect(await balance(anna.client)).toBe(before);
    expect(await wonAuction(anna.client, auctionId)).toMatchObject({ state: "AwaitingPayment" });
    // The win paid with it before keeps it.
    expect(await wonAuction(anna.client, used)).toMatchObject({ promoCode: promo.code, discountCents: 100 });
    expect(PromoCodeList.parse((await op.get("/api/operator/promo-codes")).body).items.find((p) => p.id === promo.id)?.disabledAt).toBe(
      now().toISOString(),
    );
    const logged = await db().query<{ action: string; source: string; details: unknown }>(
      "select action, source, details from operator_actions where subject = $1 order by id",
      [`promo-code:${promo.code}`],
    );
    expect(logged).toEqual([
      { action: "promo-code.create", source: "web", details: { kind: "percent", amount: 50 } },
      { action: "promo-code.disable", source: "web", details: {} },
    ]);
  });

  it("disables a code once: a second disable, or ten at the same moment, is told it was already disabled", async () => {
    const op = await operator();
    const promo = await createPromo(op, { code: uniqueCode("twice"), kind: "fixed", amount: 50 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => op.post(`/api/operator/promo-codes/${promo.code}/disable`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body).toMatchObject({
      error: { code: "CONFLICT", message: expect.stringContaining(`The promo code ${promo.code} was already disabled`) as unknown },
    });
    expect((await op.post(`/api/operator/promo-codes/${promo.code}/disable`)).status).toBe(409);
    const [lines] = await db().query<{ n: number }>(
      "select count(*) as n from operator_actions where action = 'promo-code.disable' and subject = $1",
      [`promo-code:${promo.code}`],
    );
    expect(lines?.n).toBe(1);
  });

  it("settles a payment and a disable at the same moment on the code's row: the payment used it before, or is refused after", async () => {
    const op = await operator();
    for (let round = 0; round < 4; round++) {
      const promo = await createPromo(op, { code: uniqueCode("race"), kind: "fixed", amount: 100 });
      const anna = await signedIn(10);
      const auctionId = await wonBy(anna.id, 300);
      const [paid, disabled] = await Promise.all([
        anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456", promoCode: promo.code }),
        op.post(`/api/operator/promo-codes/${promo.code}/disable`),
      ]);
      expect(disabled.status).toBe(200);
      const [uses] = await db().query<{ n: number }>("select count(*) as n from promo_redemptions where promo_code_id = $1", [promo.id]);
      if (paid.status === 200) {
        expect(uses?.n).toBe(1);
        expect(await balance(anna.client)).toBe(8);
      } else {
        expect(paid).toMatchObject(promoCodeRefused);
        expect(uses?.n).toBe(0);
        expect(await balance(anna.client)).toBe(10);
      }
    }
  });

  it("lets only operators disable codes; an unknown code is not found and a malformed one refused", async () => {
    const op = await operator();
    const promo = await createPromo(op, { code: uniqueCode("mine"), kind: "fixed", amount: 50 });
    const anna = await signedIn();
    expect((await anna.client.post(`/api/operator/promo-codes/${promo.code}/disable`)).status).toBe(403);
    expect((await new TestClient(server.url).post(`/api/operator/promo-codes/${promo.code}/disable`)).status).toBe(401);
    expect(await op.post("/api/operator/promo-codes/NOSUCHCODE/disable")).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "There is no promo code NOSUCHCODE." } },
    });
    expect((await op.post("/api/operator/promo-codes/a%20b/disable")).status).toBe(400);
    expect(
      PromoCodeList.parse((await op.get("/api/operator/promo-codes")).body).items.find((p) => p.id === promo.id)?.disabledAt,
    ).toBeNull();
  });
});

describe("operators move delivery on", () => {
  it("moves a paid auction to InDelivery, then Delivered, and refuses every other step, changing nothing", async () => {
    const op = await operator();
    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id, 100);
    const advance = (to: string) => op.post(`/api/operator/fulfilments/${auctionId}/advance`, { to });

    // Unpaid: no delivery step yet.
    for (const to of ["InDelivery", "Delivered"]) {
      expect(await advance(to)).toMatchObject({ status: 409, body: { error: { code: "FULFILMENT_STEP_REFUSED" } } });
    }
    await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456" });
    expect(await advance("Delivered")).toMatchObject({ status: 409 });
    expect(await advance("InDelivery")).toMatchObject({
      status: 200,
      body: { state: "InDelivery", winnerEmail: anna.email, inDeliveryAt: now().toISOString() },
    });
    expect(await advance("InDelivery")).toMatchObject({ status: 409 });
    expect(await advance("Delivered")).toMatchObject({ status: 200, body: { state: "Delivered", version: 3 } });
    for (const to of ["InDelivery", "Delivered"]) expect(await advance(to)).toMatchObject({ status: 409 });
    expect(await advance("Expired")).toMatchObject({ status: 400 });
    expect(await advance("AwaitingPayment")).toMatchObject({ status: 400 });
    expect(await wonAuction(anna.client, auctionId)).toMatchObject({ state: "Delivered", version: 3 });
    expect(await op.post("/api/operator/fulfilments/99999999/advance", { to: "InDelivery" })).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "There is no fulfilment for auction 99999999." } },
    });
    expect(await advance("InDelivery")).toMatchObject({
      body: { error: { message: `The fulfilment of auction ${auctionId} is Delivered; it cannot move to InDelivery.` } },
    });

    const events = await db().query<{ from_state: string; to_state: string; actor: string }>(
      "select from_state, to_state, actor from fulfilment_events where auction_id = $1 order by id",
      [auctionId],
    );
    expect(events.map((e) => `${e.from_state}>${e.to_state}`)).toEqual([
      "AwaitingPayment>PaymentReceived",
      "PaymentReceived>InDelivery",
      "InDelivery>Delivered",
    ]);
    // Each step stamps its own moment; the operators' log says which step, on which auction, from where.
    const [stamps] = await db().query<{ in_delivery_at: Date; delivered_at: Date }>(
      "select in_delivery_at, delivered_at from fulfilments where auction_id = $1",
      [auctionId],
    );
    expect(stamps).toEqual({ in_delivery_at: now(), delivered_at: now() });
    const logged = await db().query("select action, subject, details from operator_actions where subject = $1 order by id", [
      `auction:${auctionId}`,
    ]);
    expect(logged).toEqual([
      { action: "fulfilment.in-delivery", subject: `auction:${auctionId}`, details: { from: "PaymentReceived" } },
      { action: "fulfilment.delivered", subject: `auction:${auctionId}`, details: { from: "InDelivery" } },
    ]);
  });

  it("lists fulfilments by state for operators only", async () => {
    const op = await operator();
    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id, 100);
    const waiting = OperatorFulfilmentList.parse((await op.get("/api/operator/fulfilments?state=AwaitingPayment&limit=1000")).body).items;
    expect(waiting.find((f) => f.auctionId === auctionId)).toMatchObject({ winnerEmail: anna.email, state: "AwaitingPayment" });
    expect(waiting.every((f) => f.state === "AwaitingPayment")).toBe(true);
    expect((await op.get("/api/operator/fulfilments?state=Lost")).status).toBe(400);
    expect((await anna.client.get("/api/operator/fulfilments")).status).toBe(403);
    expect((await anna.client.post(`/api/operator/fulfilments/${auctionId}/advance`, { to: "InDelivery" })).status).toBe(403);
  });

  it("sets an unpaid auction's payment time left, so the expiry job expires it; refuses it for any other state", async () => {
    const op = await operator();
    const anna = await signedIn(10);
    const auctionId = await wonBy(anna.id, 100);
    const annaSocket = await openSocket(anna.client);
    const annaSees: WonAuction[] = [];
    annaSocket.on("fulfilment:updated", (raw) => annaSees.push(WonAuction.parse(raw)));
    const timeLeft = (id: number, body: unknown) => op.post(`/api/operator/fulfilments/${id}/payment-time-left`, body);

    for (const bad of [{ seconds: -1 }, { seconds: 1.5 }, { seconds: "10" }, {}]) {
      expect((await timeLeft(auctionId, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await timeLeft(99_999_999, { seconds: 5 })).toMatchObject({ status: 404 });
    expect((await anna.client.post(`/api/operator/fulfilments/${auctionId}/payment-time-left`, { seconds: 5 })).status).toBe(403);
    expect((await new TestClient(server.url).post(`/api/operator/fulfilments/${auctionId}/payment-time-left`, { seconds: 5 })).status).toBe(
      401,
    );

    // An hour from the server's now: the winner's page hears the new deadline.
    const hour = await timeLeft(auctionId, { seconds: 3600 });
    expect(hour).toMatchObject({
      status: 200,
      body: { state: "AwaitingPayment", deadlineAt: new Date(nowMs + 3600_000).toISOString(), version: 1 },
    });
    await expect.poll(() => annaSees.at(-1)?.deadlineAt).toBe(new Date(nowMs + 3600_000).toISOString());
    expect(await wonAuction(anna.client, auctionId)).toMatchObject({ deadlineAt: new Date(nowMs + 3600_000).toISOString() });

    // Zero: the expiry job expires it on its next tick, and the winner sees it canceled.
    expect(await timeLeft(auctionId, { seconds: 0 })).toMatchObject({ status: 200, body: { state: "AwaitingPayment" } });
    await expect.poll(async () => (await wonAuction(anna.client, auctionId)).state, { timeout: 5000 }).toBe("Expired");
    await expect.poll(() => annaSees.at(-1)?.state).toBe("Expired");
    const refused = await timeLeft(auctionId, { seconds: 60 });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "FULFILMENT_STEP_REFUSED" } } });
    expect((refused.body as { error: { message: string } }).error.message).toMatch(/is Expired; only an unpaid one/);
    expect(await wonAuction(anna.client, auctionId)).toMatchObject({ state: "Expired" });
    const payment = await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456" });
    expect(payment).toMatchObject({ status: 409 });
    expect(await balance(anna.client)).toBe(10);

    // A paid one has no deadline to move.
    const paidId = await wonBy(anna.id, 100);
    await anna.client.post(`/api/fulfilments/${paidId}/pay`, { deliveryAddress: address, phone: "26123456" });
    expect(await timeLeft(paidId, { seconds: 60 })).toMatchObject({ status: 409, body: { error: { code: "FULFILMENT_STEP_REFUSED" } } });
    expect(await wonAuction(anna.client, paidId)).toMatchObject({ state: "PaymentReceived", version: 1 });

    const actions = await db().query<{ action: string; details: unknown }>(
      "select action, details from operator_actions where subject = $1 order by id",
      [`auction:${auctionId}`],
    );
    expect(actions).toEqual(
      [3600, 0].map((seconds) => ({
        action: "fulfilment.payment-time-left",
        details: { seconds, deadlineAt: new Date(nowMs + seconds * 1000).toISOString() },
      })),
    );
  });

  it("answers the ops CLI's local key on the operator fulfilment calls, and no forged one", async () => {
    const cli = {
      authorization: `Bearer ${localOperatorKey(SESSION_SECRET)}`,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "application/json",
    };
    const listed = await fetch(`${server.url}/api/operator/fulfilments?state=Delivered`, { headers: cli });
    expect(listed.status).toBe(200);
    expect(OperatorFulfilmentList.parse(await listed.json()).items.every((f) => f.state === "Delivered")).toBe(true);
    const code = uniqueCode("cli");
    const made = await fetch(`${server.url}/api/operator/promo-codes`, {
      method: "POST",
      headers: cli,
      body: JSON.stringify({ code, kind: "fixed", amount: 100 }),
    });
    expect(made.status).toBe(201);
    expect(PromoCode.parse(await made.json())).toMatchObject({ code, createdBy: "ops-cli" });
    const forged = await fetch(`${server.url}/api/operator/fulfilments`, { headers: { authorization: "Bearer not-the-key" } });
    expect(forged.status).toBe(401);
  });

  it("offers the same refusals to the service functions the ops CLI calls", async () => {
    const winner = await createBidder(db(), { balanceCents: 1000 });
    const auctionId = await wonBy(winner.id, 100);
    await expect(advanceFulfilment(db(), { auctionId, to: "Delivered", actor: "ops-cli", now: now() })).rejects.toBeInstanceOf(Refusal);
    expect(await setPaymentTimeLeft(db(), { auctionId, seconds: 600, actor: "ops-cli", now: now() })).toMatchObject({
      deadlineAt: new Date(nowMs + 600_000).toISOString(),
    });
    // The ops CLI has no request schema in front of it: the function refuses what is not a whole number of seconds.
    for (const seconds of [-1, 1.5, Number.NaN]) {
      await expect(setPaymentTimeLeft(db(), { auctionId, seconds, actor: "ops-cli", now: now() })).rejects.toThrow(
        "seconds must be a whole number, 0 or more.",
      );
    }
    await payForWonAuction(db(), { userId: winner.id, auctionId, deliveryAddress: address, phone: "26123456", now: now() });
    await expect(setPaymentTimeLeft(db(), { auctionId, seconds: 600, actor: "ops-cli", now: now() })).rejects.toMatchObject({
      code: "FULFILMENT_STEP_REFUSED",
    });
    expect(await advanceFulfilment(db(), { auctionId, to: "InDelivery", actor: "ops-cli", now: now() })).toMatchObject({
      state: "InDelivery",
    });
  });
});

describe("the winner's page follows live", () => {
  it("tells the winner's sockets when the auction ends, is paid and moves on, and nobody else", async () => {
    const op = await operator();
    const anna = await signedIn(10);
    const otto = await signedIn(10);
    const annaSocket = await openSocket(anna.client);
    const ottoSocket = await openSocket(otto.client);
    const annaSees: WonAuction[] = [];
    const ottoSees: WonAuction[] = [];
    annaSocket.on("fulfilment:updated", (raw) => annaSees.push(WonAuction.parse(raw)));
    ottoSocket.on("fulfilment:updated", (raw) => ottoSees.push(WonAuction.parse(raw)));

    // The lifecycle ends the auction when the clock passes its end.
    const auctionId = await createAuction(db(), now(), { entryFeeCents: 0, initialSeconds: 30 });
    await enrol(db(), anna.id, auctionId, now());
    await placeBid(db(), anna.id, auctionId, now());
    nowMs += 31_000;
    await expect.poll(() => annaSees.find((w) => w.auctionId === auctionId)?.state, { timeout: 5000 }).toBe("AwaitingPayment");

    const annaWallet: unknown[] = [];
    annaSocket.on("wallet:updated", (raw) => annaWallet.push(raw));
    await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456" });
    await expect.poll(() => annaSees.at(-1)?.state).toBe("PaymentReceived");
    // Her wallet's other pages hear the balance the payment left.
    const paidBalance = await balance(anna.client);
    expect(paidBalance).toBeLessThan(10);
    await expect.poll(() => annaWallet.at(-1)).toEqual({ balance: paidBalance });
    await op.post(`/api/operator/fulfilments/${auctionId}/advance`, { to: "InDelivery" });
    await expect.poll(() => annaSees.at(-1)?.state).toBe("InDelivery");
    await op.post(`/api/operator/fulfilments/${auctionId}/advance`, { to: "Delivered" });
    await expect.poll(() => annaSees.at(-1)?.state).toBe("Delivered");
    expect(annaSees.filter((w) => w.auctionId === auctionId).map((w) => w.version)).toEqual([0, 1, 2, 3]);
    expect(ottoSees).toEqual([]);
  });

  it("tells every operator's socket each change of a fulfilment, and no bidder's", async () => {
    const op = await operator();
    const anna = await signedIn(10);
    const opSocket = await openSocket(op);
    const annaSocket = await openSocket(anna.client);
    const opSees: FulfilmentChanged[] = [];
    const annaHears: unknown[] = [];
    opSocket.on("fulfilment:changed", (raw) => opSees.push(FulfilmentChanged.parse(raw)));
    annaSocket.on("fulfilment:changed", (raw) => annaHears.push(raw));

    const auctionId = await createAuction(db(), now(), { entryFeeCents: 0, initialSeconds: 30 });
    await enrol(db(), anna.id, auctionId, now());
    await placeBid(db(), anna.id, auctionId, now());
    nowMs += 31_000;
    await expect.poll(() => opSees.find((change) => change.auctionId === auctionId)?.state, { timeout: 5000 }).toBe("AwaitingPayment");
    expect((await anna.client.post(`/api/fulfilments/${auctionId}/pay`, { deliveryAddress: address, phone: "26123456" })).status).toBe(200);
    await expect.poll(() => opSees.at(-1)).toEqual({ auctionId, state: "PaymentReceived" });
    await op.post(`/api/operator/fulfilments/${auctionId}/advance`, { to: "InDelivery" });
    await expect.poll(() => opSees.at(-1)).toEqual({ auctionId, state: "InDelivery" });
    // Anna's own socket had every change as her win (the test above); the operators' event is not hers.
    expect(annaHears).toEqual([]);
  });
});

describe("reading won auctions", () => {
  it("reads none for no auctions, and blank pay-form defaults for a user who is gone", async () => {
    expect(await fulfilmentsOf(db(), [])).toEqual([]);
    expect(await listWonAuctions(db(), randomUUID(), "en")).toEqual({ items: [], defaults: { phone: "", deliveryAddress: "" } });
  });
});

describe("demo data", () => {
  it("has won auctions in every fulfilment state, and the demo bidder's own win unpaid", async () => {
    const demo = await openTestDatabase();
    try {
      await seedDemoData(demo.db);
      const states = await demo.db.query<{ state: string }>("select distinct state from fulfilments order by state");
      expect(states.map((row) => row.state)).toEqual(["AwaitingPayment", "Delivered", "Expired", "InDelivery", "PaymentReceived"]);
      const [own] = await demo.db.query<{ state: string }>(
        "select f.state from fulfilments f join users u on u.id = f.user_id where u.email = $1",
        [DEMO_BIDDER.email],
      );
      expect(own).toEqual({ state: "AwaitingPayment" });
      // The other demo bidders' wins, oldest first, walk the stages from the far end: delivered, on its way, paid,
      // awaiting payment, and round again; each paid one with a Latvian mobile number, moved on by "demo-seed".
      const others = await demo.db.query<{ auction_id: number; state: string; phone: string | null }>(
        `select f.auction_id, f.state, f.phone from fulfilments f join auctions a on a.id = f.auction_id join users u on u.id = f.user_id
         where a.is_demo and u.email <> $1 and f.state <> 'Expired' order by a.ended_at`,
        [DEMO_BIDDER.email],
      );
      const stages = ["Delivered", "InDelivery", "PaymentReceived", "AwaitingPayment"];
      expect(others.length).toBeGreaterThanOrEqual(stages.length);
      expect(others.map((row) => row.state)).toEqual(others.map((_, index) => stages[index % stages.length]));
      for (const row of others.filter((other) => other.state !== "AwaitingPayment")) expect(row.phone).toMatch(/^\+371 2\d{7}$/);
      const movers = await demo.db.query<{ actor: string }>("select distinct actor from operator_actions where action like 'fulfilment.%'");
      expect(movers).toEqual([{ actor: "demo-seed" }]);
    } finally {
      await demo.drop();
    }
  });
});
