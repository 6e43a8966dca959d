// Passwords are hashed with scrypt (N=2^17, r=8, p=1: 128 MiB per hash), each with its own 16-byte salt. Every hash
// and check waits its turn in one bounded queue (decision 077), so a flood of sign-ins costs neither memory nor the
// event loop's core.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { Refusal } from "../refusal";
import { BoundedQueue } from "./bounded-queue";
import { hashQueueLength } from "../metrics/metrics";

const PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;

/** One core is left to the event loop (and to PGlite, which runs on it); never more than 2 × 128 MiB at once. */
const HASHES_AT_ONCE = Math.max(1, Math.min(2, availableParallelism() - 1));
/** About five seconds of waiting at 300 ms a hash, one at a time; a longer wait is better answered "come back". */
const HASHES_WAITING = 16;

let hashesRunning = 0;
let mostHashesAtOnce = 0;
/** Smoothed over the last few hashes: what a full queue's wait is reckoned from. */
let hashMs = 300;

/** How long a full queue takes to clear at the recent pace: when a refused caller may come back. */
const secondsToClearQueue = () => Math.max(1, Math.ceil((((HASHES_WAITING + HASHES_AT_ONCE) / HASHES_AT_ONCE) * hashMs) / 1000));

const hashing = new BoundedQueue({
  concurrency: HASHES_AT_ONCE,
  maxWaiting: HASHES_WAITING,
  refusal: () => new Refusal("SERVER_BUSY", { retryAfterSeconds: secondsToClearQueue() }),
});

hashQueueLength.watch(() => hashing.load.running + hashing.load.waiting);

/** scrypt runs under way and the most there have been at once since the process started; hashes waiting; the limits. */
export function passwordHashingLoad() {
  return {
    running: hashesRunning,
    mostAtOnce: mostHashesAtOnce,
    limit: HASHES_AT_ONCE,
    waiting: hashing.load.waiting,
    maxWaiting: HASHES_WAITING,
  };
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(async () => {
    hashesRunning += 1;
    mostHashesAtOnce = Math.max(mostHashesAtOnce, hashesRunning);
    const startedAt = performance.now();
    try {
      const key = await new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, derived) =>
          error ? reject(error) : resolve(derived),
        ),
      );
      hashMs = 0.8 * hashMs + 0.2 * (performance.now() - startedAt);
      return key;
    } finally {
      hashesRunning -= 1;
    }
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts, so the parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return formatHash(salt, key);
}

function formatHash(salt: Buffer, key: Buffer): string {
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Compared against when no account matches, so a wrong e-mail costs as long as a wrong password. Random bytes in a
 * hash's place: checking a password against them costs a whole hash, as against a real one, and none matches them.
 */
const decoyHash = formatHash(randomBytes(16), randomBytes(KEY_LENGTH));
export function decoyPasswordHash(): string {
  return decoyHash;
}
