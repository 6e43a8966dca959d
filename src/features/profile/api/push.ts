// The push settings calls (decision 035) and the browser's side: permission, the service worker's push manager.
import { PushSettingsResponse, type PushSubscriptionBody, type PushSwitches } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const getPushSettings = () => apiRequest("/api/push", { schema: PushSettingsResponse });
export const savePushSwitches = (switches: PushSwitches) =>
  apiRequest("/api/push/switches", { method: "PUT", body: switches, schema: PushSettingsResponse });
export const storePushSubscription = (subscription: PushSubscriptionBody) =>
  apiRequest("/api/push/subscription", { method: "PUT", body: subscription, schema: PushSettingsResponse });
export const removePushSubscription = (endpoint: string) =>
  apiRequest("/api/push/subscription", { method: "DELETE", body: { endpoint }, schema: PushSettingsResponse });

/** What this browser can do: push needs a service worker (production builds register one), PushManager and Notification. */
export type PushSupport = "unsupported" | "denied" | "ask" | "granted";

export async function pushSupport(): Promise<PushSupport> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  if (!(await navigator.serviceWorker.getRegistration())) return "unsupported";
  return Notification.permission === "denied" ? "denied" : Notification.permission === "granted" ? "granted" : "ask";
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** Asks the permission if need be, subscribes with the server's key; "denied" when the user or browser says no. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionBody | "denied"> {
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } };
}
