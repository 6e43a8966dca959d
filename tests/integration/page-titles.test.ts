// Public pages whose document title the server writes into index.html (spa.plugin.ts's PAGES_WITH_TITLE), in the
// language of the SPA's cookie, so a search engine or a shared link reads what the page holds.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

const titleOf = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1];

describe("server-written page titles", () => {
  let server: TestServer;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), "pennybid-page-titles-"));
    writeFileSync(
      path.join(staticDir, "index.html"),
      '<!doctype html><html><head><title>Pennybid</title></head><body><div id="root"></div></body></html>',
    );
    server = await startTestServer({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await server.close();
  });

  const page = (pathname: string, language?: string) =>
    fetch(`${server.url}${pathname}`, language ? { headers: { Cookie: `i18nextLng=${language}` } } : {});

  it("titles /winners by what it holds, in the cookie's language, Latvian without one, never kept by an ETag", async () => {
    const english = await page("/winners", "en");
    expect(english.status).toBe(200);
    expect(english.headers.get("content-type")).toContain("text/html");
    expect(english.headers.get("cache-control")).toBe("no-cache");
    expect(english.headers.get("etag")).toBeNull();
    expect(titleOf(await english.text())).toBe("Winners&#39; reviews of delivered items · Pennybid");
    expect(titleOf(await (await page("/winners", "ru")).text())).toBe("Отзывы победителей о доставленных товарах · Pennybid");
    expect(titleOf(await (await page("/winners")).text())).toBe("Uzvarētāju atsauksmes par piegādātām precēm · Pennybid");
  });

  it("leaves other pages' title as index.html has it", async () => {
    expect(titleOf(await (await page("/favourites", "en")).text())).toBe("Pennybid");
  });
});
