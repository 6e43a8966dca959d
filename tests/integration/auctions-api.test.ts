import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchAuctionsResponse, AuctionState } from "../../contract";
import { TestClient } from "../support/client";
import { createAuction } from "../support/fixtures";
import { bidderClient } from "../support/scene";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let ip = 0;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A signed-in bidder with `euros` in the wallet. */
const bidder = (euros = 10) => bidderClient(server, `10.20.0.${++ip}`, {}, { balanceCents: euros * 100 });

describe("the auctions API", () => {
  it("lists auctions by status, each with its live state", async () => {
    const now = new Date();
    const running = await createAuction(db(), now, { status: "Running" });
    const waiting = await createAuction(db(), now, { status: "Waiting" });
    await createAuction(db(), now, { status: "New" });
    const anonymous = new TestClient(server.url);
    const page = SearchAuctionsResponse.parse((await anonymous.post("/api/auctions/search", { status: "Running" })).body);
    expect(page.items.map((a) => a.id)).toContain(running);
    expect(page.items.every((a) => a.status === "Running")).toBe(true);
    const soon = SearchAuctionsResponse.parse((await anonymous.post("/api/auctions/search", { status: "Waiting" })).body);
    expect(soon.items.map((a) => a.id)).toContain(waiting);
    // A waiting auction has no end yet; a running one ends ahead of now.
    expect(soon.items.find((a) => a.id === waiting)).toMatchObject({ endsAt: null, hardEndsAt: null });
    expect(Date.parse(page.items.find((a) => a.id === running)?.endsAt ?? "")).toBeGreaterThan(now.getTime());
    expect((await anonymous.post("/api/auctions/search", { status: "New" })).status).toBe(400);
  });

  it("does not show drafts", async () => {
    const draft = await createAuction(db(), new Date(), { status: "New" });
    expect((await new TestClient(server.url).get(`/api/auctions/${draft}`)).status).toBe(404);
  });

  it("enrols for the entry fee and bids, answering SPEC.md's refusals", async () => {
    const auction = await createAuction(db(), new Date(), { entryFeeCents: 250, initialSeconds: 120 });
    const anna = await bidder(10);
    const otto = await bidder(0);

    const bidBeforeEnrol = await anna.client.post(`/api/auctions/${auction}/bids`);
    expect(bidBeforeEnrol.status).toBe(403);
    expect(bidBeforeEnrol.body).toMatchObject({ error: { code: "NOT_ENROLLED" } });

    const enrolled = await anna.client.post(`/api/auctions/${auction}/enrol`);
    expect(enrolled).toMatchObject({ status: 200, body: { feeCents: 250, balance: 7.5 } });
    expect((await anna.client.get("/api/user-wallet")).body).toEqual({ balance: 7.5 });

    const broke = await otto.client.post(`/api/auctions/${auction}/enrol`);
    expect(broke).toMatchObject({
      status: 402,
      body: { error: { code: "NOT_ENOUGH_FUNDS", message: "Not enough funds in your wallet!" } },
    });

    const bid = await anna.client.post(`/api/auctions/${auction}/bids`);
    expect(bid).toMatchObject({ status: 200, body: { priceCents: 1, hasEnded: false } });
    const again = await anna.client.post(`/api/auctions/${auction}/bids`);
    expect(again).toMatchObject({ status: 409, body: { error: { code: "ALREADY_WINNING", message: "You are already winning" } } });

    const state = AuctionState.parse((await otto.client.get(`/api/auctions/${auction}`)).body);
    expect(state).toMatchObject({ priceCents: 1, leaderName: anna.body.displayName, bidCount: 1 });
    // The leader by the id the bidder knows as their own, and the bid chain shows beside their bid: no name compared.
    const annaAsSignedIn = (await anna.client.get("/authn/user")).body as { id: string };
    expect(state.leaderId).toBe(annaAsSignedIn.id);
    expect((await otto.client.get(`/api/auctions/${auction}/chain`)).body).toMatchObject({ links: [{ bidderId: annaAsSignedIn.id }] });
    expect(state.recentBids[0]).toMatchObject({ priceCents: 1, displayName: anna.body.displayName });
  });

  it("states the previous-participation rule with its number", async () => {
    const gated = await createAuction(db(), new Date(), { minPreviousEntries: 3 });
    const anna = await bidder(10);
    const answer = await anna.client.post(`/api/auctions/${gated}/enrol`);
    expect(answer.body).toMatchObject({
      error: { code: "MIN_PREVIOUS_ENTRIES", message: "You must have participated in 3 other auctions before you can enroll in this one" },
    });
  });

  it("answers 401 to an anonymous bid and 404 to an unknown auction", async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.post("/api/auctions/1/bids")).status).toBe(401);
    const anna = await bidder(0);
    expect((await anna.client.post("/api/auctions/999999/bids")).body).toMatchObject({
      error: { code: "AUCTION_STATE_MISSING", message: "Auction state is missing" },
    });
    expect((await anna.client.post("/api/auctions/abc/bids")).status).toBe(400);
  });

  it("answers 404 'No such auction.' on each address of an auction that does not exist", async () => {
    const anna = await bidder(0);
    const notFound = { error: { code: "NOT_FOUND", message: "No such auction." } };
    for (const path of [
      "/api/auctions/999999",
      "/api/auctions/999999/chain",
      "/api/auctions/999999/fairness",
      "/api/auctions/999999/eligibility",
    ]) {
      const answer = await anna.client.get(path);
      expect([path, answer.status, answer.body]).toEqual([path, 404, expect.objectContaining(notFound)]);
    }
    const favourite = await anna.client.put("/api/favourites/999999", { isFavourite: true });
    expect([favourite.status, favourite.body]).toEqual([404, expect.objectContaining(notFound)]);
  });

  it("ends a running auction by the server clock, with the leader as winner and the auction in their won list", async () => {
    const anna = await bidder(0);
    const auction = await createAuction(db(), new Date(), { entryFeeCents: 0 });
    expect((await anna.client.post(`/api/auctions/${auction}/enrol`)).status).toBe(200);
    // Bidding resets the end to resetSeconds (15 s) ahead; set it back near for the test.
    expect((await anna.client.post(`/api/auctions/${auction}/bids`)).status).toBe(200);
    await db().query("update auctions set ends_at = now() + interval '1 second' where id = $1", [auction]);
    await expect
      .poll(async () => AuctionState.parse((await anna.client.get(`/api/auctions/${auction}`)).body).status, { timeout: 5000 })
      .toBe("Ended");
    const state = AuctionState.parse((await anna.client.get(`/api/auctions/${auction}`)).body);
    expect(state).toMatchObject({ winnerName: anna.body.displayName, priceCents: 1 });
    expect(state.finalHash).toMatch(/^[0-9a-f]{64}$/);
    const late = await anna.client.post(`/api/auctions/${auction}/bids`);
    expect(late.body).toMatchObject({ error: { code: "AUCTION_ENDED", message: "Auction has ended" } });
    const won = (await anna.client.get("/api/auctions/won")).body as { items: { id: number }[] };
    expect(won.items.map((a) => a.id)).toEqual([auction]);
  });
});

