// Verified winners' reviews against the real server and database (issue 55 item 5, decision 104): refused without a
// delivered win of one's own (won but not delivered, not won, someone else's), one per win even when two posts race,
// the photo limits, a Buy it now buyer's review, the public lists (all, and the product's), and hiding: gone from the
// public lists, with its reason in the audit log, from the back office and the ops CLI.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AuditLogPage,
  OperatorReview,
  OperatorReviewList,
  OwnReview,
  OwnReviewList,
  ReviewList,
  type PostReviewBody,
} from "../../contract";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { advancePurchase } from "../../server/buy-now";
import { advanceFulfilment } from "../../server/fulfilment";
import { httpBackend } from "../../server/operator/ops-cli-backends";
import { localOperatorKey } from "../../server/accounts/operator-auth";
import { runOps } from "../../server/operator/ops-cli";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient, signUpConfirmed } from "../support/client";
import { createAuction } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let nowMs = Date.now();
const now = () => new Date(nowMs);
let ip = 0;
const SESSION_SECRET = "reviews-test-session-secret-0123456789abcdef";

beforeAll(async () => {
  server = await startTestServer({ SESSION_SECRET }, { clock: now });
});
afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const payBody = { deliveryAddress: "Brīvības iela 58, Rīga, LV-1010", phone: "+371 29123456" };

async function signedIn() {
  const client = new TestClient(server.url, `10.62.0.${++ip}`);
  const body = await signUpConfirmed(client);
  const [user] = await db().query<{ id: string }>("select id from users where email = $1", [body.email]);
  await postLedgerEntry(db(), { userId: user!.id, type: "Payment", amountCents: 10_000, description: "Test top-up" });
  return { client, id: user!.id, displayName: body.displayName as string };
}
type Bidder = Awaited<ReturnType<typeof signedIn>>;

let operatorClient: TestClient;
async function operator() {
  if (operatorClient) return operatorClient;
  const signed = await signedIn();
  await db().query("update users set role = 'operator' where id = $1", [signed.id]);
  operatorClient = signed.client;
  return operatorClient;
}

/** An auction of `product` that `winner` wins and `losers` enrolled in, ended; its win awaits payment. */
async function wonAuction(winner: Bidder, options: { product?: string; title?: string; losers?: Bidder[] } = {}) {
  const auctionId = await createAuction(db(), now(), { entryFeeCents: 100, initialSeconds: 60, title: options.title ?? "Reviewed kettle" });
  await db().query("update auctions set product_key = $2, retail_value_cents = 2000 where id = $1", [
    auctionId,
    options.product ?? `kettle-${auctionId}`,
  ]);
  for (const bidder of [...(options.losers ?? []), winner]) await enrol(db(), bidder.id, auctionId, now());
  await placeBid(db(), winner.id, auctionId, now());
  nowMs += 61_000;
  await advanceLifecycle(db(), now());
  nowMs += 1_000;
  return auctionId;
}

const pay = async (winner: Bidder, auctionId: number) =>
  expect((await winner.client.post(`/api/fulfilments/${auctionId}/pay`, payBody)).status).toBe(200);
const moveOn = (auctionId: number, to: "InDelivery" | "Delivered") =>
  advanceFulfilment(db(), { auctionId, to, actor: "test@pennybid.lv", now: now() });

/** A win of `winner` that has been paid for and delivered. */
async function deliveredWin(winner: Bidder, options: { product?: string; title?: string } = {}) {
  const auctionId = await wonAuction(winner, options);
  await pay(winner, auctionId);
  await moveOn(auctionId, "InDelivery");
  await moveOn(auctionId, "Delivered");
  return auctionId;
}

const review = (sourceId: number, change: Partial<PostReviewBody> = {}): PostReviewBody => ({
  source: "win",
  sourceId,
  rating: 5,
  text: "Arrived in two days and boils water fast.",
  photos: [],
  ...change,
});

const reviewCount = async () => Number((await db().query<{ n: number }>("select count(*)::int as n from reviews"))[0]!.n);
const mediaCount = async () => Number((await db().query<{ n: number }>("select count(*)::int as n from media"))[0]!.n);

