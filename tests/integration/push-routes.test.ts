// The push settings routes (decision 035): subscribe, unsubscribe and the per-kind switches, and the hostile input
// the issue names: a subscription with a foreign endpoint or malformed keys is refused and stores nothing.
import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody, PushSettingsResponse } from "../../contract";
import { loadConfig } from "../../server/config";
import { isAllowedEndpoint } from "../../server/push/endpoints";
import { signUpConfirmed, TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

let server: TestServer;
let ip = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const signedIn = async () => (await bidderClient(server, `10.73.0.${++ip}`)).client;

function keys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}`;
const settings = async (client: TestClient) => PushSettingsResponse.parse((await client.get("/api/push")).body);
const storedCount = async () =>
  Number((await server.database.db.query<{ n: number }>("select count(*)::int as n from push_subscriptions"))[0]!.n);

describe("push settings", () => {
  it("gives the VAPID public key, all kinds on and no browsers to a new user", async () => {
    const client = await signedIn();
    expect(await settings(client)).toEqual({
      publicKey: expect.stringMatching(/^B[\w-]{86}$/),
      switches: { outbid: true, favourites: true, won: true, sent: true },
      endpoints: [],
    });
  });

  it("stores a browser's subscription, keeps it its owner's against anyone else, and removes only one's own", async () => {
    const [anna, otto] = [await signedIn(), await signedIn()];
    const endpoint = fcm();
    const answer = await anna.put("/api/push/subscription", { endpoint, keys: keys() });
    expect(answer.status).toBe(200);
    expect(PushSettingsResponse.parse(answer.body).endpoints).toEqual([endpoint]);

    // Otto cannot remove Anna's browser, nor take it over by posting its endpoint with keys of his own.
    expect((await otto.request("DELETE", "/api/push/subscription", { endpoint })).status).toBe(200);
    const takeover = await otto.put("/api/push/subscription", { endpoint, keys: keys() });
    expect(takeover.status).toBe(409);
    expect(ApiErrorBody.parse(takeover.body).error.code).toBe("CONFLICT");
    expect((await settings(anna)).endpoints).toEqual([endpoint]);
    expect((await settings(otto)).endpoints).toEqual([]);
    // Anna's own browser may subscribe again (new keys); it stays hers.
    expect((await anna.put("/api/push/subscription", { endpoint, keys: keys() })).status).toBe(200);
    expect((await settings(anna)).endpoints).toEqual([endpoint]);
  });

  it("lets the same browser's endpoint follow whoever signs in on it next: the sign-in ends the session before", async () => {
    const browser = new TestClient(server.url, `10.73.2.${++ip}`);
    const anna = await signUpConfirmed(browser);
    const ottoBrowser = new TestClient(server.url, `10.73.2.${++ip}`);
    const otto = await signUpConfirmed(ottoBrowser);
    const endpoint = fcm();
    expect((await browser.put("/api/push/subscription", { endpoint, keys: keys() })).status).toBe(200);
    expect((await browser.post("/authn/sign-in", { email: otto.email, password: otto.password })).status).toBe(200);
    expect((await browser.put("/api/push/subscription", { endpoint, keys: keys() })).status).toBe(200);
    expect((await settings(browser)).endpoints).toEqual([endpoint]);
    const annaElsewhere = new TestClient(server.url, `10.73.2.${++ip}`);
    expect((await annaElsewhere.post("/authn/sign-in", { email: anna.email, password: anna.password })).status).toBe(200);
    expect((await settings(annaElsewhere)).endpoints).toEqual([]);

    const removed = await browser.request("DELETE", "/api/push/subscription", { endpoint });
    expect(PushSettingsResponse.parse(removed.body).endpoints).toEqual([]);
  });

  it("takes a rotated subscription in one request: the new endpoint stored, the old one dropped if it is one's own", async () => {
    const [anna, otto] = [await signedIn(), await signedIn()];
    const [old, rotated, ottos] = [fcm(), fcm(), fcm()];
    expect((await anna.put("/api/push/subscription", { endpoint: old, keys: keys() })).status).toBe(200);
    expect((await otto.put("/api/push/subscription", { endpoint: ottos, keys: keys() })).status).toBe(200);
    // What the service worker sends on pushsubscriptionchange.
    const answer = await anna.put("/api/push/subscription", { endpoint: rotated, keys: keys(), replaces: old });
    expect(PushSettingsResponse.parse(answer.body).endpoints).toEqual([rotated]);
    // Naming another user's endpoint as the one replaced leaves it alone.
    expect((await anna.put("/api/push/subscription", { endpoint: fcm(), keys: keys(), replaces: ottos })).status).toBe(200);
    expect((await settings(otto)).endpoints).toEqual([ottos]);
    // A refused subscription drops nothing.
    const before = await storedCount();
    expect(
      (await anna.put("/api/push/subscription", { endpoint: "https://evil.example/push", keys: keys(), replaces: rotated })).status,
    ).toBe(400);
    expect(await storedCount()).toBe(before);
    expect((await settings(anna)).endpoints).toContain(rotated);
  });

  it("ends a browser's subscription with the session it was stored in (signing out stops its pushes)", async () => {
    const [anna, otto] = [await signedIn(), await signedIn()];
    const [annaEndpoint, ottoEndpoint] = [fcm(), fcm()];
    expect((await anna.put("/api/push/subscription", { endpoint: annaEndpoint, keys: keys() })).status).toBe(200);
    expect((await otto.put("/api/push/subscription", { endpoint: ottoEndpoint, keys: keys() })).status).toBe(200);
    expect((await anna.post("/authn/sign-out")).status).toBe(204);
    const left = await server.database.db.query<{ endpoint: string }>("select endpoint from push_subscriptions where endpoint = any($1)", [
      [annaEndpoint, ottoEndpoint],
    ]);
    expect(left.map((row) => row.endpoint)).toEqual([ottoEndpoint]);
  });

  it("keeps the switches", async () => {
    const client = await signedIn();
    const switches = { outbid: false, favourites: true, won: true, sent: false };
    expect(PushSettingsResponse.parse((await client.put("/api/push/switches", switches)).body).switches).toEqual(switches);
    expect((await settings(client)).switches).toEqual(switches);
  });

  it("refuses the signed-out", async () => {
    const visitor = new TestClient(server.url, `10.73.1.${++ip}`);
    expect((await visitor.get("/api/push")).status).toBe(401);
    expect((await visitor.put("/api/push/subscription", { endpoint: fcm(), keys: keys() })).status).toBe(401);
    expect((await visitor.put("/api/push/switches", { outbid: true, favourites: true, won: true, sent: true })).status).toBe(401);
  });

  const good = keys();
  const offCurve = `B${"A".repeat(85)}E`; // 65 bytes, 0x04 first: the right length, no point on P-256
  it.each([
    [
      "a host that is no browser's push service",
      { endpoint: "https://evil.example/push/1", keys: good },
      "endpoint",
      "validation.pushEndpoint",
    ],
    ["a look-alike host", { endpoint: "https://fcm.googleapis.com.evil.example/x", keys: good }, "endpoint", "validation.pushEndpoint"],
    [
      "a push service over plain http",
      { endpoint: "http://fcm.googleapis.com/fcm/send/x", keys: good },
      "endpoint",
      "validation.pushEndpoint",
    ],
    [
      "a push service on another port",
      { endpoint: "https://fcm.googleapis.com:8443/fcm/send/x", keys: good },
      "endpoint",
      "validation.pushEndpoint",
    ],
    [
      "credentials in the URL",
      { endpoint: "https://user:pw@fcm.googleapis.com/fcm/send/x", keys: good },
      "endpoint",
      "validation.pushEndpoint",
    ],
    ["a private address", { endpoint: "http://10.0.0.5/push", keys: good }, "endpoint", "validation.pushEndpoint"],
    ["not a URL", { endpoint: "fcm.googleapis.com/fcm/send/x", keys: good }, "endpoint", "validation.pushEndpoint"],
    ["a short p256dh", { endpoint: fcm(), keys: { ...good, p256dh: good.p256dh.slice(0, 60) } }, "keys.p256dh", "validation.pushKeys"],
    [
      "a compressed point",
      { endpoint: fcm(), keys: { ...good, p256dh: `A${good.p256dh.slice(1)}` } },
      "keys.p256dh",
      "validation.pushKeys",
    ],
    ["a point off the curve", { endpoint: fcm(), keys: { ...good, p256dh: offCurve } }, "keys.p256dh", "validation.pushKeys"],
    [
      "a 15-byte auth secret",
      { endpoint: fcm(), keys: { ...good, auth: randomBytes(15).toString("base64url") } },
      "keys.auth",
      "validation.pushKeys",
    ],
    [
      "a 17-byte auth secret",
      { endpoint: fcm(), keys: { ...good, auth: randomBytes(17).toString("base64url") } },
      "keys.auth",
      "validation.pushKeys",
    ],
    [
      "standard base64 instead of base64url",
      { endpoint: fcm(), keys: { ...good, auth: "+/+/+/+/+/+/+/+/+/+/+w" } },
      "keys.auth",
      "validation.pushKeys",
    ],
  ])("refuses %s and stores nothing", async (_why, body, path, message) => {
    const client = await signedIn();
    const before = await storedCount();
    const answer = await client.put("/api/push/subscription", body);
    expect(answer.status).toBe(400);
    const { error } = ApiErrorBody.parse(answer.body);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.issues).toContainEqual({ path, message });
    expect(await storedCount()).toBe(before);
  });
});

describe("push endpoints in production", () => {
  it("refuses loopback endpoints there; tests and development may use a local push service", () => {
    const production = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: "memory://",
      SESSION_SECRET: "x".repeat(32),
      PUBLIC_ORIGIN: "https://pennybid.lv",
    });
    expect(production.pushAllowsLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: "development", DATA_DIR: "memory://" }).pushAllowsLoopback).toBe(true);
    expect(isAllowedEndpoint("http://127.0.0.1:8090/push/1", false)).toBe(false);
    expect(isAllowedEndpoint("http://localhost:8090/push/1", false)).toBe(false);
    expect(isAllowedEndpoint("http://127.0.0.1:8090/push/1", true)).toBe(true);
    expect(isAllowedEndpoint("http://10.0.0.5/push/1", true)).toBe(false);
    // The local push service as it is written, never loopback in another spelling.
    for (const spelling of [
      "http://2130706433:8090/push/1",
      "http://0x7f000001:8090/push/1",
      "http://127.1:8090/push/1",
      "http://0177.0.0.1:8090/push/1",
      "http://127.0.0.1/push/1",
    ]) {
      expect(isAllowedEndpoint(spelling, true), spelling).toBe(false);
    }
    expect(isAllowedEndpoint("http://localhost:8090/push/1", true)).toBe(true);
    expect(isAllowedEndpoint("https://updates.push.services.mozilla.com/wpush/v2/x", false)).toBe(true);
    expect(isAllowedEndpoint("https://web.push.apple.com/QGx", false)).toBe(true);
    expect(isAllowedEndpoint("https://wns2-par02p.notify.windows.com/w/?token=x", false)).toBe(true);
  });
});
