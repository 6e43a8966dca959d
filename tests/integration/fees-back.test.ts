// Fees back for those who lose (issue 55 item 4, decision 103): at the end, every entrant but the winner gets the
// auction's share of their entry fee back as a Refund, floored to the cent, once, however many lifecycle runs race;
// it shows in the wallet's lines, the true cost, the fairness figures and the spend limits; operators set it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuctionDetail, FairnessFigures, OperatorAuctionDetail, SpendLimitsResponse, TransactionsResponse } from "../../contract";
import { auctionStates } from "../../server/auctions/auctions.queries";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { fairnessFigures } from "../../server/auctions/fairness.queries";
import { balanceCents, postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient, signUpConfirmed } from "../support/client";
import { at, createAuction, createBidder, type AuctionFixture } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
const db = () => server.database.db;
// The ledger stamps entries with the database's clock, which the spend limits' month reads: the engine's is near it.
const now = new Date();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A running auction with `count` enrolled bidders (€10 each in their wallets). */
async function runningWith(count: number, fixture: AuctionFixture) {
  const auction = await createAuction(db(), now, { endsAt: at(now, 60), ...fixture });
  const users = [];
  for (let i = 0; i < count; i++) {
    const user = await createBidder(db(), { balanceCents: 1000 });
    await enrol(db(), user.id, auction, now);
    users.push(user);
  }
  return { auction, users };
}

const refundsOf = (auction: number) =>
  db().query<{ user_id: string; amount_cents: number; description: string }>(
    "select user_id, amount_cents, description from wallet_transactions where auction_id = $1 and type = 'Refund' order by amount_cents, user_id",
    [auction],
  );

/** Every wallet's balance is the sum of its ledger. */
async function expectLedgerMatchesBalances() {
  const drift = await db().query(
    `select w.user_id from wallets w
     where w.balance_cents <> (select coalesce(sum(t.amount_cents), 0) from wallet_transactions t where t.user_id = w.user_id)`,
  );
  expect(drift).toEqual([]);
}

describe("the end gives losers their share back", () => {
  it("refunds each loser once, floored to the cent, and not the winner, however many lifecycle runs race", async () => {
    const { auction, users } = await runningWith(3, { entryFeeCents: 151, feeBackPercent: 50, title: "Espresso machine" });
    const [winner, loser, watcher] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    await placeBid(db(), loser.id, auction, now);
    await placeBid(db(), winner.id, auction, at(now, 1));
    const runs = await Promise.all([1, 2, 3, 4].map(() => advanceLifecycle(db(), at(now, 3600))));
    expect(runs.flat().filter((t) => t.auctionId === auction)).toEqual([{ auctionId: auction, status: "Ended" }]);
    // 50 % of €1.51 is 75.5 cents: 75 come back, to the loser who bid and to the one who only entered.
    const refunds = await refundsOf(auction);
    expect(refunds.map((r) => r.user_id).sort()).toEqual([loser.id, watcher.id].sort());
    expect(refunds.map((r) => r.amount_cents)).toEqual([75, 75]);
    expect(refunds[0]!.description).toBe("Entry fee back (50%): Espresso machine");
    expect(await balanceCents(db(), winner.id)).toBe(1000 - 151);
    expect(await balanceCents(db(), loser.id)).toBe(1000 - 151 + 75);
    expect(await balanceCents(db(), watcher.id)).toBe(1000 - 151 + 75);
    await advanceLifecycle(db(), at(now, 7200));
    expect(await refundsOf(auction)).toHaveLength(2);
    await expectLedgerMatchesBalances();
  });

  it("gives back nothing at 0 %", async () => {
    const { auction, users } = await runningWith(2, { entryFeeCents: 200, feeBackPercent: 0 });
    await placeBid(db(), users[0]!.id, auction, now);
    await advanceLifecycle(db(), at(now, 3600));
    expect(await refundsOf(auction)).toEqual([]);
    expect(await balanceCents(db(), users[1]!.id)).toBe(800);
  });

  it("gives back the whole fee at 100 %, to every entrant when nobody bid", async () => {
    const { auction, users } = await runningWith(2, { entryFeeCents: 200, feeBackPercent: 100 });
    await Promise.all([advanceLifecycle(db(), at(now, 3600)), advanceLifecycle(db(), at(now, 3600))]);
    expect((await refundsOf(auction)).map((r) => r.amount_cents)).toEqual([200, 200]);
    for (const user of users) expect(await balanceCents(db(), user.id)).toBe(1000);
    await expectLedgerMatchesBalances();
  });

  it("gives back nothing under a cent (1 % of a 50-cent fee)", async () => {
    const { auction, users } = await runningWith(2, { entryFeeCents: 50, feeBackPercent: 1 });
    await placeBid(db(), users[0]!.id, auction, now);
    await advanceLifecycle(db(), at(now, 3600));
    expect(await refundsOf(auction)).toEqual([]);
  });

  it("refunds in the bid that ends an auction at its price cap, and its state counts the fees less them", async () => {
    const { auction, users } = await runningWith(3, { entryFeeCents: 100, feeBackPercent: 40, priceCapCents: 2 });
    await placeBid(db(), users[0]!.id, auction, now);
    const last = await placeBid(db(), users[1]!.id, auction, at(now, 1));
    expect(last.hasEnded).toBe(true);
    expect(last.state.trueCost).toEqual({ winnerPaidCents: 2 + 100, entryFeesCents: 300 - 2 * 40 });
    expect((await refundsOf(auction)).map((r) => r.user_id).sort()).toEqual([users[0]!.id, users[2]!.id].sort());
    await advanceLifecycle(db(), at(now, 3600));
    expect(await refundsOf(auction)).toHaveLength(2);
    await expectLedgerMatchesBalances();
  });

  it("pays nothing into an account closed since it entered (a closed account holds no money)", async () => {
    const { auction, users } = await runningWith(2, { entryFeeCents: 100, feeBackPercent: 100 });
    await db().query("update users set deleted_at = now() where id = $1", [users[1]!.id]);
    await advanceLifecycle(db(), at(now, 3600));
    expect((await refundsOf(auction)).map((r) => r.user_id)).toEqual([users[0]!.id]);
    expect(await balanceCents(db(), users[1]!.id)).toBe(900);
  });

  it("never writes a second refund of one fee: the ledger holds it", async () => {
    const { auction, users } = await runningWith(1, { entryFeeCents: 100, feeBackPercent: 100 });
    await advanceLifecycle(db(), at(now, 3600));
    const again = { userId: users[0]!.id, type: "Refund" as const, amountCents: 100, description: "again", auctionId: auction };
    await expect(db().transaction((tx) => postLedgerEntry(tx, again))).rejects.toThrow(/wallet_transactions_one_refund/);
    expect(await balanceCents(db(), users[0]!.id)).toBe(1000);
  });
});

