import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitStatements } from "../../server/db/migrate";
import { auctionStates } from "../../server/auctions/auctions.queries";
import { advanceLifecycle, enrol, enrolmentEligibility, placeBid, runAutoBids, setAutoBid } from "../../server/auctions/engine";
import { NO_WIN_LIMITS } from "../../server/auctions/enrolment-rules";
import { Refusal } from "../../server/refusal";
import { bidHash, genesisHash } from "../../server/auctions/bid-chain";
import { balanceCents } from "../../server/wallet/wallet.service";
import { openTestDatabase, whileInsertsFail, type TestDatabase } from "../support/database";
import { at, createAuction, createBidder } from "../support/fixtures";

let database: TestDatabase;
const db = () => database.db;
const now = new Date("2026-11-23T12:00:00.000Z");

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return (error as Refusal).code;
}

async function auctionRow(id: number) {
  const [row] = await db().query<{
    status: string;
    price_cents: number;
    leader_id: string | null;
    ends_at: Date;
    winner_id: string | null;
    seq: number;
    final_hash: string | null;
    bid_count: number;
  }>("select status, price_cents, leader_id, ends_at, winner_id, seq, final_hash, bid_count from auctions where id = $1", [id]);
  if (!row) throw new Error("no auction");
  return row;
}

describe("enrolment", () => {
  it("takes the entry fee from the wallet once, as an AuctionEnrollment entry", async () => {
    const bidder = await createBidder(db(), { balanceCents: 500 });
    const auction = await createAuction(db(), now, { entryFeeCents: 150, title: "Espresso machine" });
    expect(await enrol(db(), bidder.id, auction, now)).toEqual({ feeCents: 150, balanceCents: 350 });
    expect(await balanceCents(db(), bidder.id)).toBe(350);
    const entries = await db().query<{ type: string; amount_cents: number; auction_id: number; description: string }>(
      "select type, amount_cents, auction_id, description from wallet_transactions where user_id = $1 and type = 'AuctionEnrollment'",
      [bidder.id],
    );
    expect(entries).toEqual([
      { type: "AuctionEnrollment", amount_cents: -150, auction_id: auction, description: "Entry fee: Espresso machine" },
    ]);
    expect(await refusal(enrol(db(), bidder.id, auction, now))).toBe("ALREADY_ENROLLED");
    expect(await balanceCents(db(), bidder.id)).toBe(350);
  });

  it("refuses without enough funds and changes nothing", async () => {
    const bidder = await createBidder(db(), { balanceCents: 99 });
    const auction = await createAuction(db(), now, { entryFeeCents: 100 });
    expect(await refusal(enrol(db(), bidder.id, auction, now))).toBe("NOT_ENOUGH_FUNDS");
    expect(await balanceCents(db(), bidder.id)).toBe(99);
    expect(await db().query("select 1 from enrolments where auction_id = $1", [auction])).toEqual([]);
  });

  it("is free when the entry fee is zero, with no ledger entry", async () => {
    const bidder = await createBidder(db());
    const auction = await createAuction(db(), now, { entryFeeCents: 0 });
    expect(await enrol(db(), bidder.id, auction, now)).toEqual({ feeCents: 0, balanceCents: null });
  });

  it("needs minPreviousEntries other auctions first", async () => {
    const bidder = await createBidder(db(), { balanceCents: 1000 });
    const gated = await createAuction(db(), now, { minPreviousEntries: 2 });
    const error = await enrol(db(), bidder.id, gated, now).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "MIN_PREVIOUS_ENTRIES", values: { minPreviousEntries: 2 } });
    await enrol(db(), bidder.id, await createAuction(db(), now), now);
    await enrol(db(), bidder.id, await createAuction(db(), now), now);
    await expect(enrol(db(), bidder.id, gated, now)).resolves.toMatchObject({ feeCents: 100 });
  });

  it("is open while Waiting or Running only", async () => {
    const bidder = await createBidder(db(), { balanceCents: 1000 });
    await expect(enrol(db(), bidder.id, await createAuction(db(), now, { status: "Waiting" }), now)).resolves.toBeDefined();
    expect(await refusal(enrol(db(), bidder.id, await createAuction(db(), now, { status: "New" }), now))).toBe("ENROLMENT_CLOSED");
    expect(await refusal(enrol(db(), bidder.id, await createAuction(db(), now, { status: "Ended" }), now))).toBe("ENROLMENT_CLOSED");
    expect(await refusal(enrol(db(), bidder.id, 987654, now))).toBe("AUCTION_STATE_MISSING");
    expect(await enrolmentEligibility(db(), bidder.id, 987654, now, NO_WIN_LIMITS)).toMatchObject({ code: "AUCTION_STATE_MISSING" });
  });
});

