// public/push-sw.js's `pushsubscriptionchange` (decision 038), run in a `vm` context with a stand-in service-worker
// global: the push service (pushManager.subscribe) and the network (fetch) are the outside edge. When the browser
// rotates or drops the subscription, the worker subscribes again with the same application server key and sends the
// new subscription with the profile's call, as the server accepts it: cookies, the API's header, JSON the contract
// parses, and the old endpoint for the server to drop.
import { createECDH, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createContext, runInContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { PushSettingsResponse, PushSubscriptionBody } from "../../contract";

const script = readFileSync(path.join(import.meta.dirname, "../../public/push-sw.js"), "utf8");

type Listener = (event: unknown) => void;
type Call = { url: string; init: RequestInit | undefined };

function keys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

/** The worker's global with the push service and the server played here; `answers` by "METHOD path". */
function worker(answers: Record<string, () => Response> = {}) {
  const listeners = new Map<string, Listener>();
  const fetched: Call[] = [];
  const subscribed: unknown[] = [];
  const fresh = { endpoint: "https://fcm.googleapis.com/fcm/send/rotated", keys: keys() };
  const global: Record<string, unknown> = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      pushManager: {
        subscribe: async (options: unknown) => {
          subscribed.push(options);
          return { endpoint: fresh.endpoint, toJSON: () => ({ endpoint: fresh.endpoint, keys: fresh.keys }) };
        },
      },
    },
    fetch: async (url: string, init?: RequestInit) => {
      fetched.push({ url, init });
      const answer = answers[`${init?.method ?? "GET"} ${url}`];
      return answer ? answer() : new Response(JSON.stringify({}), { status: 200 });
    },
    location: { origin: "https://pennybid.test" },
  };
  global.self = global;
  runInContext(script, createContext(global));
  /** Fires the event as the browser would and waits for what it asked to wait for. */
  const fire = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  };
  return { fire, fetched, subscribed, fresh };
}

const sent = (call: Call | undefined) => PushSubscriptionBody.parse(JSON.parse(String(call?.init?.body)));

describe("the service worker on pushsubscriptionchange", () => {
  it("subscribes again with the old subscription's key and sends the new one with the old endpoint to drop", async () => {
    const sw = worker();
    const key = new Uint8Array([4, 1, 2, 3]).buffer;
    const old = { endpoint: "https://fcm.googleapis.com/fcm/send/old", options: { applicationServerKey: key } };
    await sw.fire("pushsubscriptionchange", { oldSubscription: old, newSubscription: null });

    expect(sw.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: key }]);
    expect(sw.fetched.map((call) => `${call.init?.method ?? "GET"} ${call.url}`)).toEqual(["PUT /api/push/subscription"]);
    const [put] = sw.fetched;
    // What the server needs of a mutating API call from the worker: the session cookie, the CSRF header and JSON.
    expect(put?.init).toMatchObject({
      credentials: "include",
      headers: { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json" },
    });
    expect(sent(put)).toEqual({ endpoint: sw.fresh.endpoint, keys: sw.fresh.keys, replaces: old.endpoint });
  });

  it("asks the server for its public key when the old subscription is gone, and names no endpoint to drop", async () => {
    const publicKey = keys().p256dh;
    const settings = PushSettingsResponse.parse({
      publicKey,
      switches: { outbid: true, favourites: true, won: true, sent: true },
      endpoints: [],
    });
    const sw = worker({ "GET /api/push": () => new Response(JSON.stringify(settings), { status: 200 }) });
    await sw.fire("pushsubscriptionchange", { oldSubscription: null, newSubscription: null });

    expect(sw.fetched[0]).toMatchObject({
      url: "/api/push",
      init: { credentials: "include", headers: { "X-Requested-With": "XMLHttpRequest" } },
    });
    expect(sw.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: publicKey }]);
    expect(sw.fetched[1]?.url).toBe("/api/push/subscription");
    expect(sent(sw.fetched[1])).toEqual({ endpoint: sw.fresh.endpoint, keys: sw.fresh.keys });
  });

  it("subscribes to nothing when the browser is signed out (the server's key is refused)", async () => {
    const sw = worker({
      "GET /api/push": () => new Response(JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "Sign in." } }), { status: 401 }),
    });
    await sw.fire("pushsubscriptionchange", { oldSubscription: null, newSubscription: null });
    expect(sw.subscribed).toEqual([]);
    expect(sw.fetched.map((call) => call.url)).toEqual(["/api/push"]);
  });
});
