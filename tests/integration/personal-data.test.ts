// Issue 53 items 2-4: downloading one's data, deleting one's account, and the age rule, through the HTTP API.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_BIDDER_NAME } from "../../contract";
import { PICTURE_WIDTHS, photoWidthId } from "../../contract/constants";
import { placeBid } from "../../server/auctions/engine";
import { ConfigError, loadConfig } from "../../server/config";
import { notPersonal, personalTables } from "../../server/accounts/personal-data";
import { settleDisplayNames } from "../../server/accounts/display-names";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { createAuction } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";
import { TestClient, mailsTo, newBidder, signUpConfirmed } from "../support/client";

let server: TestServer;
let ipCounter = 0;
const client = () => new TestClient(server.url, `10.53.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);
const db = () => server.database.db;
const PASSWORD = "Secret1!";

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A signed-in bidder with `balanceCents` in the wallet. */
async function bidder(balanceCents = 0) {
  const c = client();
  const body = await signUpConfirmed(c);
  const [row] = await db().query<{ id: string }>("select id from users where email = $1", [body.email]);
  const id = row?.id ?? "";
  if (balanceCents > 0) await postLedgerEntry(db(), { userId: id, type: "Payment", amountCents: balanceCents, description: "Test top-up" });
  return { client: c, id, email: body.email, displayName: body.displayName };
}

type ErrorAnswer = { error: { code: string; values?: Record<string, number>; issues?: { path: string; message: string }[] } };
const errorOf = (body: unknown) => (body as ErrorAnswer).error;
type MyData = { format: string; sections: Record<string, Record<string, unknown>[]> };
type Chain = { isValid: boolean; links: { bidderId: string; displayName: string }[] };
const chainOf = async (auctionId: number) => (await client().get(`/api/auctions/${auctionId}/chain`)).body as Chain;

describe("what the data download and the deletion cover", () => {
  it("covers every table that names a user, or says why not (read from the database's catalog)", async () => {
    const columns = await db().query<{ table_name: string; column_name: string }>(
      `select c.conrelid::regclass::text as table_name, a.attname as column_name
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
       where c.contype = 'f' and c.confrelid = 'users'::regclass
       union
       select table_name, column_name from information_schema.columns
       where table_schema = current_schema() and column_name ~ 'user_id$' and table_name <> 'users'
       order by 1, 2`,
    );
    const covered = new Set([...personalTables, ...notPersonal].map((t) => `${t.table}.${t.userColumn}`));
    const uncovered = columns.map((c) => `${c.table_name}.${c.column_name}`).filter((key) => !covered.has(key));
    expect(uncovered).toEqual([]);
    expect(columns.length).toBeGreaterThan(10);
  });
});

describe("download my data", () => {
  it("gives one JSON file with the profile, the date of birth, the ledger, the enrolments and the bids, and a CSV of the ledger", async () => {
    const anna = await bidder(500);
    const auction = await createAuction(db(), new Date(), { entryFeeCents: 200 });
    expect((await anna.client.post(`/api/auctions/${auction}/enrol`)).status).toBe(200);
    expect((await anna.client.post(`/api/auctions/${auction}/bids`)).status).toBe(200);

    const answer = await anna.client.post("/api/users/my-data", { password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="pennybid-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = answer.body as MyData;
    expect(data.format).toBe("pennybid-my-data/1");
    expect(data.sections.account?.[0]).toMatchObject({
      id: anna.id,
      email: anna.email,
      date_of_birth: "1990-05-17",
      marketing_consent: false,
    });
    expect(data.sections.ledger?.map((e) => [e.type, Number(e.amount_cents)])).toEqual([
      ["Payment", 500],
      ["AuctionEnrollment", -200],
    ]);
    expect(data.sections.enrolments?.map((e) => Number(e.auction_id))).toEqual([auction]);
    expect(data.sections.bids?.map((b) => [Number(b.auction_id), Number(b.price_cents)])).toEqual([[auction, 1]]);
    expect(data.sections.sessions?.length).toBe(1);
    expect(JSON.stringify(data)).not.toMatch(/scrypt|id_hash|password_hash/);

    const csv = await anna.client.post("/api/users/my-data/ledger.csv", { password: PASSWORD });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toBe("id,created_at,type,amount_eur,description,auction_id,source");
    expect(lines.slice(1).map((line) => line.split(",").slice(2, 4))).toEqual([
      ["Payment", "5.00"],
      ["AuctionEnrollment", "-2.00"],
    ]);
  });

  it("is refused without the password typed again, with a wrong one, and when signed out", async () => {
    const anna = await bidder();
    expect(errorOf((await anna.client.post("/api/users/my-data", {})).body).code).toBe("VALIDATION_FAILED");
    const wrong = await anna.client.post("/api/users/my-data", { password: "Wrong1!x" });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body)).toMatchObject({
      code: "WRONG_CURRENT_PASSWORD",
      issues: [{ path: "password", message: "validation.wrongCurrentPassword" }],
    });
    expect((await client().post("/api/users/my-data", { password: PASSWORD })).status).toBe(401);
  });

  it("is rate-limited: five downloads an hour, the JSON and the CSV together", async () => {
    const anna = await bidder();
    for (const path of [
      "/api/users/my-data",
      "/api/users/my-data/ledger.csv",
      "/api/users/my-data",
      "/api/users/my-data",
      "/api/users/my-data",
    ]) {
      expect((await anna.client.post(path, { password: PASSWORD })).status).toBe(200);
    }
    const sixth = await anna.client.post("/api/users/my-data/ledger.csv", { password: PASSWORD });
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth.body).code).toBe("RATE_LIMITED");
  });
});

describe("delete my account", () => {
  it("is refused while a balance is left, naming it, and changes nothing", async () => {
    const anna = await bidder(750);
    const refused = await anna.client.post("/api/users/delete", { password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body)).toMatchObject({ code: "BALANCE_NOT_WITHDRAWN", values: { amountCents: 750 } });
    expect((await anna.client.get("/authn/user")).body).toMatchObject({ isAuthenticated: true, email: anna.email });
  });

  it("is refused with a wrong password", async () => {
    const anna = await bidder();
    expect(errorOf((await anna.client.post("/api/users/delete", { password: "Wrong1!x" })).body).code).toBe("WRONG_CURRENT_PASSWORD");
    expect((await anna.client.get("/authn/user")).body).toMatchObject({ isAuthenticated: true });
  });

  it("is refused while a win awaits payment, while it is being delivered, and while the bidder leads a running auction", async () => {
    const anna = await bidder(100);
    const auction = await createAuction(db(), new Date(), { entryFeeCents: 100 });
    await anna.client.post(`/api/auctions/${auction}/enrol`);
    await anna.client.post(`/api/auctions/${auction}/bids`);
    const leading = await anna.client.post("/api/users/delete", { password: PASSWORD });
    expect(errorOf(leading.body)).toMatchObject({ code: "LEADING_AUCTION", values: { auctionId: auction } });

    await db().query("update auctions set ends_at = now() where id = $1", [auction]);
    await expect.poll(async () => (await db().query("select 1 from fulfilments where auction_id = $1", [auction])).length).toBe(1);
    const unpaid = await anna.client.post("/api/users/delete", { password: PASSWORD });
    expect(errorOf(unpaid.body)).toMatchObject({ code: "WIN_UNPAID", values: { auctionId: auction } });

    await db().query(
      `update fulfilments set state = 'InDelivery', paid_at = now(), amount_paid_cents = price_cents, discount_cents = 0,
              delivery_address = 'Brīvības iela 1, Rīga', phone = '+371 20000000' where auction_id = $1`,
      [auction],
    );
    expect(errorOf((await anna.client.post("/api/users/delete", { password: PASSWORD })).body).code).toBe("DELIVERY_OPEN");

    await db().query("update fulfilments set state = 'Delivered', delivered_at = now() where auction_id = $1", [auction]);
    expect((await anna.client.post("/api/users/delete", { password: PASSWORD })).status).toBe(204);
    const [kept] = await db().query<{ delivery_address: string; phone: string; price_cents: number }>(
      "select delivery_address, phone, price_cents from fulfilments where auction_id = $1",
      [auction],
    );
    expect(kept).toEqual({ delivery_address: "(erased)", phone: "(erased)", price_cents: 1 });
  });

  it("closes the account at once: signed out, personal data erased, the ledger kept, 'Deleted bidder' in the bids, every chain still valid", async () => {
    const anna = await bidder(200);
    const otto = await bidder(200);
    const auction = await createAuction(db(), new Date(), { entryFeeCents: 200 });
    await anna.client.post(`/api/auctions/${auction}/enrol`);
    await otto.client.post(`/api/auctions/${auction}/enrol`);
    await anna.client.post(`/api/auctions/${auction}/bids`);
    await otto.client.post(`/api/auctions/${auction}/bids`);
    expect((await anna.client.put(`/api/favourites/${auction}`, { isFavourite: true })).status).toBe(200);
    await db().query("insert into auto_bids (auction_id, user_id, max_price_cents) values ($1, $2, 2)", [auction, anna.id]);
    const before = await chainOf(auction);

    expect((await anna.client.post("/api/users/delete", { password: PASSWORD })).status).toBe(204);
    expect((await anna.client.get("/authn/user")).body).toEqual({ isAuthenticated: false });

    const [user] = await db().query<Record<string, unknown>>(
      "select email, first_name, last_name, display_name, phone, delivery_address, date_of_birth, deleted_at is not null as is_closed from users where id = $1",
      [anna.id],
    );
    expect(user).toEqual({
      email: "",
      first_name: "",
      last_name: "",
      display_name: DELETED_BIDDER_NAME,
      phone: "",
      delivery_address: "",
      date_of_birth: null,
      is_closed: true,
    });
    for (const table of ["sessions", "auto_bids", "favourites", "push_subscriptions"]) {
      expect(await db().query(`select 1 from ${table} where user_id = $1`, [anna.id])).toEqual([]);
    }
    expect((await db().query("select 1 from wallet_transactions where user_id = $1", [anna.id])).length).toBe(2);
    expect(await mailsTo(server.url, anna.email)).toEqual([]);

    const after = await chainOf(auction);
    expect(after.isValid).toBe(true);
    expect(after.links.map((l) => [l.bidderId, l.displayName])).toEqual([
      [anna.id, DELETED_BIDDER_NAME],
      [otto.id, otto.displayName],
    ]);
    expect(after.links.map((l) => l.bidderId)).toEqual(before.links.map((l) => l.bidderId));
    const page = (await client().get(`/api/auctions/${auction}`)).body as { recentBids: { displayName: string }[]; leaderName: string };
    expect(page.recentBids.map((b) => b.displayName)).toEqual([otto.displayName, DELETED_BIDDER_NAME]);
    expect(page.leaderName).toBe(otto.displayName);

    // The engine itself refuses the closed account's bids (an auto-bid under way, a socket not yet ended).
    await expect(placeBid(db(), anna.id, auction, new Date())).rejects.toMatchObject({ code: "ACCOUNT_CLOSED" });
  });

  it("deletes the photos of the account's reviews that nothing else shows, with their widths, and keeps one a product shows too", async () => {
    const anna = await bidder(100);
    const auction = await createAuction(db(), new Date(), { entryFeeCents: 100 });
    await anna.client.post(`/api/auctions/${auction}/enrol`);
    await anna.client.post(`/api/auctions/${auction}/bids`);
    await db().query("update auctions set ends_at = now() where id = $1", [auction]);
    await expect.poll(async () => (await db().query("select 1 from fulfilments where auction_id = $1", [auction])).length).toBe(1);
    await db().query(
      `update fulfilments set state = 'Delivered', paid_at = now(), in_delivery_at = now(), delivered_at = now(),
              amount_paid_cents = price_cents, discount_cents = 0, delivery_address = 'Brīvības iela 1, Rīga', phone = '+371 20000000'
        where auction_id = $1`,
      [auction],
    );
    const photo = async (red: number) =>
      `data:image/png;base64,${(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: red, g: 90, b: 40 } } })
          .png()
          .toBuffer()
      ).toString("base64")}`;
    const posted = await anna.client.post("/api/reviews", {
      source: "win",
      sourceId: auction,
      rating: 4,
      text: "Came in a day.",
      photos: [await photo(200), await photo(30)],
    });
    expect(posted.status, JSON.stringify(posted.body).slice(0, 200)).toBe(201);
    const [own, shared] = (posted.body as { photos: string[] }).photos;
    // An operator chose the same picture for a product: the same bytes, stored once.
    const product = await createAuction(db(), new Date());
    await db().query("update auctions set images = $2::jsonb where id = $1", [product, JSON.stringify([shared])]);
    const ownWidth = `/media/${photoWidthId(own!.slice("/media/".length, "/media/".length + 32), PICTURE_WIDTHS[0])}`;
    const served = async (path: string) => (await fetch(new URL(path, server.url))).status;
    expect([await served(own!), await served(ownWidth), await served(shared!)]).toEqual([200, 200, 200]);

    expect((await anna.client.post("/api/users/delete", { password: PASSWORD })).status).toBe(204);
    expect([await served(own!), await served(ownWidth), await served(shared!)]).toEqual([404, 404, 200]);
    expect(await db().query("select 1 from reviews where user_id = $1", [anna.id])).toEqual([]);
  });

  it("lets the e-mail and the display name be used again for a new account", async () => {
    const anna = await bidder();
    expect((await anna.client.post("/api/users/delete", { password: PASSWORD })).status).toBe(204);
    const again = client();
    const body = await signUpConfirmed(again, { email: anna.email, displayName: anna.displayName });
    expect((await again.get("/authn/user")).body).toMatchObject({
      isAuthenticated: true,
      email: body.email,
      displayName: anna.displayName,
    });
    const [row] = await db().query<{ id: string }>("select id from users where email_key = lower($1)", [anna.email]);
    expect(row?.id).not.toBe(anna.id);
    // The names settled at each start leave the closed account's alone: it takes no skeleton, so blocks no name.
    await settleDisplayNames(db());
    const [closed] = await db().query("select display_name_skeleton, display_name_needs_change from users where id = $1", [anna.id]);
    expect(closed).toEqual({ display_name_skeleton: null, display_name_needs_change: false });
  });

  it("a deletion racing a bid: the bid lands first and the deletion waits for the auction, or the bid is refused; the chain verifies", async () => {
    for (let round = 0; round < 3; round++) {
      const anna = await bidder(100);
      const otto = await bidder(100);
      const auction = await createAuction(db(), new Date(), { entryFeeCents: 100 });
      await anna.client.post(`/api/auctions/${auction}/enrol`);
      await otto.client.post(`/api/auctions/${auction}/enrol`);
      await otto.client.post(`/api/auctions/${auction}/bids`);
      const [bid, deletion] = await Promise.all([
        anna.client.post(`/api/auctions/${auction}/bids`),
        anna.client.post("/api/users/delete", { password: PASSWORD }),
      ]);
      const chain = await chainOf(auction);
      expect(chain.isValid).toBe(true);
      if (bid.status === 200) {
        expect(errorOf(deletion.body).code).toBe("LEADING_AUCTION");
        expect(chain.links.at(-1)).toMatchObject({ bidderId: anna.id, displayName: anna.displayName });
      } else {
        expect(deletion.status).toBe(204);
        expect(chain.links.map((l) => l.bidderId)).toEqual([otto.id]);
      }
    }
  });
});

describe("the age rule", () => {
  it("refuses a sign-up under MIN_AGE with a translated message, and creates nothing", async () => {
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const body = newBidder({ dateOfBirth: seventeen });
    const answer = await client().post("/authn/sign-up", body);
    expect(answer.status).toBe(403);
    expect(errorOf(answer.body)).toMatchObject({
      code: "UNDER_AGE",
      values: { minAge: 18 },
      issues: [{ path: "dateOfBirth", message: "personalData.validation.underAge" }],
    });
    expect(await db().query("select 1 from users where email = $1", [body.email])).toEqual([]);
    expect(await mailsTo(server.url, body.email)).toEqual([]);
  });

  it("refuses a date of birth in the future, before 1900, not a date, or missing", async () => {
    for (const [dateOfBirth, message] of [
      ["2999-01-01", "personalData.validation.dateInFuture"],
      ["1850-06-01", "personalData.validation.dateTooOld"],
      ["1990-02-30", "personalData.validation.invalidDate"],
      ["", "validation.required"],
    ] as const) {
      const answer = await client().post("/authn/sign-up", newBidder({ dateOfBirth }));
      expect(answer.status).toBe(400);
      expect(errorOf(answer.body).issues).toContainEqual({ path: "dateOfBirth", message });
    }
    const { dateOfBirth: _none, ...without } = newBidder();
    expect(errorOf((await client().post("/authn/sign-up", without)).body).issues?.map((i) => i.path)).toContain("dateOfBirth");
  });

  it("stores the date of birth given at sign-up", async () => {
    const anna = await bidder();
    expect(((await anna.client.get("/api/users/profile")).body as { dateOfBirth: string }).dateOfBirth).toBe("1990-05-17");
  });

  it("asks an existing account for its date of birth once, before its next enrolment", async () => {
    const anna = await bidder(300);
    await db().query("update users set date_of_birth = null where id = $1", [anna.id]);
    const auction = await createAuction(db(), new Date(), { entryFeeCents: 100 });
    const refused = await anna.client.post(`/api/auctions/${auction}/enrol`);
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).code).toBe("DATE_OF_BIRTH_REQUIRED");
    expect(((await anna.client.get("/api/user-wallet")).body as { balance: number }).balance).toBe(3);

    const young = `${new Date().getUTCFullYear() - 10}-03-03`;
    expect(errorOf((await anna.client.put("/api/users/date-of-birth", { dateOfBirth: young })).body).code).toBe("UNDER_AGE");
    expect(errorOf((await anna.client.post(`/api/auctions/${auction}/enrol`)).body).code).toBe("DATE_OF_BIRTH_REQUIRED");

    expect((await anna.client.put("/api/users/date-of-birth", { dateOfBirth: "1985-12-24" })).status).toBe(204);
    expect((await anna.client.post(`/api/auctions/${auction}/enrol`)).status).toBe(200);
    expect(errorOf((await anna.client.put("/api/users/date-of-birth", { dateOfBirth: "1970-01-01" })).body).code).toBe(
      "DATE_OF_BIRTH_GIVEN",
    );
    expect(((await anna.client.get("/api/users/profile")).body as { dateOfBirth: string }).dateOfBirth).toBe("1985-12-24");
  });

  it("takes MIN_AGE from the configuration, 18 unless set, and refuses a value out of 16-25", () => {
    const base = { NODE_ENV: "test", DATA_DIR: "memory://" };
    expect(loadConfig(base).minAge).toBe(18);
    expect(loadConfig({ ...base, MIN_AGE: "21" }).minAge).toBe(21);
    expect(() => loadConfig({ ...base, MIN_AGE: "12" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, MIN_AGE: "eighteen" })).toThrow(ConfigError);
  });
});
