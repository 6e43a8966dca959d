// The fair-play rules of enrolment (issue 21, decision 031): beginner auctions, win limits, locked enrolment and
// auctions barred to staff and demo accounts, each judged by the server when a bidder enrols, races included.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody, AuctionState, EnrolmentEligibility } from "../../contract";
import { enrol } from "../../server/auctions/engine";
import type { WinLimits } from "../../server/auctions/enrolment-rules";
import { Refusal } from "../../server/refusal";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient, signUpConfirmed } from "../support/client";
import { at, createAuction, createBidder, type AuctionFixture } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
const db = () => server.database.db;
const now = new Date();
const DAY = 24 * 3600;
const limits: WinLimits = { wins: 2, sameProductWins: 1, days: 7 };

beforeAll(async () => {
  // The server's limits, as the environment sets them (config.ts): two wins a week, one of the same product.
  server = await startTestServer({ WIN_LIMIT_WINS: "2", WIN_LIMIT_SAME_PRODUCT: "1", WIN_LIMIT_DAYS: "7" });
});
afterAll(async () => {
  await server.close();
});

async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

/** An auction `userId` won, ended `daysAgo` days before now. */
async function wonAuction(userId: string, daysAgo: number, fixture: AuctionFixture = {}) {
  const id = await createAuction(db(), now, { status: "Waiting", ...fixture });
  await db().query("update auctions set status = 'Ended', winner_id = $2, ended_at = $3 where id = $1", [
    id,
    userId,
    at(now, -daysAgo * DAY),
  ]);
  return id;
}

const bidder = () => createBidder(db(), { balanceCents: 10_000 });

describe("beginner auctions (maxPreviousWins)", () => {
  it("refuse a bidder with more previous wins, naming the figure; let the others in", async () => {
    const [winner, beginner] = [await bidder(), await bidder()];
    await wonAuction(winner.id, 30);
    const neverWon = await createAuction(db(), now, { maxPreviousWins: 0 });
    const error = await refusalOf(enrol(db(), winner.id, neverWon, now));
    expect(error).toMatchObject({ code: "MAX_PREVIOUS_WINS", values: { maxPreviousWins: 0, wins: 1 } });
    expect(await db().query("select 1 from enrolments where auction_id = $1", [neverWon])).toEqual([]);
    await expect(enrol(db(), beginner.id, neverWon, now)).resolves.toMatchObject({ feeCents: 100 });
    // At most one previous win: the winner may enter that one.
    await expect(enrol(db(), winner.id, await createAuction(db(), now, { maxPreviousWins: 1 }), now)).resolves.toMatchObject({
      feeCents: 100,
    });
  });
});

describe("locked enrolment", () => {
  it("closes enrolmentClosesSeconds before the end of the initial timer, however far bids have pushed the end", async () => {
    // Started now, initial timer 120 s, closes 30 s before its end: at now + 90 s. The end itself is later (bids).
    const auction = await createAuction(db(), now, { initialSeconds: 120, enrolmentClosesSeconds: 30, endsAt: at(now, 600) });
    const state = AuctionState.parse((await new TestClient(server.url).get(`/api/auctions/${auction}`)).body);
    expect(state.enrolmentClosesAt).toBe(at(now, 90).toISOString());
    await expect(enrol(db(), (await bidder()).id, auction, at(now, 89.999))).resolves.toBeDefined();
    expect((await refusalOf(enrol(db(), (await bidder()).id, auction, at(now, 90)))).code).toBe("ENROLMENT_LOCKED");
  });

  it("closes when the price reaches enrolmentClosesAtPriceCents, and only then", async () => {
    const auction = await createAuction(db(), now, { enrolmentClosesAtPriceCents: 50, priceCents: 49 });
    await expect(enrol(db(), (await bidder()).id, auction, now)).resolves.toBeDefined();
    await db().query("update auctions set price_cents = 50 where id = $1", [auction]);
    const late = await bidder();
    expect((await refusalOf(enrol(db(), late.id, auction, now))).code).toBe("ENROLMENT_LOCKED");
    expect(await db().query("select 1 from wallet_transactions where user_id = $1 and type = 'AuctionEnrollment'", [late.id])).toEqual([]);
  });

  it("decides a late enrolment against the bid that reaches the closing price on the locked row: both orders hold", async () => {
    const client = await signedIn();
    const rival = await signedIn();
    const auction = await createAuction(db(), now, {
      enrolmentClosesAtPriceCents: 1,
      entryFeeCents: 0,
      endsAt: at(new Date(), 600),
      startsAt: new Date(),
    });
    expect((await rival.client.post(`/api/auctions/${auction}/enrol`)).status).toBe(200);
    const [bid, late] = await Promise.all([
      rival.client.post(`/api/auctions/${auction}/bids`),
      client.client.post(`/api/auctions/${auction}/enrol`),
    ]);
    expect(bid.status).toBe(200);
    const [row] = await db().query<{ n: number }>("select count(*)::int as n from enrolments where auction_id = $1", [auction]);
    // Whichever came first: enrolled before the price reached €0.01, or refused after.
    if (late.status === 200) expect(row!.n).toBe(2);
    else
      expect([late.body, row!.n]).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: "ENROLMENT_LOCKED" }) }), 1]);
  });
});

