// Issue 21 items 4 and 5: an ended auction's true cost and every auction's public fairness figures, counted by the
// server; staff and demo bidders labelled in the bid lists by the bid's own statement.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuctionDetail, BidChainResponse, FairnessFigures, SearchAuctionsResponse } from "../../contract";
import { auctionStates } from "../../server/auctions/auctions.queries";
import { bidHash, genesisHash } from "../../server/auctions/bid-chain";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { cachedFairnessFigures } from "../../server/auctions/fairness.queries";
import { splitStatements } from "../../server/db/migrate";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient } from "../support/client";
import { at, createAuction, createBidder } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
const db = () => server.database.db;
const anonymous = () => new TestClient(server.url);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Kind = "plain" | "operator" | "demo" | "demoOperator";

/** A bidder with money, enrolled in the auction at `now`; an operator and/or a demo account if asked. */
async function entrant(auction: number, now: Date, kind: Kind = "plain") {
  const bidder = await createBidder(db(), { balanceCents: 10_000 });
  if (kind === "operator" || kind === "demoOperator") await db().query("update users set role = 'operator' where id = $1", [bidder.id]);
  if (kind === "demo" || kind === "demoOperator") await db().query("update users set is_demo = true where id = $1", [bidder.id]);
  await enrol(db(), bidder.id, auction, now);
  return bidder;
}

async function figuresOf(auction: number): Promise<FairnessFigures> {
  const answer = await anonymous().get(`/api/auctions/${auction}/fairness`);
  expect(answer.status).toBe(200);
  return FairnessFigures.parse(answer.body);
}

async function detailOf(auction: number): Promise<AuctionDetail> {
  return AuctionDetail.parse((await anonymous().get(`/api/auctions/${auction}`)).body);
}

describe("fairness figures", () => {
  it("counts entrants, distinct bidders, bids and auto-bids, with the chain's head as its last link", async () => {
    const now = new Date();
    const auction = await createAuction(db(), now, { initialSeconds: 600, resetSeconds: 60 });
    const [anna, otto] = [await entrant(auction, now), await entrant(auction, now)];
    await entrant(auction, now); // enrolled, never bids
    const plan = [
      { bidder: anna, isAuto: false },
      { bidder: otto, isAuto: true },
      { bidder: anna, isAuto: false },
      { bidder: otto, isAuto: true },
      { bidder: anna, isAuto: true },
    ];
    for (const [i, step] of plan.entries()) await placeBid(db(), step.bidder.id, auction, at(now, 1 + i * 1.5), { isAuto: step.isAuto });

    const figures = await figuresOf(auction);
    expect(figures).toMatchObject({
      auctionId: auction,
      status: "Running",
      entrants: 3,
      distinctBidders: 2,
      bids: 5,
      autoBids: 3,
      autoBidShare: 0.6,
      genesisHash: genesisHash(auction),
      finalHash: null,
      staffBidders: 0,
      demoBidders: 0,
    });
    // The head is the chain's last link as anyone recomputes it from the public chain, and the newest recent bid's hash.
    const chain = BidChainResponse.parse((await anonymous().get(`/api/auctions/${auction}/chain`)).body);
    let previous = genesisHash(auction);
    for (const link of chain.links) {
      expect(link.hash).toBe(
        bidHash({
          prevHash: previous,
          auctionId: auction,
          userId: link.bidderId,
          priceCents: link.priceCents,
          placedAt: new Date(link.placedAt),
        }),
      );
      previous = link.hash;
    }
    expect(chain.links).toHaveLength(5);
    expect(figures.headHash).toBe(previous);
    expect((await detailOf(auction)).recentBids.map((bid) => bid.hash)).toEqual(chain.links.map((link) => link.hash).reverse());
  });

  it("has no head before the first bid, and publishes the final hash at the end", async () => {
    const now = new Date();
    const auction = await createAuction(db(), now, { initialSeconds: 600 });
    const anna = await entrant(auction, now);
    expect(await figuresOf(auction)).toMatchObject({
      entrants: 1,
      bids: 0,
      autoBids: 0,
      autoBidShare: null,
      headHash: null,
      finalHash: null,
    });
    await placeBid(db(), anna.id, auction, at(now, 1));
    await advanceLifecycle(db(), at(now, 3600));
    const figures = await figuresOf(auction);
    expect(figures).toMatchObject({ status: "Ended", bids: 1, autoBidShare: 0 });
    expect(figures.finalHash).toBe(figures.headHash);
    expect(figures.finalHash).toBe((await detailOf(auction)).finalHash);
  });

  it("says how many bidders were staff or demo accounts, and labels them in every bid list", async () => {
    const now = new Date();
    const auction = await createAuction(db(), now, { initialSeconds: 600 });
    const kinds: Kind[] = ["plain", "operator", "demo", "demoOperator", "demo"];
    const bidders = [];
    for (const kind of kinds) bidders.push(await entrant(auction, now, kind));
    for (const [i, bidder] of bidders.entries()) await placeBid(db(), bidder.id, auction, at(now, 1 + i));

    expect(await figuresOf(auction)).toMatchObject({ distinctBidders: 5, staffBidders: 2, demoBidders: 2 });
    const expected = [null, "staff", "demo", "staff", "demo"];
    const detail = await detailOf(auction);
    expect(detail.recentBids.map((bid) => bid.label)).toEqual([...expected].reverse());
    const chain = BidChainResponse.parse((await anonymous().get(`/api/auctions/${auction}/chain`)).body);
    expect(chain.links.map((link) => link.label)).toEqual(expected);
    // Bids placed before migration 017 get theirs from its backfill, the same as a bid's own statement writes.
    const migration = readFileSync(new URL("../../server/db/migrations/017_fairness_figures.sql", import.meta.url), "utf8");
    const backfill = splitStatements(migration).find((statement) => statement.startsWith("update auctions a set recent_bids"));
    await db().query("update auctions set recent_bids = '[]' where id = $1", [auction]);
    await db().query(backfill ?? "missing backfill");
    expect((await detailOf(auction)).recentBids).toEqual(detail.recentBids);
  });

  it("answers 404 for a draft and for no auction at all", async () => {
    const draft = await createAuction(db(), new Date(), { status: "New" });
    expect((await anonymous().get(`/api/auctions/${draft}/fairness`)).status).toBe(404);
    expect((await anonymous().get("/api/auctions/999999/fairness")).status).toBe(404);
  });

  it("counts a running auction's figures at each ask and keeps an ended auction's", async () => {
    const now = new Date();
    const auction = await createAuction(db(), now, { initialSeconds: 600 });
    const [anna, otto] = [await entrant(auction, now), await entrant(auction, now)];
    const figures = cachedFairnessFigures(db());
    await placeBid(db(), anna.id, auction, at(now, 1));
    expect((await figures(auction))?.bids).toBe(1);
    await placeBid(db(), otto.id, auction, at(now, 2));
    expect((await figures(auction))?.bids).toBe(2);
    await advanceLifecycle(db(), at(now, 3600));
    expect(await figures(auction)).toMatchObject({ status: "Ended", staffBidders: 0 });
    // Kept: a later change of a bidder's role no longer reaches the answer (the chain and its bidders are final).
    await db().query("update users set role = 'operator' where id = $1", [anna.id]);
    expect((await figures(auction))?.staffBidders).toBe(0);
    expect((await cachedFairnessFigures(db())(auction))?.staffBidders).toBe(1);
  });
});

