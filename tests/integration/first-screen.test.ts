// Home's page carries its first screen (decision 025): the first page of each section, as the search would answer
// it, in a data block no title can break out of, and the first running picture asked for at once. The app's other
// pages and the service worker's shell stay the plain, cached index.html.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirstScreen, SearchAuctionsResponse } from "../../contract";
import { HOME_PAGE_SIZE, PICTURE_WIDTHS, pictureSizes } from "../../contract/constants";
import { createAuction } from "../support/fixtures";
import { spaHeaders, startTestServer, type TestServer } from "../support/server";

const staticDir = mkdtempSync(path.join(tmpdir(), "pennybid-first-screen-"));
const indexHtml = `<!doctype html><html><head><title>Pennybid</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>`;
const hostileTitle = `</script><script>alert("title")</script><!--`;
let server: TestServer;
let hostileId: number;

/**
 * The server's renderer stands where the build puts it (decision 045). This one writes what it was given, so the test
 * sees where the server puts the markup; it fails on a path with "broken" in it and never answers on one with "stuck". The real one is `vite build --ssr`'s,
 * which tests/e2e/first-paint.phone.spec.ts runs.
 */
const renderer = `export async function renderFirstScreen(url, screen) {
  if (url.includes("broken")) throw new Error("cannot draw this one");
  if (url.includes("stuck")) return new Promise(() => {});
  return '<p data-drawn="' + url + '">' + screen.language + " " + Object.keys(screen).sort().join(",") + " $& $1</p>";
}`;

beforeAll(async () => {
  writeFileSync(path.join(staticDir, "index.html"), indexHtml);
  mkdirSync(`${staticDir}-ssr`);
  writeFileSync(path.join(`${staticDir}-ssr`, "entry-server.mjs"), renderer);
  server = await startTestServer({ STATIC_DIR: staticDir });
  const { db } = server.database;
  const now = new Date();
  // More running auctions than a page holds: the block holds one page and says more follow.
  for (let i = 0; i < HOME_PAGE_SIZE + 2; i++) await createAuction(db, now, { initialSeconds: 600 + i });
  hostileId = await createAuction(db, now, { initialSeconds: 30 });
  await db.query("update auctions set title = $1, images = $2 where id = $3", [
    hostileTitle,
    JSON.stringify([`/media/a"b<c>.webp`]),
    hostileId,
  ]);
  await createAuction(db, now, { status: "Waiting" });
});

afterAll(async () => {
  await server.close();
});

const search = async (status: string) => {
  const answer = await fetch(`${server.url}/api/auctions/search`, {
    method: "POST",
    headers: spaHeaders,
    body: JSON.stringify({ status, pageSize: HOME_PAGE_SIZE }),
  });
  return withoutClock((await answer.json()) as SearchAuctionsResponse);
};

/** A page without each card's `serverNow` (the moment it was read, different for every read). */
const withoutClock = (page: SearchAuctionsResponse) => ({ ...page, items: page.items.map(({ serverNow: _read, ...item }) => item) });

/** The data block's text, found the way the browser finds it: the first script element with its id. */
function dataBlock(html: string): string {
  const match = /<script type="application\/json" id="first-screen">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`no first-screen block in ${html}`);
  return match[1];
}

