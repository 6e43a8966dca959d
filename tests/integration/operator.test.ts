// The operator API and the ops CLI: only operators get in; every action changes exactly what it says, is seen
// live by open pages, and refusals (canceling a running auction, overdrawing a wallet) change nothing.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { io as connect, type Socket } from "socket.io-client";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ClientToServerEvents,
  type OperatorAuction,
  type OperatorAuctionDetail,
  type OperatorUserDetail,
  type OperatorUserList,
  type ServerToClientEvents,
} from "../../contract";
import { PICTURE_WIDTHS } from "../../contract/constants";
import { prepareImage } from "../../server/media/media.service";
import { TestClient, signUpConfirmed } from "../support/client";
import { createAuction as createAuctionFixture, createBidder } from "../support/fixtures";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { startTestServer, type TestServer } from "../support/server";
import { nextState, openSocket, type LiveClient as OpenedSocket } from "../support/socket";
import { bidderClient } from "../support/scene";

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;
const root = path.resolve(import.meta.dirname, "..", "..");
const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

async function watch(url: string, status: "Waiting" | "Running" | "Ended"): Promise<LiveClient> {
  const socket: LiveClient = connect(url, { transports: ["websocket"], forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
  await socket.emitWithAck("auctions:watch", { status });
  return socket;
}

describe("the operator API", () => {
  let server: TestServer;
  let operator: TestClient;
  let bidder: TestClient;
  let ip = 0;

  const signedIn = async () => {
    const { client, body } = await bidderClient(server, `10.40.0.${++ip}`);
    return { client, body };
  };
  const balanceOf = async (client: TestClient) => ((await client.get("/api/user-wallet")).body as { balance: number }).balance;
  const create = (extra: Record<string, unknown> = {}) =>
    operator.post("/api/operator/auctions", {
      title: "Espresso machine",
      initialSeconds: 60,
      resetSeconds: 15,
      entryFeeCents: 150,
      ...extra,
    });

  beforeAll(async () => {
    server = await startTestServer();
    const op = await signedIn();
    await server.database.db.query("update users set role = 'operator' where email = $1", [op.body.email]);
    operator = op.client;
    const bid = await signedIn();
    bidder = bid.client;
    const [row] = await server.database.db.query<{ id: string }>("select id from users where email = $1", [bid.body.email]);
    await server.database.db.query("insert into wallets (user_id, balance_cents) values ($1, 1000)", [row!.id]);
    await server.database.db.query(
      "insert into wallet_transactions (user_id, type, amount_cents, description) values ($1, 'Payment', 1000, 'Test top-up')",
      [row!.id],
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers 401 to strangers and 403 to bidders, on reads and changes alike", async () => {
    const stranger = new TestClient(server.url, "10.40.1.1");
    expect((await stranger.get("/api/operator/auctions")).status).toBe(401);
    expect((await stranger.post("/api/operator/auctions", {})).status).toBe(401);
    expect((await bidder.get("/api/operator/auctions")).status).toBe(403);
    expect((await bidder.post("/api/operator/users/anyone/role", { role: "operator" })).status).toBe(403);
    const forged = await fetch(`${server.url}/api/operator/auctions`, { headers: { authorization: "Bearer not-the-key" } });
    expect(forged.status).toBe(401);
  });

  it("tells the SPA who is an operator: /authn/user and the sign-in answer say isOperator", async () => {
    expect((await operator.get("/authn/user")).body).toMatchObject({ isAuthenticated: true, isOperator: true });
    expect((await bidder.get("/authn/user")).body).toMatchObject({ isAuthenticated: true, isOperator: false });
    const op = await signedIn();
    await server.database.db.query("update users set role = 'operator' where email = $1", [op.body.email]);
    const again = new TestClient(server.url, `10.40.0.${++ip}`);
    const signIn = await again.post("/authn/sign-in", { email: op.body.email, password: op.body.password });
    expect(signIn.body).toMatchObject({ isAuthenticated: true, email: op.body.email, isOperator: true });
  });

  it("creates an auction with a stored image, refuses bad settings with the field named", async () => {
    const bad = await create({ title: "", initialSeconds: 2, images: ["/etc/passwd"] });
    expect(bad.status).toBe(400);
    const paths = ((bad.body as { error: { issues: { path: string }[] } }).error.issues ?? []).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["title", "initialSeconds", "images.0"]));

    const made = await create({ images: [`data:image/png;base64,${PIXEL_PNG}`], startsInSeconds: 3600 });
    expect(made.status).toBe(201);
    const auction = made.body as OperatorAuction;
    expect(auction.status).toBe("New");
    const detail = (await operator.get(`/api/operator/auctions/${auction.id}`)).body as OperatorAuctionDetail;
    expect(detail.images[0]).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const image = await fetch(`${server.url}${detail.images[0]}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    // The pixel as it came (its file written again without metadata: decision 062).
    const served = Buffer.from(await image.arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    expect(await sharp(served).raw().toBuffer()).toEqual(await sharp(Buffer.from(PIXEL_PNG, "base64")).raw().toBuffer());
    // A draft is invisible to the public until published.
    expect((await bidder.get(`/api/auctions/${auction.id}`)).status).toBe(404);
    expect(((await operator.post(`/api/operator/auctions/${auction.id}/publish`)).body as OperatorAuction).status).toBe("Waiting");
    const again = await operator.post(`/api/operator/auctions/${auction.id}/publish`);
    expect(again.status).toBe(409);
    expect((await bidder.get(`/api/auctions/${auction.id}`)).status).toBe(200);
  });

  it("serves an uploaded photo as WebP at each width a screen asks for, never wider than it came (decision 062)", async () => {
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();
    const made = (await create({ images: [`data:image/jpeg;base64,${photo.toString("base64")}`, `data:image/png;base64,${PIXEL_PNG}`] }))
      .body as OperatorAuction;
    const detail = (await operator.get(`/api/operator/auctions/${made.id}`)).body as OperatorAuctionDetail;
    const [large, tiny] = detail.images.map((image) => /^\/media\/([0-9a-f]{32})\.(jpg|png)$/.exec(image)?.[1]);
    for (const width of PICTURE_WIDTHS) {
      const answer = await fetch(`${server.url}/media/${large}-${width}w.webp`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/webp");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width, height: (width * 3) / 4 });
      expect(bytes.length).toBeLessThan(photo.length);
      const small = Buffer.from(await (await fetch(`${server.url}/media/${tiny}-${width}w.webp`)).arrayBuffer());
      expect(await sharp(small).metadata()).toMatchObject({ format: "webp", width: 1, height: 1 });
    }
    // Made when the photo was stored, not when first asked for.
    const [{ count }] = (await server.database.db.query<{ count: number }>("select count(*)::int as count from media where id like $1", [
      `${large}-%`,
    ])) as [{ count: number }];
    expect(count).toBe(PICTURE_WIDTHS.length);
  });

  it("keeps and serves a photo's own file upright and without the camera's metadata: no place, no camera (decision 062)", async () => {
    // A phone's photo: taken sideways (orientation 6: the pixels lie 300 wide, 200 high, to be turned a quarter) with
    // where and by what it was taken.
    const taken = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366aa" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Secret Phone 12", Copyright: "Home of the operator" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "56/1 57/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(taken).metadata()).exif?.includes(Buffer.from("Secret Phone 12"))).toBe(true);
    const made = (await create({ images: [`data:image/jpeg;base64,${taken.toString("base64")}`] })).body as OperatorAuction;
    const [path] = ((await operator.get(`/api/operator/auctions/${made.id}`)).body as OperatorAuctionDetail).images;
    expect(path).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    const served = Buffer.from(await (await fetch(`${server.url}${path}`)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 200, height: 300 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(served.includes(Buffer.from("Secret Phone 12"))).toBe(false);
    expect(served.includes(Buffer.from("Home of the operator"))).toBe(false);
    // The same upload again is the same stored file.
    const again = (await create({ images: [`data:image/jpeg;base64,${taken.toString("base64")}`] })).body as OperatorAuction;
    expect(((await operator.get(`/api/operator/auctions/${again.id}`)).body as OperatorAuctionDetail).images).toEqual([path]);
  });

  it("takes only pictures there are: a product picture or stored media, never a path that climbs out or names nothing", async () => {
    const auctionsBefore = await server.database.db.query("select id from auctions");
    for (const image of [
      "/media/..",
      "/products/..",
      "/media/../index.html",
      "/products/nothing-here.svg",
      "/media/0123456789abcdef0123456789abcdee.png",
    ]) {
      const answer = await create({ images: [image] });
      expect(answer.status, image).toBeGreaterThanOrEqual(400);
      expect(answer.status, image).toBeLessThan(500);
      expect((answer.body as { error: { code: string } }).error.code, image).toMatch(/^(VALIDATION_FAILED|IMAGE_UNKNOWN)$/);
    }
    const unknown = await create({ images: ["/products/nothing-here.svg"] });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ error: { code: "IMAGE_UNKNOWN" } });
    expect(await server.database.db.query("select id from auctions")).toEqual(auctionsBefore);
    // A product picture, and an upload's path given back as it is (an edit that keeps it), are taken.
    expect((await create({ images: ["/products/bike.svg"] })).status).toBe(201);
    const uploaded = (
      await create({ images: [`data:image/svg+xml;base64,${Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64")}`] })
    ).body as OperatorAuction;
    const [path] = ((await operator.get(`/api/operator/auctions/${uploaded.id}`)).body as OperatorAuctionDetail).images;
    expect((await create({ images: [path!] })).status).toBe(201);
  });

  it("refuses an image that does not open or is too large, by a code of its own, storing nothing; makes a photo's width stored before decision 062 once", async () => {
    const before = await server.database.db.query("select id from media");
    const auctionsBefore = await server.database.db.query("select id from auctions");
    const broken = await create({ images: [`data:image/jpeg;base64,${Buffer.from("not a picture at all").toString("base64")}`] });
    expect(broken.status).toBe(422);
    expect(broken.body).toEqual({
      error: {
        code: "IMAGE_UNREADABLE",
        message:
          "The image could not be opened, or it is larger than 50 megapixels: upload a PNG, JPEG or WebP picture that opens on your device.",
        values: { maxMegapixels: 50 },
      },
    });
    const heavy = await create({ images: [`data:image/png;base64,${Buffer.alloc(5 * 1024 * 1024 + 1).toString("base64")}`] });
    expect(heavy.status).toBe(422);
    expect(heavy.body).toEqual({
      error: { code: "IMAGE_TOO_LARGE", message: "An image may be at most 5 MB.", values: { maxMegabytes: 5 } },
    });
    // The API's schema lets only picture types through; the ops CLI's files meet this rule.
    await expect(prepareImage("data:image/bmp;base64,Qk0=")).rejects.toMatchObject({
      code: "IMAGE_TYPE",
      message: "Images must be PNG, JPEG, WebP, GIF or SVG.",
    });
    expect(await server.database.db.query("select id from media")).toEqual(before);
    expect(await server.database.db.query("select id from auctions")).toEqual(auctionsBefore);

    const hash = "0123456789abcdef0123456789abcdef";
    const older = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    await server.database.db.query("insert into media (id, content_type, bytes) values ($1, 'image/png', $2)", [`${hash}.png`, older]);
    const answer = await fetch(`${server.url}/media/${hash}-640w.webp`);
    expect(answer.status).toBe(200);
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 640, height: 427 });
    const stored = await server.database.db.query<{ id: string }>("select id from media where id like $1 order by id", [`${hash}-%`]);
    expect(stored.map((row) => row.id)).toEqual(PICTURE_WIDTHS.map((width) => `${hash}-${width}w.webp`).sort());
    // A GIF or an SVG is served only as it came; a width not offered is not a name.
    await server.database.db.query("insert into media (id, content_type, bytes) values ($1, 'image/gif', $2)", [
      "fedcba9876543210fedcba9876543210.gif",
      Buffer.from("GIF89a"),
    ]);
    expect((await fetch(`${server.url}/media/fedcba9876543210fedcba9876543210-320w.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/${hash}-500w.webp`)).status).toBe(400);
  });

  it("cancels a waiting auction, refunds the entry fee and drops the card from open pages", async () => {
    const auction = (await create({ publish: true, startsInSeconds: 3600 })).body as OperatorAuction;
    expect((await bidder.post(`/api/auctions/${auction.id}/enrol`)).status).toBe(200);
    expect(await balanceOf(bidder)).toBe(8.5);
    const page = await watch(server.url, "Waiting");
    const dropped = nextState(page, (state) => state.id === auction.id);

    const canceled = await operator.post(`/api/operator/auctions/${auction.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect((await dropped).status).toBe("Canceled");
    page.disconnect();
    expect(await balanceOf(bidder)).toBe(10);
    const ledger = (await bidder.get("/api/user-wallet/transactions")).body as { items: { type: string; amount: number }[] };
    expect(ledger.items[0]).toMatchObject({ type: "Refund", amount: 1.5 });
    expect((await operator.post(`/api/operator/auctions/${auction.id}/cancel`)).status).toBe(409);
  });

  it("refuses to cancel a running auction and changes nothing", async () => {
    const auction = (await create({ publish: true, startsInSeconds: 0 })).body as OperatorAuction;
    await operator.post(`/api/operator/auctions/${auction.id}/start-now`).catch(() => undefined);
    const running = (await operator.get(`/api/operator/auctions/${auction.id}`)).body as OperatorAuctionDetail;
    expect(running.status).toBe("Running");
    expect((await bidder.post(`/api/auctions/${auction.id}/enrol`)).status).toBe(200);
    const before = await balanceOf(bidder);

    const refused = await operator.post(`/api/operator/auctions/${auction.id}/cancel`);
    expect(refused.status).toBe(409);
    expect((refused.body as { error: { message: string } }).error.message).toBe(
      `Only New or Waiting auctions can be canceled; auction ${auction.id} is Running.`,
    );
    const after = (await operator.get(`/api/operator/auctions/${auction.id}`)).body as OperatorAuctionDetail;
    expect(after).toMatchObject({ status: "Running", enrolledCount: 1, endsAt: running.endsAt });
    expect(await balanceOf(bidder)).toBe(before);
  });

  it("moves the clock: starts now, sets time left, ends now with the leader as winner, seen live", async () => {
    // Another product: the bidder is still in a running espresso machine auction, and the win limits allow one.
    const auction = (await create({ title: "Milk frother", publish: true, startsInSeconds: 3600, entryFeeCents: 0 }))
      .body as OperatorAuction;
    const started = (await operator.post(`/api/operator/auctions/${auction.id}/start-now`)).body as OperatorAuction;
    expect(started.status).toBe("Running");
    await bidder.post(`/api/auctions/${auction.id}/enrol`);
    expect((await bidder.post(`/api/auctions/${auction.id}/bids`)).status).toBe(200);

    const retimed = (await operator.post(`/api/operator/auctions/${auction.id}/time-left`, { seconds: 600 })).body as OperatorAuction;
    const secondsLeft = (Date.parse(retimed.endsAt ?? "") - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(590);
    expect(secondsLeft).toBeLessThanOrEqual(600);

    const page = await watch(server.url, "Running");
    const ended = nextState(page, (state) => state.id === auction.id && state.status === "Ended");
    const done = (await operator.post(`/api/operator/auctions/${auction.id}/end-now`)).body as OperatorAuction;
    expect(done).toMatchObject({ status: "Ended", priceCents: 1, winnerName: expect.any(String) });
    expect((await ended).winnerName).toBe(done.winnerName);
    page.disconnect();
    expect((await operator.post(`/api/operator/auctions/${auction.id}/end-now`)).status).toBe(409);
    expect((await operator.post(`/api/operator/auctions/${auction.id}/time-left`, { seconds: 60 })).status).toBe(409);
  });

  it("shows the auto-bids set and marks the bids they placed; tells operators' sockets, never a bidder's, when one is set", async () => {
    const auction = (await create({ title: "Coffee grinder", publish: true, startsInSeconds: 3600, entryFeeCents: 0 }))
      .body as OperatorAuction;
    await operator.post(`/api/operator/auctions/${auction.id}/start-now`);
    expect((await bidder.post(`/api/auctions/${auction.id}/enrol`)).status).toBe(200);
    const opened: OpenedSocket[] = [];
    const operatorSocket = await openSocket(server.url, opened, operator.cookieHeader);
    const bidderSocket = await openSocket(server.url, opened, bidder.cookieHeader);
    const operatorHears: unknown[] = [];
    const bidderHears: unknown[] = [];
    operatorSocket.on("auto-bid:changed", (change) => operatorHears.push(change));
    bidderSocket.on("auto-bid:changed", (change) => bidderHears.push(change));

    // A refused auto-bid (not above the price) is told to nobody.
    expect((await bidder.put(`/api/auctions/${auction.id}/auto-bid`, { maxPriceCents: 0 })).status).toBe(400);
    expect((await bidder.put(`/api/auctions/${auction.id}/auto-bid`, { maxPriceCents: 500 })).status).toBe(200);
    await expect.poll(() => operatorHears).toEqual([{ auctionId: auction.id }]);
    // Nobody leads, so the lifecycle's next auto-bid round opens the bidding for the bidder.
    await expect
      .poll(async () => ((await operator.get(`/api/operator/auctions/${auction.id}`)).body as OperatorAuctionDetail).chain.links.length, {
        timeout: 5000,
      })
      .toBe(1);
    const detail = (await operator.get(`/api/operator/auctions/${auction.id}`)).body as OperatorAuctionDetail;
    expect(detail.autoBids).toEqual([
      { displayName: expect.any(String), email: expect.stringContaining("@"), maxPriceCents: 500, at: expect.any(String) },
    ]);
    expect(detail.chain.links.map((link) => link.isAuto)).toEqual([true]);
    expect(bidderHears).toEqual([]);
    opened.forEach((socket) => socket.disconnect());
  });

  it("lists auctions of one status by part of the title or by number, a page at a time with the total", async () => {
    // No digit in the titles, so that searching a number finds that auction alone.
    const tag = `Kettle ${Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
    const ids: number[] = [];
    for (const n of ["one", "two", "three"])
      ids.push(((await create({ title: `${tag} ${n}`, startsInSeconds: 3600 })).body as OperatorAuction).id);
    await operator.post(`/api/operator/auctions/${ids[2]}/publish`);
    type Page = { items: OperatorAuction[]; total: number };
    const list = async (query: string) => (await operator.get(`/api/operator/auctions?${query}`)).body as Page;

    const drafts = await list(`status=New&search=${encodeURIComponent(tag.toUpperCase())}`);
    expect(drafts.items.map((a) => a.id)).toEqual([ids[1], ids[0]]);
    expect(drafts.total).toBe(2);
    const first = await list(`search=${encodeURIComponent(tag)}&limit=2`);
    expect(first).toMatchObject({ total: 3 });
    expect(first.items.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    const second = await list(`search=${encodeURIComponent(tag)}&limit=2&offset=2`);
    expect(second).toMatchObject({ total: 3 });
    expect(second.items.map((a) => a.id)).toEqual([ids[0]]);
    expect(await list(`search=${encodeURIComponent(tag)}&limit=2&offset=4`)).toEqual({ items: [], total: 3 });
    expect((await list(`search=${ids[1]}`)).items.map((a) => a.id)).toEqual([ids[1]]);
    // A wildcard is a character like any other, not "anything".
    expect(await list(`search=${encodeURIComponent("%")}`)).toEqual({ items: [], total: 0 });
    expect((await operator.get("/api/operator/auctions?offset=-1")).status).toBe(400);
  });

  it("edits a draft in the fields given, clears a limit with null, and refuses what creating would refuse", async () => {
    const made = (await create({ priceCapCents: 5000, startsInSeconds: 3600 })).body as OperatorAuction;
    const path = `/api/operator/auctions/${made.id}`;
    const edited = await operator.request("PATCH", path, {
      texts: { en: { title: "Espresso machine, red" } },
      entryFeeCents: 75,
      priceCapCents: null,
      images: [`data:image/png;base64,${PIXEL_PNG}`],
    });
    expect(edited.status).toBe(200);
    const detail = edited.body as OperatorAuctionDetail;
    expect(detail).toMatchObject({
      status: "New",
      title: "Espresso machine, red",
      entryFeeCents: 75,
      priceCapCents: null,
      initialSeconds: 60,
      resetSeconds: 15,
    });
    expect(detail.images).toEqual([expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/)]);
    expect((await operator.get(path)).body).toMatchObject({ title: "Espresso machine, red", priceCapCents: null });
    // Pictures keep the order they are given in: a stored one and a bundled one, then the other way round.
    const [stored] = detail.images;
    for (const order of [
      [stored, "/products/bike.svg"],
      ["/products/bike.svg", stored],
    ]) {
      expect(((await operator.request("PATCH", path, { images: order })).body as OperatorAuctionDetail).images).toEqual(order);
      expect(((await operator.get(path)).body as OperatorAuctionDetail).images).toEqual(order);
    }

    const unchanged = (await operator.get(path)).body as OperatorAuctionDetail;
    const bad = await operator.request("PATCH", path, { texts: { en: { title: "" } }, resetSeconds: 1, status: "Running" });
    expect(bad.status).toBe(400);
    // The whole set of texts is given: none at all is refused, and so is the single `title` of creating.
    expect((await operator.request("PATCH", path, { texts: {} })).status).toBe(400);
    expect((await operator.request("PATCH", path, { title: "Lamp" })).status).toBe(400);
    expect(bad.status).toBe(400);
    const hardEndFirst = await operator.request("PATCH", path, {
      hardEndsAt: new Date(Date.parse(unchanged.startsAt) - 60_000).toISOString(),
    });
    expect(hardEndFirst.status).toBe(409);
    expect((await operator.request("PATCH", path, {})).status).toBe(400);
    expect((await operator.get(path)).body).toEqual(unchanged);

    // Once published, a draft is no longer a draft: nothing changes.
    await operator.post(`${path}/publish`);
    const late = await operator.request("PATCH", path, { texts: { en: { title: "Too late" } } });
    expect(late.status).toBe(409);
    expect(((await operator.get(path)).body as OperatorAuctionDetail).title).toBe("Espresso machine, red");
    expect((await bidder.request("PATCH", path, { texts: { en: { title: "Mine" } } })).status).toBe(403);
  });

  it("sets the fair-play rules on create and on a draft, and refuses rules no auction could keep, changing nothing", async () => {
    const rules = {
      maxPreviousWins: 0,
      enrolmentClosesSecondsBeforeEnd: 30,
      enrolmentClosesAtPriceCents: 200,
      realBiddersOnly: true,
      productKey: "Espresso Machine (red)",
    };
    const made = (await create({ ...rules, priceCapCents: 5000, startsInSeconds: 3600 })).body as OperatorAuction;
    const path = `/api/operator/auctions/${made.id}`;
    expect((await operator.get(path)).body).toMatchObject({ ...rules, productKey: "espresso-machine-red" });
    // Without a key the title names the product.
    const plain = (await create({ title: "Espresso machine, red", startsInSeconds: 3600 })).body as OperatorAuction;
    expect((await operator.get(`/api/operator/auctions/${plain.id}`)).body).toMatchObject({
      productKey: "espresso-machine-red",
      maxPreviousWins: null,
      realBiddersOnly: false,
    });

    const bad = await create({
      maxPreviousWins: -1,
      enrolmentClosesSecondsBeforeEnd: 1.5,
      enrolmentClosesAtPriceCents: 0,
      realBiddersOnly: "yes",
      productKey: "",
    });
    expect(bad.status).toBe(400);
    const paths = ((bad.body as { error: { issues: { path: string }[] } }).error.issues ?? []).map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "maxPreviousWins",
        "enrolmentClosesSecondsBeforeEnd",
        "enrolmentClosesAtPriceCents",
        "realBiddersOnly",
        "productKey",
      ]),
    );
    // Closing after the initial timer's end, at or below the start price, at or above the cap: refused with the reason.
    const afterEnd = await create({ initialSeconds: 60, enrolmentClosesSecondsBeforeEnd: 61 });
    expect(afterEnd.status).toBe(400);
    expect(JSON.stringify(afterEnd.body)).toContain("at most initialSeconds before the end");
    expect((await create({ startPriceCents: 100, enrolmentClosesAtPriceCents: 100 })).body).toMatchObject({
      error: { code: "CONFLICT", message: "The price that closes enrolment must be above the start price." },
    });
    expect((await create({ priceCapCents: 300, enrolmentClosesAtPriceCents: 300 })).body).toMatchObject({
      error: { code: "CONFLICT", message: "The price that closes enrolment must be below the price cap." },
    });
    expect((await create({ title: "!!!" })).body).toMatchObject({ error: { code: "CONFLICT" } });

    const before = (await operator.get(path)).body as OperatorAuctionDetail;
    expect((await operator.request("PATCH", path, { priceCapCents: 150 })).status).toBe(409);
    expect((await operator.request("PATCH", path, { initialSeconds: 20 })).status).toBe(409);
    expect((await operator.request("PATCH", path, { maxPreviousWins: 1001 })).status).toBe(400);
    expect((await operator.get(path)).body).toEqual(before);
    const edited = await operator.request("PATCH", path, {
      maxPreviousWins: null,
      enrolmentClosesSecondsBeforeEnd: null,
      enrolmentClosesAtPriceCents: 400,
      realBiddersOnly: false,
      productKey: "kettle",
    });
    expect(edited.body).toMatchObject({
      maxPreviousWins: null,
      enrolmentClosesSecondsBeforeEnd: null,
      enrolmentClosesAtPriceCents: 400,
      realBiddersOnly: false,
      productKey: "kettle",
    });
    // A change that names none of them keeps them.
    expect((await operator.request("PATCH", path, { entryFeeCents: 10 })).body).toMatchObject({
      enrolmentClosesAtPriceCents: 400,
      productKey: "kettle",
    });
  });

  it("lists users a page at a time with the total, and shows one user's enrolments, newest first, the win marked", async () => {
    const tag = `pager${Date.now().toString(36)}`;
    const made = [];
    for (let n = 0; n < 5; n++) {
      const user = await createBidder(server.database.db, { displayName: `${tag}_${n}` });
      await server.database.db.query("update users set created_at = now() - make_interval(mins => $2) where id = $1", [user.id, 10 - n]);
      made.push(user);
    }
    const page = async (offset: number) =>
      (await operator.get(`/api/operator/users?search=${tag}&limit=2&offset=${offset}`)).body as OperatorUserList;
    const pages = [await page(0), await page(2), await page(4)];
    expect(pages.map((answer) => answer.total)).toEqual([5, 5, 5]);
    expect(pages.map((answer) => answer.items.length)).toEqual([2, 2, 1]);
    // Newest first, each user once across the pages.
    expect(pages.flatMap((answer) => answer.items.map((user) => user.displayName))).toEqual(made.map((user) => user.displayName).reverse());
    expect(await page(10)).toEqual({ items: [], total: 5, exactId: null });
    expect((await operator.get("/api/operator/users?offset=-1")).status).toBe(400);

    const [user] = made;
    const db = server.database.db;
    const won = await createAuctionFixture(db, new Date(), { status: "Ended", entryFeeCents: 0 });
    const running = await createAuctionFixture(db, new Date(), { status: "Running", entryFeeCents: 0 });
    await db.query(
      "insert into enrolments (auction_id, user_id, fee_cents, created_at) values ($1, $3, 0, now() - interval '1 hour'), ($2, $3, 150, now())",
      [won, running, user!.id],
    );
    await db.query("update auctions set winner_id = $2 where id = $1", [won, user!.id]);
    const detail = (await operator.get(`/api/operator/users/${user!.id}`)).body as OperatorUserDetail;
    expect(detail.enrolments.map(({ auctionId, status, feeCents, isWinner }) => ({ auctionId, status, feeCents, isWinner }))).toEqual([
      { auctionId: running, status: "Running", feeCents: 150, isWinner: false },
      { auctionId: won, status: "Ended", feeCents: 0, isWinner: true },
    ]);
    expect(((await operator.get(`/api/operator/users/${made[1]!.id}`)).body as OperatorUserDetail).enrolments).toEqual([]);
  });

  it("credits and debits wallets with a reason, never below zero, and sets roles", async () => {
    const user = await createBidder(server.database.db, { balanceCents: 500 });
    const credited = await operator.post(`/api/operator/users/${user.email}/wallet`, {
      amountCents: 250,
      reason: "Goodwill for a late delivery",
    });
    expect(credited.body).toMatchObject({ balanceCents: 750 });
    const overdrawn = await operator.post(`/api/operator/users/${user.displayName}/wallet`, { amountCents: -1000, reason: "Correction" });
    expect(overdrawn.status).toBe(409);
    const detail = (await operator.get(`/api/operator/users/${user.id}`)).body as {
      balanceCents: number;
      transactions: { type: string; description: string }[];
    };
    expect(detail.balanceCents).toBe(750);
    expect(detail.transactions.map((t) => t.type)).toEqual(["Adjustment", "Payment"]);
    expect(detail.transactions[0]!.description).toBe("Goodwill for a late delivery");
    expect((await operator.post(`/api/operator/users/${user.email}/wallet`, { amountCents: 0, reason: "Nothing" })).status).toBe(400);

    expect((await operator.post(`/api/operator/users/${user.email}/role`, { role: "operator" })).body).toMatchObject({ role: "operator" });
    expect((await operator.get("/api/operator/users/nobody@example.lv")).status).toBe(404);
  });
});

