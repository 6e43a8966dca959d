// Issue 20 item 3 (decision 035): notifications are turned on in the profile. The browser asks nothing (the test
// grants the permission), subscribes with the server's VAPID key, and the server stores this browser's endpoint.
// The pushes themselves are proven by tests/integration/web-push.test.ts against a push service on loopback; the
// last test here hands the service worker a push (DevTools' deliverPushMessage) and reads the notification it shows.
//
// Chromium's own push service is Google's (FCM), out of reach here: its `pushManager.subscribe` fails without it.
// The page's PushManager is therefore given a stand-in push service on loopback (what a test server accepts): real
// P-256 keys from WebCrypto, an endpoint of its own, and the applicationServerKey it was given kept for the check.
import { expect, test, type Page } from "./fixtures";
import { PushSettingsResponse } from "../../contract";
import { signedInPage } from "./support";

// The push manager lives in the service worker: allowed here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

/** The browser's push service, replaced by one on loopback: subscribe, getSubscription and unsubscribe, in the page. */
async function withLoopbackPushService(page: Page) {
  await page.addInitScript(() => {
    type Fake = { endpoint: string; keys: { p256dh: string; auth: string }; serverKey: string };
    const base64url = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const asSubscription = (fake: Fake) => ({
      endpoint: fake.endpoint,
      toJSON: () => ({ endpoint: fake.endpoint, keys: fake.keys }),
      unsubscribe: async () => {
        localStorage.removeItem("test-push-subscription");
        return true;
      },
    });
    const stored = (): Fake | null => JSON.parse(localStorage.getItem("test-push-subscription") ?? "null") as Fake | null;
    PushManager.prototype.getSubscription = async function () {
      const fake = stored();
      return (fake ? asSubscription(fake) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const fake: Fake = {
        endpoint: `http://127.0.0.1:9/push/${crypto.randomUUID()}`,
        keys: {
          p256dh: base64url(await crypto.subtle.exportKey("raw", pair.publicKey)),
          auth: base64url(crypto.getRandomValues(new Uint8Array(16))),
        },
        serverKey: base64url(options?.applicationServerKey as Uint8Array),
      };
      localStorage.setItem("test-push-subscription", JSON.stringify(fake));
      return asSubscription(fake) as unknown as PushSubscription;
    };
  });
}

async function openProfile(page: Page) {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 2, name: "Notifications" })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

test("turning notifications on stores this browser's push subscription; the switches are kept", async ({ browser }) => {
  const { page } = await signedInPage(browser, "Pusha", { serviceWorkers: "allow", permissions: ["notifications"] });
  await withLoopbackPushService(page);
  await openProfile(page);
  // The page read the browser before its worker was ready: read again now that it is.
  await page.reload();
  const section = page.getByRole("region", { name: "Notifications" });
  await section.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(section.getByRole("status")).toHaveText("Notifications are on for this device.");

  const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint);
  expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:9\/push\//);
  const stored = PushSettingsResponse.parse(
    await (await page.request.get("/api/push", { headers: { "X-Requested-With": "XMLHttpRequest" } })).json(),
  );
  expect(stored.endpoints).toEqual([endpoint]);
  // It subscribed with the server's VAPID public key.
  expect(
    await page.evaluate(() => (JSON.parse(localStorage.getItem("test-push-subscription") ?? "{}") as { serverKey?: string }).serverKey),
  ).toBe(stored.publicKey);

  // By keyboard: the switch takes focus and Space flips it.
  await section.getByRole("switch", { name: "I am outbid in an auction I joined" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Notification settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "I am outbid in an auction I joined" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "I win an auction" })).toBeChecked();

  await page.getByRole("button", { name: "Turn off on this device" }).click();
  await expect(page.getByRole("button", { name: "Turn on notifications on this device" })).toBeVisible();
  const after = PushSettingsResponse.parse(
    await (await page.request.get("/api/push", { headers: { "X-Requested-With": "XMLHttpRequest" } })).json(),
  );
  expect(after.endpoints).toEqual([]);
});

test("a browser that refuses the permission gets a line saying so, and nothing is stored", async ({ browser }) => {
  const { page } = await signedInPage(browser, "Pushb", { serviceWorkers: "allow" });
  await withLoopbackPushService(page);
  await openProfile(page);
  await page.reload();
  await page.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Notifications are blocked for Pennybid in this browser." })).toBeVisible();
  const stored = PushSettingsResponse.parse(
    await (await page.request.get("/api/push", { headers: { "X-Requested-With": "XMLHttpRequest" } })).json(),
  );
  expect(stored.endpoints).toEqual([]);
});

test("the service worker shows a push as a notification with its link, when no Pennybid page is in front", async ({ browser }) => {
  const { page } = await signedInPage(browser, "Pushc", { serviceWorkers: "allow", permissions: ["notifications"] });
  await openProfile(page);
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.endsWith("/") && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  const origin = new URL(page.url()).origin;
  // Away from Pennybid: no window of the site is in front, so the worker shows the news.
  await page.goto("about:blank");
  const message = {
    kind: "won",
    title: "You won!",
    body: "Desk lamp for €0.42. Pay by 27 Nov 2026, 14:00.",
    url: "/auctions/won#won-7",
    tag: "won-7",
    auctionId: 7,
  };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data: JSON.stringify(message) });

  const back = await page.context().newPage();
  await back.goto(`${origin}/faq`);
  await expect
    .poll(() =>
      back.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        })),
      ),
    )
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: message.url } }]);
});
