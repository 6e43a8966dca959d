import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, base64url (43 characters): session ids and mailed tokens. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of the token: a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
