// Web Push (issue 20 item 3, decision 035): the browser's subscription, the per-kind switches and the message a
// push carries to the service worker, which shows it. The server encrypts each message for its subscription.
import { z } from "./zod";
import { text } from "./input";

/**
 * What a push may tell: the switches group them (both favourite kinds follow `favourites`). `seatsShort`: an auction
 * the user enrolled in was canceled at its start for too few seats and their entry fee refunded (decision 102); it is
 * about their money, so no switch silences it.
 */
export const pushKinds = ["outbid", "favouriteStarted", "favouriteEnding", "won", "sent", "seatsShort"] as const;
export type PushKind = (typeof pushKinds)[number];

export const pushSwitches = ["outbid", "favourites", "won", "sent"] as const;
export type PushSwitch = (typeof pushSwitches)[number];
export const switchOf: Record<PushKind, PushSwitch | null> = {
  outbid: "outbid",
  favouriteStarted: "favourites",
  favouriteEnding: "favourites",
  won: "won",
  sent: "sent",
  seatsShort: null,
};

export const pushKeys = { endpoint: "validation.pushEndpoint", keys: "validation.pushKeys" } as const;

/**
 * The keys as the browser's `PushSubscription.toJSON()` gives them, base64url: p256dh an uncompressed P-256 point
 * (65 bytes, first byte 0x04: 87 characters starting with B), auth 16 bytes (22 characters). The last character
 * carries the bits past the final byte, which must be zero. Padding is accepted.
 */
export const P256dhKey = text().regex(/^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]=?$/, pushKeys.keys);
export const AuthSecret = text().regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, pushKeys.keys);

export const PushSubscriptionBody = z.object({
  endpoint: text()
    .max(1024, pushKeys.endpoint)
    .refine((value) => URL.canParse(value), pushKeys.endpoint),
  keys: z.object({ p256dh: P256dhKey, auth: AuthSecret }),
  /**
   * The endpoint this subscription replaces: the service worker's `pushsubscriptionchange` sends the browser's old one,
   * and the server drops it (if it is the user's own) in the same transaction that stores the new one.
   */
  replaces: text().max(1024, pushKeys.endpoint).optional(),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushEndpointBody = z.object({ endpoint: text().max(1024, pushKeys.endpoint) });

export const PushSwitches = z.object({ outbid: z.boolean(), favourites: z.boolean(), won: z.boolean(), sent: z.boolean() });
export type PushSwitches = z.infer<typeof PushSwitches>;

export const PushSettingsResponse = z.object({
  /** The server's VAPID public key (base64url), for `pushManager.subscribe({ applicationServerKey })`. */
  publicKey: z.string(),
  switches: PushSwitches,
  /** The endpoints of this user's stored subscriptions: a browser is on when its own endpoint is among them. */
  endpoints: z.array(z.string()),
});
export type PushSettingsResponse = z.infer<typeof PushSettingsResponse>;

/** The decrypted body of a push: the service worker shows `title` and `body`, and a click opens `url`. */
export const PushMessage = z.object({
  kind: z.enum(pushKinds),
  title: z.string(),
  body: z.string(),
  /** A path of the app's (the won auction's pay form, the auction's page). */
  url: z.string().startsWith("/"),
  /** Notifications with one tag replace each other: the newest news of one auction. */
  tag: z.string(),
  auctionId: z.number().int(),
});
export type PushMessage = z.infer<typeof PushMessage>;

/** The page tells its socket whether it is visible: a user with a visible page gets the in-app toast, no push. */
export const PageVisibilityPayload = z.object({ visible: z.boolean() });