/** A free running auction with `bidders` enrolled bidders. */
async function runningWith(bidders: number, fixture: Parameters<typeof createAuction>[2] = {}) {
  const auction = await createAuction(db(), now, { entryFeeCents: 0, ...fixture });
  const users = [];
  for (let i = 0; i < bidders; i++) {
    const user = await createBidder(db());
    await enrol(db(), user.id, auction, now);
    users.push(user);
  }
  return { auction, users };
}

describe("bidding", () => {
  it("raises the price by one cent, makes the bidder lead and resets the timer to at least resetSeconds", async () => {
    const { auction, users } = await runningWith(2, { initialSeconds: 20, resetSeconds: 15 });
    const [a, b] = users;
    expect(await placeBid(db(), a!.id, auction, at(now, 1))).toMatchObject({ priceCents: 1, endsAt: at(now, 20), hasEnded: false });
    let row = await auctionRow(auction);
    expect(row).toMatchObject({ price_cents: 1, leader_id: a!.id, bid_count: 1 });
    expect(row.ends_at).toEqual(at(now, 20)); // 19 s were left, more than 15
    await placeBid(db(), b!.id, auction, at(now, 10));
    row = await auctionRow(auction);
    expect(row).toMatchObject({ price_cents: 2, leader_id: b!.id });
    expect(row.ends_at).toEqual(at(now, 25)); // 10 s were left: reset to 15 from now
  });

  it("names the bidder it outbid, and whether a device of theirs is subscribed to push notices", async () => {
    const { auction, users } = await runningWith(3);
    const [a, b, c] = users;
    await db().query("insert into sessions (id_hash, user_id, expires_at) values ('engine-push-session', $1, $2)", [b!.id, at(now, 3600)]);
    await db().query(
      `insert into push_subscriptions (user_id, session_id_hash, endpoint, p256dh, auth)
       values ($1, 'engine-push-session', 'https://push.example/engine', $2, $3)`,
      [b!.id, "k".repeat(87), "a".repeat(22)],
    );
    expect(await placeBid(db(), a!.id, auction, at(now, 1))).toMatchObject({ outbidUserId: null, outbidHasPush: false });
    expect(await placeBid(db(), b!.id, auction, at(now, 2))).toMatchObject({ outbidUserId: a!.id, outbidHasPush: false });
    expect(await placeBid(db(), c!.id, auction, at(now, 3))).toMatchObject({ outbidUserId: b!.id, outbidHasPush: true });
  });

  it("refuses the bidder already winning", async () => {
    const { auction, users } = await runningWith(1);
    await placeBid(db(), users[0]!.id, auction, now);
    expect(await refusal(placeBid(db(), users[0]!.id, auction, at(now, 2)))).toBe("ALREADY_WINNING");
    expect((await auctionRow(auction)).price_cents).toBe(1);
  });

  it("refuses a bidder who paused their bidding, saying until when", async () => {
    const { auction, users } = await runningWith(1);
    const until = at(now, 3600);
    await db().query("insert into spend_limits (user_id, paused_until) values ($1, $2)", [users[0]!.id, until]);
    const error = await placeBid(db(), users[0]!.id, auction, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ code: "SELF_PAUSED", values: { until: until.getTime() } });
    expect((await auctionRow(auction)).price_cents).toBe(0);
  });

  it("refuses a bidder who has not enrolled", async () => {
    const { auction } = await runningWith(0);
    const stranger = await createBidder(db());
    expect(await refusal(placeBid(db(), stranger.id, auction, now))).toBe("NOT_ENROLLED");
  });

  it("refuses bids on an auction that is not running, has ended, or does not exist", async () => {
    const bidder = await createBidder(db(), { balanceCents: 1000 });
    const waiting = await createAuction(db(), now, { status: "Waiting" });
    await enrol(db(), bidder.id, waiting, now);
    expect(await refusal(placeBid(db(), bidder.id, waiting, now))).toBe("AUCTION_NOT_RUNNING");
    const { auction, users } = await runningWith(1, { initialSeconds: 10 });
    expect(await refusal(placeBid(db(), users[0]!.id, auction, at(now, 10)))).toBe("AUCTION_ENDED");
    expect(await refusal(placeBid(db(), bidder.id, 987654, now))).toBe("AUCTION_STATE_MISSING");
  });

  it("accepts at most one bid per bidder per second", async () => {
    const { auction, users } = await runningWith(2);
    const [a, b] = users;
    await placeBid(db(), a!.id, auction, at(now, 1));
    await placeBid(db(), b!.id, auction, at(now, 1.2));
    expect(await refusal(placeBid(db(), a!.id, auction, at(now, 1.5)))).toBe("BID_TOO_FAST");
    await expect(placeBid(db(), a!.id, auction, at(now, 2.1))).resolves.toMatchObject({ priceCents: 3 });
  });

  it("never moves the end past the hard stop, and the hard stop ends it with the leader winning", async () => {
    const { auction, users } = await runningWith(1, { initialSeconds: 10, resetSeconds: 30, hardEndsAt: at(now, 20) });
    await placeBid(db(), users[0]!.id, auction, at(now, 5));
    expect((await auctionRow(auction)).ends_at).toEqual(at(now, 20));
    await advanceLifecycle(db(), at(now, 20));
    expect(await auctionRow(auction)).toMatchObject({ status: "Ended", winner_id: users[0]!.id, price_cents: 1 });
  });

  it("ends at once when a bid reaches the price cap", async () => {
    const { auction, users } = await runningWith(2, { priceCapCents: 2 });
    await placeBid(db(), users[0]!.id, auction, now);
    const capped = await placeBid(db(), users[1]!.id, auction, at(now, 1));
    expect(capped).toMatchObject({ priceCents: 2, hasEnded: true });
    expect(await auctionRow(auction)).toMatchObject({ status: "Ended", winner_id: users[1]!.id });
    expect(await refusal(placeBid(db(), users[0]!.id, auction, at(now, 2)))).toBe("AUCTION_ENDED");
    // The ended state goes out from what the bid returned, so it must be what a read finds, winner and all; the
    // winner's fulfilment opened in the same statement.
    const [read] = await auctionStates(db(), [auction], undefined);
    expect({ ...capped.state, serverNow: 0 }).toEqual({ ...read, serverNow: 0 });
    expect(capped.state).toMatchObject({
      status: "Ended",
      winnerName: users[1]!.displayName,
      leaderName: users[1]!.displayName,
      winnerId: users[1]!.id,
      leaderId: users[1]!.id,
    });
    const [fulfilment] = await db().query<{ user_id: string; price_cents: number }>(
      "select user_id, price_cents from fulfilments where auction_id = $1",
      [auction],
    );
    expect(fulfilment).toEqual({ user_id: users[1]!.id, price_cents: 2 });
  });

  it("returns the live state with the last ten bids, newest first, whatever the history's length", async () => {
    const { auction, users } = await runningWith(2, { resetSeconds: 60 });
    let last;
    for (let i = 0; i < 13; i++) last = await placeBid(db(), users[i % 2]!.id, auction, at(now, i * 1.1), { isAuto: i === 12 });
    expect(last?.state.recentBids.map((bid) => bid.priceCents)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(last?.state.recentBids[0]).toMatchObject({ displayName: users[0]!.displayName, isAuto: true });
    expect(last?.state).toMatchObject({
      priceCents: 13,
      bidCount: 13,
      leaderName: users[0]!.displayName,
      winnerName: null,
      leaderId: users[0]!.id,
      winnerId: null,
    });
    const [read] = await auctionStates(db(), [auction], undefined);
    expect({ ...last?.state, serverNow: 0 }).toEqual({ ...read, serverNow: 0 });
    // The ten kept in the auction's row are the bids table's last ten.
    const fromBids = await db().query<{ price_cents: number; display_name: string; placed_at: Date; is_auto: boolean; hash: string }>(
      `select b.price_cents, u.display_name, b.placed_at, b.is_auto, b.hash from bids b join users u on u.id = b.user_id
       where b.auction_id = $1 order by b.id desc limit 10`,
      [auction],
    );
    expect(read?.recentBids).toEqual(
      fromBids.map((bid) => ({
        priceCents: bid.price_cents,
        displayName: bid.display_name,
        placedAt: bid.placed_at.toISOString(),
        isAuto: bid.is_auto,
        hash: bid.hash,
        label: null,
      })),
    );
    // Migration 017 (after 012) filled the rows of auctions that had bids before it: its backfill rebuilds the same ten.
    const migration = readFileSync(new URL("../../server/db/migrations/017_fairness_figures.sql", import.meta.url), "utf8");
    const backfill = splitStatements(migration).find((statement) => statement.startsWith("update auctions a set recent_bids"));
    await db().query("update auctions set recent_bids = '[]' where id = $1", [auction]);
    await db().query(backfill ?? "missing backfill");
    expect((await auctionStates(db(), [auction], undefined))[0]?.recentBids).toEqual(read?.recentBids);
  });

  it("serializes racing bids: one order, every accepted bid in the history, the price equal to their count", async () => {
    const { auction, users } = await runningWith(8);
    const outcomes = await Promise.allSettled(users.map((user) => placeBid(db(), user.id, auction, at(now, 1))));
    const accepted = outcomes.filter((o) => o.status === "fulfilled").length;
    expect(accepted).toBe(8); // different bidders: each is outbid by the next in the database's order
    const row = await auctionRow(auction);
    expect(row.price_cents).toBe(8);
    const bids = await db().query<{ price_cents: number }>("select price_cents from bids where auction_id = $1 order by id", [auction]);
    expect(bids.map((b) => b.price_cents)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("lets one bidder's two racing bids through once: the second is 'already winning'", async () => {
    const { auction, users } = await runningWith(1);
    const outcomes = await Promise.allSettled([placeBid(db(), users[0]!.id, auction, now), placeBid(db(), users[0]!.id, auction, now)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((await auctionRow(auction)).price_cents).toBe(1);
  });
});

describe("the bid history's hash chain", () => {
  it("links every bid to the one before, starting from the auction's genesis hash", async () => {
    const auction = await createAuction(db(), now, { entryFeeCents: 0 });
    const a = await createBidder(db());
    const b = await createBidder(db());
    await enrol(db(), a.id, auction, now);
    await enrol(db(), b.id, auction, now);
    for (let i = 0; i < 6; i++) await placeBid(db(), (i % 2 ? b : a).id, auction, at(now, i + 1));
    const bids = await db().query<{ user_id: string; price_cents: number; placed_at: Date; prev_hash: string; hash: string }>(
      "select user_id, price_cents, placed_at, prev_hash, hash from bids where auction_id = $1 order by id",
      [auction],
    );
    let prev = genesisHash(auction);
    for (const bid of bids) {
      expect(bid.prev_hash).toBe(prev);
      expect(bid.hash).toBe(
        bidHash({ prevHash: prev, auctionId: auction, userId: bid.user_id, priceCents: bid.price_cents, placedAt: bid.placed_at }),
      );
      prev = bid.hash;
    }
    await advanceLifecycle(db(), at(now, 3600));
    expect((await auctionRow(auction)).final_hash).toBe(prev);
  });
});

describe("the lifecycle", () => {
  it("starts a Waiting auction at startsAt and ends it when endsAt passes, exactly once however often it runs", async () => {
    const auction = await createAuction(db(), now, { status: "Waiting", startsAt: at(now, 10), initialSeconds: 30 });
    expect(await advanceLifecycle(db(), at(now, 9))).not.toContainEqual({ auctionId: auction, status: "Running" });
    const starts = await Promise.all([advanceLifecycle(db(), at(now, 10)), advanceLifecycle(db(), at(now, 10))]);
    expect(starts.flat().filter((t) => t.auctionId === auction)).toEqual([{ auctionId: auction, status: "Running" }]);
    expect((await auctionRow(auction)).ends_at).toEqual(at(now, 40));
    const ends = await Promise.all([advanceLifecycle(db(), at(now, 40)), advanceLifecycle(db(), at(now, 41))]);
    expect(ends.flat().filter((t) => t.auctionId === auction)).toEqual([{ auctionId: auction, status: "Ended" }]);
    expect(await auctionRow(auction)).toMatchObject({ status: "Ended", winner_id: null, final_hash: null });
  });

  it("ends on the next run an auction whose end passed while the server was down", async () => {
    const auction = await createAuction(db(), now, { status: "Waiting", startsAt: at(now, 10), initialSeconds: 30 });
    const transitions = await advanceLifecycle(db(), at(now, 3600));
    expect(transitions.filter((t) => t.auctionId === auction).map((t) => t.status)).toEqual(["Running", "Ended"]);
  });
});

describe("auto-bid", () => {
  const auctionWith = (bidders: number) => runningWith(bidders, { initialSeconds: 600 });

  it("is only for enrolled bidders, above the current price", async () => {
    const { auction, users } = await auctionWith(1);
    const stranger = await createBidder(db());
    expect(await refusal(setAutoBid(db(), stranger.id, auction, 50, now))).toBe("NOT_ENROLLED");
    await placeBid(db(), users[0]!.id, auction, now);
    expect(await refusal(setAutoBid(db(), users[0]!.id, auction, 1, now))).toBe("AUTO_BID_TOO_LOW");
    await expect(setAutoBid(db(), users[0]!.id, auction, 50, now)).resolves.toBeUndefined();
  });

  it("answers when outbid, one step at a time, and never past the maximum", async () => {
    const { auction, users } = await auctionWith(2);
    const [anna, otto] = users;
    await setAutoBid(db(), anna!.id, auction, 3, now);
    expect(await runAutoBids(db(), at(now, 0.5))).toEqual([auction]); // nobody leads: anna opens at €0.01
    expect(await runAutoBids(db(), at(now, 0.6))).toEqual([]); // she leads: nothing to do
    await placeBid(db(), otto!.id, auction, at(now, 1)); // €0.02 otto
    expect(await runAutoBids(db(), at(now, 1.2))).toEqual([]); // anna's one-second limit
    expect(await runAutoBids(db(), at(now, 1.6))).toEqual([auction]); // €0.03 anna
    await placeBid(db(), otto!.id, auction, at(now, 2.5)); // €0.04 otto: over anna's maximum
    expect(await runAutoBids(db(), at(now, 4))).toEqual([]);
    const row = await auctionRow(auction);
    expect(row).toMatchObject({ price_cents: 4, leader_id: otto!.id });
    const autos = await db().query<{ price_cents: number }>("select price_cents from bids where auction_id = $1 and is_auto order by id", [
      auction,
    ]);
    expect(autos.map((b) => b.price_cents)).toEqual([1, 3]);
  });

  it("lets two auto-bidders duel at one bid a second each, until the lower maximum is passed", async () => {
    const { auction, users } = await auctionWith(2);
    const [anna, otto] = users;
    await setAutoBid(db(), anna!.id, auction, 6, now);
    await setAutoBid(db(), otto!.id, auction, 4, at(now, 0.01));
    for (let t = 0.5; t < 12; t += 0.5) await runAutoBids(db(), at(now, t));
    expect(await auctionRow(auction)).toMatchObject({ price_cents: 5, leader_id: anna!.id });
  });

  it("is refused on an auction that has ended, was canceled or has reached its end", async () => {
    const { auction, users } = await auctionWith(1);
    const bidderId = users[0]!.id;
    // Ended by its price cap, or canceled, before its timer ran out: the end still lies ahead.
    for (const status of ["Ended", "Canceled"]) {
      const stopped = await createAuction(db(), now, { entryFeeCents: 0, endsAt: at(now, 600) });
      await enrol(db(), bidderId, stopped, now);
      await db().query("update auctions set status = $2 where id = $1", [stopped, status]);
      expect(await refusal(setAutoBid(db(), bidderId, stopped, 50, now)), status).toBe("AUCTION_ENDED");
    }
    expect(await refusal(setAutoBid(db(), bidderId, auction, 50, at(now, 600)))).toBe("AUCTION_ENDED");
    expect(await db().query("select 1 from auto_bids where user_id = $1", [bidderId])).toEqual([]);
  });

  it("passes over an auto-bidder still inside their one-second limit to the next one", async () => {
    const { auction, users } = await auctionWith(3);
    const [anna, otto, eva] = users;
    await setAutoBid(db(), anna!.id, auction, 10, now);
    await setAutoBid(db(), otto!.id, auction, 10, at(now, 0.01));
    expect(await runAutoBids(db(), at(now, 0.5))).toEqual([auction]); // anna, the first to set hers, opens
    await placeBid(db(), eva!.id, auction, at(now, 0.6));
    expect(await runAutoBids(db(), at(now, 0.7))).toEqual([auction]); // anna bid 0.2 s ago: otto answers
    expect(await auctionRow(auction)).toMatchObject({ price_cents: 3, leader_id: otto!.id });
  });

  it("stops when the bidder removes it", async () => {
    const { auction, users } = await auctionWith(2);
    await setAutoBid(db(), users[0]!.id, auction, 10, now);
    await setAutoBid(db(), users[0]!.id, auction, null, now);
    expect(await runAutoBids(db(), at(now, 1))).toEqual([]);
  });
});

describe("a failure of the server's own", () => {
  it("is no shortage of funds when the entry fee cannot be written, and enrols no one", async () => {
    const bidder = await createBidder(db(), { balanceCents: 500 });
    const auction = await createAuction(db(), now, { entryFeeCents: 100 });
    const error = await whileInsertsFail(db(), "wallet_transactions", `new.auction_id = ${auction}`, () =>
      enrol(db(), bidder.id, auction, now).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(Refusal);
    expect(await balanceCents(db(), bidder.id)).toBe(500);
    expect(await db().query("select 1 from enrolments where auction_id = $1", [auction])).toEqual([]);
  });

  it("fails the auto-bid round instead of passing for a refusal", async () => {
    const { auction, users } = await runningWith(1, { initialSeconds: 600 });
    await setAutoBid(db(), users[0]!.id, auction, 10, now);
    const error = await whileInsertsFail(db(), "bids", `new.auction_id = ${auction}`, () =>
      runAutoBids(db(), at(now, 0.5)).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(Refusal);
    expect(await auctionRow(auction)).toMatchObject({ price_cents: 0, leader_id: null });
  });
});