describe("a bidder's own auctions", () => {
  it("lists enrolments, favourites and auto-bids, and my active auctions", async () => {
    const now = new Date();
    const running = await createAuction(db(), now, { entryFeeCents: 0 });
    const waiting = await createAuction(db(), now, { status: "Waiting", entryFeeCents: 0 });
    const ended = await createAuction(db(), now, { status: "Ended", entryFeeCents: 0 });
    const anna = await bidder(0);
    await anna.client.post(`/api/auctions/${running}/enrol`);
    await anna.client.post(`/api/auctions/${waiting}/enrol`);
    expect((await anna.client.put(`/api/favourites/${ended}`, { isFavourite: true })).body).toEqual({ isFavourite: true });
    expect((await anna.client.put(`/api/favourites/${running}`, { isFavourite: true })).status).toBe(200);
    expect((await anna.client.put(`/api/favourites/${running}`, { isFavourite: false })).status).toBe(200);
    expect((await anna.client.get("/api/auctions/mine")).body).toEqual({
      enrolledIds: expect.arrayContaining([running, waiting]),
      favouriteIds: [ended],
      autoBids: {},
    });
    expect((await anna.client.put(`/api/auctions/${waiting}/auto-bid`, { maxPriceCents: 300 })).status).toBe(200);
    expect((await anna.client.get("/api/auctions/mine")).body).toMatchObject({ autoBids: { [waiting]: 300 } });

    const active = (await anna.client.get("/api/auctions/my-active")).body as { items: { id: number }[] };
    expect(active.items.map((a) => a.id).sort()).toEqual([running, waiting].sort());
    const favourites = (await anna.client.get("/api/favourites")).body as { items: { id: number }[] };
    expect(favourites.items.map((a) => a.id)).toEqual([ended]);
    expect((await new TestClient(server.url).get("/api/auctions/mine")).status).toBe(401);
  });
});