describe("the true cost of an ended auction", () => {
  it("gives the winner's price plus their entry fee, and every entry fee taken, less refunds", async () => {
    const now = new Date();
    const auction = await createAuction(db(), now, { entryFeeCents: 150, initialSeconds: 600, priceCapCents: 4 });
    const [anna, otto] = [await entrant(auction, now), await entrant(auction, now)];
    const lena = await entrant(auction, now);
    const before = await detailOf(auction);
    expect(before.trueCost).toBeNull();
    await placeBid(db(), anna.id, auction, at(now, 1));
    await placeBid(db(), otto.id, auction, at(now, 2));
    await placeBid(db(), anna.id, auction, at(now, 3));
    expect((await detailOf(auction)).trueCost).toBeNull();
    // The fourth bid reaches the cap: the state the bid returns (the feed sends it) carries the cost already.
    const last = await placeBid(db(), otto.id, auction, at(now, 4));
    expect(last.state).toMatchObject({ status: "Ended", priceCents: 4, trueCost: { winnerPaidCents: 4 + 150, entryFeesCents: 3 * 150 } });
    const [read] = await auctionStates(db(), [auction], undefined);
    expect({ ...read, serverNow: 0 }).toEqual({ ...last.state, serverNow: 0 });

    // A refund tied to the auction comes off what the bidders paid together; a fee elsewhere does not count.
    await postLedgerEntry(db(), {
      userId: lena.id,
      type: "Refund",
      amountCents: 150,
      description: "Entry fee refunded",
      auctionId: auction,
    });
    const other = await createAuction(db(), now, { entryFeeCents: 70 });
    await enrol(db(), otto.id, other, now);
    expect((await detailOf(auction)).trueCost).toEqual({ winnerPaidCents: 154, entryFeesCents: 300 });
    const ended = SearchAuctionsResponse.parse((await anonymous().post("/api/auctions/search", { status: "Ended" })).body);
    expect(ended.items.find((item) => item.id === auction)?.trueCost).toEqual({ winnerPaidCents: 154, entryFeesCents: 300 });
  });

  it("has no winner's total when nobody bid, and no fees on a free auction", async () => {
    const now = new Date();
    const unsold = await createAuction(db(), now, { entryFeeCents: 90, initialSeconds: 60 });
    await entrant(unsold, now);
    await entrant(unsold, now);
    const free = await createAuction(db(), now, { entryFeeCents: 0, initialSeconds: 60 });
    const anna = await entrant(free, now);
    await placeBid(db(), anna.id, free, at(now, 1));
    await advanceLifecycle(db(), at(now, 3600));
    expect((await detailOf(unsold)).trueCost).toEqual({ winnerPaidCents: null, entryFeesCents: 180 });
    expect((await detailOf(free)).trueCost).toEqual({ winnerPaidCents: 1, entryFeesCents: 0 });
  });
});
