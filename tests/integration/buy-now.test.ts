// Buy it now against the real server and database (issue 20 item 2, decision 034): the price the server computes, the
// purchase paid from the wallet with its own fulfilment, each refusal (changing nothing), concurrent purchases, the
// operators' switch, stock and delivery steps.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BuyNowChanged,
  BuyNowOffersResponse,
  BuyNowPurchase,
  BuyNowPurchasesResponse,
  BuyNowSettings,
  BuyNowStatus,
  OperatorBuyNowList,
  PromoCode,
  QuoteResponse,
} from "../../contract";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { buyNowStatus, purchasesOf } from "../../server/buy-now/buy-now.queries";
import { httpBackend } from "../../server/operator/ops-cli-backends";
import { localOperatorKey } from "../../server/accounts/operator-auth";
import { runOps } from "../../server/operator/ops-cli";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient } from "../support/client";
import { createAuction } from "../support/fixtures";
import { spaHeaders, startTestServer, type TestServer } from "../support/server";
import { openSocket, type LiveClient } from "../support/socket";
import { bidderClient } from "../support/scene";

let server: TestServer;
let nowMs = Date.now();
const now = () => new Date(nowMs);
let ip = 0;
// Known, so the ops CLI's local key can be derived here.
const SESSION_SECRET = "buy-now-test-session-secret-0123456789abcdef";

beforeAll(async () => {
  server = await startTestServer({ SESSION_SECRET }, { clock: now });
});
afterEach(() => {
  sockets.splice(0).forEach((socket) => socket.disconnect());
});
afterAll(async () => {
  await server.close();
});

const sockets: LiveClient[] = [];
/** A real socket.io client with this client's session cookie (an operator's joins the operators' room). */
const liveSocket = (client: TestClient) => openSocket(server.url, sockets, client.cookieHeader);

const db = () => server.database.db;
const address = "Brīvības iela 58, Rīga, LV-1010";
const payBody = { deliveryAddress: address, phone: "+371 29123456" };

async function signedIn(euros = 0) {
  const { client, userId } = await bidderClient(server, `10.61.0.${++ip}`, {}, { balanceCents: euros * 100 });
  return { client, id: userId };
}

async function operator() {
  const signed = await signedIn();
  await db().query("update users set role = 'operator' where id = $1", [signed.id]);
  return signed.client;
}

type Bidder = Awaited<ReturnType<typeof signedIn>>;

/**
 * An auction with this retail value and entry fee that `winner` wins and `losers` enrolled in, ended by the
 * lifecycle; the clock then stands just after its end.
 */
async function endedAuction(options: { retailCents: number; feeCents: number; winner: Bidder; losers: Bidder[] }) {
  const auctionId = await createAuction(db(), now(), { entryFeeCents: options.feeCents, initialSeconds: 60 });
  await db().query("update auctions set retail_value_cents = $2 where id = $1", [auctionId, options.retailCents]);
  for (const bidder of [...options.losers, options.winner]) await enrol(db(), bidder.id, auctionId, now());
  await placeBid(db(), options.winner.id, auctionId, now());
  nowMs += 61_000;
  await advanceLifecycle(db(), now());
  nowMs += 1_000;
  return auctionId;
}

async function balanceCents(client: TestClient) {
  return Math.round(((await client.get("/api/user-wallet")).body as { balance: number }).balance * 100);
}

/** What a refusal should leave as it was: the buyer's balance, the purchases and redemptions of the auction. */
async function snapshot(client: TestClient, auctionId: number) {
  const [counts] = await db().query<{ purchases: number; redemptions: number; ledger: number }>(
    `select (select count(*)::int from buy_now_purchases where auction_id = $1) as purchases,
            (select count(*)::int from promo_redemptions r join buy_now_purchases b on b.id = r.purchase_id where b.auction_id = $1) as redemptions,
            (select count(*)::int from wallet_transactions where auction_id = $1 and type = 'BuyItNow') as ledger`,
    [auctionId],
  );
  return { balance: await balanceCents(client), ...counts };
}

