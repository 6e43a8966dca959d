// Issue 16, item 4 (decision 013): a new deployment takes over cleanly. The page keeps its worker until the user
// chooses to reload; then the new worker takes it over. Each deployment is a copy of the build, served by a server
// of its own (the real one, with its API and live feed, so the page is as quiet as a bidder's), so the build the other
// tests use never changes under them.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { inEnglish } from "./support";

// The service worker is what this file tests: allowed here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const UPDATE_PROMPT = "A new version of Pennybid is available.";

let site: ServerProcess;
let siteDir: string;
let origin: string;

test.beforeAll(async () => {
  // A server's start (its migrations on a fresh database) can take long on a busy two-core machine.
  test.setTimeout(300_000);
  siteDir = mkdtempSync(path.join(tmpdir(), "pennybid-deployment-"));
  cpSync(process.env.STATIC_DIR ?? "dist", siteDir, { recursive: true });
  // Its own database in memory, also in the PostgreSQL pass: the deployment is not the other tests' server.
  site = await startServerProcess({ STATIC_DIR: siteDir, DATA_DIR: "memory://", DATABASE_URL: "" }, undefined, 120_000);
  origin = site.url;
});
test.afterAll(async () => {
  await site.kill();
});

for (const visit of ["open since the first visit", "a returning visit"] as const) {
  test(`a new deployment's worker waits for the user, who reloads into it from the prompt (${visit})`, async ({ page }) => {
    await inEnglish(page);
    await page.goto(`${origin}/`);
    await expect(page.getByRole("banner")).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // A returning visitor's page loads under the worker; a first visit's page is taken over by it later.
    if (visit === "a returning visit") await page.reload();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByText(UPDATE_PROMPT)).toHaveCount(0);

    // The next deployment: another worker script (any changed byte makes a new worker), found on the next check.
    const workerFile = path.join(siteDir, "sw.js");
    writeFileSync(workerFile, `${readFileSync(workerFile, "utf8")}\n// the next deployment (${visit})\n`);
    await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.update()));

    const prompt = page.getByRole("status").filter({ hasText: UPDATE_PROMPT });
    await expect(prompt).toBeVisible();
    // Until the user chooses, the old worker keeps the page and the new one waits.
    const isWorkerWaiting = () =>
      page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting)));
    expect(await isWorkerWaiting()).toBe(true);

    const reloaded = page.waitForEvent("load");
    await prompt.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(page.getByRole("banner")).toBeVisible();
    // The waiting worker is the active one now, and the reloaded page is under it.
    expect(await isWorkerWaiting()).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByText(UPDATE_PROMPT)).toHaveCount(0);
  });
}
