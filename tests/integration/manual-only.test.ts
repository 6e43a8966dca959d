// Manual-only ("nail-biter") auctions (decision 101): no auto-bid is set or placed in them, also when an operator
// switches an auction while a round of auto-bids is under way; the switch removes the auto-bids already set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auctionStates } from "../../server/auctions/auctions.queries";
import { autoBidRound, enrol, placeBid, setAutoBid } from "../../server/auctions/engine";
import type { Database } from "../../server/db/database";
import { makeManualOnly } from "../../server/operator/auctions.service";
import { Refusal } from "../../server/refusal";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { at, createAuction, createBidder } from "../support/fixtures";

let database: TestDatabase;
const db = () => database.db;
const now = new Date("2026-12-05T12:00:00.000Z");

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return (error as Refusal).code;
}

const autoBidsOf = (auctionId: number) =>
  db().query<{ user_id: string }>("select user_id from auto_bids where auction_id = $1", [auctionId]);
const bidsOf = (auctionId: number) =>
  db().query<{ user_id: string; is_auto: boolean }>("select user_id, is_auto from bids where auction_id = $1 order by id", [auctionId]);

/** Two enrolled bidders in a running auction; the first leads after one bid. */
async function duel(fixture: { manualOnly?: boolean } = {}) {
  const auction = await createAuction(db(), now, { entryFeeCents: 0, ...fixture });
  const anna = await createBidder(db());
  const otto = await createBidder(db());
  await enrol(db(), anna.id, auction, now);
  await enrol(db(), otto.id, auction, now);
  return { auction, anna, otto };
}

describe("a manual-only auction", () => {
  it("refuses to set an auto-bid and stores none; a manual bid goes through; its state says manual only", async () => {
    const { auction, anna, otto } = await duel({ manualOnly: true });
    expect(await refusalOf(setAutoBid(db(), anna.id, auction, 50, now))).toBe("MANUAL_ONLY");
    expect(await autoBidsOf(auction)).toEqual([]);
    // Stopping one (there is none) is not refused: a bidder whose auto-bid the switch removed may still press Stop.
    await expect(setAutoBid(db(), anna.id, auction, null, now)).resolves.toBeUndefined();
    await placeBid(db(), otto.id, auction, now);
    expect(await bidsOf(auction)).toEqual([{ user_id: otto.id, is_auto: false }]);
    const [state] = await auctionStates(db(), [auction], "en");
    expect(state?.manualOnly).toBe(true);
    const [plain] = await auctionStates(db(), [await createAuction(db(), now)], "en");
    expect(plain?.manualOnly).toBe(false);
  });

  it("never gets an auto bid from a round, even from an auto-bid written before (place_bid refuses it on the locked row)", async () => {
    const { auction, anna, otto } = await duel({ manualOnly: true });
    // As if set before the rule: a row the switch would have removed.
    await db().query("insert into auto_bids (auction_id, user_id, max_price_cents) values ($1, $2, 50)", [auction, anna.id]);
    await placeBid(db(), otto.id, auction, now);
    expect(await autoBidRound(db(), at(now, 2))).toEqual([]);
    expect(await refusalOf(placeBid(db(), anna.id, auction, at(now, 3), { isAuto: true }))).toBe("MANUAL_ONLY");
    expect(await bidsOf(auction)).toEqual([{ user_id: otto.id, is_auto: false }]);
    // The same bidder bidding by hand is an ordinary bid.
    // The feed sends what the bid returned: it says manual only too.
    expect((await placeBid(db(), anna.id, auction, at(now, 4))).state.manualOnly).toBe(true);
    expect((await bidsOf(auction)).map((bid) => bid.is_auto)).toEqual([false, false]);
  });
});

