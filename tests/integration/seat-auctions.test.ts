// Seat auctions (issue 55 item 3, decision 102): enrolment closes at the maximum of seats, and the last seat goes to
// exactly one of many racing enrolments; an auction below its minimum at the start is canceled instead, every entry
// fee refunded exactly once in the same transaction, and its bidders are told by push and e-mail.
import { describe, expect, it } from "vitest";
import { ApiErrorBody, AuctionState, PushMessage } from "../../contract";
import { advanceLifecycle, enrol } from "../../server/auctions/engine";
import * as operator from "../../server/operator/auctions.service";
import { Refusal } from "../../server/refusal";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { mailsTo, signUpConfirmed, TestClient } from "../support/client";
import { at, createAuction, createBidder } from "../support/fixtures";
import { liveServer } from "../support/live-server";

let nowMs = Date.now();
const now = () => new Date(nowMs);
const live = liveServer({ ipPrefix: "10.73.0", clock: now, withPushService: true });
const db = () => live.server.database.db;

const bidder = () => createBidder(db(), { balanceCents: 1_000 });

/** Each bidder's ledger sums to their balance (the wallet moves only by its ledger). */
async function ledgerMatchesBalances(userIds: string[]) {
  const rows = await db().query<{ balance_cents: number; ledger_cents: number }>(
    `select w.balance_cents, (select coalesce(sum(t.amount_cents), 0)::int from wallet_transactions t where t.user_id = w.user_id) as ledger_cents
       from wallets w where w.user_id = any($1::uuid[])`,
    [userIds],
  );
  expect(rows).toHaveLength(userIds.length);
  for (const row of rows) expect(row.balance_cents).toBe(row.ledger_cents);
}

const stateOf = async (auctionId: number) =>
  AuctionState.parse((await new TestClient(live.server.url).get(`/api/auctions/${auctionId}`)).body);

describe("the maximum of seats", () => {
  it("gives the last seat to exactly one of many racing enrolments; the others are told it is sold out and pay nothing", async () => {
    const auctionId = await createAuction(db(), now(), { status: "Waiting", maxSeats: 3, entryFeeCents: 150 });
    for (let seat = 0; seat < 2; seat += 1) await enrol(db(), (await bidder()).id, auctionId, now());
    expect((await stateOf(auctionId)).seats).toEqual({ min: null, max: 3, taken: 2 });

    const racers = await Promise.all(Array.from({ length: 12 }, bidder));
    const outcomes = await Promise.allSettled(racers.map((racer) => enrol(db(), racer.id, auctionId, now())));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
    expect(refusals).toHaveLength(11);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(Refusal);
      expect(refusal).toMatchObject({ code: "SOLD_OUT", values: { count: 3 }, message: "Sold out: 3 of 3 seats" });
    }

    const [counted] = await db().query<{ enrolled: number; seats_taken: number }>(
      "select (select count(*)::int from enrolments where auction_id = $1) as enrolled, seats_taken from auctions where id = $1",
      [auctionId],
    );
    expect(counted).toEqual({ enrolled: 3, seats_taken: 3 });
    const fees = await db().query<{ user_id: string }>(
      "select user_id from wallet_transactions where auction_id = $1 and type = 'AuctionEnrollment'",
      [auctionId],
    );
    expect(fees).toHaveLength(3);
    await ledgerMatchesBalances(racers.map((racer) => racer.id));
    expect((await stateOf(auctionId)).seats).toEqual({ min: null, max: 3, taken: 3 });
  });

  it("answers a sold-out enrolment over the API with its figures, and the page asks eligibility the same", async () => {
    const auctionId = await createAuction(db(), now(), { status: "Waiting", maxSeats: 1 });
    await enrol(db(), (await bidder()).id, auctionId, now());
    const client = new TestClient(live.server.url);
    await signUpConfirmed(client);
    const [late] = await db().query<{ id: string }>("select id from users order by created_at desc limit 1");
    await postLedgerEntry(db(), { userId: late!.id, type: "Payment", amountCents: 1_000, description: "Test top-up" });

    const eligibility = await client.get(`/api/auctions/${auctionId}/eligibility`);
    expect(eligibility.body).toMatchObject({ refusal: { code: "SOLD_OUT", values: { count: 1 } } });
    const answer = await client.post(`/api/auctions/${auctionId}/enrol`, {});
    expect(answer.status).toBe(409);
    expect(ApiErrorBody.parse(answer.body).error).toMatchObject({ code: "SOLD_OUT", values: { count: 1 } });
  });
});