describe("Home's page", () => {
  it("carries the first page of each section as the search answers it, never kept by a cache", async () => {
    const answer = await fetch(`${server.url}/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(answer.headers.get("etag")).toBeNull();
    const { lists, auction } = JSON.parse(dataBlock(await answer.text())) as FirstScreen;
    expect(auction).toBeUndefined();
    if (!lists) throw new Error("no lists on Home's page");
    const [running, waiting, ended] = await Promise.all([search("Running"), search("Waiting"), search("Ended")]);
    expect(withoutClock(lists.Running)).toEqual(running);
    expect(withoutClock(lists.Waiting)).toEqual(waiting);
    expect(withoutClock(lists.Ended)).toEqual(ended);
    expect(lists.Running.items).toHaveLength(HOME_PAGE_SIZE);
    expect(lists.Running.hasMore).toBe(true);
    expect(lists.Running.items[0]?.title).toBe(hostileTitle);
  });

  it("lets no title close the data block, and asks for the first running picture at once, escaped", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    // The only script elements are the data block and the app's own.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain(hostileTitle);
    expect(html).toContain(`<link rel="preload" as="image" href="/media/a&quot;b&lt;c&gt;.webp" fetchpriority="high" /></head>`);
  });

  it("is the plain index.html at /index.html (the offline shell) and on the app's other routes", async () => {
    for (const route of ["/index.html", "/auctions/99999", "/auctions/won", "/auctions/0", "/wallet"]) {
      const html = await (await fetch(`${server.url}${route}`)).text();
      expect(html, route).toBe(indexHtml);
    }
  });
});

describe("the first screen drawn (decision 045)", () => {
  it("goes inside the app's root, as the renderer wrote it and inert until the SPA hydrates it, beside the data block with the moment it shows", async () => {
    const before = Date.now();
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain(
      `<div id="root"><div inert style="display:contents"><p data-drawn="/">lv drawnAtMs,language,lists $& $1</p></div></div>`,
    );
    const home = JSON.parse(dataBlock(html)) as FirstScreen;
    expect(Object.keys(home.lists ?? {})).toContain("Running");
    // The moment the drawing's countdowns show, which the browser's hydration shows too (decision 061).
    expect(home.drawnAtMs).toBeGreaterThanOrEqual(before);
    expect(home.drawnAtMs).toBeLessThanOrEqual(Date.now());
    const auctionPage = await (
      await fetch(`${server.url}/auctions/${hostileId}?from=home`, { headers: { cookie: "i18nextLng=ru" } })
    ).text();
    expect(auctionPage).toContain(
      `<div id="root"><div inert style="display:contents"><p data-drawn="/auctions/${hostileId}?from=home">ru auction,drawnAtMs,language,usualCost $& $1</p></div></div>`,
    );
  });

  it("is left to the SPA when the renderer fails or does not answer: the page still carries its data, with no drawing's moment", async () => {
    for (const page of ["/?broken", "/?stuck"]) {
      const answer = await fetch(`${server.url}${page}`);
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html, page).toContain(`<div id="root"></div>`);
      const screen = JSON.parse(dataBlock(html)) as FirstScreen;
      expect(Object.keys(screen.lists ?? {})).toContain("Running");
      expect(screen.drawnAtMs).toBeUndefined();
    }
  });

  it("is not drawn on the app's other pages", async () => {
    expect(await (await fetch(`${server.url}/wallet`)).text()).toBe(indexHtml);
  });
});

describe("an auction's page", () => {
  it("carries the auction as GET /api/auctions/:id answers it, with its product's usual cost, and asks for its first picture at once", async () => {
    const answer = await fetch(`${server.url}/auctions/${hostileId}`);
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    const html = await answer.text();
    const { auction, lists, usualCost } = JSON.parse(dataBlock(html)) as FirstScreen;
    // What the page shows above the bids before the bidder enrols, so that the drawing has it too.
    const fromUsualCost = await (await fetch(`${server.url}/api/auctions/${hostileId}/usual-cost`, { headers: spaHeaders })).json();
    expect(usualCost).toEqual(fromUsualCost);
    expect(usualCost?.windowDays).toBeGreaterThan(0);
    expect(lists).toBeUndefined();
    const { serverNow: _read, ...fromApi } = (await (
      await fetch(`${server.url}/api/auctions/${hostileId}`, { headers: spaHeaders })
    ).json()) as { serverNow: number };
    expect({ ...auction, serverNow: undefined }).toEqual({ ...fromApi, serverNow: undefined });
    expect(html).not.toContain(hostileTitle);
    expect(html).toContain(`<link rel="preload" as="image" href="/media/a&quot;b&lt;c&gt;.webp" fetchpriority="high" />`);
  });

  it("asks for an uploaded photo as the page's picture will, by its widths and the width it is drawn at (decision 062)", async () => {
    const { db } = server.database;
    const photoId = await createAuction(db, new Date(), { initialSeconds: 900 });
    const hash = "00112233445566778899aabbccddeeff";
    await db.query("update auctions set images = $1 where id = $2", [JSON.stringify([`/media/${hash}.jpg`]), photoId]);
    const html = await (await fetch(`${server.url}/auctions/${photoId}`)).text();
    const widths = PICTURE_WIDTHS.map((width) => `/media/${hash}-${width}w.webp ${width}w`).join(", ");
    expect(html).toContain(
      `<link rel="preload" as="image" href="/media/${hash}-640w.webp" imagesrcset="${widths}" imagesizes="${pictureSizes.detail}" fetchpriority="high" />`,
    );
  });

  it("leaves the usual cost out of an ended auction's page, which does not show it", async () => {
    const ended = await createAuction(server.database.db, new Date(), { status: "Ended" });
    const html = await (await fetch(`${server.url}/auctions/${ended}`)).text();
    const screen = JSON.parse(dataBlock(html)) as FirstScreen;
    expect(screen.auction?.id).toBe(ended);
    expect(screen.usualCost).toBeUndefined();
  });

  it("is the plain index.html for a draft, which no bidder may see", async () => {
    const draft = await createAuction(server.database.db, new Date(), { status: "New" });
    expect(await (await fetch(`${server.url}/auctions/${draft}`)).text()).toBe(indexHtml);
  });
});