/** The wallet entry's text (what the bidder's statement and the operators' wallet view show) of an auction's purchase. */
async function ledgerDescription(auctionId: number) {
  const [row] = await db().query<{ description: string }>(
    "select description from wallet_transactions where auction_id = $1 and type = 'BuyItNow'",
    [auctionId],
  );
  return row?.description;
}

async function expectRefused(buyer: Bidder, auctionId: number, code: string, status = 409) {
  const before = await snapshot(buyer.client, auctionId);
  const answer = await buyer.client.post(`/api/auctions/${auctionId}/buy-now`, payBody);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect((answer.body as { error: { code: string } }).error.code).toBe(code);
  expect(await snapshot(buyer.client, auctionId)).toEqual(before);
}

describe("the offer and its price", () => {
  it("offers a losing bidder the retail value less the entry fee they paid, with the 48-hour deadline; the winner gets none", async () => {
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 4999, feeCents: 300, winner, losers: [loser] });
    const status = BuyNowStatus.parse((await loser.client.get(`/api/auctions/${auctionId}/buy-now`)).body);
    const [ended] = await db().query<{ ended_at: Date }>("select ended_at from auctions where id = $1", [auctionId]);
    expect(status.offer).toEqual({
      auctionId,
      retailValueCents: 4999,
      entryFeePaidCents: 300,
      priceCents: 4699,
      deadlineAt: new Date(ended!.ended_at.getTime() + 48 * 3600_000).toISOString(),
      stockLeft: null,
    });
    const offers = BuyNowOffersResponse.parse((await loser.client.get("/api/buy-now/offers")).body);
    expect(offers.items.map((offer) => offer.auctionId)).toContain(auctionId);
    const winnerStatus = BuyNowStatus.parse((await winner.client.get(`/api/auctions/${auctionId}/buy-now`)).body);
    expect(winnerStatus).toMatchObject({ offer: null, purchase: null, reason: "BUY_NOW_WINNER" });
    expect(BuyNowOffersResponse.parse((await winner.client.get("/api/buy-now/offers")).body).items.map((o) => o.auctionId)).not.toContain(
      auctionId,
    );
  });

  it("never goes below zero, and counts the fee net of a refund", async () => {
    const [winner, loser, refunded] = [await signedIn(50), await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 200, feeCents: 500, winner, losers: [loser, refunded] });
    await postLedgerEntry(db(), { userId: refunded.id, type: "Refund", amountCents: 400, description: "Partial refund", auctionId });
    const free = BuyNowStatus.parse((await loser.client.get(`/api/auctions/${auctionId}/buy-now`)).body);
    expect(free.offer).toMatchObject({ entryFeePaidCents: 500, priceCents: 0 });
    const net = QuoteResponse.parse((await refunded.client.post(`/api/auctions/${auctionId}/buy-now/quote`, {})).body);
    expect(net).toEqual({ priceCents: 100, discountCents: 0, amountCents: 100, promoCode: null });
    // A free purchase moves no money but is a purchase all the same.
    const before = await balanceCents(loser.client);
    const bought = await loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(BuyNowPurchase.parse(bought.body)).toMatchObject({ priceCents: 0, amountPaidCents: 0, state: "PaymentReceived" });
    expect(await balanceCents(loser.client)).toBe(before);
  });
});

