// Spend limits and a self-chosen pause (issue 20 item 1, decision 033): the routes, the refusals with their figures,
// hostile input, and requests that race at the edge of a limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody, CreatePaymentResponse, EnrolmentEligibility, SpendLimitsResponse } from "../../contract";
import { advanceLifecycle, autoBidRound, enrol, placeBid } from "../../server/auctions/engine";
import { payForWonAuction } from "../../server/fulfilment/fulfilment.service";
import { Refusal } from "../../server/refusal";
import { spendMonth } from "../../server/wallet/spend-limits";
import { TestClient } from "../support/client";
import { at, createAuction } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

let server: TestServer;
const db = () => server.database.db;
// The server's clock: tests move it to see a raise apply after 24 hours.
let nowMs = Date.now();
const clock = () => new Date(nowMs);
const HOUR_MS = 3600_000;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(async () => {
  await server.close();
});

let ip = 0;
async function signedIn(balanceCents = 10_000) {
  const { client, userId } = await bidderClient(server, `10.33.0.${++ip}`, {}, { balanceCents });
  return { client, id: userId };
}

const limitsOf = async (client: TestClient) => SpendLimitsResponse.parse((await client.get("/api/spend-limits")).body);
const errorOf = (body: unknown) => ApiErrorBody.parse(body).error;
const openAuction = (fee: number) => createAuction(db(), clock(), { entryFeeCents: fee, endsAt: at(clock(), 600), startsAt: clock() });

describe("setting limits", () => {
  it("starts with no limits and this month's spending; a lower limit applies at once", async () => {
    const user = await signedIn();
    const before = await limitsOf(user.client);
    expect(before).toMatchObject({ auction: { limitCents: null, spentCents: 0, leftCents: null, pending: null }, pausedUntil: null });
    expect(before.resetsAt).toBe(spendMonth(clock()).resetsAt.toISOString());
    await user.client.post(`/api/auctions/${await openAuction(250)}/enrol`);
    const set = await user.client.put("/api/spend-limits", { auctionLimitCents: 5000, topUpLimitCents: 20_000 });
    expect(set.status).toBe(200);
    expect(SpendLimitsResponse.parse(set.body)).toMatchObject({
      auction: { limitCents: 5000, spentCents: 250, leftCents: 4750, pending: null },
      topUp: { limitCents: 20_000, spentCents: 0, leftCents: 20_000, pending: null },
    });
  });

  it("raises a limit only after 24 hours, and removing one is a raise too; a lowering drops the waiting raise", async () => {
    const user = await signedIn();
    await user.client.put("/api/spend-limits", { auctionLimitCents: 1000, topUpLimitCents: 1000 });
    const setAt = nowMs;
    const raised = SpendLimitsResponse.parse(
      (await user.client.put("/api/spend-limits", { auctionLimitCents: 3000, topUpLimitCents: null })).body,
    );
    const appliesAt = new Date(setAt + 24 * HOUR_MS).toISOString();
    expect(raised.auction).toMatchObject({ limitCents: 1000, pending: { limitCents: 3000, appliesAt } });
    expect(raised.topUp).toMatchObject({ limitCents: 1000, pending: { limitCents: null, appliesAt } });
    nowMs = setAt + 24 * HOUR_MS - 1;
    expect((await limitsOf(user.client)).auction.limitCents).toBe(1000);
    nowMs = setAt + 24 * HOUR_MS;
    const later = await limitsOf(user.client);
    expect(later.auction).toMatchObject({ limitCents: 3000, pending: null });
    expect(later.topUp).toMatchObject({ limitCents: null, pending: null });
    // Raise again, then lower before it applies: the lowering is in force now and the raise is gone.
    await user.client.put("/api/spend-limits", { auctionLimitCents: 9000, topUpLimitCents: null });
    const lowered = await limitsOf(user.client);
    expect(lowered.auction.pending?.limitCents).toBe(9000);
    expect((await limitsOf(await setLimits(user.client, 500, null))).auction).toMatchObject({ limitCents: 500, pending: null });
    nowMs = Date.now();
  });

  it("refuses bad amounts and unknown fields, changing nothing", async () => {
    const user = await signedIn();
    await setLimits(user.client, 2000, 3000);
    for (const body of [
      { auctionLimitCents: -1, topUpLimitCents: null },
      { auctionLimitCents: 12.5, topUpLimitCents: null },
      { auctionLimitCents: 10_000_001, topUpLimitCents: null },
      { auctionLimitCents: 1e308, topUpLimitCents: null },
      { auctionLimitCents: "100", topUpLimitCents: null },
      { auctionLimitCents: 100 },
      { auctionLimitCents: 100, topUpLimitCents: 100, pausedUntil: null },
    ]) {
      const answer = await user.client.put("/api/spend-limits", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer.body).code).toBe("VALIDATION_FAILED");
    }
    expect(await limitsOf(user.client)).toMatchObject({ auction: { limitCents: 2000 }, topUp: { limitCents: 3000 } });
    expect((await new TestClient(server.url).get("/api/spend-limits")).status).toBe(401);
  });
});