describe("where fees back show", () => {
  let ip = 0;
  async function signedIn() {
    const client = new TestClient(server.url, `10.55.4.${++ip}`);
    const body = await signUpConfirmed(client);
    const [user] = await db().query<{ id: string }>("select id from users where email = $1", [body.email]);
    await postLedgerEntry(db(), { userId: user!.id, type: "Payment", amountCents: 1000, description: "Test top-up" });
    return { client, id: user!.id, email: body.email };
  }

  it("is set by operators, shown on the auction, and counted in the wallet, the true cost, the fairness figures and the spend limits", async () => {
    const operator = await signedIn();
    await db().query("update users set role = 'operator' where id = $1", [operator.id]);
    const create = (feeBackPercent: unknown) =>
      operator.client.post("/api/operator/auctions", {
        title: "Coffee grinder",
        initialSeconds: 60,
        resetSeconds: 15,
        entryFeeCents: 300,
        feeBackPercent,
      });
    expect((await create(101)).status).toBe(400);
    expect((await create(12.5)).status).toBe(400);
    const created = await create(20);
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect((await operator.client.request("PATCH", `/api/operator/auctions/${id}`, { feeBackPercent: 50 })).status).toBe(200);
    expect(OperatorAuctionDetail.parse((await operator.client.get(`/api/operator/auctions/${id}`)).body).feeBackPercent).toBe(50);
    expect((await operator.client.post(`/api/operator/auctions/${id}/start-now`, {})).status).toBe(200);

    const [winner, loser] = [await signedIn(), await signedIn()];
    for (const bidder of [winner, loser]) expect((await bidder.client.post(`/api/auctions/${id}/enrol`)).status).toBe(200);
    await loser.client.put("/api/spend-limits", { auctionLimitCents: 5000, topUpLimitCents: null });
    const page = AuctionDetail.parse((await loser.client.get(`/api/auctions/${id}`)).body);
    expect(page.feeBackPercent).toBe(50);
    expect((await winner.client.post(`/api/auctions/${id}/bids`)).status).toBe(200);
    expect((await operator.client.post(`/api/operator/auctions/${id}/end-now`, {})).status).toBe(200);

    const lines = TransactionsResponse.parse(
      (
        await loser.client.request("GET", "/api/user-wallet/transactions", undefined, {
          "X-Requested-With": "XMLHttpRequest",
          "Accept-Language": "en",
        })
      ).body,
    );
    expect(lines.items[0]).toMatchObject({ type: "Refund", amount: 1.5, description: "50% of your entry fee back: Coffee grinder" });
    const winnerLines = TransactionsResponse.parse((await winner.client.get("/api/user-wallet/transactions")).body);
    expect(winnerLines.items.map((line) => line.type)).not.toContain("Refund");
    const [state] = await auctionStates(db(), [id], undefined);
    expect(state?.trueCost).toEqual({ winnerPaidCents: 1 + 300, entryFeesCents: 600 - 150 });
    expect(FairnessFigures.parse((await loser.client.get(`/api/auctions/${id}/fairness`)).body).feesBackCents).toBe(150);
    expect((await fairnessFigures(db(), id))?.feesBackCents).toBe(150);
    // Money returned is no longer spent: €3.00 paid, €1.50 back.
    expect(SpendLimitsResponse.parse((await loser.client.get("/api/spend-limits")).body).auction).toMatchObject({
      spentCents: 150,
      leftCents: 4850,
    });
  });
});
