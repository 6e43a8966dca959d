// The environment, read once at boot and validated: a bad value stops the server with a clear message.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";
import type { DatabaseSettings } from "./db/database";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    });

/** A duration as BACKUP_EVERY takes it: a whole number and a unit, s, m, h or d ("30m", "6h", "1d"); null if not. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,6})\s*(s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s" | "m" | "h" | "d"];
  return Number(match[1]) * unit;
}

/** Where the embedded database and the generated keys live unless DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = "./data";

/** Site-wide win limits in a rolling window of `days`: wins plus the auctions still open to win; 0 turns one off. */
export type WinLimits = { wins: number; sameProductWins: number; days: number };

/** What the server runs with unless WIN_LIMIT_WINS, WIN_LIMIT_SAME_PRODUCT and WIN_LIMIT_DAYS say otherwise. */
export const DEFAULT_WIN_LIMITS: WinLimits = { wins: 10, sameProductWins: 1, days: 7 };

/** How the live feed crosses Redis (decision 112): a channel per room (sharded pub/sub) or one every process hears. */
export const REDIS_PUBSUBS = ["sharded", "classic"] as const;
export type RedisPubSub = (typeof REDIS_PUBSUBS)[number];

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_ORIGIN: optionalUrl(["http://", "https://"])
    .refine((value) => value === undefined || URL.canParse(value), { message: "must be a URL such as https://pennybid.lv" })
    .transform((value) => (value === undefined ? undefined : new URL(value).origin)),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  // How the live feed crosses Redis (decision 112): sharded pub/sub (Redis 7 and later) or one channel for all.
  REDIS_PUBSUB: z.enum(REDIS_PUBSUBS).optional(),
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  ADDRESS_PROVIDER_URL: optionalUrl(["http://", "https://"]),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STATIC_DIR: z.string().default("./dist"),
  SEED_DEMO_DATA: z.enum(["yes", "no"]).default("yes"),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // The site-wide win limits (decision 031): wins plus auctions still open to win, in a rolling window; 0 turns one off.
  WIN_LIMIT_WINS: z.coerce.number().int().min(0).max(1000).default(DEFAULT_WIN_LIMITS.wins),
  WIN_LIMIT_SAME_PRODUCT: z.coerce.number().int().min(0).max(1000).default(DEFAULT_WIN_LIMITS.sameProductWins),
  WIN_LIMIT_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_WIN_LIMITS.days),
  // Web Push's VAPID key pair (decision 035); without it one is generated once and kept in DATA_DIR. Processes that
  // share a database must share the pair: browsers subscribed with its public key.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, "must be a base64url P-256 public key (web-push generate-vapid-keys)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key")
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be a Stripe webhook secret (whsec_…)")
    .optional(),
  // The bearer token of GET /metrics (decision 087); without it the endpoint does not exist.
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // Scheduled backups of the embedded database (decision 088): how often, how many are kept, and where.
  BACKUP_EVERY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || (parseDuration(value) ?? 0) >= 60_000, {
      message: "must be a duration of at least one minute: a whole number and s, m, h or d, such as 30m, 6h or 1d",
    }),
  BACKUP_KEEP: z.coerce.number().int().min(1, "must be at least 1").max(1000).default(7),
  BACKUP_DIR: z.string().trim().optional(),
  // The youngest age that may sign up and enrol (decision 094); Latvia is moving to 21.
  MIN_AGE: z.coerce.number().int().min(16, "must be between 16 and 25").max(25, "must be between 16 and 25").default(18),
});

export type AppConfig = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  host: string;
  port: number;
  publicOrigin: string | undefined;
  database: DatabaseSettings;
  dataDir: string;
  redisUrl: string | undefined;
  /** Sharded pub/sub or one channel (decision 112); undefined: sharded when the Redis server is 7.0 or later. */
  redisPubSub: RedisPubSub | undefined;
  /** The bearer token of GET /metrics; undefined: no metrics endpoint. */
  metricsToken: string | undefined;
  /** Scheduled backups of the embedded database (BACKUP_EVERY); undefined: none. */
  backups: { everyMs: number; keep: number; dir: string } | undefined;
  paymentProvider: "sandbox" | "stripe";
  smtpUrl: string | undefined;
  addressProviderUrl: string | undefined;
  sessionSecret: string;
  logLevel: string;
  staticDir: string;
  seedDemoData: boolean;
  /** How many reverse proxies stand in front: their X-Forwarded-For gives the client's IP (rate limits). */
  trustProxyHops: number;
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  winLimits: WinLimits;
  /** The youngest age that may sign up and enrol. */
  minAge: number;
  /** The VAPID key pair Web Push messages are signed with (base64url). */
  vapid: VapidKeys;
  /** Whether push subscriptions may name a loopback endpoint (a local push service in tests): never in production. */
  pushAllowsLoopback: boolean;
};

