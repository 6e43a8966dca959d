// A push service on loopback, for tests: it keeps each subscription's private key and auth secret as a browser
// does, decrypts what arrives (RFC 8291, aes128gcm) and answers as a push service would (201, or 404/410 for a
// subscription that is gone). A message that was not encrypted for the subscription fails its AES-GCM tag.
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { plaintext: string; headers: Record<string, string | string[] | undefined> };

export type FakeBrowser = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: Received[];
  /** What the service answers this subscription from now on (201: delivered; 404/410: gone). */
  answer: number;
  /** Messages that arrived but did not decrypt with this subscription's keys. */
  undecryptable: number;
};

/** Decrypts one aes128gcm body (a single record) with the receiver's key pair and auth secret. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiver.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

export async function startPushService(): Promise<{ url: string; browser: () => FakeBrowser; close: () => Promise<void> }> {
  const browsers = new Map<string, { browser: FakeBrowser; ecdh: ECDH; auth: Buffer }>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = browsers.get(request.url ?? "");
      if (!entry || request.method !== "POST") return void response.writeHead(404).end();
      if (entry.browser.answer !== 201) return void response.writeHead(entry.browser.answer).end();
      try {
        entry.browser.received.push({
          plaintext: decryptAes128gcm(Buffer.concat(chunks), entry.ecdh, entry.auth),
          headers: request.headers,
        });
      } catch {
        entry.browser.undecryptable += 1;
        return void response.writeHead(400).end();
      }
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    browser: () => {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString("hex")}`;
      const browser: FakeBrowser = {
        subscription: {
          endpoint: `${url}${path}`,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        },
        received: [],
        answer: 201,
        undecryptable: 0,
      };
      browsers.set(path, { browser, ecdh, auth });
      return browser;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
