// Issue 16, item 4 (decision 013): the installable app. After a first visit the service worker holds the app shell:
// without a network the shell still opens, says it is offline, and nothing of the server's (money, live state, its
// own pages) comes from a cache.
import { expect, test, type Page } from "./fixtures";
import { inEnglish } from "./support";

// The service worker is what this file tests: allowed here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const OFFLINE = "You are offline. Live prices resume when you reconnect.";

/** The first visit: the page loads and the service worker, its shell cached, takes control of it. */
async function firstVisit(page: Page, path = "/"): Promise<void> {
  await inEnglish(page);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // `ready` resolves once a worker is active, that is once its install has cached the whole shell.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/**
 * Tells each document loaded while the context is offline that it is offline. Chromium 150 under Playwright 1.65
 * starts a new document with `navigator.onLine` true although the context's network is cut (the emulation reaches
 * the network, not the new document's flag); a phone without a network says false from the start. Applying the same
 * emulation to the page again, through a session kept open (closing it would undo it), sets the flag and fires
 * `offline`, as the device would.
 */
async function pageNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const emulate = (offline: boolean) =>
    cdp.send("Network.emulateNetworkConditions", { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  return {
    async cut() {
      await emulate(true);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    },
    async restore() {
      await emulate(false);
      await cdp.detach();
    },
  };
}

/** The PNG's own width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("with the network cut after a first visit, the app shell loads and shows the offline state", async ({ page, context }) => {
  await firstVisit(page);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: OFFLINE })).toBeVisible();
  const network = await pageNetwork(page);

  // Another route, loaded afresh with no network: the shell, its texts and the page's code all come from the cache.
  const faq = await page.goto("/faq");
  expect(faq?.fromServiceWorker()).toBe(true);
  await network.cut();
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" }).first()).toBeAttached();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE })).toBeVisible();

  // A reload of the home page, too: the shell renders, and it says why there are no live prices.
  await page.goto("/");
  await network.cut();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE })).toBeVisible();

  // Back online: the offline state goes at once, and the live connection comes back by itself (socket.io's retries).
  await context.setOffline(false);
  await network.restore();
  await expect(page.getByText(OFFLINE)).toBeHidden();
  await expect(page.getByText("Live updates are paused. Reconnecting…")).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText("Live", { exact: true })).toBeVisible({ timeout: 30_000 });
});

test("the service worker never answers for the server: API calls and the server's own pages need the network", async ({
  page,
  context,
}) => {
  await firstVisit(page);
  // Online, the API answers come from the server, not the worker (the page has just asked for the user and auctions).
  const user = await page.evaluate(async () => {
    const answer = await fetch("/authn/user", { credentials: "include" });
    return { status: answer.status, body: (await answer.json()) as { isAuthenticated: boolean } };
  });
  expect(user).toEqual({ status: 200, body: expect.objectContaining({ isAuthenticated: false }) as unknown });
  const mailboxOnline = await page.goto("/dev/mailbox");
  expect(mailboxOnline?.fromServiceWorker()).toBe(false);
  await expect(page.locator("#root")).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

  await context.setOffline(true);
  // Offline, the same calls fail: nothing of the server's was kept to answer them with. Polled, because Chromium
  // applies the cut to the worker's fallback requests a moment after setOffline returns under load (CI saw one call
  // still reach the server); a cached answer would come back on every attempt, so the poll cannot pass with one.
  const offlineCalls = () =>
    page.evaluate(async () => {
      const attempt = (url: string, init?: RequestInit) =>
        fetch(url, init).then(
          (answer) => `answered ${answer.status}`,
          () => "failed",
        );
      return {
        user: await attempt("/authn/user"),
        auctions: await attempt("/api/auctions/search", {
          method: "POST",
          headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
          body: JSON.stringify({ status: "Running" }),
        }),
        health: await attempt("/api/health"),
      };
    });
  await expect.poll(offlineCalls).toEqual({ user: "failed", auctions: "failed", health: "failed" });
  // A page the server renders itself is not replaced by the app's shell.
  await expect(page.goto("/dev/mailbox")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await expect(page.goto("/sandbox/checkout/1")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
});

test("the app is installable: a linked manifest with its icons, and Chromium finds nothing missing", async ({ page, request }) => {
  await firstVisit(page);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");

  const answer = await request.get(manifestHref ?? "");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    lang: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Pennybid",
    short_name: "Pennybid",
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang: "lv",
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));

  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  for (const icon of [...manifest.icons, { src: appleIcon ?? "", sizes: "180x180", type: "image/png" }]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toBe("image/png");
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }

  // The browser's own installability check (what Lighthouse's installable-manifest audit asked of it).
  const devtools = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await devtools.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are off-the-record profiles, where Chromium installs nothing for any site: that one
  // reason is the browser's, every other (manifest, icons, service worker) would be ours.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
  const { errors } = (await devtools.send("Page.getAppManifest")) as { errors: { message: string }[] };
  expect(errors).toEqual([]);
});