describe("buying", () => {
  it("debits the wallet with a BuyItNow entry, opens a paid fulfilment of its own and keeps phone and address; the winner's stays as it was", async () => {
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 2500, feeCents: 100, winner, losers: [loser] });
    const before = await balanceCents(loser.client);
    const answer = await loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const purchase = BuyNowPurchase.parse(answer.body);
    expect(purchase).toMatchObject({
      auctionId,
      priceCents: 2400,
      amountPaidCents: 2400,
      discountCents: 0,
      state: "PaymentReceived",
      deliveryAddress: address,
    });
    expect(await balanceCents(loser.client)).toBe(before - 2400);
    const transactions = (await loser.client.get("/api/user-wallet/transactions")).body as {
      items: { type: string; amount: number; auction: { id: number } | null }[];
    };
    expect(transactions.items[0]).toMatchObject({ type: "BuyItNow", amount: -24, auction: { id: auctionId } });
    expect(await ledgerDescription(auctionId)).toBe("Buy it now: Test product");
    const [user] = await db().query<{ phone: string; delivery_address: string }>(
      "select phone, delivery_address from users where id = $1",
      [loser.id],
    );
    expect(user).toEqual({ phone: "+371 29123456", delivery_address: address });
    const [won] = await db().query<{ state: string; user_id: string }>("select state, user_id from fulfilments where auction_id = $1", [
      auctionId,
    ]);
    expect(won).toEqual({ state: "AwaitingPayment", user_id: winner.id });
    expect(BuyNowStatus.parse((await loser.client.get(`/api/auctions/${auctionId}/buy-now`)).body)).toMatchObject({
      offer: null,
      purchase: { purchaseId: purchase.purchaseId },
    });
    // The next offer's pay form starts from what this purchase kept.
    const next = await endedAuction({ retailCents: 500, feeCents: 100, winner, losers: [loser] });
    expect(BuyNowStatus.parse((await loser.client.get(`/api/auctions/${next}/buy-now`)).body).defaults).toEqual({
      phone: "+371 29123456",
      deliveryAddress: address,
    });
  });

  it("takes a promo code as a win's payment does, and counts it toward the code's limits", async () => {
    const op = await operator();
    const code = `BUYNOW${Date.now().toString(36)}`.toUpperCase().slice(0, 20);
    const created = await op.post("/api/operator/promo-codes", { code, kind: "percent", amount: 10, maxUsesPerUser: 1 });
    expect(created.status).toBe(201);
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 2100, feeCents: 100, winner, losers: [loser] });
    const quote = QuoteResponse.parse(
      (await loser.client.post(`/api/auctions/${auctionId}/buy-now/quote`, { promoCode: code.toLowerCase() })).body,
    );
    expect(quote).toEqual({ priceCents: 2000, discountCents: 200, amountCents: 1800, promoCode: code });
    const before = await balanceCents(loser.client);
    const answer = await loser.client.post(`/api/auctions/${auctionId}/buy-now`, { ...payBody, promoCode: code });
    expect(BuyNowPurchase.parse(answer.body)).toMatchObject({ amountPaidCents: 1800, discountCents: 200, promoCode: code });
    expect(await balanceCents(loser.client)).toBe(before - 1800);
    expect(await ledgerDescription(auctionId)).toBe(`Buy it now: Test product (promo code ${code})`);
    const listed = (await op.get("/api/operator/promo-codes")).body as { items: unknown[] };
    expect(listed.items.map((item) => PromoCode.parse(item)).find((item) => item.code === code)?.uses).toBe(1);
    // Used up for this user: a second auction's quote refuses it.
    const second = await endedAuction({ retailCents: 2100, feeCents: 100, winner, losers: [loser] });
    const refused = await loser.client.post(`/api/auctions/${second}/buy-now/quote`, { promoCode: code });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: { code: string } }).error.code).toBe("PROMO_CODE_INVALID");
  });
});

