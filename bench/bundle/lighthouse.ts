// A Lighthouse mobile run against the build, served by the real server on loopback (demo catalogue seeded). When the
// `lighthouse` dev dependency cannot be loaded, or Chromium cannot be driven, the outcome says why instead of failing
// the benchmark.
import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "../../tests/support/server-process";
import { sleep } from "../support/stats";

export type LighthouseOutcome = { ran: true; metrics: Record<string, string> } | { ran: false; reason: string };

type LighthouseResult = { lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { displayValue?: string }> } };
type LighthouseModule = { default: (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined> };
type ChromeLauncher = { launch: (options: Record<string, unknown>) => Promise<{ port: number; kill: () => Promise<void> | void }> };

const root = path.resolve(import.meta.dirname, "..", "..");

export async function runLighthouse(staticDir: string): Promise<LighthouseOutcome> {
  // Loaded only here (names in variables: a bench-only dev dependency; its absence is reported, not a crash).
  const lighthouseName = "lighthouse";
  const launcherName = "chrome-launcher";
  let lighthouse: LighthouseModule;
  let launcher: ChromeLauncher;
  try {
    lighthouse = (await import(lighthouseName)) as LighthouseModule;
    launcher = (await import(launcherName)) as ChromeLauncher;
  } catch {
    return { ran: false, reason: "the npm package `lighthouse` cannot be loaded (npm ci installs it as a dev dependency)" };
  }
  const port = await freePort();
  // Embedded database in memory, one process: never the PostgreSQL or Redis the benchmarks were given.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: { ...env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", DATA_DIR: "memory://", STATIC_DIR: staticDir, NODE_ENV: "test" },
    stdio: "ignore",
  });
  try {
    const url = `http://127.0.0.1:${port}/`;
    for (let tries = 0; tries < 100 && !(await fetch(`${url}api/health`).then((r) => r.ok, () => false)); tries++) await sleep(200);
    const chrome = await launcher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    });
    try {
      const result = await lighthouse.default(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], formFactor: "mobile" });
      if (!result) return { ran: false, reason: "Lighthouse returned no result" };
      const audit = (id: string) => result.lhr.audits[id]?.displayValue ?? "-";
      return {
        ran: true,
        metrics: {
          "performance score": String(Math.round((result.lhr.categories.performance?.score ?? 0) * 100)),
          "first contentful paint": audit("first-contentful-paint"),
          "largest contentful paint": audit("largest-contentful-paint"),
          "total blocking time": audit("total-blocking-time"),
          "speed index": audit("speed-index"),
        },
      };
    } finally {
      await chrome.kill();
    }
  } catch (error) {
    return { ran: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    server.kill("SIGTERM");
  }
}