export type VapidKeys = { publicKey: string; privateKey: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && !e.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production");
  }
  // Mailed links and the provider's return address name the site; in production only the operator can say which.
  if (isProduction && !e.PUBLIC_ORIGIN) {
    throw new ConfigError("Invalid configuration:\n  PUBLIC_ORIGIN: required when NODE_ENV=production (e.g. https://pennybid.lv)");
  }
  if (e.PAYMENT_PROVIDER === "stripe" && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError("Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither");
  }
  const inMemory = e.DATA_DIR === "memory://";
  if (e.BACKUP_EVERY && e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  BACKUP_EVERY: the scheduled backups are the embedded database's; with DATABASE_URL back PostgreSQL up with its own tools (pg_dump, base backups and WAL archiving)",
    );
  }
  if (e.BACKUP_EVERY && inMemory && !e.BACKUP_DIR) {
    throw new ConfigError("Invalid configuration:\n  BACKUP_DIR: required with BACKUP_EVERY when DATA_DIR=memory://");
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicOrigin: e.PUBLIC_ORIGIN,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: inMemory ? "memory://" : path.resolve(e.DATA_DIR, "pglite") },
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisPubSub: e.REDIS_PUBSUB,
    metricsToken: e.METRICS_TOKEN,
    backups: e.BACKUP_EVERY
      ? {
          everyMs: parseDuration(e.BACKUP_EVERY)!,
          keep: e.BACKUP_KEEP,
          dir: path.resolve(e.BACKUP_DIR || path.join(e.DATA_DIR, "backups")),
        }
      : undefined,
    paymentProvider: e.PAYMENT_PROVIDER,
    smtpUrl: e.SMTP_URL,
    addressProviderUrl: e.ADDRESS_PROVIDER_URL,
    sessionSecret: e.SESSION_SECRET ?? (inMemory ? randomBytes(32).toString("hex") : keptSecret(e.DATA_DIR)),
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR),
    seedDemoData: e.SEED_DEMO_DATA === "yes",
    trustProxyHops: e.TRUST_PROXY,
    minAge: e.MIN_AGE,
    winLimits: { wins: e.WIN_LIMIT_WINS, sameProductWins: e.WIN_LIMIT_SAME_PRODUCT, days: e.WIN_LIMIT_DAYS },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : inMemory
          ? webpush.generateVAPIDKeys()
          : keptVapidKeys(e.DATA_DIR),
    pushAllowsLoopback: !isProduction,
  };
}

/** Like the session secret: a VAPID key pair generated once and kept in DATA_DIR, so subscriptions survive restarts. */
function keptVapidKeys(dataDir: string): VapidKeys {
  const file = path.resolve(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const kept = z.object({ publicKey: z.string(), privateKey: z.string() }).safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (kept.success) return kept.data;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Outside production the session secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function keptSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The origin mailed links and the payment provider's return address point at: PUBLIC_ORIGIN, else this server's own
 * listening address. Never the request's Host header, which whoever sends the request chooses. Before the server
 * listens (the first scan of wins runs as it starts, decision 084), the port it is configured to listen on.
 */
export function linkOrigin(config: Pick<AppConfig, "publicOrigin" | "host" | "port">, listening: AddressInfo | string | null): string {
  if (config.publicOrigin) return config.publicOrigin;
  const port = listening !== null && typeof listening === "object" ? listening.port : config.port || undefined;
  const host = config.host === "0.0.0.0" || config.host === "::" || config.host === "" ? "localhost" : config.host;
  const hostPart = host.includes(":") ? `[${host}]` : host;
  return `http://${hostPart}${port === undefined || port === 80 ? "" : `:${port}`}`;
}