type Run = { code: number; stdout: string; stderr: string };

function ops(dataDir: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/ops.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "test" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("the ops CLI", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pennybid-ops-"));
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    // A server with its own embedded database; the CLI must go through it, never open the files beside it.
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
  });

  it("prints help, and refuses a wrong command line with exit code 2 before touching anything", async () => {
    const help = await ops(dataDir, "help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("auctions create --title TEXT");
    const wrong = await ops(dataDir, "auctions", "time-left", "7", "soon");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("The seconds must be a whole number.");
    expect((await ops(dataDir, "wallet", "credit", "someone", "1.234", "--reason", "why")).code).toBe(2);
  });

  it("goes through the running server: creates from an image file, and every change reaches open pages live", async () => {
    const image = path.join(dataDir, "kettle.png");
    writeFileSync(image, Buffer.from(PIXEL_PNG, "base64"));
    const created = await ops(
      dataDir,
      "auctions",
      "create",
      "--title",
      "Kettle",
      "--initial",
      "120",
      "--reset",
      "20",
      "--fee",
      "0.50",
      "--retail",
      "39.99",
      "--starts-in",
      "600",
      "--image",
      image,
      "--publish",
      "--json",
    );
    expect(created.code).toBe(0);
    const auction = JSON.parse(created.stdout) as OperatorAuction;
    expect(auction).toMatchObject({ status: "Waiting", title: "Kettle", entryFeeCents: 50, retailValueCents: 3999 });

    const page = await watch(server!.url, "Running");
    const started = nextState(page, (state) => state.id === auction.id && state.status === "Running");
    const startNow = await ops(dataDir, "auctions", "start-now", String(auction.id));
    expect(startNow.stderr).toContain("Using the running server");
    expect(startNow.stdout).toContain(`Auction ${auction.id} "Kettle" is Running`);
    expect((await started).title).toBe("Kettle");

    const refused = await ops(dataDir, "auctions", "cancel", String(auction.id));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Refused: Only New or Waiting auctions can be canceled; auction ${auction.id} is Running.`);
    const listed = await ops(dataDir, "auctions", "list", "--status", "Running", "--json");
    expect((JSON.parse(listed.stdout) as OperatorAuction[]).map((a) => a.id)).toContain(auction.id);

    const ended = nextState(page, (state) => state.id === auction.id && state.status === "Ended");
    expect((await ops(dataDir, "auctions", "end-now", String(auction.id))).code).toBe(0);
    expect((await ended).status).toBe("Ended");
    page.disconnect();

    const shown = await ops(dataDir, "auctions", "show", String(auction.id));
    expect(shown.stdout).toContain("Bid chain: verified");
    expect(shown.stdout).toMatch(/images: \/media\/[0-9a-f]{32}\.png/);
  }, 60_000);

  it("creates an auction with the fair-play rules, shows them, and refuses a bad rule before touching anything", async () => {
    const created = await ops(
      dataDir,
      "auctions",
      "create",
      "--title",
      "Toaster",
      "--initial",
      "300",
      "--reset",
      "20",
      "--max-previous-wins",
      "0",
      "--enrolment-closes-before",
      "60",
      "--enrolment-closes-at-price",
      "2.50",
      "--real-bidders-only",
      "--product",
      "toaster-2",
      "--json",
    );
    expect(created.code).toBe(0);
    const { id } = JSON.parse(created.stdout) as OperatorAuction;
    const shown = await ops(dataDir, "auctions", "show", String(id));
    expect(shown.stdout).toContain(
      "product toaster-2, beginners: at most 0 previous wins, enrolment closes 60 s before the initial timer ends, enrolment closes at €2.50, real bidders only",
    );
    const bad = await ops(
      dataDir,
      "auctions",
      "create",
      "--title",
      "Toaster",
      "--initial",
      "300",
      "--reset",
      "20",
      "--enrolment-closes-at-price",
      "2.505",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--enrolment-closes-at-price must be an amount in euros");
    const late = await ops(
      dataDir,
      "auctions",
      "create",
      "--title",
      "Toaster",
      "--initial",
      "300",
      "--reset",
      "20",
      "--enrolment-closes-before",
      "301",
    );
    expect(late.code).not.toBe(0);
    expect(late.stderr).toContain("at most initialSeconds before the end");
  }, 60_000);

  it("creates an auction with fees back for those who lose, shows it, and refuses a share over 100 % (decision 103)", async () => {
    const created = await ops(
      dataDir,
      "auctions",
      "create",
      "--title",
      "Kettle",
      "--initial",
      "300",
      "--reset",
      "20",
      "--fee",
      "2",
      "--fee-back",
      "50",
      "--json",
    );
    expect(created.code).toBe(0);
    const { id } = JSON.parse(created.stdout) as OperatorAuction;
    expect((await ops(dataDir, "auctions", "show", String(id))).stdout).toContain(
      "fees back: 50% of each losing bidder's entry fee returns when it ends",
    );
    const bad = await ops(dataDir, "auctions", "create", "--title", "Kettle", "--initial", "300", "--reset", "20", "--fee-back", "101");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("feeBackPercent");
  }, 60_000);

  it("creates a manual-only auction and switches a waiting one, which open pages hear; a second switch is refused (decision 101)", async () => {
    const created = await ops(
      dataDir,
      "auctions",
      "create",
      "--title",
      "Nail-biter",
      "--initial",
      "300",
      "--reset",
      "20",
      "--manual-only",
      "--json",
    );
    expect(created.code).toBe(0);
    const { id } = JSON.parse(created.stdout) as OperatorAuction;
    expect((await ops(dataDir, "auctions", "show", String(id))).stdout).toContain("manual bids only (no auto-bids)");

    const plain = JSON.parse(
      (
        await ops(
          dataDir,
          "auctions",
          "create",
          "--title",
          "Radio",
          "--initial",
          "300",
          "--reset",
          "20",
          "--starts-in",
          "600",
          "--publish",
          "--json",
        )
      ).stdout,
    ) as OperatorAuction;
    const page = await watch(server!.url, "Waiting");
    const switched = nextState(page, (state) => state.id === plain.id && state.manualOnly);
    const done = await ops(dataDir, "auctions", "manual-only", String(plain.id));
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`Auction ${plain.id} "Radio" is Waiting`);
    expect((await switched).manualOnly).toBe(true);
    page.disconnect();
    const again = await ops(dataDir, "auctions", "manual-only", String(plain.id));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Refused: Auction ${plain.id} is manual-only already.`);
  }, 60_000);

  it("finds users, adjusts wallets with a reason and refuses an overdraft", async () => {
    const client = new TestClient(server!.url, "10.40.2.1");
    const body = await signUpConfirmed(client);
    const unconfirmed = await ops(dataDir, "wallet", "credit", body.email, "5", "--reason", "Welcome bonus");
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(
      new RegExp(`Credit €5\\.00 to ${body.email} \\(id [0-9a-f-]{36}, display name ${body.displayName}\\)\\.`),
    );
    expect(unconfirmed.stderr).toContain("Add --yes to go ahead");
    const credit = await ops(dataDir, "wallet", "credit", body.email, "5", "--reason", "Welcome bonus", "--yes");
    expect(credit.stdout).toContain(`Credited €5.00 to ${body.email}: balance €5.00.`);
    const overdraft = await ops(dataDir, "wallet", "debit", body.displayName, "6", "--reason", "Chargeback", "--yes");
    expect(overdraft.code).toBe(1);
    expect(overdraft.stderr).toContain("cannot go below zero");
    const shown = await ops(dataDir, "users", "show", body.email);
    expect(shown.stdout).toContain("€5.00");
    expect(shown.stdout).toContain("Adjustment");
    expect(shown.stdout).toContain("Welcome bonus");
    expect(((await client.get("/api/user-wallet")).body as { balance: number }).balance).toBe(5);
    const role = await ops(dataDir, "users", "set-role", body.email, "operator", "--yes");
    expect(role.stderr).toContain(`Make an operator of ${body.email} (id `);
    expect(role.stdout).toContain("is now an operator");
    expect((await client.get("/api/operator/auctions")).status).toBe(200);
  }, 60_000);

  it("moves a won auction's fulfilment and makes promo codes, refusing steps out of order with nothing changed", async () => {
    const winner = new TestClient(server!.url, "10.40.3.1");
    const body = await signUpConfirmed(winner);
    const created = await ops(
      dataDir,
      "auctions",
      "create",
      "--title",
      "Toaster",
      "--initial",
      "120",
      "--reset",
      "20",
      "--publish",
      "--json",
    );
    const auction = JSON.parse(created.stdout) as OperatorAuction;
    expect((await ops(dataDir, "auctions", "start-now", String(auction.id))).code).toBe(0);
    expect((await winner.post(`/api/auctions/${auction.id}/enrol`)).status).toBe(200);
    expect((await winner.post(`/api/auctions/${auction.id}/bids`)).status).toBe(200);
    expect((await ops(dataDir, "auctions", "end-now", String(auction.id))).code).toBe(0);

    const unpaid = await ops(dataDir, "fulfilments", "list", "--state", "AwaitingPayment");
    expect(unpaid.stdout).toMatch(new RegExp(`${auction.id}\\s+AwaitingPayment\\s+Toaster\\s+${body.displayName}`));
    const early = await ops(dataDir, "fulfilments", "advance", String(auction.id), "delivered");
    expect(early.code).toBe(1);
    expect(early.stderr).toContain("Refused:");
    expect((await ops(dataDir, "fulfilments", "advance", String(auction.id), "shipped")).code).toBe(2);
    expect((await ops(dataDir, "fulfilments", "list", "--state", "AwaitingPayment", "--json")).stdout).toContain(
      `"auctionId": ${auction.id}`,
    );

    expect((await ops(dataDir, "promo-codes", "create", "HALF", "--percent", "150")).code).toBe(2);
    expect((await ops(dataDir, "promo-codes", "create", "HALF", "--percent", "50", "--fixed", "1")).code).toBe(2);
    const promo = await ops(dataDir, "promo-codes", "create", "HALF", "--percent", "50", "--max-uses", "10", "--max-uses-per-user", "1");
    expect(promo.stdout).toContain("Created promo code HALF: 50 % off, 10 uses, 1 per user.");
    const again = await ops(dataDir, "promo-codes", "create", "half", "--fixed", "2");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Refused: A promo code with this text already exists.");

    const paid = await winner.post(`/api/fulfilments/${auction.id}/pay`, {
      deliveryAddress: "Brīvības iela 1, Rīga",
      phone: "+371 21234567",
      promoCode: "half",
    });
    expect(paid.body).toMatchObject({ state: "PaymentReceived", finalPriceCents: 1, amountPaidCents: 0, discountCents: 1 });
    expect((await ops(dataDir, "fulfilments", "payment-time-left", String(auction.id), "0")).code).toBe(1);
    expect((await ops(dataDir, "fulfilments", "advance", String(auction.id), "in-delivery")).stdout).toContain(
      `Auction ${auction.id} "Toaster" won by ${body.displayName}: InDelivery`,
    );
    expect((await ops(dataDir, "fulfilments", "advance", String(auction.id), "delivered")).stdout).toContain("Delivered");
    expect((await winner.get("/api/fulfilments")).body).toMatchObject({ items: [{ auctionId: auction.id, state: "Delivered" }] });
    expect((await ops(dataDir, "promo-codes", "list")).stdout).toMatch(/HALF\s+50 %\s+-\s+-\s+1 of 10\s+1\s+ops-cli/);
    const disabled = await ops(dataDir, "promo-codes", "disable", "half");
    expect(disabled.stdout).toContain("Disabled promo code HALF (used 1 times): it is refused at payment from now on.");
    const twice = await ops(dataDir, "promo-codes", "disable", "HALF");
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("Refused: The promo code HALF was already disabled");
    expect((await ops(dataDir, "promo-codes", "disable")).code).toBe(2);
    expect((await ops(dataDir, "promo-codes", "list")).stdout).toMatch(/HALF\s+50 %\s+-\s+-\s+1 of 10\s+1\s+ops-cli\s+\d{4}-/);
  }, 90_000);

  it("opens the database itself once the server has stopped", async () => {
    await server?.kill();
    server = undefined;
    const listed = await ops(dataDir, "auctions", "list", "--status", "Ended");
    expect(listed.code).toBe(0);
    expect(listed.stderr).toContain("Using the embedded database directly");
    expect(listed.stdout).toContain("Kettle");
    const missing = await ops(dataDir, "auctions", "show", "9999");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("There is no auction 9999.");
    const delivered = await ops(dataDir, "fulfilments", "list", "--state", "Delivered");
    expect(delivered.stdout).toContain("Toaster");
  }, 60_000);
});
