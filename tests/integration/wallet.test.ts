// The wallet's own routes and ledger (SPEC.md §7): the balance, the history page by page with the auction each entry
// concerns, and the ledger's refusals. Spend limits have their own file (spend-limits.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TransactionsResponse, WalletResponse, type Language } from "../../contract";
import { spaHeaders } from "../../sim/api-client";
import { InsufficientFundsError, postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient } from "../support/client";
import { openTestDatabase } from "../support/database";
import { createAuction, createBidder } from "../support/fixtures";
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
  const { client, userId } = await bidderClient(server, `10.41.0.${++ip}`);
  return { client, id: userId };
}

const historyOf = async (client: TestClient, page?: number, language: Language = "en") => {
  const path = `/api/user-wallet/transactions${page === undefined ? "" : `?page=${page}`}`;
  const answer = await client.request("GET", path, undefined, { ...spaHeaders, "Accept-Language": language });
  expect(answer.status).toBe(200);
  return TransactionsResponse.parse(answer.body);
};
const balanceOf = async (client: TestClient) => WalletResponse.parse((await client.get("/api/user-wallet")).body).balance;

describe("the wallet's routes", () => {
  it("answer 401 to a visitor and change nothing", async () => {
    const visitor = new TestClient(server.url, "10.41.1.1");
    for (const path of ["/api/user-wallet", "/api/user-wallet/transactions", "/api/spend-limits"]) {
      expect((await visitor.get(path)).status, path).toBe(401);
    }
    expect((await visitor.put("/api/spend-limits", { auctionLimitCents: 100, topUpLimitCents: null })).status).toBe(401);
    expect((await visitor.post("/api/spend-limits/pause", { length: "24h" })).status).toBe(401);
  });

  it("show a new bidder a wallet of €0 and an empty history", async () => {
    const bidder = await signedIn();
    expect(await balanceOf(bidder.client)).toBe(0);
    expect(await historyOf(bidder.client)).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it("page the history twenty at a time, newest first, in euros, with the auction an entry concerns", async () => {
    const bidder = await signedIn();
    const other = await createBidder(db(), { balanceCents: 5000 });
    const auctionId = await createAuction(db(), new Date(), { title: "Wallet page lamp" });
    for (let n = 1; n <= 24; n += 1) {
      await postLedgerEntry(db(), { userId: bidder.id, type: "Payment", amountCents: 100 * n + 1, description: `Top-up ${n}` });
    }
    await postLedgerEntry(db(), { userId: bidder.id, type: "AuctionEnrollment", amountCents: -250, description: "Entry fee", auctionId });
    // Another bidder's entries are theirs alone.
    await postLedgerEntry(db(), { userId: other.id, type: "Adjustment", amountCents: 75, description: "Someone else's" });

    expect(await balanceOf(bidder.client)).toBe(((100 * (24 * 25)) / 2 + 24 - 250) / 100);

    const first = await historyOf(bidder.client);
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.items.map((item) => item.description)).toEqual([
      "Entry fee: Wallet page lamp",
      ...Array.from({ length: 19 }, (_, i) => `Top-up ${24 - i}`),
    ]);
    expect(first.items[0]).toMatchObject({
      type: "AuctionEnrollment",
      amount: -2.5,
      auction: { id: auctionId, title: "Wallet page lamp" },
    });
    expect(first.items[1]).toMatchObject({ type: "Payment", amount: 24.01, auction: null });
    expect(Date.parse(first.items[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.items[1]!.createdAt));

    const second = await historyOf(bidder.client, 2);
    expect(second).toMatchObject({ total: 25, page: 2, pageSize: 20 });
    expect(second.items.map((item) => item.description)).toEqual(["Top-up 5", "Top-up 4", "Top-up 3", "Top-up 2", "Top-up 1"]);
    expect(second.items.at(-1)).toMatchObject({ amount: 1.01 });

    expect(await historyOf(bidder.client, 3)).toEqual({ items: [], total: 25, page: 3, pageSize: 20 });
    expect(await historyOf(bidder.client, 1)).toEqual(first);
  });
});

describe("the history's lines", () => {
  it("are written in the reader's language from each entry's facts, the auction's title falling back in SPEC.md's order", async () => {
    const bidder = await signedIn();
    const lamp = await createAuction(db(), new Date(), { title: "Desk lamp" });
    await db().query("insert into auction_texts (auction_id, language, title) values ($1, 'en', 'Desk lamp'), ($1, 'lv', 'Galda lampa')", [
      lamp,
    ]);
    // No English title: English and Russian readers get the Latvian one, the next in the order.
    const kettle = await createAuction(db(), new Date(), { title: "Tējkanna" });
    await db().query("insert into auction_texts (auction_id, language, title) values ($1, 'lv', 'Tējkanna')", [kettle]);
    const entries = [
      { type: "Payment", amountCents: 5000, description: "Top-up by card", source: "card" },
      { type: "Payment", amountCents: 4000, description: "Top-up by online banking", source: "bank" },
      { type: "Payment", amountCents: 1000, description: "Welcome credit (demo data)", source: "demo" },
      // Written before the facts were kept: its English sentence is all there is.
      { type: "Payment", amountCents: 700, description: "Top-up by card" },
      { type: "AuctionEnrollment", amountCents: -100, description: "Entry fee: Desk lamp", auctionId: lamp },
      {
        type: "AuctionPayment",
        amountCents: -300,
        description: "Payment: Desk lamp (promo code SPRING)",
        auctionId: lamp,
        promoCode: "SPRING",
      },
      { type: "BuyItNow", amountCents: -400, description: "Buy it now: Tējkanna", auctionId: kettle },
      { type: "Refund", amountCents: 100, description: "Entry fee refunded: Tējkanna was canceled", auctionId: kettle },
      { type: "Adjustment", amountCents: 50, description: "Goodwill for the outage" },
    ] as const;
    for (const entry of entries) await postLedgerEntry(db(), { userId: bidder.id, ...entry });

    const linesIn = async (language: Language) =>
      (await historyOf(bidder.client, 1, language)).items.reverse().map((item) => [item.description, item.auction?.title ?? null]);
    expect(await linesIn("en")).toEqual([
      ["Top-up by card", null],
      ["Top-up by online banking", null],
      ["Welcome credit (demo data)", null],
      ["Top-up by card", null],
      ["Entry fee: Desk lamp", "Desk lamp"],
      ["Payment: Desk lamp (promo code SPRING)", "Desk lamp"],
      ["Buy it now: Tējkanna", "Tējkanna"],
      ["Entry fee refunded: Tējkanna was canceled", "Tējkanna"],
      ["Goodwill for the outage", null],
    ]);
    expect(await linesIn("lv")).toEqual([
      ["Papildinājums ar karti", null],
      ["Papildinājums ar internetbanku", null],
      ["Sveiciena kredīts (demonstrācijas dati)", null],
      ["Top-up by card", null],
      ["Dalības maksa: Galda lampa", "Galda lampa"],
      ["Apmaksa: Galda lampa (promokods SPRING)", "Galda lampa"],
      ["Pirkt tūlīt: Tējkanna", "Tējkanna"],
      ["Atmaksāta dalības maksa: izsole „Tējkanna” atcelta", "Tējkanna"],
      ["Goodwill for the outage", null],
    ]);
    expect(await linesIn("ru")).toEqual([
      ["Пополнение картой", null],
      ["Пополнение через интернет-банк", null],
      ["Приветственный бонус (демо-данные)", null],
      ["Top-up by card", null],
      ["Взнос за участие: Desk lamp", "Desk lamp"],
      ["Оплата: Desk lamp (промокод SPRING)", "Desk lamp"],
      ["Купить сейчас: Tējkanna", "Tējkanna"],
      ["Взнос за участие возвращён: аукцион «Tējkanna» отменён", "Tējkanna"],
      ["Goodwill for the outage", null],
    ]);
  });
});

describe("migration 024", () => {
  it("finds the facts of the lines written before it: a top-up's source, a payment's promo code", async () => {
    const { db, drop } = await openTestDatabase({ migrated: false });
    try {
      const { migrate } = await import("../../server/schema");
      // Every migration but 024, then the ledger as it was, then 024.
      await db.query("create table schema_migrations (name text primary key, applied_at timestamptz not null default now())");
      await db.query("insert into schema_migrations (name) values ('024_ledger_facts.sql')");
      await migrate(db);
      await db.query("delete from schema_migrations where name = '024_ledger_facts.sql'");
      const bidder = await createBidder(db);
      const auctionId = await createAuction(db, new Date(), { status: "Ended" });
      const entry = async (type: string, amountCents: number, description: string) =>
        (
          await db.query<{ id: number }>(
            "insert into wallet_transactions (user_id, type, amount_cents, description, auction_id) values ($1, $2, $3, $4, $5) returning id",
            [bidder.id, type, amountCents, description, type === "Payment" ? null : auctionId],
          )
        )[0]!.id;
      const byBank = await entry("Payment", 1000, "Top-up by online banking");
      await db.query(
        "insert into payments (user_id, amount_cents, status, provider, method, transaction_id) values ($1, 1000, 'succeeded', 'sandbox', 'bank', $2)",
        [bidder.id, byBank],
      );
      await entry("Payment", 500, "Top-up by card");
      await entry("Payment", 5000, "Welcome credit (demo data)");
      await entry("Payment", 300, "Something else");
      const paid = await entry("AuctionPayment", -200, "Payment: Test product (promo code SPRING)");
      const [code] = await db.query<{ id: number }>(
        "insert into promo_codes (code, code_key, kind, amount) values ('SPRING', 'SPRING', 'percent', 10) returning id",
      );
      await db.query(
        `insert into fulfilments (auction_id, user_id, price_cents, deadline_at, state, promo_code_id, transaction_id,
                                  paid_at, amount_paid_cents, discount_cents, delivery_address, phone)
         values ($1, $2, 220, now(), 'PaymentReceived', $3, $4, now(), 200, 20, 'Brīvības iela 1, Rīga', '26123456')`,
        [auctionId, bidder.id, code!.id, paid],
      );
      expect(await migrate(db)).toEqual(["024_ledger_facts.sql"]);
      const rows = await db.query<{ description: string; source: string | null; promo_code: string | null }>(
        "select description, source, promo_code from wallet_transactions where user_id = $1 order by id",
        [bidder.id],
      );
      expect(rows).toEqual([
        { description: "Top-up by online banking", source: "bank", promo_code: null },
        { description: "Top-up by card", source: "card", promo_code: null },
        { description: "Welcome credit (demo data)", source: "demo", promo_code: null },
        { description: "Something else", source: null, promo_code: null },
        { description: "Payment: Test product (promo code SPRING)", source: null, promo_code: "SPRING" },
      ]);
    } finally {
      await drop();
    }
  });
});

describe("the ledger", () => {
  it("returns the entry it wrote, with its id and the balance just after it", async () => {
    const bidder = await createBidder(db(), { balanceCents: 1000 });
    const posted = await postLedgerEntry(db(), {
      userId: bidder.id,
      type: "AuctionEnrollment",
      amountCents: -300,
      description: "Entry fee",
    });
    expect(posted).toMatchObject({ userId: bidder.id, type: "AuctionEnrollment", amountCents: -300, balanceCents: 700 });
    const [row] = await db().query<{ id: number; created_at: Date }>(
      "select id, created_at from wallet_transactions where user_id = $1 order by id desc limit 1",
      [bidder.id],
    );
    expect(posted.id).toBe(row!.id);
    expect(posted.createdAt.toISOString()).toBe(row!.created_at.toISOString());
  });

  it("refuses an amount of zero or part of a cent, and what would take the balance below zero, changing nothing", async () => {
    const bidder = await createBidder(db(), { balanceCents: 500 });
    const entry = { userId: bidder.id, type: "AuctionEnrollment" as const, description: "Entry fee" };
    await expect(postLedgerEntry(db(), { ...entry, amountCents: 0 })).rejects.toThrow("amount must be a non-zero integer of cents");
    await expect(postLedgerEntry(db(), { ...entry, amountCents: -1.5 })).rejects.toThrow("amount must be a non-zero integer of cents");
    const overdraft = postLedgerEntry(db(), { ...entry, amountCents: -501 });
    await expect(overdraft).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(overdraft).rejects.toThrow("Not enough funds in your wallet!");
    // Down to exactly zero is allowed.
    expect((await postLedgerEntry(db(), { ...entry, amountCents: -500 })).balanceCents).toBe(0);
    const rows = await db().query<{ amount_cents: number }>("select amount_cents from wallet_transactions where user_id = $1 order by id", [
      bidder.id,
    ]);
    expect(rows.map((row) => row.amount_cents)).toEqual([500, -500]);
  });

  it("opens a wallet for a user who has none on the first entry", async () => {
    const bidder = await createBidder(db());
    expect(await db().query("select 1 from wallets where user_id = $1", [bidder.id])).toEqual([]);
    expect(
      (await postLedgerEntry(db(), { userId: bidder.id, type: "Adjustment", amountCents: 42, description: "Goodwill" })).balanceCents,
    ).toBe(42);
  });
});