describe("the minimum of seats", () => {
  it("cancels at the start an auction with fewer enrolled, refunding every entry fee exactly once, however many processes tick", async () => {
    const startsAt = at(now(), 600);
    const auctionId = await createAuction(db(), now(), { status: "Waiting", startsAt, minSeats: 3, maxSeats: 5, entryFeeCents: 150 });
    const enrolled = [await bidder(), await bidder()];
    for (const who of enrolled) await enrol(db(), who.id, auctionId, now());
    await db().query("insert into auto_bids (auction_id, user_id, max_price_cents) values ($1, $2, 500)", [auctionId, enrolled[0]!.id]);

    expect(await advanceLifecycle(db(), at(startsAt, -1))).not.toContainEqual(expect.objectContaining({ auctionId }));
    const ticks = await Promise.all([
      advanceLifecycle(db(), startsAt),
      advanceLifecycle(db(), at(startsAt, 1)),
      advanceLifecycle(db(), at(startsAt, 2)),
    ]);
    const transitions = ticks.flat().filter((transition) => transition.auctionId === auctionId);
    expect(transitions).toEqual([{ auctionId, status: "Canceled", refundedUserIds: enrolled.map((who) => who.id) }]);

    const [auction] = await db().query<{ status: string; seats_short_at: Date | null; ends_at: Date | null }>(
      "select status, seats_short_at, ends_at from auctions where id = $1",
      [auctionId],
    );
    expect(auction).toMatchObject({ status: "Canceled", ends_at: null });
    expect(auction?.seats_short_at).not.toBeNull();
    const refunds = await db().query<{ user_id: string; amount_cents: number }>(
      "select user_id, amount_cents from wallet_transactions where auction_id = $1 and type = 'Refund' order by id",
      [auctionId],
    );
    expect(refunds).toEqual(enrolled.map((who) => ({ user_id: who.id, amount_cents: 150 })));
    await ledgerMatchesBalances(enrolled.map((who) => who.id));
    for (const who of enrolled) {
      const [wallet] = await db().query<{ balance_cents: number }>("select balance_cents from wallets where user_id = $1", [who.id]);
      expect(wallet?.balance_cents).toBe(1_000);
    }
    expect(await db().query("select 1 from auto_bids where auction_id = $1", [auctionId])).toEqual([]);
    // Its page says so; a draft or waiting auction an operator canceled stays unlisted.
    expect(await stateOf(auctionId)).toMatchObject({ status: "Canceled", seats: { min: 3, max: 5, taken: 2 } });
    const withdrawn = await createAuction(db(), now(), { status: "Waiting", minSeats: 3 });
    await db().query("update auctions set status = 'Canceled' where id = $1", [withdrawn]);
    expect((await new TestClient(live.server.url).get(`/api/auctions/${withdrawn}`)).status).toBe(404);
    // Canceled is final: a later tick neither starts it nor refunds again.
    await advanceLifecycle(db(), at(startsAt, 60));
    expect(await db().query("select 1 from wallet_transactions where auction_id = $1 and type = 'Refund'", [auctionId])).toHaveLength(2);
    expect((await refusalOf(enrol(db(), (await bidder()).id, auctionId, at(startsAt, 61)))).code).toBe("ENROLMENT_CLOSED");
  });

  it("starts an auction whose minimum is met, the last enrolment racing the start included", async () => {
    const startsAt = at(now(), 600);
    const auctionId = await createAuction(db(), now(), { status: "Waiting", startsAt, minSeats: 2 });
    await enrol(db(), (await bidder()).id, auctionId, now());
    // The enrolment that meets the minimum and the start race: whichever locks the row first, the start sees it or
    // the enrolment finds the auction canceled, and never both a start and a refund.
    const [, ticked] = await Promise.allSettled([enrol(db(), (await bidder()).id, auctionId, startsAt), advanceLifecycle(db(), startsAt)]);
    expect(ticked.status).toBe("fulfilled");
    const [auction] = await db().query<{ status: string; seats_taken: number }>("select status, seats_taken from auctions where id = $1", [
      auctionId,
    ]);
    const refunds = await db().query("select 1 from wallet_transactions where auction_id = $1 and type = 'Refund'", [auctionId]);
    if (auction?.status === "Running") {
      expect(auction.seats_taken).toBe(2);
      expect(refunds).toEqual([]);
    } else {
      expect(auction).toEqual({ status: "Canceled", seats_taken: 1 });
      expect(refunds).toHaveLength(1);
    }
    const met = await createAuction(db(), now(), { status: "Waiting", startsAt, minSeats: 2 });
    for (let seat = 0; seat < 2; seat += 1) await enrol(db(), (await bidder()).id, met, now());
    expect(await advanceLifecycle(db(), startsAt)).toContainEqual({ auctionId: met, status: "Running" });
  });

  it("tells each enrolled bidder by push and e-mail, in their language, once", async () => {
    const auctionId = await createAuction(db(), now(), {
      status: "Waiting",
      startsAt: new Date(nowMs + 5_000),
      minSeats: 3,
      entryFeeCents: 200,
      title: "Galda lampa",
    });
    const people = [];
    for (const language of ["en", "lv"] as const) {
      const client = new TestClient(live.server.url, `10.73.0.${language === "en" ? 1 : 2}`);
      const body = await signUpConfirmed(client, { language });
      const [user] = await db().query<{ id: string }>("select id from users where email = $1", [body.email]);
      await postLedgerEntry(db(), { userId: user!.id, type: "Payment", amountCents: 1_000, description: "Test top-up" });
      await live.socket(client);
      const browser = live.pushService.browser();
      expect((await client.put("/api/push/subscription", browser.subscription)).status).toBe(200);
      await enrol(db(), user!.id, auctionId, now());
      people.push({ email: body.email, browser });
    }
    nowMs += 6_000;
    const [english, latvian] = people;
    await expect.poll(() => english!.browser.received.length, { timeout: 10_000 }).toBe(1);
    expect(PushMessage.parse(JSON.parse(english!.browser.received[0]!.plaintext))).toEqual({
      kind: "seatsShort",
      title: "Auction canceled, entry fee refunded",
      body: "Galda lampa needed 3 seats taken by the start and had 2. Your entry fee is back in your wallet.",
      url: `/auctions/${auctionId}`,
      tag: `auction-${auctionId}`,
      auctionId,
    });
    await expect.poll(() => latvian!.browser.received.length, { timeout: 10_000 }).toBe(1);
    expect(PushMessage.parse(JSON.parse(latvian!.browser.received[0]!.plaintext)).title).toBe("Izsole atcelta, dalības maksa atmaksāta");

    const mails = await mailsTo(live.server.url, english!.email).then((all) => all.filter((mail) => mail.subject.startsWith("Canceled")));
    expect(mails.map((mail) => mail.subject)).toEqual(["Canceled: Galda lampa. Your entry fee is back"]);
    expect(mails[0]?.text).toContain("it needed 3 seats taken by its start and had 2");
    expect(mails[0]?.links).toContain(`${live.server.url}/wallet`);
    const [lv] = await mailsTo(live.server.url, latvian!.email).then((all) => all.filter((mail) => mail.subject.startsWith("Atcelta")));
    expect(lv?.subject).toBe("Atcelta: Galda lampa. Dalības maksa ir atpakaļ");

    // Later scans tell nobody again.
    nowMs += 2_000;
    await live.server.app.push.scan(now());
    await live.server.app.push.drain();
    expect(english!.browser.received).toHaveLength(1);
    expect(
      await mailsTo(live.server.url, english!.email).then((all) => all.filter((mail) => mail.subject.startsWith("Canceled"))),
    ).toHaveLength(1);
  });
});

describe("operators set the seats", () => {
  it("on a new auction and an edited draft (null clears), never a minimum above the maximum", async () => {
    const created = await operator.createAuction(db(), now(), "operator:test", {
      title: "Seat chair",
      initialSeconds: 60,
      resetSeconds: 15,
      minSeats: 10,
      maxSeats: 40,
    });
    expect(await operator.auctionDetail(db(), created.id)).toMatchObject({ minSeats: 10, maxSeats: 40 });
    await operator.updateDraft(db(), "operator:test", created.id, { maxSeats: null });
    expect(await operator.auctionDetail(db(), created.id)).toMatchObject({ minSeats: 10, maxSeats: null });
    await expect(operator.updateDraft(db(), "operator:test", created.id, { minSeats: 5, maxSeats: 4 })).rejects.toThrow(
      "The minimum of seats must be at most the maximum.",
    );
    await operator.updateDraft(db(), "operator:test", created.id, { maxSeats: 8 }).then(
      () => expect.unreachable(),
      (error: unknown) => expect(error).toMatchObject({ code: "CONFLICT" }),
    );
    expect(await operator.auctionDetail(db(), created.id)).toMatchObject({ minSeats: 10, maxSeats: null });
  });
});

async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}