describe("refusals change nothing", () => {
  it("refuses a second purchase of the same auction", async () => {
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    expect((await loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)).status).toBe(201);
    await expectRefused(loser, auctionId, "BUY_NOW_ALREADY_BOUGHT");
  });

  it("refuses the winner and a bidder who did not enrol", async () => {
    const [winner, loser, stranger] = [await signedIn(50), await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    await expectRefused(winner, auctionId, "BUY_NOW_WINNER");
    await expectRefused(stranger, auctionId, "BUY_NOW_NOT_ENROLLED", 403);
  });

  it("refuses before the auction has ended and 48 hours after it", async () => {
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const running = await createAuction(db(), now(), { entryFeeCents: 100 });
    await enrol(db(), loser.id, running, now());
    await expectRefused(loser, running, "BUY_NOW_NOT_ENDED");
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    const [ended] = await db().query<{ ended_at: Date }>("select ended_at from auctions where id = $1", [auctionId]);
    const saved = nowMs;
    nowMs = ended!.ended_at.getTime() + 48 * 3600_000 - 1;
    expect((await loser.client.post(`/api/auctions/${auctionId}/buy-now/quote`, {})).status).toBe(200);
    nowMs = ended!.ended_at.getTime() + 48 * 3600_000;
    await expectRefused(loser, auctionId, "BUY_NOW_WINDOW_CLOSED");
    nowMs = saved;
  });

  it("refuses when operators switched it off, and beyond the stock they set", async () => {
    const op = await operator();
    const [winner, first, second] = [await signedIn(50), await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [first, second] });
    const off = await op.post(`/api/operator/auctions/${auctionId}/buy-now`, { enabled: false });
    expect(BuyNowSettings.parse(off.body)).toEqual({ auctionId, enabled: false, stock: null, sold: 0 });
    await expectRefused(first, auctionId, "BUY_NOW_OFF");
    expect(BuyNowOffersResponse.parse((await first.client.get("/api/buy-now/offers")).body).items.map((o) => o.auctionId)).not.toContain(
      auctionId,
    );
    const on = await op.post(`/api/operator/auctions/${auctionId}/buy-now`, { enabled: true, stock: 2 });
    expect(BuyNowSettings.parse(on.body)).toEqual({ auctionId, enabled: true, stock: 2, sold: 0 });
    const stockLeft = async (bidder: Bidder) =>
      BuyNowStatus.parse((await bidder.client.get(`/api/auctions/${auctionId}/buy-now`)).body).offer?.stockLeft;
    expect(await stockLeft(first)).toBe(2);
    expect((await first.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)).status).toBe(201);
    expect(await stockLeft(second)).toBe(1);
    // Operators lower the stock to what is sold: the next bidder is refused.
    expect(BuyNowSettings.parse((await op.post(`/api/operator/auctions/${auctionId}/buy-now`, { stock: 1 })).body)).toMatchObject({
      stock: 1,
      sold: 1,
    });
    await expectRefused(second, auctionId, "BUY_NOW_SOLD_OUT");
  });

  it("refuses a bidder who cannot afford it", async () => {
    const [winner, loser] = [await signedIn(50), await signedIn(2)];
    const auctionId = await endedAuction({ retailCents: 5000, feeCents: 100, winner, losers: [loser] });
    await expectRefused(loser, auctionId, "NOT_ENOUGH_FUNDS", 402);
  });

  it("refuses a bidder's bad input and a non-operator's settings", async () => {
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    const before = await snapshot(loser.client, auctionId);
    expect((await loser.client.post(`/api/auctions/${auctionId}/buy-now`, { deliveryAddress: "", phone: "12" })).status).toBe(400);
    expect((await loser.client.post(`/api/auctions/${auctionId}/buy-now`, { ...payBody, promoCode: "NO-SUCH-CODE" })).status).toBe(400);
    expect((await loser.client.post(`/api/operator/auctions/${auctionId}/buy-now`, { enabled: false })).status).toBe(403);
    expect(await snapshot(loser.client, auctionId)).toEqual(before);
    const op = await operator();
    expect((await op.post(`/api/operator/auctions/${auctionId}/buy-now`, { stock: -1 })).status).toBe(400);
    expect((await op.post(`/api/operator/auctions/${auctionId}/buy-now`, {})).status).toBe(400);
  });
});

