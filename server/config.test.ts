import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const base = { DATA_DIR: "memory://" };

describe("configuration", () => {
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

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ ...base, DATABASE_URL: "postgres://u@127.0.0.1:5432/db" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@127.0.0.1:5432/db" });
  });

  it("names every bad variable in one clear error", () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "stripe" })).toThrow(/needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({ ...base, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_y" }).stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_y",
    });
    expect(() => loadConfig({ ...base, PORT: "eighty", PAYMENT_PROVIDER: "paypal", DATABASE_URL: "mysql://x" })).toThrow(
      ConfigError,
    );
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
    expect(loadConfig({ ...base, NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), PUBLIC_ORIGIN: "https://pennybid.lv" }).isProduction).toBe(true);
  });

  it("requires PUBLIC_ORIGIN in production, since mailed links must never come from a request's Host", () => {
    expect(() => loadConfig({ ...base, NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ ...base, PUBLIC_ORIGIN: "https://pennybid.lv/some/path" }).publicOrigin).toBe("https://pennybid.lv");
  });
});