describe("switching an auction to manual-only", () => {
  it("removes the auto-bids set, bumps the state, logs who did it, and is refused for a draft, an ended auction or twice", async () => {
    const { auction, anna, otto } = await duel();
    await setAutoBid(db(), anna.id, auction, 50, now);
    await setAutoBid(db(), otto.id, auction, 60, now);
    const [before] = await auctionStates(db(), [auction], "en");
    const changes = await makeManualOnly(db(), "operator@pennybid.lv", auction);
    // The two bidders whose auto-bids went are named, to be told (decision 111).
    expect({
      ...changes,
      autoBidsRemoved: { ...changes.autoBidsRemoved, userIds: [...(changes.autoBidsRemoved?.userIds ?? [])].sort() },
    }).toEqual({
      auctionIds: [auction],
      walletUserIds: [],
      autoBidsRemoved: { auctionId: auction, title: expect.any(String), userIds: [anna.id, otto.id].sort() },
    });
    expect(await autoBidsOf(auction)).toEqual([]);
    const [after] = await auctionStates(db(), [auction], "en");
    expect(after?.manualOnly).toBe(true);
    expect(after!.seq).toBeGreaterThan(before!.seq);
    const [logged] = await db().query<{ actor: string; details: { autoBidsRemoved: number } }>(
      "select actor, details from operator_actions where action = 'auction.manual-only' and subject = $1",
      [`auction:${auction}`],
    );
    expect(logged).toEqual({ actor: "operator@pennybid.lv", details: { autoBidsRemoved: 2 } });
    expect(await refusalOf(setAutoBid(db(), anna.id, auction, 50, now))).toBe("MANUAL_ONLY");
    expect(await refusalOf(makeManualOnly(db(), "operator@pennybid.lv", auction))).toBe("CONFLICT");
    for (const status of ["New", "Ended"] as const) {
      const other = await createAuction(db(), now, { status });
      expect(await refusalOf(makeManualOnly(db(), "operator@pennybid.lv", other)), status).toBe("CONFLICT");
      const [row] = await db().query<{ manual_only: boolean }>("select manual_only from auctions where id = $1", [other]);
      expect(row?.manual_only).toBe(false);
    }
  });

  it("is refused when the auction changed since the operator saw it (its seq), and changes nothing", async () => {
    const { auction, anna } = await duel();
    await setAutoBid(db(), anna.id, auction, 50, now);
    const [state] = await auctionStates(db(), [auction], "en");
    await placeBid(db(), anna.id, auction, now);
    expect(await refusalOf(makeManualOnly(db(), "operator@pennybid.lv", auction, state!.seq))).toBe("AUCTION_CHANGED");
    expect(await autoBidsOf(auction)).toHaveLength(1);
  });

  it("wins against a round of auto-bids that read the auction before it: the round's bid is refused after the switch", async () => {
    const { auction, anna, otto } = await duel();
    await placeBid(db(), otto.id, auction, now);
    await setAutoBid(db(), anna.id, auction, 50, now);
    // The round reads its candidates (anna, outbid, under her maximum); the operator's switch commits right after
    // that read, before the round's bid.
    let switched = false;
    const racing: Database = Object.create(db()) as Database;
    racing.query = async (...args: Parameters<Database["query"]>) => {
      const rows = await db().query(...args);
      if (!switched) {
        switched = true;
        await makeManualOnly(db(), "operator@pennybid.lv", auction);
      }
      return rows as never;
    };
    expect(await autoBidRound(racing, at(now, 2))).toEqual([]);
    expect(switched).toBe(true);
    expect(await bidsOf(auction)).toEqual([{ user_id: otto.id, is_auto: false }]);
  });

  it("after a round that bid first, leaves that bid and stops the next: one order, no auto bid after the switch", async () => {
    const { auction, anna, otto } = await duel();
    await placeBid(db(), otto.id, auction, now);
    await setAutoBid(db(), anna.id, auction, 50, now);
    const [round, switched] = await Promise.all([autoBidRound(db(), at(now, 2)), makeManualOnly(db(), "operator@pennybid.lv", auction)]);
    expect(switched.auctionIds).toEqual([auction]);
    const bids = await bidsOf(auction);
    // Either order is one the database chose; in both, nothing is left to bid automatically afterwards.
    expect(bids.filter((bid) => bid.is_auto)).toHaveLength(round.length);
    await placeBid(db(), otto.id, auction, at(now, 3)).catch(() => undefined);
    expect(await autoBidRound(db(), at(now, 5))).toEqual([]);
    expect(await autoBidsOf(auction)).toEqual([]);
  });
});