describe("races", () => {
  it("sells exactly one at stock 1 however many losers buy at once", async () => {
    const op = await operator();
    const winner = await signedIn(50);
    const losers = await Promise.all(Array.from({ length: 5 }, () => signedIn(50)));
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers });
    expect((await op.post(`/api/operator/auctions/${auctionId}/buy-now`, { stock: 1 })).status).toBe(200);
    const balancesBefore = await Promise.all(losers.map((loser) => balanceCents(loser.client)));
    const answers = await Promise.all(losers.map((loser) => loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.status === 409).map((answer) => (answer.body as { error: { code: string } }).error.code),
    ).toEqual(Array(4).fill("BUY_NOW_SOLD_OUT"));
    const balancesAfter = await Promise.all(losers.map((loser) => balanceCents(loser.client)));
    const paid = balancesBefore.map((before, index) => before - balancesAfter[index]!);
    expect(paid.sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 900]);
    const [row] = await db().query<{ count: number }>("select count(*)::int as count from buy_now_purchases where auction_id = $1", [
      auctionId,
    ]);
    expect(row!.count).toBe(1);
  });

  it("buys once when the same bidder sends the purchase twice at once", async () => {
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    const before = await balanceCents(loser.client);
    const answers = await Promise.all([1, 2, 3].map(() => loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await balanceCents(loser.client)).toBe(before - 900);
  });
});

