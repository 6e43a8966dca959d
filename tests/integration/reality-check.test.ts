// Reality checks (issue 53 item 5, decision 095): the session's stretch of play and what it has cost, counted by the
// server from the ledger; the bidder's interval; a break starts a new stretch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody, RealityCheckView } from "../../contract";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

let ip = 0;
async function signedIn() {
  const { client, body, userId } = await bidderClient(server, `10.53.5.${++ip}`, {}, { balanceCents: 10_000 });
  return { client, id: userId, email: body.email, password: body.password };
}

const viewOf = async (client: TestClient) => {
  const answer = await client.get("/api/reality-check");
  expect(answer.status).toBe(200);
  return RealityCheckView.parse(answer.body);
};

/** Moves the user's sessions' stretch of play (and the last check) back by `minutes`, as if that long had passed. */
const backdateSessions = (userId: string, minutes: number) =>
  db().query(
    `update sessions set play_started_at = play_started_at - make_interval(mins => $2),
       reality_checked_at = reality_checked_at - make_interval(mins => $2) where user_id = $1`,
    [userId, minutes],
  );

const spend = (userId: string, type: "AuctionEnrollment" | "AuctionPayment" | "BuyItNow" | "Refund", amountCents: number) =>
  postLedgerEntry(db(), { userId, type, amountCents, description: `Test ${type}` });

describe("the session's cost", () => {
  it("counts entry fees, payments for wins and Buy it now less refunds during the session; not top-ups, not before it, not another user's", async () => {
    const anna = await signedIn();
    const other = await signedIn();
    // Spent before this stretch began: an hour before, then the stretch is moved back only half an hour.
    const earlier = await spend(anna.id, "AuctionEnrollment", -300);
    await db().query("update wallet_transactions set created_at = now() - interval '2 hours' where id = $1", [earlier.id]);
    await backdateSessions(anna.id, 30);
    await spend(anna.id, "AuctionEnrollment", -250);
    await spend(anna.id, "AuctionPayment", -1000);
    await spend(anna.id, "BuyItNow", -500);
    await spend(anna.id, "Refund", 250);
    await postLedgerEntry(db(), { userId: anna.id, type: "Payment", amountCents: 2000, description: "Another top-up" });
    await spend(other.id, "AuctionEnrollment", -700);

    const view = await viewOf(anna.client);
    expect(view.costCents).toBe(250 + 1000 + 500 - 250);
    expect(view.elapsedSeconds).toBeGreaterThanOrEqual(30 * 60);
    expect((await viewOf(other.client)).costCents).toBe(700);
  });

  it("starts at sign-in: a new session on another device counts only what was spent since it began", async () => {
    const anna = await signedIn();
    await backdateSessions(anna.id, 45);
    await spend(anna.id, "AuctionEnrollment", -100);
    await db().query(
      "update wallet_transactions set created_at = now() - interval '10 minutes' where user_id = $1 and type = 'AuctionEnrollment'",
      [anna.id],
    );
    const phone = new TestClient(server.url, `10.53.6.${++ip}`);
    expect((await phone.post("/authn/sign-in", { email: anna.email, password: anna.password })).status).toBe(200);
    await spend(anna.id, "AuctionEnrollment", -40);

    const onPhone = await viewOf(phone);
    expect(onPhone).toMatchObject({ costCents: 40, intervalMinutes: 60 });
    expect(onPhone.elapsedSeconds).toBeLessThan(60);
    const onDesktop = await viewOf(anna.client);
    expect(onDesktop.costCents).toBe(140);
    expect(onDesktop.elapsedSeconds).toBeGreaterThanOrEqual(45 * 60);
  });
});

describe("answering a check", () => {
  it("counts the next one from the answer, while the session's length goes on", async () => {
    const anna = await signedIn();
    await backdateSessions(anna.id, 61);
    const due = await viewOf(anna.client);
    expect(due.sinceCheckSeconds).toBeGreaterThanOrEqual(61 * 60);
    expect(due.checkedAt).toBeNull();
    const answered = await anna.client.post("/api/reality-check/continue");
    expect(answered.status).toBe(200);
    const after = RealityCheckView.parse(answered.body);
    expect(after.sinceCheckSeconds).toBeLessThan(5);
    expect(after.elapsedSeconds).toBeGreaterThanOrEqual(61 * 60);
    expect(after.startedAt).toBe(due.startedAt);
    expect(after.checkedAt).not.toBeNull();
    expect((await viewOf(anna.client)).sinceCheckSeconds).toBeLessThan(5);
  });

  it("starts a new stretch after a break of 30 minutes without a request", async () => {
    const anna = await signedIn();
    await spend(anna.id, "AuctionEnrollment", -100);
    await backdateSessions(anna.id, 90);
    await db().query(
      "update wallet_transactions set created_at = now() - interval '80 minutes' where user_id = $1 and type = 'AuctionEnrollment'",
      [anna.id],
    );
    // Away for 31 minutes: the next request is the start of a new stretch.
    await db().query("update sessions set last_seen_at = now() - interval '31 minutes' where user_id = $1", [anna.id]);
    const back = await viewOf(anna.client);
    expect(back.elapsedSeconds).toBeLessThan(5);
    expect(back.sinceCheckSeconds).toBeLessThan(5);
    expect(back.costCents).toBe(0);
  });

  it("keeps the stretch through a short absence", async () => {
    const anna = await signedIn();
    await backdateSessions(anna.id, 50);
    await db().query("update sessions set last_seen_at = now() - interval '20 minutes' where user_id = $1", [anna.id]);
    expect((await viewOf(anna.client)).elapsedSeconds).toBeGreaterThanOrEqual(50 * 60);
  });
});

describe("the interval", () => {
  it("is 60 minutes unless the bidder chooses 30 or 120; anything else is refused and changes nothing", async () => {
    const anna = await signedIn();
    const other = await signedIn();
    expect((await viewOf(anna.client)).intervalMinutes).toBe(60);
    const set = await anna.client.put("/api/reality-check/interval", { intervalMinutes: 30 });
    expect(set.status).toBe(200);
    expect(RealityCheckView.parse(set.body).intervalMinutes).toBe(30);
    for (const body of [
      { intervalMinutes: 45 },
      { intervalMinutes: "120" },
      { intervalMinutes: 0 },
      {},
      { intervalMinutes: 120, extra: 1 },
    ]) {
      const answer = await anna.client.put("/api/reality-check/interval", body);
      expect(answer.status).toBe(400);
      expect(ApiErrorBody.parse(answer.body).error.code).toBe("VALIDATION_FAILED");
    }
    expect((await viewOf(anna.client)).intervalMinutes).toBe(30);
    expect((await viewOf(other.client)).intervalMinutes).toBe(60);
    await anna.client.put("/api/reality-check/interval", { intervalMinutes: 120 });
    expect((await viewOf(anna.client)).intervalMinutes).toBe(120);
  });

  it("is the signed-in bidder's only", async () => {
    const visitor = new TestClient(server.url, `10.53.7.${++ip}`);
    expect((await visitor.get("/api/reality-check")).status).toBe(401);
    expect((await visitor.post("/api/reality-check/continue")).status).toBe(401);
    expect((await visitor.put("/api/reality-check/interval", { intervalMinutes: 30 })).status).toBe(401);
  });
});