async function setLimits(client: TestClient, auctionLimitCents: number | null, topUpLimitCents: number | null) {
  const answer = await client.put("/api/spend-limits", { auctionLimitCents, topUpLimitCents });
  expect(answer.status).toBe(200);
  return client;
}

describe("the auction limit", () => {
  it("refuses an entry fee that would cross it, naming the limit, what is left and when it resets; the page says so first", async () => {
    const user = await signedIn();
    await setLimits(user.client, 500, null);
    expect((await user.client.post(`/api/auctions/${await openAuction(300)}/enrol`)).status).toBe(200);
    const second = await openAuction(300);
    const eligibility = EnrolmentEligibility.parse((await user.client.get(`/api/auctions/${second}/eligibility`)).body);
    const values = { limitCents: 500, leftCents: 200, resetsAt: spendMonth(clock()).resetsAt.getTime() };
    expect(eligibility.refusal).toMatchObject({ code: "AUCTION_SPEND_LIMIT", values });
    const refused = await user.client.post(`/api/auctions/${second}/enrol`);
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)).toMatchObject({ code: "AUCTION_SPEND_LIMIT", values });
    expect(await db().query("select 1 from enrolments where auction_id = $1", [second])).toEqual([]);
    // What is left still fits, and a free auction is never spending.
    expect((await user.client.post(`/api/auctions/${await openAuction(200)}/enrol`)).status).toBe(200);
    expect((await user.client.post(`/api/auctions/${await openAuction(0)}/enrol`)).status).toBe(200);
    expect((await limitsOf(user.client)).auction).toMatchObject({ spentCents: 500, leftCents: 0 });
  });

  it("lets at most the limit through when enrolments race", async () => {
    const user = await signedIn();
    await setLimits(user.client, 700, null);
    const auctions = await Promise.all([1, 2, 3, 4, 5, 6].map(() => openAuction(200)));
    const answers = await Promise.all(auctions.map((id) => user.client.post(`/api/auctions/${id}/enrol`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 403, 403, 403]);
    expect((await limitsOf(user.client)).auction.spentCents).toBe(600);
  });

  it("holds for a payment for a win, which the pause does not stop", async () => {
    const user = await signedIn();
    const auctionId = await openAuction(100);
    await enrol(db(), user.id, auctionId, clock());
    for (let i = 0; i < 150; i++) await db().query("update auctions set price_cents = price_cents + 1 where id = $1", [auctionId]);
    await placeBid(db(), user.id, auctionId, clock());
    await advanceLifecycle(db(), at(clock(), 700));
    await setLimits(user.client, 200, null);
    await user.client.post("/api/spend-limits/pause", { length: "24h" });
    const pay = () =>
      payForWonAuction(db(), {
        userId: user.id,
        auctionId,
        deliveryAddress: "Brīvības iela 1, Rīga, LV-1010",
        phone: "26123456",
        now: clock(),
      });
    const error = await pay().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ code: "AUCTION_SPEND_LIMIT", values: { limitCents: 200, leftCents: 100 } });
    expect(await db().query("select 1 from wallet_transactions where user_id = $1 and type = 'AuctionPayment'", [user.id])).toEqual([]);
    await setLimits(user.client, 100, null);
    await db().query("update spend_limits set auction_limit_cents = 251 where user_id = $1", [user.id]);
    await expect(pay()).resolves.toMatchObject({ quote: { amountCents: 151 } });
  });
});

