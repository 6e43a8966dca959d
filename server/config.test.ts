import { describe, expect, it } from "vitest";
import { ConfigError, linkOrigin, loadConfig } from "./config";

const base = { DATA_DIR: "memory://" };

describe("configuration", () => {
  it("links mails to PUBLIC_ORIGIN, else the address the server listens on, or will listen on before it does", () => {
    const config = { publicOrigin: undefined, host: "127.0.0.1", port: 5180 };
    expect(linkOrigin(config, null)).toBe("http://127.0.0.1:5180");
    expect(linkOrigin(config, { address: "127.0.0.1", family: "IPv4", port: 5180 })).toBe("http://127.0.0.1:5180");
    expect(linkOrigin({ ...config, port: 0 }, { address: "127.0.0.1", family: "IPv4", port: 41234 })).toBe("http://127.0.0.1:41234");
    expect(linkOrigin({ ...config, host: "0.0.0.0", port: 80 }, null)).toBe("http://localhost");
    expect(linkOrigin({ ...config, publicOrigin: "https://pennybid.lv" }, null)).toBe("https://pennybid.lv");
  });

  it("uses the embedded defaults when nothing is set", () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      database: { kind: "pglite", dataDir: "memory://" },
      paymentProvider: "sandbox",
      isProduction: false,
    });
    expect(config.sessionSecret).toHaveLength(64);
  });

  it("takes the win limits from the environment (10 wins and 1 of a product a week unless set) and refuses bad ones", () => {
    expect(loadConfig(base).winLimits).toEqual({ wins: 10, sameProductWins: 1, days: 7 });
    expect(loadConfig({ ...base, WIN_LIMIT_WINS: "3", WIN_LIMIT_SAME_PRODUCT: "0", WIN_LIMIT_DAYS: "30" }).winLimits).toEqual({
      wins: 3,
      sameProductWins: 0,
      days: 30,
    });
    expect(() => loadConfig({ ...base, WIN_LIMIT_WINS: "-1", WIN_LIMIT_DAYS: "0" })).toThrow(
      /WIN_LIMIT_WINS[\s\S]*WIN_LIMIT_DAYS|WIN_LIMIT_DAYS[\s\S]*WIN_LIMIT_WINS/,
    );
    expect(() => loadConfig({ ...base, WIN_LIMIT_SAME_PRODUCT: "1.5" })).toThrow(ConfigError);
  });

  it("schedules backups of the embedded database with BACKUP_EVERY, keeps BACKUP_KEEP (7) in BACKUP_DIR, and refuses bad ones", () => {
    const disk = {
      DATA_DIR: "/srv/pennybid",
      SESSION_SECRET: "s".repeat(32),
      VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`,
      VAPID_PRIVATE_KEY: "a".repeat(43),
    };
    expect(loadConfig(disk).backups).toBeUndefined();
    expect(loadConfig({ ...disk, BACKUP_EVERY: "6h" }).backups).toEqual({ everyMs: 6 * 3_600_000, keep: 7, dir: "/srv/pennybid/backups" });
    expect(loadConfig({ ...base, BACKUP_EVERY: "90m", BACKUP_KEEP: "3", BACKUP_DIR: "/backups" }).backups).toEqual({
      everyMs: 90 * 60_000,
      keep: 3,
      dir: "/backups",
    });
    expect(loadConfig({ ...disk, BACKUP_EVERY: "1d" }).backups?.everyMs).toBe(86_400_000);
    for (const every of ["6", "6 hours", "-1h", "1.5h", "30s", "0m"]) {
      expect(() => loadConfig({ ...disk, BACKUP_EVERY: every }), every).toThrow(
        /BACKUP_EVERY: must be a duration of at least one minute.*such as 30m, 6h or 1d/,
      );
    }
    expect(() => loadConfig({ ...disk, BACKUP_EVERY: "6h", BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: must be at least 1/);
    expect(() => loadConfig({ ...base, BACKUP_EVERY: "6h" })).toThrow(/BACKUP_DIR: required with BACKUP_EVERY when DATA_DIR=memory:\/\//);
    expect(() => loadConfig({ ...base, BACKUP_EVERY: "6h", DATABASE_URL: "postgres://u@127.0.0.1:5432/db" })).toThrow(
      /BACKUP_EVERY: .*with DATABASE_URL back PostgreSQL up with its own tools \(pg_dump/,
    );
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ ...base, DATABASE_URL: "postgres://u@127.0.0.1:5432/db" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@127.0.0.1:5432/db" });
  });

  it("names every bad variable in one clear error", () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "stripe" })).toThrow(/needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(
      loadConfig({ ...base, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_y" }).stripe,
    ).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_y",
    });
    expect(() => loadConfig({ ...base, PORT: "eighty", PAYMENT_PROVIDER: "paypal", DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, PORT: "eighty", PAYMENT_PROVIDER: "paypal", DATABASE_URL: "mysql://x" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("PAYMENT_PROVIDER");
      expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    }
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ ...base, NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(
      loadConfig({ ...base, NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), PUBLIC_ORIGIN: "https://pennybid.lv" }).isProduction,
    ).toBe(true);
  });

  it("requires PUBLIC_ORIGIN in production, since mailed links must never come from a request's Host", () => {
    expect(() => loadConfig({ ...base, NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ ...base, PUBLIC_ORIGIN: "https://pennybid.lv/some/path" }).publicOrigin).toBe("https://pennybid.lv");
  });
});