describe("the purchase's fulfilment", () => {
  it("operators list it and move it on step by step, as the fulfilment machine allows", async () => {
    const op = await operator();
    const [winner, loser, later] = [await signedIn(50), await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser, later] });
    const purchase = BuyNowPurchase.parse((await loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)).body);
    nowMs += 1_000;
    const laterPurchase = BuyNowPurchase.parse((await later.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)).body);
    const queue = OperatorBuyNowList.parse((await op.get("/api/operator/buy-now?state=PaymentReceived&limit=1000")).body);
    expect(queue.items.find((item) => item.purchaseId === purchase.purchaseId)).toMatchObject({
      buyerId: loser.id,
      state: "PaymentReceived",
    });
    // Titled in the operator's language, not the buyer's (who reads Russian).
    await db().query("update users set language = 'ru' where id = $1", [loser.id]);
    await db().query("insert into auction_texts (auction_id, language, title) values ($1, 'lv', 'Tējkanna'), ($1, 'ru', 'Чайник')", [
      auctionId,
    ]);
    const inLatvian = await op.request("GET", "/api/operator/buy-now?state=PaymentReceived&limit=1000", undefined, {
      ...spaHeaders,
      "Accept-Language": "lv",
    });
    expect(OperatorBuyNowList.parse(inLatvian.body).items.find((item) => item.purchaseId === purchase.purchaseId)).toMatchObject({
      title: "Tējkanna",
    });
    // The queue, like the wins', serves the oldest payment first.
    const order = queue.items.map((item) => item.purchaseId).filter((id) => id === purchase.purchaseId || id === laterPurchase.purchaseId);
    expect(order).toEqual([purchase.purchaseId, laterPurchase.purchaseId]);
    const advance = (to: string) => op.post(`/api/operator/buy-now/${purchase.purchaseId}/advance`, { to });
    const skipped = await advance("Delivered");
    expect(skipped.status).toBe(409);
    expect((await advance("InDelivery")).body).toMatchObject({ state: "InDelivery", version: 1 });
    // One state's queue holds that state's purchases only, and a limit is kept.
    const inDelivery = OperatorBuyNowList.parse((await op.get("/api/operator/buy-now?state=InDelivery&limit=1000")).body).items.map(
      (item) => item.purchaseId,
    );
    expect(inDelivery).toContain(purchase.purchaseId);
    expect(inDelivery).not.toContain(laterPurchase.purchaseId);
    expect(OperatorBuyNowList.parse((await op.get("/api/operator/buy-now?limit=1")).body).items).toHaveLength(1);
    expect((await advance("Delivered")).body).toMatchObject({ state: "Delivered", version: 2 });
    expect((await advance("Delivered")).status).toBe(409);
    expect(BuyNowStatus.parse((await loser.client.get(`/api/auctions/${auctionId}/buy-now`)).body).purchase?.state).toBe("Delivered");
    expect((await loser.client.post(`/api/operator/buy-now/${purchase.purchaseId}/advance`, { to: "InDelivery" })).status).toBe(403);
  });

  it("stamps each step and writes down who took it: the purchase's events and the operators' log", async () => {
    const { client: op, id: operatorId } = await signedIn();
    await db().query("update users set role = 'operator' where id = $1", [operatorId]);
    const [{ email: operatorEmail }] = (await db().query<{ email: string }>("select email from users where id = $1", [operatorId])) as [
      { email: string },
    ];
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    const paidAt = now();
    const { purchaseId } = BuyNowPurchase.parse((await loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)).body);
    nowMs += 60_000;
    const sentAt = now();
    const sent = await op.post(`/api/operator/buy-now/${purchaseId}/advance`, { to: "InDelivery" });
    expect(sent.body).toMatchObject({ inDeliveryAt: sentAt.toISOString(), deliveredAt: null });
    nowMs += 60_000;
    const deliveredAt = now();
    const delivered = await op.post(`/api/operator/buy-now/${purchaseId}/advance`, { to: "Delivered" });
    expect(delivered.body).toMatchObject({
      paidAt: paidAt.toISOString(),
      inDeliveryAt: sentAt.toISOString(),
      deliveredAt: deliveredAt.toISOString(),
    });

    const events = await db().query<{ from_state: string | null; to_state: string; actor: string; created_at: Date }>(
      "select from_state, to_state, actor, created_at from buy_now_events where purchase_id = $1 order by id",
      [purchaseId],
    );
    expect(events).toEqual([
      { from_state: null, to_state: "PaymentReceived", actor: `user:${loser.id}`, created_at: paidAt },
      { from_state: "PaymentReceived", to_state: "InDelivery", actor: operatorEmail, created_at: sentAt },
      { from_state: "InDelivery", to_state: "Delivered", actor: operatorEmail, created_at: deliveredAt },
    ]);
    const logged = await db().query<{ actor: string; action: string; details: unknown }>(
      "select actor, action, details from operator_actions where subject = $1 order by id",
      [`buy-now:${purchaseId}`],
    );
    expect(logged).toEqual([
      { actor: operatorEmail, action: "buy-now.in-delivery", details: { from: "PaymentReceived" } },
      { actor: operatorEmail, action: "buy-now.delivered", details: { from: "InDelivery" } },
    ]);
  });

  it("keeps what a setting leaves out, and writes each setting in the operators' log as it was given", async () => {
    const { client: op, id: operatorId } = await signedIn();
    await db().query("update users set role = 'operator' where id = $1", [operatorId]);
    const auctionId = await createAuction(db(), now());
    const settings = async (body: object) =>
      BuyNowSettings.parse((await op.post(`/api/operator/auctions/${auctionId}/buy-now`, body)).body);
    expect(await settings({ stock: 3 })).toEqual({ auctionId, enabled: true, stock: 3, sold: 0 });
    expect(await settings({ enabled: false })).toEqual({ auctionId, enabled: false, stock: 3, sold: 0 });
    expect(await settings({ stock: null })).toEqual({ auctionId, enabled: false, stock: null, sold: 0 });
    expect(await settings({ enabled: true, stock: 2 })).toEqual({ auctionId, enabled: true, stock: 2, sold: 0 });
    const logged = await db().query<{ actor: string; action: string; details: unknown }>(
      "select u.id as actor, o.action, o.details from operator_actions o join users u on u.email = o.actor where o.subject = $1 order by o.id",
      [`auction:${auctionId}`],
    );
    expect(logged).toEqual(
      [{ stock: 3 }, { enabled: false }, { stock: null }, { enabled: true, stock: 2 }].map((details) => ({
        actor: operatorId,
        action: "auction.buy-now",
        details,
      })),
    );
  });

  it("answers 404 for a purchase or an auction that does not exist, and a refused step says where the purchase stands", async () => {
    const op = await operator();
    const missing = await op.post("/api/operator/buy-now/999999999/advance", { to: "InDelivery" });
    expect(missing.status).toBe(404);
    expect((missing.body as { error: { code: string; message: string } }).error).toMatchObject({
      code: "NOT_FOUND",
      message: "There is no Buy it now purchase 999999999.",
    });
    const noAuction = await op.post("/api/operator/auctions/999999999/buy-now", { enabled: false });
    expect(noAuction.status).toBe(404);
    expect((noAuction.body as { error: { message: string } }).error.message).toBe("There is no auction 999999999.");
    // Refused before anything is written: no operators' log line for an auction that is not there.
    expect(await db().query("select id from operator_actions where subject = 'auction:999999999'")).toEqual([]);
    // A bidder asking about an auction that is not there: its status, a quote, a purchase.
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["POST", "/quote", {}],
      ["POST", "", payBody],
    ] as const) {
      const answer = await op.request(method, `/api/auctions/999999999/buy-now${path}`, body);
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 404,
        body: { error: { code: "NOT_FOUND", message: "There is no auction 999999999." } },
      });
    }
    const noSettings = await op.get("/api/operator/auctions/999999999/buy-now");
    expect(noSettings.status).toBe(404);
    expect((noSettings.body as { error: { message: string } }).error.message).toBe("There is no auction 999999999.");

    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    const { purchaseId } = BuyNowPurchase.parse((await loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)).body);
    const skipped = await op.post(`/api/operator/buy-now/${purchaseId}/advance`, { to: "Delivered" });
    expect((skipped.body as { error: { code: string; message: string } }).error).toMatchObject({
      code: "FULFILMENT_STEP_REFUSED",
      message: `Buy it now purchase ${purchaseId} is PaymentReceived; it cannot move to Delivered.`,
    });
  });

  it("tells every operator's socket of a purchase and each step on it (buyNow:changed), and no bidder's", async () => {
    const op = await operator();
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    const [opSocket, loserSocket] = [await liveSocket(op), await liveSocket(loser.client)];
    const opSees: BuyNowChanged[] = [];
    const loserHears: unknown[] = [];
    const loserSees: BuyNowPurchase[] = [];
    opSocket.on("buyNow:changed", (raw) => opSees.push(BuyNowChanged.parse(raw)));
    loserSocket.on("buyNow:changed", (raw) => loserHears.push(raw));
    loserSocket.on("buyNow:updated", (raw) => loserSees.push(BuyNowPurchase.parse(raw)));

    const purchase = BuyNowPurchase.parse((await loser.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)).body);
    await expect.poll(() => opSees.at(-1)).toEqual({ purchaseId: purchase.purchaseId, state: "PaymentReceived" });
    expect((await op.post(`/api/operator/buy-now/${purchase.purchaseId}/advance`, { to: "InDelivery" })).status).toBe(200);
    await expect.poll(() => opSees.at(-1)).toEqual({ purchaseId: purchase.purchaseId, state: "InDelivery" });
    expect(opSees).toHaveLength(2);
    // The operators' room is told before the buyer in each publish, and one socket's messages arrive in order: once the
    // buyer has the step, a buyNow:changed meant for the buyer's socket would have come before it.
    await expect.poll(() => loserSees.at(-1)?.state).toBe("InDelivery");
    expect(loserHears).toEqual([]);
  });
});

