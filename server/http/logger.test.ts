import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logger";

const development = { logLevel: "info", nodeEnv: "development" } as const;

describe("the server's log format", () => {
  it("is pino-pretty's readable lines when stdout is a terminal", () => {
    expect(loggerOptions(development, true)).toMatchObject({ level: "info", transport: { target: "pino-pretty" } });
    expect(loggerOptions({ logLevel: "debug", nodeEnv: "production" }, true)).toMatchObject({ transport: { target: "pino-pretty" } });
  });

  it("is JSON lines when stdout is a pipe or a file", () => {
    const options = loggerOptions(development, false);
    expect(options).toMatchObject({ level: "info" });
    expect(options).not.toHaveProperty("transport");
  });

  it("is JSON in tests, even on a terminal", () => {
    expect(loggerOptions({ logLevel: "warn", nodeEnv: "test" }, true)).not.toHaveProperty("transport");
  });

  it("keeps cookies and credentials out either way, and logs nothing when silent", () => {
    for (const isTty of [true, false]) {
      expect(loggerOptions(development, isTty)).toMatchObject({ redact: ["req.headers.cookie", "req.headers.authorization"] });
    }
    expect(loggerOptions({ logLevel: "silent", nodeEnv: "development" }, true)).toBe(false);
  });
});
