// Issue 20 item 3, decision 035: real Web Push messages to a push service on loopback, encrypted for each
// subscription (the service decrypts them with the subscription's own keys), one for each kind of news, quiet while
// the user has a visible page or has switched the kind off; a subscription the service reports gone is removed; and
// the win e-mail with its payment deadline, in the winner's language.
import { describe, expect, it } from "vitest";
import { BidAck, PushMessage, PushSettingsResponse } from "../../contract";
import { advancePurchase, buyNow } from "../../server/buy-now/buy-now.service";
import { advanceFulfilment, payForWonAuction } from "../../server/fulfilment/fulfilment.service";
import { mailsTo } from "../support/client";
import { createAuction } from "../support/fixtures";
import { type FakeBrowser } from "../support/push-service";
import { liveServer } from "../support/live-server";

let nowMs = Date.now();
const now = () => new Date(nowMs);
const live = liveServer({ ipPrefix: "10.72.0", clock: now, withPushService: true });

const db = () => live.server.database.db;

async function bidder(language: "en" | "lv" | "ru" = "en") {
  const { client, body, userId, socket } = await live.bidder(5000, { language });
  const browser = live.pushService.browser();
  const subscribed = await client.put("/api/push/subscription", browser.subscription);
  expect(subscribed.status).toBe(200);
  return { client, id: userId, email: body.email, socket, browser };
}
type Bidder = Awaited<ReturnType<typeof bidder>>;

async function bid(who: Bidder, auctionId: number) {
  nowMs += 1500;
  return BidAck.parse(await who.socket.timeout(5000).emitWithAck("bid:place", { auctionId }));
}

const messages = (browser: FakeBrowser) => browser.received.map((message) => PushMessage.parse(JSON.parse(message.plaintext)));
const lastMessage = async (browser: FakeBrowser, count: number) => {
  await expect.poll(() => browser.received.length, { timeout: 10_000 }).toBe(count);
  return messages(browser)[count - 1]!;
};