describe("an auto-bid under the auction limit", () => {
  it("refuses a maximum whose win the limit would not let the bidder pay for, naming the figures", async () => {
    const user = await signedIn();
    const auctionId = await openAuction(100);
    expect((await user.client.post(`/api/auctions/${auctionId}/enrol`)).status).toBe(200);
    await setLimits(user.client, 150, null);
    const refused = await user.client.put(`/api/auctions/${auctionId}/auto-bid`, { maxPriceCents: 51 });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)).toMatchObject({ code: "AUCTION_SPEND_LIMIT", values: { limitCents: 150, leftCents: 50 } });
    expect(await db().query("select 1 from auto_bids where auction_id = $1", [auctionId])).toEqual([]);
    expect((await user.client.put(`/api/auctions/${auctionId}/auto-bid`, { maxPriceCents: 50 })).status).toBe(200);
  });

  it("never takes the price past what the limit leaves to pay, though the maximum stands higher: the win stays payable", async () => {
    const user = await signedIn();
    const rival = await signedIn();
    const auctionId = await openAuction(0);
    await enrol(db(), user.id, auctionId, clock());
    await enrol(db(), rival.id, auctionId, clock());
    await db().query("insert into auto_bids (auction_id, user_id, max_price_cents) values ($1, $2, 500)", [auctionId, user.id]);
    // The limit comes down after the maximum was set: 3 cents are left for a win.
    await setLimits(user.client, 3, null);
    const price = async () =>
      (
        await db().query<{ price_cents: number; leader_id: string }>("select price_cents, leader_id from auctions where id = $1", [
          auctionId,
        ])
      )[0]!;
    let second = 0;
    for (let round = 0; round < 6; round++) {
      second += 2;
      await placeBid(db(), rival.id, auctionId, at(clock(), second)).catch(() => undefined);
      second += 2;
      await autoBidRound(db(), at(clock(), second));
    }
    // The auto-bid answers the rival up to 3 cents, never past: a win at 4 the user could not pay for. Who bid first
    // (the server's own auto-bid job may bid for the user before the rival does) decides whether the rival leads at 3
    // or at 4; either way the rival leads and the user's last bid is at most 3.
    const { price_cents: final, leader_id: leader } = await price();
    expect(leader).toBe(rival.id);
    expect(final).toBeGreaterThanOrEqual(3);
    const [userBids] = await db().query<{ top: number | null }>(
      "select max(price_cents) as top from bids where auction_id = $1 and user_id = $2",
      [auctionId, user.id],
    );
    expect(userBids?.top).toBeGreaterThanOrEqual(2);
    expect(userBids?.top).toBeLessThanOrEqual(3);
  });
});

describe("the top-up limit", () => {
  const topUp = (client: TestClient, amount: number, language = "en") => client.post("/api/payments", { amount, language });

  it("refuses a top-up that would cross it, in the payer's language, with the figures; pending top-ups count", async () => {
    const user = await signedIn(0);
    await setLimits(user.client, null, 1000);
    const first = CreatePaymentResponse.parse((await topUp(user.client, 6)).body);
    expect(first.isSuccess).toBe(true);
    const refused = CreatePaymentResponse.parse((await topUp(user.client, 5, "lv")).body);
    expect(refused).toMatchObject({ isSuccess: false, payment: null });
    expect(refused.errorMessage).toContain("10,00");
    expect(refused.errorMessage).toContain("4,00");
    expect(refused.errorMessage).toMatch(/^Tā tu pārsniegtu savu mēneša papildinājumu limitu/);
    const [count] = await db().query<{ n: number }>("select count(*)::int as n from payments where user_id = $1", [user.id]);
    expect(count!.n).toBe(1);
    // A failed one frees its room.
    await db().query("update payments set status = 'failed' where id = $1", [first.payment!.id]);
    expect(CreatePaymentResponse.parse((await topUp(user.client, 10)).body).isSuccess).toBe(true);
  });

  it("lets at most the limit through when top-ups race", async () => {
    const user = await signedIn(0);
    await setLimits(user.client, null, 1000);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => topUp(user.client, 3)));
    const outcomes = answers.map((answer) => CreatePaymentResponse.parse(answer.body).isSuccess);
    expect(outcomes.filter(Boolean)).toHaveLength(3);
    const [sum] = await db().query<{ cents: number }>("select sum(amount_cents)::int as cents from payments where user_id = $1", [user.id]);
    expect(sum!.cents).toBe(900);
  });
});