describe("the buyer's own purchases (the won page)", () => {
  const ownPurchases = async (client: TestClient, query = "", language = "en") =>
    (await client.request("GET", `/api/buy-now/purchases${query}`, undefined, { ...spaHeaders, "Accept-Language": language })).body;

  it("lists only the signed-in bidder's own purchases, newest first, titled in the request's language, a page at a time", async () => {
    const [winner, anna, otto] = [await signedIn(50), await signedIn(50), await signedIn(50)];
    const first = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [anna, otto] });
    const second = await endedAuction({ retailCents: 2000, feeCents: 100, winner, losers: [anna] });
    await db().query("insert into auction_texts (auction_id, language, title) values ($1, 'en', 'Kettle'), ($1, 'ru', 'Чайник')", [second]);
    for (const auctionId of [second, first]) {
      expect((await anna.client.post(`/api/auctions/${auctionId}/buy-now`, payBody)).status).toBe(201);
      nowMs += 1_000;
    }
    const ottos = BuyNowPurchase.parse((await otto.client.post(`/api/auctions/${first}/buy-now`, payBody)).body);

    const annas = BuyNowPurchasesResponse.parse(await ownPurchases(anna.client, "", "ru"));
    expect(annas).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(annas.items.map((item) => [item.auctionId, item.title, item.priceCents, item.state])).toEqual([
      [first, "Test product", 900, "PaymentReceived"],
      [second, "Чайник", 1900, "PaymentReceived"],
    ]);
    expect(BuyNowPurchasesResponse.parse(await ownPurchases(anna.client)).items[1]?.title).toBe("Kettle");
    // Otto's purchase of the same auction is his alone; the winner, who bought nothing, has an empty list.
    expect(BuyNowPurchasesResponse.parse(await ownPurchases(otto.client)).items.map((item) => item.purchaseId)).toEqual([ottos.purchaseId]);
    expect(BuyNowPurchasesResponse.parse(await ownPurchases(winner.client))).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
    expect(BuyNowPurchasesResponse.parse(await ownPurchases(anna.client, "?page=2"))).toMatchObject({ items: [], page: 2, total: 2 });
    expect((await ownPurchases(anna.client, "?page=0")) as object).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    const stranger = new TestClient(server.url, `10.61.0.${++ip}`);
    expect((await stranger.get("/api/buy-now/purchases")).status).toBe(401);
  });
});

