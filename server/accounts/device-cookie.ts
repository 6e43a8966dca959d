// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed in to an
// account before proves it with a cookie signed by the server, and is then judged by its own failures only. So an
// attacker who fails many times against an account, or from a shared address, cannot lock its owner out.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "pennybid_device";
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

export type DeviceCookies = {
  /** A new cookie value for this browser and account (by its e-mail key). */
  issue(emailKey: string): string;
  /** The device's id when the value is one this server issued for this account; null otherwise. */
  verify(value: string | undefined, emailKey: string): string | null;
};

export function deviceCookies(sessionSecret: string): DeviceCookies {
  const mac = (emailKey: string, nonce: string) =>
    createHmac("sha256", sessionSecret).update(`pennybid:device:${emailKey}:${nonce}`).digest("base64url");
  return {
    issue(emailKey) {
      const nonce = randomBytes(16).toString("base64url");
      return `${nonce}.${mac(emailKey, nonce)}`;
    },
    verify(value, emailKey) {
      const [nonce, given, ...rest] = (value ?? "").split(".");
      if (!nonce || !given || rest.length > 0 || nonce.length > 64) return null;
      const expected = Buffer.from(mac(emailKey, nonce));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
    },
  };
}