describe("closed enrolment", () => {
  it("closes a running auction the moment its end comes, before the lifecycle has ended it", async () => {
    const user = await bidder();
    const endsAt = at(now, 30);
    const closed = async (when: Date) => (await refusalOf(enrol(db(), user.id, await createAuction(db(), now, { endsAt }), when))).code;
    expect(await closed(endsAt)).toBe("ENROLMENT_CLOSED");
    expect(await closed(at(now, 31))).toBe("ENROLMENT_CLOSED");
    await expect(enrol(db(), user.id, await createAuction(db(), now, { endsAt }), at(now, 29))).resolves.toBeDefined();
  });

  it("refuses a bidder who does not exist", async () => {
    const error = await refusalOf(enrol(db(), randomUUID(), await createAuction(db(), now), now, limits));
    expect(error).toMatchObject({ code: "NOT_FOUND", message: "There is no such bidder." });
  });
});

describe("auctions for real bidders only", () => {
  it("refuse operators and demo accounts; bidders enrol", async () => {
    const auction = await createAuction(db(), now, { realBiddersOnly: true });
    const [operator, demo, real] = [await bidder(), await bidder(), await bidder()];
    await db().query("update users set role = 'operator' where id = $1", [operator.id]);
    await db().query("update users set is_demo = true where id = $1", [demo.id]);
    expect((await refusalOf(enrol(db(), operator.id, auction, now))).code).toBe("REAL_BIDDERS_ONLY");
    expect((await refusalOf(enrol(db(), demo.id, auction, now))).code).toBe("REAL_BIDDERS_ONLY");
    await expect(enrol(db(), real.id, auction, now)).resolves.toBeDefined();
    // Without the rule, staff may enrol (testers do).
    await expect(enrol(db(), operator.id, await createAuction(db(), now), now)).resolves.toBeDefined();
  });
});