describe("reading purchases and offers", () => {
  it("reads none for no purchases, and a user who is gone gets no offer and blank pay-form defaults", async () => {
    expect(await purchasesOf(db(), [])).toEqual([]);
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    expect(await buyNowStatus(db(), { userId: randomUUID(), auctionId, language: "en", now: now() })).toEqual({
      offer: null,
      purchase: null,
      reason: "BUY_NOW_NOT_ENROLLED",
      defaults: { phone: "", deliveryAddress: "" },
    });
  });
});

describe("the ops CLI", () => {
  async function ops(...args: string[]) {
    const lines: string[] = [];
    const code = await runOps(args, () => Promise.resolve(httpBackend(server.url, localOperatorKey(SESSION_SECRET))), {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    // The first line names where the commands went.
    return { code, text: lines.slice(code === 0 ? 1 : 0).join("\n") };
  }

  it("shows and sets an auction's switch and stock, and refuses a wrong command line before sending anything", async () => {
    const [winner, loser] = [await signedIn(50), await signedIn(50)];
    const auctionId = await endedAuction({ retailCents: 1000, feeCents: 100, winner, losers: [loser] });
    expect(await ops("auctions", "buy-now", String(auctionId))).toEqual({
      code: 0,
      text: `Auction ${auctionId}: Buy it now on, stock unlimited, sold 0.`,
    });
    expect(await ops("auctions", "buy-now", String(auctionId), "--off", "--stock", "2")).toEqual({
      code: 0,
      text: `Auction ${auctionId}: Buy it now off, stock 2, sold 0.`,
    });
    await expectRefused(loser, auctionId, "BUY_NOW_OFF");
    expect((await ops("auctions", "buy-now", String(auctionId), "--on", "--off")).code).toBe(2);
    expect((await ops("auctions", "buy-now", String(auctionId), "--stock", "many")).code).toBe(2);
    expect(await ops("auctions", "buy-now", String(auctionId), "--on", "--stock", "none")).toEqual({
      code: 0,
      text: `Auction ${auctionId}: Buy it now on, stock unlimited, sold 0.`,
    });
  });
});
