// The dev panel (outside production, for a tester who asked with ?devtools: decision 080): the page's live machines
// (the very actors the page draws from), events sent to them, and an operator's server-side actions on the auction of
// the page. A visitor never sees it, and a production server's pages never load or ask anything of it.
import { expect, test, type Browser, type Page, type Request } from "./fixtures";
import { DEV_TOOLS_COOKIE } from "../../contract/constants";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process";
import { inEnglish, operatorPage, spaTakenOver, visitorIp } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

async function openDevTools(page: Page) {
  await page.getByRole("button", { name: "Dev tools" }).click();
  const panel = page.getByRole("dialog", { name: "Dev tools" });
  await expect(panel).toBeVisible();
  return panel;
}

/** What the panel would load or ask: its chunk (button and drawer), or anything under /dev/. */
const isThePanels = (url: string) => /\/assets\/DevTools[-.]/.test(url) || new URL(url).pathname.startsWith("/dev/");

/** Every request the page makes from now on, by URL. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request: Request) => urls.push(request.url()));
  return urls;
}

/**
 * Opens a visitor's page and waits for the moment the panel's rule has decided (decision 080): the SPA has the page,
 * and the user's answer has come and is drawn (a visitor's header offers Sign in). Had the rule decided to show the
 * panel, its chunk would have been asked for in that same render.
 */
async function openSettled(page: Page, url: string) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/authn/user");
  await page.goto(url);
  await answered;
  await spaTakenOver(page);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
}

/** A visitor's page on a wide screen, in English, from its own address. */
async function visitorPage(browser: Browser, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const page = await context.newPage();
  await inEnglish(page);
  return page;
}

/** The address of the first running auction's page on Home. */
async function firstAuctionPath(page: Page): Promise<string> {
  const href = await page.getByRole("article").first().getByRole("link").first().getAttribute("href");
  expect(href, "Home lists an auction").toMatch(/^\/auctions\/\d+$/);
  return href ?? "";
}

test("a visitor who did not ask sees no Dev tools on Home or an auction's page, and the panel's code never loads", async ({ browser }) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    const page = await visitorPage(browser, viewport);
    const requests = recordRequests(page);
    await openSettled(page, "/");
    await expect(page.getByRole("button", { name: "Dev tools" })).toHaveCount(0);
    // The server does offer it here (npm start's settings): what the visitor lacks is only the ask.
    expect((await page.context().cookies()).find((cookie) => cookie.name === DEV_TOOLS_COOKIE)?.value).toBe("offered");

    const auctionPath = await firstAuctionPath(page);
    await openSettled(page, auctionPath);
    await expect(page.getByRole("region", { name: "Bidding" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Dev tools" })).toHaveCount(0);
    expect(requests.filter(isThePanels), `${viewport.width}×${viewport.height}`).toEqual([]);
    await page.context().close();
  }
});

test("a tester who asks with ?devtools gets the button in the sidebar, covering no card, until ?devtools=off", async ({ browser }) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    const page = await visitorPage(browser, viewport);
    const context = page.context();
    await page.goto("/?devtools");
    // In the permanent sidebar's own flow, not floating over the page.
    await expect(page.getByRole("complementary").getByRole("button", { name: "Dev tools" })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    await spaTakenOver(page);
    const button = await page.getByRole("button", { name: "Dev tools" }).boundingBox();
    const sidebar = await page.getByRole("complementary").boundingBox();
    expect(button && sidebar, "the button and the sidebar are on screen").toBeTruthy();
    expect(button!.x + button!.width, `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(sidebar!.x + sidebar!.width);
    // The cards are measured in one look at the page: the live list may replace a card between two round trips.
    const covered = await page.evaluate((b) => {
      return [...document.querySelectorAll("article")]
        .map((card) => ({ title: card.querySelector("h2, h3")?.textContent ?? "", box: card.getBoundingClientRect() }))
        .filter(
          ({ box }) =>
            box.width > 0 && box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height,
        )
        .map(({ title }) => title);
    }, button!);
    expect(covered, `${viewport.width}×${viewport.height}`).toEqual([]);

    // Remembered on the pages after, opened without the parameter, until the tester takes it back.
    await page.goto(await firstAuctionPath(page));
    await expect(page.getByRole("button", { name: "Dev tools" })).toBeVisible();
    await openSettled(page, "/?devtools=off");
    await expect(page.getByRole("button", { name: "Dev tools" })).toHaveCount(0);
    await context.close();
  }
});

test("the panel lists the page's machines, and an event sent to one changes its state", async ({ browser }) => {
  const page = await operatorPage(browser);
  await page.goto("/?devtools");
  const panel = await openDevTools(page);
  const auth = panel.getByRole("region", { name: "auth", exact: true });
  await expect(auth.getByTestId("machine-state")).toHaveText("authenticated.idle");
  await auth.getByText("Context").click();
  await expect(auth.getByText('"email": "operator@pennybid.lv"')).toBeVisible();
  await expect(auth.getByRole("combobox", { name: "Event" })).toContainText("user.signedOut (possible now)");

  await auth.getByRole("combobox", { name: "Event" }).selectOption("user.signedOut");
  await auth.getByRole("button", { name: "Send" }).click();
  await expect(auth.getByTestId("machine-state")).toHaveText("anonymous.idle");
  await expect(auth.getByRole("status")).toHaveText("Sent user.signedOut.");
  // The page follows its machine: the header offers Sign in again.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
});

test("an operator ends the auction of the page from the panel, and the page shows it ended", async ({ browser }) => {
  const page = await operatorPage(browser);
  const title = `Dev panel lamp ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/speaker.svg"],
      entryFeeCents: 0,
      retailValueCents: 2500,
      initialSeconds: 300,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;

  await page.goto(`/auctions/${auctionId}?devtools`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Time left")).toBeVisible();
  const panel = await openDevTools(page);
  const lifecycle = panel.getByRole("region", { name: `auction-lifecycle #${auctionId}` });
  await expect(lifecycle.getByTestId("machine-state")).toHaveText("running.live");
  // The page draws its phase from this very actor: moved past the auction's end here, the page reads 'Closing…'.
  await lifecycle.getByRole("combobox", { name: "Event" }).selectOption("clock.ticked");
  await lifecycle.getByRole("textbox", { name: /Payload/ }).fill(JSON.stringify({ nowMs: Date.now() + 3_600_000 }));
  await lifecycle.getByRole("button", { name: "Send" }).click();
  await expect(lifecycle.getByTestId("machine-state")).toHaveText("running.closing");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "Bidding" }).getByText("Closing…")).toBeVisible();
  await openDevTools(page);

  const actions = panel.getByRole("region", { name: "Operator actions" });
  await expect(actions.getByRole("textbox", { name: "Auction ID" })).toHaveValue(String(auctionId));
  await actions.getByRole("button", { name: "End now" }).click();
  await expect(actions.getByRole("status")).toHaveText(`Auction #${auctionId} is now Ended.`);
  await expect(lifecycle.getByTestId("machine-state")).toHaveText("ended");

  await page.keyboard.press("Escape");
  // The bidding panel says it: nobody bid, so no sold price and no winner.
  const bidding = page.getByRole("region", { name: "Bidding" });
  await expect(bidding.getByText("Ended without bids")).toBeVisible();
  await expect(bidding.getByText("Sold price")).toHaveCount(0);
  await expect(page.getByText("Time left")).toHaveCount(0);
});