describe("win limits", () => {
  it("count wins inside the window and auctions still open; the refusal names the limit and when it resets", async () => {
    const user = await bidder();
    await wonAuction(user.id, 8, { title: "Old win" }); // out of the 7-day window
    const first = await wonAuction(user.id, 6, { title: "Headphones" });
    expect(await enrol(db(), user.id, await createAuction(db(), now, { title: "Speaker" }), now, limits)).toBeDefined();
    // One win and one open auction fill the limit of two.
    const error = await refusalOf(enrol(db(), user.id, await createAuction(db(), now, { title: "Camera" }), now, limits));
    const [firstEnd] = await db().query<{ ended_at: Date }>("select ended_at from auctions where id = $1", [first]);
    expect(error).toMatchObject({
      code: "WIN_LIMIT",
      values: { limit: 2, days: 7, resetsAt: firstEnd!.ended_at.getTime() + 7 * DAY * 1000 },
    });
    // Without limits (the default for the engine's callers that do not pass the site's) the same enrolment passes.
    await expect(enrol(db(), user.id, await createAuction(db(), now, { title: "Camera" }), now)).resolves.toBeDefined();
  });

  it("give no reset time when only open auctions fill the limit (they free a place when they end)", async () => {
    const user = await bidder();
    // One running, one not started yet: both could still be won.
    await enrol(db(), user.id, await createAuction(db(), now, { title: "Tablet" }), now, limits);
    await enrol(db(), user.id, await createAuction(db(), now, { title: "Bike", status: "Waiting" }), now, limits);
    const error = await refusalOf(enrol(db(), user.id, await createAuction(db(), now, { title: "Drone" }), now, limits));
    expect(error).toMatchObject({ code: "WIN_LIMIT", values: { limit: 2, days: 7 } });
    expect(error.values).not.toHaveProperty("resetsAt");
  });

  it("reset when enough wins have left the window: over the limit, not just the oldest", async () => {
    // Three wins (the limit was higher then): two must leave before a third fits, so the second oldest decides.
    const user = await bidder();
    // Won out of order, so the database's order of the wins is not the order they leave the window in.
    const ends = [];
    for (const daysAgo of [2, 6, 4]) ends.push(await wonAuction(user.id, daysAgo, { title: `Win ${daysAgo}` }));
    const error = await refusalOf(enrol(db(), user.id, await createAuction(db(), now, { title: "Speaker" }), now, limits));
    const [second] = await db().query<{ ended_at: Date }>("select ended_at from auctions where id = $1", [ends[2]]);
    expect(error.values).toEqual({ limit: 2, days: 7, resetsAt: second!.ended_at.getTime() + 7 * DAY * 1000 });
  });

  it("allow one win of the same product a week: a win or an open auction of it refuses another", async () => {
    const user = await bidder();
    const win = await wonAuction(user.id, 2, { title: "Espresso machine" });
    const error = await refusalOf(enrol(db(), user.id, await createAuction(db(), now, { title: "Espresso  Machine!" }), now, limits));
    const [end] = await db().query<{ ended_at: Date }>("select ended_at from auctions where id = $1", [win]);
    expect(error).toMatchObject({
      code: "PRODUCT_WIN_LIMIT",
      values: { limit: 1, days: 7, resetsAt: end!.ended_at.getTime() + 7 * DAY * 1000 },
    });
    const other = await bidder();
    await enrol(db(), other.id, await createAuction(db(), now, { title: "City bike" }), now, limits);
    expect((await refusalOf(enrol(db(), other.id, await createAuction(db(), now, { title: "City bike" }), now, limits))).code).toBe(
      "PRODUCT_WIN_LIMIT",
    );
  });

  it("count each limit alone when the other is off (0)", async () => {
    const productOnly: WinLimits = { wins: 0, sameProductWins: 1, days: 7 };
    const user = await bidder();
    for (const title of ["Toaster", "Blender", "Kettle"]) await wonAuction(user.id, 1, { title });
    await expect(enrol(db(), user.id, await createAuction(db(), now, { title: "Juicer" }), now, productOnly)).resolves.toBeDefined();
    expect((await refusalOf(enrol(db(), user.id, await createAuction(db(), now, { title: "Kettle" }), now, productOnly))).code).toBe(
      "PRODUCT_WIN_LIMIT",
    );

    const countOnly: WinLimits = { wins: 2, sameProductWins: 0, days: 7 };
    const other = await bidder();
    await wonAuction(other.id, 1, { title: "Rice cooker" });
    await expect(enrol(db(), other.id, await createAuction(db(), now, { title: "Rice cooker" }), now, countOnly)).resolves.toBeDefined();
    expect((await refusalOf(enrol(db(), other.id, await createAuction(db(), now, { title: "Rice cooker" }), now, countOnly))).code).toBe(
      "WIN_LIMIT",
    );
  });

  it("let exactly one of a bidder's two racing enrolments through when one place is left", async () => {
    const user = await signedIn();
    await wonAuction(user.id, 1, { title: "Console" });
    const [a, b] = [
      await createAuction(db(), now, { title: "Laptop", endsAt: at(new Date(), 600) }),
      await createAuction(db(), now, { title: "Voucher", endsAt: at(new Date(), 600) }),
    ];
    const answers = await Promise.all([user.client.post(`/api/auctions/${a}/enrol`), user.client.post(`/api/auctions/${b}/enrol`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const refused = ApiErrorBody.parse(answers.find((answer) => answer.status === 403)!.body);
    expect(refused.error).toMatchObject({ code: "WIN_LIMIT", values: { limit: 2, days: 7 } });
    expect((await db().query("select 1 from enrolments where user_id = $1", [user.id])).length).toBe(1);
  });
});

describe("the auction page's eligibility", () => {
  it("tells the signed-in bidder what enrolling would answer, with the figures; signed out it asks them to sign in", async () => {
    const user = await signedIn();
    await wonAuction(user.id, 1, { title: "Smartwatch" });
    const same = await createAuction(db(), now, { title: "Smartwatch", endsAt: at(new Date(), 600) });
    const eligibility = EnrolmentEligibility.parse((await user.client.get(`/api/auctions/${same}/eligibility`)).body);
    expect(eligibility.refusal).toMatchObject({ code: "PRODUCT_WIN_LIMIT", values: { limit: 1, days: 7 } });
    expect(eligibility.refusal?.values.resetsAt).toBeGreaterThan(Date.now());
    const other = await createAuction(db(), now, { title: "Mirrorless camera", endsAt: at(new Date(), 600) });
    expect((await user.client.get(`/api/auctions/${other}/eligibility`)).body).toEqual({ refusal: null });
    expect((await new TestClient(server.url).get(`/api/auctions/${other}/eligibility`)).status).toBe(401);
    expect((await user.client.get("/api/auctions/999999/eligibility")).status).toBe(404);
  });
});

let ip = 0;
async function signedIn() {
  const client = new TestClient(server.url, `10.31.0.${++ip}`);
  const body = await signUpConfirmed(client);
  const [user] = await db().query<{ id: string }>("select id from users where email = $1", [body.email]);
  await postLedgerEntry(db(), { userId: user!.id, type: "Payment", amountCents: 10_000, description: "Test top-up" });
  return { client, id: user!.id };
}