describe("the public bid chain", () => {
  it("returns every bid with its hashes, verifiable from the genesis hash to the final hash", async () => {
    const auction = await createAuction(db(), new Date(), { entryFeeCents: 0 });
    const [anna, otto] = [await bidder(0), await bidder(0)];
    await anna.client.post(`/api/auctions/${auction}/enrol`);
    await otto.client.post(`/api/auctions/${auction}/enrol`);
    await anna.client.post(`/api/auctions/${auction}/bids`);
    await otto.client.post(`/api/auctions/${auction}/bids`);
    await db().query("update auctions set ends_at = now() where id = $1", [auction]);
    await expect.poll(async () => ((await anna.client.get(`/api/auctions/${auction}`)).body as { status: string }).status).toBe("Ended");

    const chain = (await new TestClient(server.url).get(`/api/auctions/${auction}/chain`)).body as {
      genesisHash: string;
      finalHash: string;
      isValid: boolean;
      links: { displayName: string; prevHash: string; hash: string }[];
    };
    expect(chain.isValid).toBe(true);
    expect(chain.links.map((l) => l.displayName)).toEqual([anna.body.displayName, otto.body.displayName]);
    expect(chain.links[0]?.prevHash).toBe(chain.genesisHash);
    expect(chain.links[1]?.prevHash).toBe(chain.links[0]?.hash);
    expect(chain.finalHash).toBe(chain.links[1]?.hash);

    // Tampering is seen: with a stored bid, with a link's pointer to the one before it, with the auction's final hash.
    const isValid = async () =>
      ((await new TestClient(server.url).get(`/api/auctions/${auction}/chain`)).body as { isValid: boolean }).isValid;
    const tamperings: [tamper: string, restore: string][] = [
      [
        "update bids set price_cents = price_cents + 100 where auction_id = $1 and price_cents = 1",
        "update bids set price_cents = 1 where auction_id = $1 and price_cents = 101",
      ],
      [
        "update bids set prev_hash = repeat('0', 64) where auction_id = $1 and price_cents = 2",
        `update bids set prev_hash = '${chain.links[0]?.hash}' where auction_id = $1 and price_cents = 2`,
      ],
      [
        "update auctions set final_hash = repeat('0', 64) where id = $1",
        `update auctions set final_hash = '${chain.finalHash}' where id = $1`,
      ],
    ];
    for (const [tamper, restore] of tamperings) {
      await db().query(tamper, [auction]);
      expect(await isValid(), tamper).toBe(false);
      await db().query(restore, [auction]);
      expect(await isValid(), restore).toBe(true);
    }
  });
});
