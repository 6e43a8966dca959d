// Web Push for Pennybid (decision 035), imported into the generated service worker (vite.config.ts,
// workbox.importScripts). A push carries { kind, title, body, url, tag, auctionId }, already in the user's language.
// While a Pennybid page is visible and focused the in-app toast covers the news, so nothing is shown (the server
// already holds pushes back while it knows of a visible page; this covers the moment between).
self.addEventListener("push", (event) => {
  event.waitUntil(
    (async () => {
      let message = null;
      try {
        message = event.data ? event.data.json() : null;
      } catch {
        message = null;
      }
      if (!message || typeof message.title !== "string" || typeof message.url !== "string") return;
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      if (windows.some((client) => client.visibilityState === "visible" && client.focused)) return;
      await self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        renotify: true,
        icon: "/pwa-192x192.png",
        badge: "/pwa-192x192.png",
        data: { url: message.url },
      });
    })(),
  );
});

// A click opens the news: an open Pennybid tab is focused and goes there, else a new one opens (a win opens its pay form).
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (!open) return self.clients.openWindow(target.href);
      const focused = await open.focus();
      return "navigate" in focused ? focused.navigate(target.href) : focused;
    })(),
  );
});

// The browser rotated or dropped the subscription (decision 038): subscribe again with the same application server
// key (the old subscription's, else the server's from GET /api/push, as the profile reads it) and send the new one with
// the profile's call, PUT /api/push/subscription, naming the old endpoint so the server drops it in the same request.
// Cookies go with it (the session the subscription belongs to) and so does the header the API requires. A signed-out
// browser gets 401 and stays unsubscribed until its user switches notifications on again.
const API_HEADERS = { "X-Requested-With": "XMLHttpRequest" };

self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription || null;
      let applicationServerKey = (old && old.options && old.options.applicationServerKey) || null;
      if (!applicationServerKey) {
        const settings = await fetch("/api/push", { credentials: "include", headers: API_HEADERS });
        if (!settings.ok) return;
        applicationServerKey = (await settings.json()).publicKey;
      }
      const subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
      const { keys } = subscription.toJSON();
      const body = { endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
      if (old && old.endpoint && old.endpoint !== subscription.endpoint) body.replaces = old.endpoint;
      await fetch("/api/push/subscription", {
        method: "PUT",
        credentials: "include",
        headers: { ...API_HEADERS, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    })(),
  );
});
