// Browser tests in Debian's Chromium against the real server (built SPA, fresh data dir, a port picked per run).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Workers re-read this file: the first reading picks the port and data dir, the rest inherit them.
process.env.E2E_PORT ??= String(41000 + (process.pid % 2000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "pennybid-e2e-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 2,
  // A flaky test is a bug to fix, never to retry.
  retries: 0,
  // Generous, not retried: on a two-core machine with another CPU-heavy job beside it, a page load or a scrypt
  // sign-in can take several seconds. A real failure still fails; it only takes longer to say so. Twice what a quiet
  // machine needs: some machines here make each system call and page fault several times dearer, and Chromium, our
  // server and PGlite all run two to four times slower on them (decision 047).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // A failed test keeps its trace: each action's DOM snapshot (the page as it was, inputs' values included) and the
    // network. Not its screencast: that video of every paint of every test cost the browser more CPU than the pages
    // themselves (a subset of the suite went from 1.7 to 1.0 minutes without it). One screenshot at the failure instead.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // The service worker would download the whole app shell in every fresh context, in the background of every
    // test: it is blocked here, and allowed in the specs about it (offline.spec.ts, app-update.spec.ts).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: /\.phone\.spec\.ts$/, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // DESIGN.md: the phone comes first. A 390×844 touch screen; only the phone specs run here, to keep CI short.
    {
      name: "phone",
      testMatch: /\.phone\.spec\.ts$/,
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        channel: undefined,
      },
    },
  ],
  webServer: {
    // The server as `npm start` runs it: built by `npm run build` (decision 076).
    command: "node dist-server/server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      HOST: "127.0.0.1",
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      // Browser tests play many bidders from one machine: each names its IP in X-Forwarded-For.
      TRUST_PROXY: "1",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      // Several checkouts may build at once: each can point the server at its own build.
      ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    },
  },
});