describe("Web Push to a push service on loopback", () => {
  it("sends each kind of news, encrypted for the subscription, signed with the server's VAPID key, in the user's language", async () => {
    const anna = await bidder();
    const otto = await bidder();
    const { publicKey } = PushSettingsResponse.parse((await anna.client.get("/api/push")).body);

    // An auction Anna follows: it starts, then its time runs under five minutes.
    const auctionId = await createAuction(db(), now(), {
      status: "Waiting",
      startsAt: new Date(nowMs + 5_000),
      initialSeconds: 900,
      entryFeeCents: 0,
      title: "Galda lampa",
    });
    expect((await anna.client.put(`/api/favourites/${auctionId}`, { isFavourite: true })).status).toBe(200);
    nowMs += 6_000;
    const started = await lastMessage(anna.browser, 1);
    expect(started).toEqual({
      kind: "favouriteStarted",
      title: "A favourite auction has started",
      body: "Galda lampa is running now. Enrol and bid.",
      url: `/auctions/${auctionId}`,
      tag: `auction-${auctionId}`,
      auctionId,
    });
    const [headers] = anna.browser.received.map((message) => message.headers);
    expect(headers?.["content-encoding"]).toBe("aes128gcm");
    expect(headers?.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    const jwtClaims = JSON.parse(Buffer.from(String(headers?.authorization).split(".")[1]!, "base64url").toString()) as { aud: string };
    expect(jwtClaims.aud).toBe(live.pushService.url);

    nowMs += 11 * 60_000; // 4 minutes left
    expect(await lastMessage(anna.browser, 2)).toMatchObject({
      kind: "favouriteEnding",
      body: "Galda lampa ends in under 5 minutes. The price is €0.00.",
    });

    // Outbid: Otto takes the lead from Anna, on an auction both enrolled in.
    for (const who of [anna, otto]) await who.socket.emitWithAck("auction:enrol", { auctionId });
    expect(await bid(anna, auctionId)).toMatchObject({ data: { priceCents: 1 } });
    expect(await bid(otto, auctionId)).toMatchObject({ data: { priceCents: 2 } });
    expect(await lastMessage(anna.browser, 3)).toEqual({
      kind: "outbid",
      title: "You were outbid",
      body: "Galda lampa is now at €0.02. Bid again before the time runs out.",
      url: `/auctions/${auctionId}`,
      tag: `auction-${auctionId}`,
      auctionId,
    });
    // Otto took the lead from nobody: he hears of the auction's end only.
    expect(await bid(anna, auctionId)).toMatchObject({ data: { priceCents: 3 } });
    await expect.poll(() => otto.browser.received.length).toBe(1);
    expect(messages(otto.browser)[0]).toMatchObject({
      kind: "outbid",
      body: "Galda lampa is now at €0.03. Bid again before the time runs out.",
    });

    // Anna wins: a push whose link opens the pay form, and the e-mail with the payment deadline.
    nowMs += 10 * 60_000;
    const won = await lastMessage(anna.browser, 4);
    const [fulfilment] = await db().query<{ deadline_at: Date }>("select deadline_at from fulfilments where auction_id = $1", [auctionId]);
    const deadline = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Riga" }).format(
      fulfilment!.deadline_at,
    );
    expect(won).toEqual({
      kind: "won",
      title: "You won!",
      body: `Galda lampa for €0.03. Pay by ${deadline}.`,
      url: `/auctions/won#won-${auctionId}`,
      tag: `won-${auctionId}`,
      auctionId,
    });
    const [mail] = await mailsTo(live.server.url, anna.email).then((mails) => mails.filter((m) => m.subject.startsWith("You won")));
    expect(mail?.subject).toBe("You won Galda lampa");
    expect(mail?.text).toContain(`You won Galda lampa for €0.03. Please pay by ${deadline}`);
    expect(mail?.links).toContain(`${live.server.url}/auctions/won#won-${auctionId}`);

    // The item is sent.
    await payForWonAuction(db(), {
      userId: anna.id,
      auctionId,
      deliveryAddress: "Brīvības iela 1, Rīga",
      phone: "+371 20000000",
      now: now(),
    });
    await advanceFulfilment(db(), { auctionId, to: "InDelivery", actor: "operator:test", now: now() });
    expect(await lastMessage(anna.browser, 5)).toMatchObject({
      kind: "sent",
      title: "Your item is on its way",
      body: "Galda lampa has been sent.",
      url: `/auctions/won#won-${auctionId}`,
    });

    expect(anna.browser.undecryptable + otto.browser.undecryptable).toBe(0);
    // Each notice once: the job ran many times meanwhile.
    expect(messages(anna.browser).map((message) => message.kind)).toEqual(["favouriteStarted", "favouriteEnding", "outbid", "won", "sent"]);
    // Delivered messages leave the outbox (the last one's row goes just after the service answered).
    await expect.poll(() => db().query("select * from push_outbox")).toEqual([]);
  }, 60_000);

  it("tells a Buy it now buyer that the item was sent, with a link to the purchase on the auction's page", async () => {
    const anna = await bidder("lv");
    const otto = await bidder();
    const auctionId = await createAuction(db(), now(), { initialSeconds: 60, entryFeeCents: 100, title: "Galda lampa" });
    await db().query("update auctions set retail_value_cents = 2500 where id = $1", [auctionId]);
    for (const who of [anna, otto]) await who.socket.emitWithAck("auction:enrol", { auctionId });
    expect(await bid(otto, auctionId)).toMatchObject({ data: { priceCents: 1 } });
    nowMs += 60_000; // Otto wins; Anna, who enrolled, may buy it now.
    await expect.poll(() => db().query("select 1 from fulfilments where auction_id = $1", [auctionId])).toHaveLength(1);

    const { purchase } = await buyNow(db(), {
      userId: anna.id,
      auctionId,
      deliveryAddress: "Brīvības iela 1, Rīga",
      phone: "+371 20000000",
      now: now(),
    });
    await advancePurchase(db(), { purchaseId: purchase.purchaseId, to: "InDelivery", actor: "operator:test", now: now() });
    await expect.poll(() => messages(anna.browser).map((message) => message.kind), { timeout: 10_000 }).toContain("sent");
    expect(messages(anna.browser).find((message) => message.kind === "sent")).toEqual({
      kind: "sent",
      title: "Tava prece ir ceļā",
      body: "Galda lampa ir nosūtīta.",
      url: `/auctions/${auctionId}#buy-now`,
      tag: `bought-${auctionId}`,
      auctionId,
    });
    // The winner's own item was not sent: he hears of his win only.
    await expect.poll(() => otto.browser.received.length).toBe(1);
    expect(messages(otto.browser).map((message) => message.kind)).toEqual(["won"]);
  });

  it("writes the news and the win e-mail in the user's language", async () => {
    const ilze = await bidder("lv");
    const auctionId = await createAuction(db(), now(), { initialSeconds: 60, entryFeeCents: 0, title: "Tējkanna" });
    await ilze.socket.emitWithAck("auction:enrol", { auctionId });
    expect(await bid(ilze, auctionId)).toMatchObject({ data: { priceCents: 1 } });
    nowMs += 120_000;
    expect(await lastMessage(ilze.browser, 1)).toMatchObject({ kind: "won", title: "Tu uzvarēji!" });
    const [mail] = await mailsTo(live.server.url, ilze.email).then((mails) => mails.filter((m) => m.subject.startsWith("Tu uzvarēji")));
    expect(mail?.subject).toBe("Tu uzvarēji: Tējkanna");
    expect(mail?.text).toContain("Lūdzu, samaksā līdz");
  });

  it("stays quiet while the user has a visible page, and for a kind switched off", async () => {
    const anna = await bidder();
    const auctionId = await createAuction(db(), now(), { initialSeconds: 600, entryFeeCents: 0 });
    const notice = { userId: anna.id, kind: "outbid" as const, auctionId };

    expect(await anna.socket.emitWithAck("page:visibility", { visible: true })).toEqual({ data: { ok: true } });
    await live.server.app.push.notify([notice]); // resolves once queued and delivered
    expect(anna.browser.received).toHaveLength(0);

    expect(await anna.socket.emitWithAck("page:visibility", { visible: false })).toEqual({ data: { ok: true } });
    expect((await anna.client.put("/api/push/switches", { outbid: false, favourites: true, won: true, sent: true })).status).toBe(200);
    await live.server.app.push.notify([notice]);
    expect(anna.browser.received).toHaveLength(0);

    expect((await anna.client.put("/api/push/switches", { outbid: true, favourites: true, won: true, sent: true })).status).toBe(200);
    await live.server.app.push.notify([notice]);
    expect(messages(anna.browser)).toMatchObject([{ kind: "outbid", auctionId }]);
  });

  it("pushes one outbid notice per auction and bidder a minute, however often the lead changes hands", async () => {
    const anna = await bidder();
    const [first, second] = [
      await createAuction(db(), now(), { initialSeconds: 600 }),
      await createAuction(db(), now(), { initialSeconds: 600 }),
    ];
    const outbid = (auctionId: number) => ({
      auctionId,
      bidderId: "00000000-0000-4000-8000-000000000001",
      outbidUserId: anna.id,
      outbidHasPush: true,
    });
    await live.server.app.push.outbid([outbid(first)]);
    await live.server.app.push.outbid([outbid(first)]);
    await live.server.app.push.outbid([outbid(second)]);
    expect(messages(anna.browser).map((message) => message.auctionId)).toEqual([first, second]);
    // A minute on, the next one goes out.
    await db().query("update push_notices set noticed_at = noticed_at - interval '61 seconds' where user_id = $1", [anna.id]);
    await live.server.app.push.outbid([outbid(first)]);
    expect(messages(anna.browser).map((message) => message.auctionId)).toEqual([first, second, first]);
  });

  it.each([404, 410])("removes a subscription the push service answers %i for, and keeps the user's others", async (status) => {
    const anna = await bidder();
    const phone = live.pushService.browser();
    expect((await anna.client.put("/api/push/subscription", phone.subscription)).status).toBe(200);
    const auctionId = await createAuction(db(), now(), { initialSeconds: 600 });
    anna.browser.answer = status;

    await live.server.app.push.notify([{ userId: anna.id, kind: "favouriteStarted", auctionId }]);
    const stored = await db().query<{ endpoint: string }>("select endpoint from push_subscriptions where user_id = $1", [anna.id]);
    expect(stored.map((row) => row.endpoint)).toEqual([phone.subscription.endpoint]);
    expect(phone.received).toHaveLength(1);
    expect(await db().query("select * from push_outbox")).toEqual([]);
  });

  it("keeps a message the push service fails with 5xx for a later attempt", async () => {
    const anna = await bidder();
    const auctionId = await createAuction(db(), now(), { initialSeconds: 600 });
    anna.browser.answer = 503;
    await live.server.app.push.notify([{ userId: anna.id, kind: "favouriteStarted", auctionId }]);
    const [kept] = await db().query<{ attempts: number; last_error: string }>(
      "select attempts, last_error from push_outbox where user_id = $1",
      [anna.id],
    );
    expect(kept).toMatchObject({ attempts: 1 });
    expect(kept?.last_error).toContain("503");
    expect(await db().query("select 1 from push_subscriptions where user_id = $1", [anna.id])).toHaveLength(1);
    await db().query("delete from push_outbox where user_id = $1", [anna.id]);
  });
});
