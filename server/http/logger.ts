// How the server logs: JSON lines (for a log collector, a file, a pipe), or pino-pretty's coloured lines when a
// person is watching a terminal (`npm start` or `npm run serve` in a shell). Tests always get JSON.
import type { FastifyServerOptions } from "fastify";
import type { AppConfig } from "../config";

/** Cookies and credentials never reach a log. */
const REDACTED = ["req.headers.cookie", "req.headers.authorization"];

export function loggerOptions(
  config: Pick<AppConfig, "logLevel" | "nodeEnv">,
  stdoutIsTty: boolean = process.stdout.isTTY === true,
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  const isPersonWatching = stdoutIsTty && config.nodeEnv !== "test";
  return {
    level: config.logLevel,
    redact: REDACTED,
    ...(isPersonWatching
      ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } }
      : {}),
  };
}
