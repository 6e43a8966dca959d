// Which push services a subscription may name (decision 035): the major browsers' own, over https, and a loopback
// address only where the configuration allows it (tests and development, never production). Anything else is a
// "foreign endpoint": the server would be made to POST to a host of the subscriber's choosing.
import { createECDH } from "node:crypto";

/** The push services of Chrome/Android (FCM), Firefox (Mozilla autopush), Safari (Apple) and Edge (WNS). */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
];

/**
 * The local test push service's origins, as written: a loopback address in another spelling (2130706433,
 * 0x7f000001, 127.1, which URL reads as 127.0.0.1) is no local push service of ours, so it is refused too.
 */
const LOOPBACK_PREFIXES = ["http://127.0.0.1:", "http://localhost:", "http://[::1]:"];
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function isAllowedEndpoint(endpoint: string, allowsLoopback: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (
    allowsLoopback &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    LOOPBACK_PREFIXES.some((prefix) => endpoint.startsWith(prefix)) &&
    url.port !== ""
  )
    return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/** The format is the contract's; this checks the 65 bytes are a point on P-256, which a key exchange needs. */
export function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, "base64url"));
    return true;
  } catch {
    return false;
  }
}
