// Issue 55 item 1: what an auction of a product usually costs, from the product's auctions ended in the last 90 days,
// counted by the server from the ledger (entry fees, win payments, refunds) and a won price still due.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsualCost } from "../../contract";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { payForWonAuction } from "../../server/fulfilment/fulfilment.service";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient } from "../support/client";
import { at, createAuction, createBidder } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
const db = () => server.database.db;
const DAY = 86_400;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function usualCostOf(auctionId: number): Promise<UsualCost> {
  const answer = await new TestClient(server.url).get(`/api/auctions/${auctionId}/usual-cost`);
  expect(answer.status).toBe(200);
  return UsualCost.parse(answer.body);
}

/** A running auction of `product` (its title), worth `retailValueCents`, starting at `priceCents`. */
async function auctionOf(product: string, now: Date, fields: { entryFeeCents: number; priceCents?: number; retailValueCents?: number }) {
  const id = await createAuction(db(), now, { title: product, entryFeeCents: fields.entryFeeCents, priceCents: fields.priceCents ?? 0 });
  await db().query("update auctions set retail_value_cents = $2 where id = $1", [id, fields.retailValueCents ?? 5000]);
  return id;
}

async function enrolled(auctionId: number, now: Date, ...bidders: { id: string }[]) {
  for (const bidder of bidders) await enrol(db(), bidder.id, auctionId, now);
}

const pay = (userId: string, auctionId: number, now: Date) =>
  payForWonAuction(db(), { userId, auctionId, deliveryAddress: "Brīvības iela 1, Rīga", phone: "+37120000000", now });

describe("what an auction of a product usually costs", () => {
  it("counts the spends of the product's last 90 days: median, 90th percentile, winners' all-in against retail, share who won", async () => {
    const now = new Date();
    const product = `Kettle ${randomUUID()}`;
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => createBidder(db(), { balanceCents: 100_000 })));
    if (!a || !b || !c || !d || !e) throw new Error("bidders missing");

    // 1: fee €2.10; a, b, c; a wins at €10.03 and pays; c gets €0.50 back. Spent: a 1213, b 210, c 160.
    const first = await auctionOf(product, now, { entryFeeCents: 210, priceCents: 1000, retailValueCents: 5000 });
    await enrolled(first, now, a, b, c);
    for (const [i, bidder] of [a, b, a].entries()) await placeBid(db(), bidder.id, first, at(now, 1 + i));
    await postLedgerEntry(db(), { userId: c.id, type: "Refund", amountCents: 50, description: "Part of the fee back", auctionId: first });
    // 2: fee €3; a, d; d wins at €20.01 and has not paid yet: the price is still due. Spent: a 300, d 2301.
    const second = await auctionOf(product, now, { entryFeeCents: 300, priceCents: 2000, retailValueCents: 5000 });
    await enrolled(second, now, a, d);
    await placeBid(db(), d.id, second, at(now, 1));
    // 3: fee €1; b, c, d; c's fee refunded; b wins and lets the payment window lapse: no win. Spent: b 100, c 0, d 100.
    const third = await auctionOf(product, now, { entryFeeCents: 100, priceCents: 500, retailValueCents: 9000 });
    await enrolled(third, now, b, c, d);
    await postLedgerEntry(db(), { userId: c.id, type: "Refund", amountCents: 100, description: "Entry fee refunded", auctionId: third });
    await placeBid(db(), b.id, third, at(now, 1));
    // 4: free; a, b; b wins at €0.01 and pays. Spent: a 0, b 1.
    const fourth = await auctionOf(product, now, { entryFeeCents: 0, retailValueCents: 8000 });
    await enrolled(fourth, now, a, b);
    await placeBid(db(), b.id, fourth, at(now, 1));
    // 5: fee €2.55; c and e; nobody bids. Spent: c 255, e 255.
    const fifth = await auctionOf(product, now, { entryFeeCents: 255, retailValueCents: 9000 });
    await enrolled(fifth, now, c, e);

    // Not counted: the product's auction ended 91 days ago, its running one, another product's ended one.
    const old = await auctionOf(product, now, { entryFeeCents: 999 });
    await enrolled(old, now, e);
    const running = await auctionOf(product, now, { entryFeeCents: 777 });
    const other = await auctionOf(`Toaster ${randomUUID()}`, now, { entryFeeCents: 888 });
    await enrolled(other, now, e);
    await db().query("update auctions set ends_at = $2 where id = $1", [running, at(now, 30 * DAY)]);
    await advanceLifecycle(db(), at(now, 3600));
    await db().query("update auctions set ended_at = $2 where id = $1", [old, at(now, -91 * DAY)]);
    await enrolled(running, now, e);

    const later = at(now, 3700);
    await pay(a.id, first, later);
    await pay(b.id, fourth, later);
    await db().query("update fulfilments set state = 'Expired', expired_at = $2 where auction_id = $1", [third, later]);

    // Spends, in order: 0, 0, 1, 100, 100, 160, 210, 255, 255, 300, 1213, 2301 (twelve bidders).
    // Median: halfway between the 6th and 7th, (160 + 210) / 2 = 185. 90th percentile: 9.9 places in, so
    // 300 + 0.9 × (1213 − 300) = 1121.7 → 1122. Wins that stand: a (1213), d (2301), b (1): 3 of 12; on average
    // 3515 / 3 = 1171.67 → 1172 in all, for items worth (5000 + 5000 + 8000) / 3 = 6000.
    expect(await usualCostOf(running)).toEqual({
      windowDays: 90,
      minAuctions: 5,
      auctions: 5,
      figures: {
        participants: 12,
        medianSpentCents: 185,
        p90SpentCents: 1122,
        wins: 3,
        winShare: 0.25,
        winnerAllInCents: 1172,
        retailValueCents: 6000,
      },
    });
  });

  it("says there is not enough history below five ended auctions, or with nobody who took part", async () => {
    const now = new Date();
    const bidder = await createBidder(db(), { balanceCents: 10_000 });
    const fewer = `Lamp ${randomUUID()}`;
    for (let i = 0; i < 4; i += 1) await enrolled(await auctionOf(fewer, now, { entryFeeCents: 100 }), now, bidder);
    const empty = `Chair ${randomUUID()}`;
    for (let i = 0; i < 5; i += 1) await auctionOf(empty, now, { entryFeeCents: 100 });
    const [fewerOpen, emptyOpen] = [
      await auctionOf(fewer, now, { entryFeeCents: 100 }),
      await auctionOf(empty, now, { entryFeeCents: 100 }),
    ];
    await db().query("update auctions set ends_at = $3 where id in ($1, $2)", [fewerOpen, emptyOpen, at(now, 30 * DAY)]);
    await advanceLifecycle(db(), at(now, 3600));

    expect(await usualCostOf(fewerOpen)).toEqual({ windowDays: 90, minAuctions: 5, auctions: 4, figures: null });
    expect(await usualCostOf(emptyOpen)).toEqual({ windowDays: 90, minAuctions: 5, auctions: 5, figures: null });
  });

  it("has no figures for a draft or a missing auction", async () => {
    const draft = await createAuction(db(), new Date(), { status: "New" });
    for (const id of [draft, 987_654_321]) {
      const answer = await new TestClient(server.url).get(`/api/auctions/${id}/usual-cost`);
      expect([answer.status, answer.body]).toEqual([
        404,
        expect.objectContaining({ error: expect.objectContaining({ code: "NOT_FOUND", message: "No such auction." }) }),
      ]);
    }
  });
});