describe("the pause", () => {
  it("blocks enrolment, bidding, auto-bids and top-ups until it ends, saying when", async () => {
    const user = await signedIn();
    const rival = await signedIn();
    const auctionId = await openAuction(100);
    await user.client.post(`/api/auctions/${auctionId}/enrol`);
    await rival.client.post(`/api/auctions/${auctionId}/enrol`);
    await rival.client.post(`/api/auctions/${auctionId}/bids`);
    await user.client.put(`/api/auctions/${auctionId}/auto-bid`, { maxPriceCents: 500 });
    const started = await user.client.post("/api/spend-limits/pause", { length: "7d" });
    expect(started.status).toBe(200);
    const until = new Date(nowMs + 7 * 24 * HOUR_MS);
    expect(SpendLimitsResponse.parse(started.body).pausedUntil).toBe(until.toISOString());
    const paused = { code: "SELF_PAUSED", values: { until: until.getTime() } };
    const bid = await user.client.post(`/api/auctions/${auctionId}/bids`);
    expect([bid.status, errorOf(bid.body)]).toEqual([403, expect.objectContaining(paused)]);
    const other = await openAuction(0);
    expect(errorOf((await user.client.post(`/api/auctions/${other}/enrol`)).body)).toMatchObject(paused);
    expect(EnrolmentEligibility.parse((await user.client.get(`/api/auctions/${other}/eligibility`)).body).refusal).toMatchObject(paused);
    const payment = CreatePaymentResponse.parse((await user.client.post("/api/payments", { amount: 5, language: "en" })).body);
    expect(payment.isSuccess).toBe(false);
    expect(payment.errorMessage).toMatch(/^You are taking a break until .*: enrolment, bidding and top-ups are blocked until then\.$/);
    // The auto-bid stands still while the rival leads. The server's own auto-bid job may have bid for the user in the
    // moment between setting the auto-bid and the pause: then the rival takes the lead back first.
    const leader = async () =>
      (await db().query<{ leader_id: string }>("select leader_id from auctions where id = $1", [auctionId]))[0]?.leader_id;
    if ((await leader()) === user.id) {
      nowMs += 2_000;
      expect((await rival.client.post(`/api/auctions/${auctionId}/bids`)).status).toBe(200);
    }
    expect(await autoBidRound(db(), at(clock(), 2))).toEqual([]);
    expect(await leader()).toBe(rival.id);
    // It ends by the clock: everything opens again.
    nowMs = until.getTime();
    expect((await user.client.post(`/api/auctions/${await openAuction(100)}/enrol`)).status).toBe(200);
    nowMs = Date.now();
  });

  it("cannot be lifted or shortened, only made longer; lengths outside the list are refused", async () => {
    const user = await signedIn();
    await user.client.post("/api/spend-limits/pause", { length: "7d" });
    const until = (await limitsOf(user.client)).pausedUntil;
    const shorter = await user.client.post("/api/spend-limits/pause", { length: "24h" });
    expect([shorter.status, errorOf(shorter.body)]).toEqual([
      409,
      expect.objectContaining({ code: "PAUSE_CANNOT_BE_SHORTENED", values: { until: Date.parse(until!) } }),
    ]);
    for (const body of [{ length: "1h" }, { length: "0d" }, { length: 24 }, {}, { length: "24h", until: 0 }]) {
      expect((await user.client.post("/api/spend-limits/pause", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await user.client.request("DELETE", "/api/spend-limits/pause", undefined, { "X-Requested-With": "XMLHttpRequest" })).status,
    ).toBe(404);
    expect((await limitsOf(user.client)).pausedUntil).toBe(until);
    const longer = SpendLimitsResponse.parse((await user.client.post("/api/spend-limits/pause", { length: "30d" })).body);
    expect(Date.parse(longer.pausedUntil!)).toBeGreaterThan(Date.parse(until!));
  });
});

describe("the month", () => {
  it("is the calendar month in Riga: it starts at midnight on the 1st there", () => {
    // 31 Dec 2026 22:30 UTC is already 1 Jan 2027 00:30 in Riga (UTC+2 in winter).
    expect(spendMonth(new Date("2026-12-31T22:30:00Z"))).toEqual({
      startsAt: new Date("2026-12-31T22:00:00Z"),
      resetsAt: new Date("2027-01-31T22:00:00Z"),
    });
    expect(spendMonth(new Date("2026-12-31T21:59:59Z")).startsAt).toEqual(new Date("2026-11-30T22:00:00Z"));
    // Summer time (UTC+3): July starts on 30 June at 21:00 UTC; November after the change back, at 22:00.
    expect(spendMonth(new Date("2026-07-15T12:00:00Z"))).toEqual({
      startsAt: new Date("2026-06-30T21:00:00Z"),
      resetsAt: new Date("2026-07-31T21:00:00Z"),
    });
    expect(spendMonth(new Date("2026-10-15T12:00:00Z")).resetsAt).toEqual(new Date("2026-10-31T22:00:00Z"));
  });
});