test.describe("with production settings", () => {
  // A server of its own, as a deployment runs it: NODE_ENV=production, the same build the other tests use.
  let production: ServerProcess;

  test.beforeAll(async () => {
    // A server's start (its migrations and demo data on a fresh database) can take long on a busy two-core machine.
    test.setTimeout(300_000);
    const port = await freePort();
    production = await startServerProcess(
      {
        NODE_ENV: "production",
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        SESSION_SECRET: "e2e-production-".padEnd(48, "x"),
        STATIC_DIR: process.env.STATIC_DIR ?? "dist",
        DATA_DIR: "memory://",
        DATABASE_URL: "",
        SEED_DEMO_DATA: "yes",
      },
      port,
      240_000,
      ["dist-server/server.mjs"],
    );
  });
  test.afterAll(async () => {
    await production?.kill();
  });

  test("no page shows the panel or asks anything of it, even to a tester who asked and kept the cookie of a test server", async ({
    browser,
  }) => {
    const page = await visitorPage(browser);
    // This browser met a test server on the same address before: it kept the ask and the offer.
    await page.addInitScript(() => window.localStorage.setItem("devTools", "yes"));
    await page.context().addCookies([{ name: DEV_TOOLS_COOKIE, value: "offered", url: production.url }]);
    const requests = recordRequests(page);

    await openSettled(page, `${production.url}/?devtools`);
    await expect(page.getByRole("button", { name: "Dev tools" })).toHaveCount(0);
    // The production server took the kept offer back with its answers.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(DEV_TOOLS_COOKIE);

    const auctionPath = await firstAuctionPath(page);
    await openSettled(page, `${production.url}${auctionPath}?devtools`);
    await expect(page.getByRole("region", { name: "Bidding" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Dev tools" })).toHaveCount(0);

    expect(requests.filter((url) => url.startsWith(production.url)).length, "the pages were recorded").toBeGreaterThan(10);
    expect(requests.filter(isThePanels)).toEqual([]);
    await page.context().close();
  });
});
