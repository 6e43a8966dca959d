// Issue 16: what a phone on a mobile network downloads is compressed and cached (decision 010), checked over HTTP
// against the real build and server. Playwright decodes bodies; the headers say what came over the wire.
import { statSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIResponse } from "./fixtures";
import { SearchAuctionsResponse } from "../../contract";

const acceptsBrotli = { "Accept-Encoding": "br, gzip" };
const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";

/** The build the server serves (playwright.config.ts hands STATIC_DIR to it). */
const staticDir = process.env.STATIC_DIR ?? "dist";
/** Bytes of a file of the build, e.g. `index.html.br`: what a precompressed answer's Content-Length must say. */
const builtSize = (urlPath: string) => statSync(path.join(staticDir, urlPath)).size;

const varyNames = (response: APIResponse) => (response.headers()["vary"] ?? "").toLowerCase().split(/\s*,\s*/);

test("the page, its main script and a JSON answer come back compressed, with the right caching headers", async ({ request }) => {
  await test.step("/index.html (the app shell) is the build's file, brotli, revalidated by its ETag", async () => {
    const page = await request.get("/index.html", { headers: acceptsBrotli });
    expect(page.status()).toBe(200);
    const headers = page.headers();
    expect(headers["content-encoding"]).toBe("br");
    // The build's own .br, sent as it is (compressing while sending would drop the length).
    expect(Number(headers["content-length"])).toBe(builtSize("index.html.br"));
    expect(varyNames(page)).toContain("accept-encoding");
    expect(headers["cache-control"]).toBe("no-cache");
    expect(headers["etag"]).toBeTruthy();
    expect(await page.text()).toContain('<div id="root">');

    const revalidated = await request.get("/index.html", { headers: { ...acceptsBrotli, "If-None-Match": headers["etag"] ?? "" } });
    expect(revalidated.status()).toBe(304);
  });

  await test.step("/ (Home, made per visit with its first screen) is brotli and never kept", async () => {
    const page = await request.get("/", { headers: acceptsBrotli });
    expect(page.status()).toBe(200);
    expect(page.headers()["content-encoding"]).toBe("br");
    expect(varyNames(page)).toContain("accept-encoding");
    expect(page.headers()["cache-control"]).toBe("no-cache");
    expect(page.headers()["etag"]).toBeUndefined();
    expect(await page.text()).toContain('<script type="application/json" id="first-screen">');
  });

  await test.step("the main script, fingerprinted, is brotli and kept for a year", async () => {
    const html = await (await request.get("/", { headers: { "Accept-Encoding": "identity" } })).text();
    const scriptPath = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(scriptPath, "index.html names its main script").toBeTruthy();
    const script = await request.get(scriptPath ?? "", { headers: acceptsBrotli });
    expect(script.status()).toBe(200);
    expect(script.headers()["content-encoding"]).toBe("br");
    expect(Number(script.headers()["content-length"])).toBe(builtSize(`${scriptPath}.br`));
    expect(script.headers()["cache-control"]).toBe(YEAR_IMMUTABLE);
    expect(varyNames(script)).toContain("accept-encoding");
    expect(script.headers()["content-type"]).toMatch(/javascript/);

    const gzipped = await request.get(scriptPath ?? "", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers()["content-encoding"]).toBe("gzip");
    expect(Number(gzipped.headers()["content-length"])).toBe(builtSize(`${scriptPath}.gz`));
    const plain = await request.get(scriptPath ?? "", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    // The same script, whichever way it travelled.
    const plainBody = await plain.body();
    expect((await script.body()).equals(plainBody)).toBe(true);
    expect((await gzipped.body()).equals(plainBody)).toBe(true);
  });

  await test.step("the running auctions' JSON is brotli and varies by Accept-Encoding", async () => {
    const answer = await request.post("/api/auctions/search", {
      headers: { ...acceptsBrotli, "X-Requested-With": "XMLHttpRequest" },
      data: { status: "Running" },
    });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-encoding"]).toBe("br");
    expect(answer.headers()["content-type"]).toMatch(/^application\/json/);
    expect(varyNames(answer)).toContain("accept-encoding");
    // Live data: never marked as kept for good.
    expect(answer.headers()["cache-control"] ?? "").not.toContain("immutable");
    const body = SearchAuctionsResponse.parse(await answer.json());
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((auction) => auction.status === "Running")).toBe(true);
  });
});

test("the service worker and the manifest are compressed and revalidated each time, never kept for good", async ({ request }) => {
  // A kept sw.js or index.html would hold a visitor on an old deployment (decision 013): both are asked about again.
  for (const [urlPath, type] of [
    ["/sw.js", /javascript/],
    ["/manifest.webmanifest", /^application\/manifest\+json/],
    ["/index.html", /^text\/html/],
  ] as const) {
    const answer = await request.get(urlPath, { headers: acceptsBrotli });
    expect(answer.status(), urlPath).toBe(200);
    expect(answer.headers()["content-type"], urlPath).toMatch(type);
    expect(answer.headers()["cache-control"], urlPath).toBe("no-cache");
    expect(answer.headers()["etag"], urlPath).toBeTruthy();
    expect(answer.headers()["content-encoding"], urlPath).toBe("br");
    expect(varyNames(answer), urlPath).toContain("accept-encoding");
    const revalidated = await request.get(urlPath, { headers: { ...acceptsBrotli, "If-None-Match": answer.headers()["etag"] ?? "" } });
    expect(revalidated.status(), urlPath).toBe(304);
  }
});
