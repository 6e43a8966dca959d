// Issue 16, item 4 (decision 013): a new deployment takes over cleanly. The page keeps its worker until the user
// chooses to reload; then the new worker takes it over. The deployments are copies of the build, served by the
// server's own static plugin on a port of their own, so the build the other tests use never changes under them.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { expect, test } from "@playwright/test";
import { spaPlugin } from "../../server/http/spa.plugin";
import { inEnglish } from "./support";

// The service worker is what this file tests: allowed here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const UPDATE_PROMPT = "A new version of Pennybid is available.";

let site: FastifyInstance;
let siteDir: string;
let origin: string;

test.beforeAll(async () => {
  siteDir = mkdtempSync(path.join(tmpdir(), "pennybid-deployment-"));
  cpSync(process.env.STATIC_DIR ?? "dist", siteDir, { recursive: true });
  site = Fastify();
  await site.register(spaPlugin, { staticDir: siteDir });
  await site.listen({ host: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await site.close();
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