async function expectRefused(bidder: Bidder, body: PostReviewBody, status: number, code: string) {
  const [reviews, media] = [await reviewCount(), await mediaCount()];
  const answer = await bidder.client.post("/api/reviews", body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect((answer.body as { error: { code: string } }).error.code).toBe(code);
  expect([await reviewCount(), await mediaCount()]).toEqual([reviews, media]);
}

async function photo(width: number, height: number, format: "png" | "jpeg" | "webp" = "jpeg") {
  const picture = sharp({ create: { width, height, channels: 3, background: { r: 220, g: 120, b: 40 } } }).withMetadata({
    exif: { IFD0: { Copyright: "Taken at home in Jugla" } },
  });
  const bytes = await picture[format]().toBuffer();
  return `data:image/${format};base64,${bytes.toString("base64")}`;
}

const publicReviews = async (client: TestClient, path = "/api/reviews?limit=50") => ReviewList.parse((await client.get(path)).body);

describe("who may review", () => {
  it("refuses a win that is not delivered yet: unpaid, paid, out for delivery", async () => {
    const winner = await signedIn();
    const auctionId = await wonAuction(winner);
    await expectRefused(winner, review(auctionId), 403, "REVIEW_NOT_DELIVERED");
    await pay(winner, auctionId);
    await expectRefused(winner, review(auctionId), 403, "REVIEW_NOT_DELIVERED");
    await moveOn(auctionId, "InDelivery");
    await expectRefused(winner, review(auctionId), 403, "REVIEW_NOT_DELIVERED");
    await moveOn(auctionId, "Delivered");
    expect((await winner.client.post("/api/reviews", review(auctionId))).status).toBe(201);
  });

  it("refuses a bidder who did not win, a stranger, and anyone naming someone else's delivered win or an auction with no win", async () => {
    const [winner, loser, stranger] = [await signedIn(), await signedIn(), await signedIn()];
    const auctionId = await wonAuction(winner, { losers: [loser] });
    await pay(winner, auctionId);
    await moveOn(auctionId, "InDelivery");
    await moveOn(auctionId, "Delivered");
    await expectRefused(loser, review(auctionId), 403, "REVIEW_NOT_DELIVERED");
    await expectRefused(stranger, review(auctionId), 403, "REVIEW_NOT_DELIVERED");
    await expectRefused(stranger, review(auctionId, { source: "purchase" }), 403, "REVIEW_NOT_DELIVERED");
    const running = await createAuction(db(), now());
    await expectRefused(stranger, review(running), 403, "REVIEW_NOT_DELIVERED");
    await expectRefused(stranger, review(2 ** 31 - 1), 403, "REVIEW_NOT_DELIVERED");
    expect((await new TestClient(server.url, "10.62.9.1").post("/api/reviews", review(auctionId))).status).toBe(401);
  });

  it("holds the rule in the database too: no row for an undelivered win, nor for a win by someone else", async () => {
    const [winner, other] = [await signedIn(), await signedIn()];
    const unpaid = await wonAuction(winner);
    const insert = (userId: string, auctionId: number) =>
      db().query("insert into reviews (user_id, auction_id, win_auction_id, rating, body) values ($1, $2, $2, 5, 'Good')", [
        userId,
        auctionId,
      ]);
    await expect(insert(winner.id, unpaid)).rejects.toThrow();
    const delivered = await deliveredWin(winner);
    await expect(insert(other.id, delivered)).rejects.toThrow();
  });

  it("takes a Buy it now buyer's review once the purchase is delivered", async () => {
    const [winner, buyer] = [await signedIn(), await signedIn()];
    const auctionId = await wonAuction(winner, { losers: [buyer] });
    const bought = await buyer.client.post(`/api/auctions/${auctionId}/buy-now`, payBody);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const { purchaseId } = bought.body as { purchaseId: number };
    await expectRefused(buyer, review(purchaseId, { source: "purchase" }), 403, "REVIEW_NOT_DELIVERED");
    for (const to of ["InDelivery", "Delivered"] as const)
      await advancePurchase(db(), { purchaseId, to, actor: "test@pennybid.lv", now: now() });
    const answer = await buyer.client.post("/api/reviews", review(purchaseId, { source: "purchase", rating: 4 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(OwnReview.parse(answer.body)).toMatchObject({
      source: "purchase",
      sourceId: purchaseId,
      auctionId,
      rating: 4,
      reviewerName: buyer.displayName,
    });
  });
});

describe("one review per delivered win", () => {
  it("keeps one of two posts that race and tells the other it exists", async () => {
    const winner = await signedIn();
    const auctionId = await deliveredWin(winner);
    const answers = await Promise.all([
      winner.client.post("/api/reviews", review(auctionId, { text: "First tab" })),
      winner.client.post("/api/reviews", review(auctionId, { text: "Second tab" })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((answers.find((answer) => answer.status === 409)!.body as { error: { code: string } }).error.code).toBe("REVIEW_EXISTS");
    const stored = await db().query("select body from reviews where win_auction_id = $1", [auctionId]);
    expect(stored).toHaveLength(1);
    await expectRefused(winner, review(auctionId, { text: "Later" }), 409, "REVIEW_EXISTS");
    const own = OwnReviewList.parse((await winner.client.get("/api/reviews/mine")).body);
    expect(own.items.filter((item) => item.sourceId === auctionId)).toHaveLength(1);
  });
});

describe("the text and the photos", () => {
  it("stores up to three photos re-encoded, without what the camera wrote into them", async () => {
    const winner = await signedIn();
    const auctionId = await deliveredWin(winner);
    const photos = [await photo(64, 48), await photo(40, 40, "png"), await photo(30, 60, "webp")];
    const answer = await winner.client.post("/api/reviews", review(auctionId, { photos }));
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(201);
    const posted = OwnReview.parse(answer.body);
    expect(posted.photos).toHaveLength(3);
    for (const path of posted.photos) {
      expect(path).toMatch(/^\/media\/[0-9a-f]{32}\.(jpg|png|webp)$/);
      const served = await fetch(new URL(path, server.url));
      expect(served.status).toBe(200);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.includes(Buffer.from("Jugla"))).toBe(false);
      expect((await sharp(bytes).metadata()).width).toBeGreaterThan(0);
    }
  });

  it("refuses a fourth photo, a photo over the size limit, one that is no picture, a GIF or SVG, and a stored picture's path", async () => {
    const winner = await signedIn();
    const auctionId = await deliveredWin(winner);
    const small = await photo(20, 20);
    await expectRefused(winner, review(auctionId, { photos: [small, small, small, small] }), 400, "VALIDATION_FAILED");
    const tooLarge = `data:image/jpeg;base64,${Buffer.alloc(5 * 1024 * 1024 + 1, 7).toString("base64")}`;
    await expectRefused(winner, review(auctionId, { photos: [small, tooLarge] }), 422, "IMAGE_TOO_LARGE");
    await expectRefused(
      winner,
      review(auctionId, { photos: [`data:image/png;base64,${Buffer.from("not a picture").toString("base64")}`] }),
      422,
      "IMAGE_UNREADABLE",
    );
    await expectRefused(winner, review(auctionId, { photos: ["data:image/gif;base64,R0lGODlhAQABAAAAACw="] }), 400, "VALIDATION_FAILED");
    await expectRefused(winner, review(auctionId, { photos: ["data:image/svg+xml;base64,PHN2Zy8+"] }), 400, "VALIDATION_FAILED");
    await expectRefused(winner, review(auctionId, { photos: ["/products/kettle.webp"] }), 400, "VALIDATION_FAILED");
    expect((await winner.client.post("/api/reviews", review(auctionId, { photos: [small] }))).status).toBe(201);
  });

  it("refuses a rating outside 1–5, an empty text, one over 255 characters and control characters, keeping line breaks", async () => {
    const winner = await signedIn();
    const auctionId = await deliveredWin(winner);
    for (const change of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { text: "   " },
      { text: "x".repeat(256) },
      { text: "Good\u0007" },
      { text: "Good \u202eevil" },
    ]) {
      await expectRefused(winner, review(auctionId, change), 400, "VALIDATION_FAILED");
    }
    const answer = await winner.client.post("/api/reviews", review(auctionId, { text: "  Two lines:\r\nboth kept.  " }));
    expect(OwnReview.parse(answer.body).text).toBe("Two lines:\nboth kept.");
  });
});

describe("where reviews show, and hiding one", () => {
  it("lists a review on the Winners page and on every auction of the same product, marked with the auction it came from", async () => {
    const winner = await signedIn();
    const product = `lamp-${nowMs}`;
    const auctionId = await deliveredWin(winner, { product, title: "Desk lamp" });
    const sameProduct = await createAuction(db(), now(), { title: "Desk lamp" });
    await db().query("update auctions set product_key = $2 where id = $1", [sameProduct, product]);
    const otherProduct = await createAuction(db(), now());
    const posted = OwnReview.parse(
      (await winner.client.post("/api/reviews", review(auctionId, { rating: 4, text: "Bright and steady." }))).body,
    );
    const anyone = new TestClient(server.url, "10.62.9.2");
    const expected = {
      id: posted.id,
      rating: 4,
      text: "Bright and steady.",
      source: "win",
      auctionId,
      auctionTitle: "Desk lamp",
      reviewerName: winner.displayName,
    };
    expect((await publicReviews(anyone)).items).toContainEqual(expect.objectContaining(expected));
    const product1 = await publicReviews(anyone, `/api/auctions/${sameProduct}/reviews`);
    expect(product1).toMatchObject({ count: 1, averageRating: 4, hasMore: false, items: [expect.objectContaining(expected)] });
    expect(await publicReviews(anyone, `/api/auctions/${otherProduct}/reviews`)).toEqual({
      items: [],
      count: 0,
      averageRating: null,
      hasMore: false,
    });
  });

  it("pages the Winners page newest first", async () => {
    const winner = await signedIn();
    for (const text of ["One", "Two", "Three"]) {
      const auctionId = await deliveredWin(winner);
      expect((await winner.client.post("/api/reviews", review(auctionId, { text }))).status).toBe(201);
    }
    const first = await publicReviews(winner.client, "/api/reviews?limit=2");
    expect(first.items.map((item) => item.text)).toEqual(["Three", "Two"]);
    expect(first.hasMore).toBe(true);
    const next = await publicReviews(winner.client, `/api/reviews?limit=2&before=${first.items[1]!.id}`);
    expect(next.items[0]!.text).toBe("One");
  });

  it("hides a review with the operator's reason: gone from both public lists, kept for its author, one audit line", async () => {
    const winner = await signedIn();
    const product = `radio-${nowMs}`;
    const auctionId = await deliveredWin(winner, { product });
    const posted = OwnReview.parse((await winner.client.post("/api/reviews", review(auctionId, { text: "Call me at 20000000" }))).body);
    const office = await operator();
    expect((await winner.client.post(`/api/operator/reviews/${posted.id}/hide`, { reason: "Mine" })).status).toBe(403);
    expect((await office.post(`/api/operator/reviews/${posted.id}/hide`, { reason: " " })).status).toBe(400);
    const hidden = await office.post(`/api/operator/reviews/${posted.id}/hide`, { reason: "Personal phone number" });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(OperatorReview.parse(hidden.body)).toMatchObject({ id: posted.id, hiddenReason: "Personal phone number", isHidden: true });

    const anyone = new TestClient(server.url, "10.62.9.3");
    expect((await publicReviews(anyone)).items.map((item) => item.id)).not.toContain(posted.id);
    expect(await publicReviews(anyone, `/api/auctions/${auctionId}/reviews`)).toMatchObject({ items: [], count: 0, averageRating: null });
    const own = OwnReviewList.parse((await winner.client.get("/api/reviews/mine")).body).items.find((item) => item.id === posted.id);
    expect(own?.isHidden).toBe(true);
    const listed = OperatorReviewList.parse((await office.get("/api/operator/reviews?hidden=yes")).body).items.find(
      (item) => item.id === posted.id,
    );
    expect(listed?.hiddenReason).toBe("Personal phone number");

    const again = await office.post(`/api/operator/reviews/${posted.id}/hide`, { reason: "Twice" });
    expect((again.body as { error: { code: string } }).error.code).toBe("REVIEW_ALREADY_HIDDEN");
    expect((await office.post("/api/operator/reviews/999999/hide", { reason: "None" })).status).toBe(404);

    const audit = AuditLogPage.parse((await office.get(`/api/operator/audit-log?subject=review:${posted.id}`)).body);
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      action: "review.hide",
      source: "web",
      details: { reason: "Personal phone number", auctionId, reviewerId: winner.id },
    });
  });

  it("lists and hides reviews from the ops CLI, audit-logged as the CLI's", async () => {
    const winner = await signedIn();
    const auctionId = await deliveredWin(winner);
    const posted = OwnReview.parse((await winner.client.post("/api/reviews", review(auctionId, { text: "Spam spam spam" }))).body);
    const lines: string[] = [];
    const ops = (...args: string[]) =>
      runOps(args, () => Promise.resolve(httpBackend(server.url, localOperatorKey(SESSION_SECRET))), {
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
      });
    expect(await ops("reviews", "list", "--visible")).toBe(0);
    expect(lines.join("\n")).toContain("Spam spam spam");
    expect(await ops("reviews", "hide", String(posted.id))).toBe(2);
    expect(await ops("reviews", "hide", String(posted.id), "--reason", "Spam")).toBe(0);
    expect(lines.at(-1)).toBe(
      `Hid review ${posted.id} by ${(await db().query<{ email: string }>("select email from users where id = $1", [winner.id]))[0]!.email} of auction ${auctionId}: Spam`,
    );
    expect((await publicReviews(winner.client)).items.map((item) => item.id)).not.toContain(posted.id);
    const [line] = await db().query<{ actor: string; source: string }>("select actor, source from operator_actions where subject = $1", [
      `review:${posted.id}`,
    ]);
    expect(line).toEqual({ actor: "ops-cli", source: "cli" });
  });
});
