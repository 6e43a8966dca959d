// Compression and caching (decision 010): the build's own .br/.gz files chosen by Accept-Encoding, JSON compressed
// above a threshold, fingerprinted assets kept for a year, index.html revalidated by its ETag; the service worker and
// the web app manifest (decision 013) revalidated too, never kept for good.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockSyncAck, SearchAuctionsResponse, isServerPath } from "../../contract";
import { COMPRESSION_THRESHOLD_BYTES } from "../../server/http/compression.plugin";
import { PAGES_WITH_FIRST_SCREEN, PAGES_WITH_TITLE } from "../../server/http/spa.plugin";
import { createAuction } from "../support/fixtures";
import { decodedText, rawRequest, type RawAnswer } from "../support/raw-http";
import { startTestServer, spaHeaders, type TestServer } from "../support/server";

/** A small build as Vite writes it: index.html and a fingerprinted script, each with its .br and .gz beside it. */
const staticDir = mkdtempSync(path.join(tmpdir(), "pennybid-compressed-"));
const indexHtml = `<!doctype html><title>Pennybid</title><div id=root></div><script type=module src=/assets/index-Ab12Cd34.js></script>`;
const script = Array.from({ length: 200 }, (_, i) => `export const price${i} = "€${(i / 100).toFixed(2)}";`).join("\n");
const SCRIPT_PATH = "/assets/index-Ab12Cd34.js";
/** The service worker and the manifest as vite-plugin-pwa leaves them: written after the build's compression, alone. */
const serviceWorker = `importScripts();self.addEventListener("fetch",()=>{});${"/* precache list */".repeat(100)}`;
const manifest = JSON.stringify({
  name: "Pennybid",
  short_name: "Pennybid",
  start_url: "/",
  display: "standalone",
  description: "x".repeat(1200),
});

function writeBuilt(relativePath: string, content: string): void {
  const file = path.join(staticDir, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

const built = (relativePath: string) => readFileSync(path.join(staticDir, relativePath));

/** One request to the test server as sent, the answer's bytes as received. */
const send = (urlPath: string, options?: Parameters<typeof rawRequest>[1]) => rawRequest(`${server.url}${urlPath}`, options);

const varyNames = (answer: RawAnswer) => (answer.headers.vary ?? "").toLowerCase().split(/\s*,\s*/);

let server: TestServer;

beforeAll(async () => {
  writeBuilt("index.html", indexHtml);
  writeBuilt(SCRIPT_PATH, script);
  writeFileSync(path.join(staticDir, "sw.js"), serviceWorker);
  writeFileSync(path.join(staticDir, "manifest.webmanifest"), manifest);
  server = await startTestServer({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await server.close();
});

describe("built files, precompressed by the build", () => {
  it("sends a hashed asset's .br to a client that accepts br and gzip, cached for a year", async () => {
    const answer = await send(SCRIPT_PATH, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    // The build's own file, byte for byte: not compressed again on the fly.
    expect(answer.body.equals(built(`${SCRIPT_PATH}.br`))).toBe(true);
    expect(answer.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(varyNames(answer)).toContain("accept-encoding");
    expect(decodedText(answer)).toBe(script);
  });

  it("sends the .gz when only gzip is accepted", async () => {
    const answer = await send(SCRIPT_PATH, { headers: { "accept-encoding": "gzip" } });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.body.equals(built(`${SCRIPT_PATH}.gz`))).toBe(true);
    expect(varyNames(answer)).toContain("accept-encoding");
    expect(decodedText(answer)).toBe(script);
  });

  it("sends the plain file when no encoding is accepted, still saying that it varies by Accept-Encoding", async () => {
    const refusals: Record<string, string>[] = [{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0, gzip;q=0" }];
    for (const headers of refusals) {
      const answer = await send(SCRIPT_PATH, { headers });
      expect(answer.headers["content-encoding"], JSON.stringify(headers)).toBeUndefined();
      expect(answer.body.toString("utf8"), JSON.stringify(headers)).toBe(script);
      expect(varyNames(answer), JSON.stringify(headers)).toContain("accept-encoding");
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  // Home's page (/) is made per visit with its first screen inside: first-screen.test.ts. The file itself is the
  // service worker's app shell.
  it("sends index.html compressed, to be revalidated each time by its ETag", async () => {
    const answer = await send("/index.html", { headers: { "accept-encoding": "br, gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.equals(built("index.html.br"))).toBe(true);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers.etag).toBeTruthy();
    expect(decodedText(answer)).toBe(indexHtml);
  });

  it("sends index.html for the app's routes (/favourites) compressed, no-cache, with an ETag", async () => {
    for (const route of ["/favourites", "/wallet"]) {
      const answer = await send(route, { headers: { "accept-encoding": "gzip, br" } });
      expect(answer.status, route).toBe(200);
      expect(answer.headers["content-encoding"], route).toBe("br");
      expect(answer.body.equals(built("index.html.br")), route).toBe(true);
      expect(answer.headers["cache-control"], route).toBe("no-cache");
      expect(answer.headers.etag, route).toBeTruthy();
      expect(varyNames(answer), route).toContain("accept-encoding");
      expect(decodedText(answer), route).toBe(indexHtml);
    }
  });

  it("answers a revalidation with the ETag it gave with 304 and no body", async () => {
    for (const route of ["/index.html", "/favourites", SCRIPT_PATH]) {
      const first = await send(route, { headers: { "accept-encoding": "br, gzip" } });
      const etag = first.headers.etag ?? "";
      expect(etag, route).not.toBe("");
      const again = await send(route, { headers: { "accept-encoding": "br, gzip", "if-none-match": etag } });
      expect(again.status, route).toBe(304);
      expect(again.body.length, route).toBe(0);
      // Another encoding is another representation, with its own ETag: the br copy's tag is no match for it.
      const plain = await send(route, { headers: { "if-none-match": etag } });
      expect(plain.status, route).toBe(200);
      expect(plain.body.toString("utf8"), route).toBe(route === SCRIPT_PATH ? script : indexHtml);
    }
  });
});

describe("the service worker and the web app manifest", () => {
  // A kept sw.js would hold every visitor on an old deployment: the browser must ask for it each time.
  it("sends sw.js compressed, to be revalidated each time by its ETag, never marked immutable", async () => {
    const answer = await send("/sw.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(varyNames(answer)).toContain("accept-encoding");
    expect(decodedText(answer)).toBe(serviceWorker);
    const again = await send("/sw.js", { headers: { "accept-encoding": "br, gzip", "if-none-match": answer.headers.etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("sends the manifest as application/manifest+json, compressed and revalidated", async () => {
    const answer = await send("/manifest.webmanifest", { headers: { "accept-encoding": "gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decodedText(answer))).toMatchObject({ name: "Pennybid", display: "standalone" });
  });

  it("gives the app's page for no path the server answers itself, the paths the worker leaves to the network", async () => {
    // The worker's navigateFallbackDenylist is SERVER_PATH_PREFIXES (vite.config.ts): every page the server renders
    // (the dev mailbox, the payment sandbox's checkout) must be under one, or the worker would show the shell there.
    // The app's pages the server makes with their data or their own title (decision 108) are the SPA's: the worker's
    // shell may stand in for them.
    const appPages: readonly string[] = [...PAGES_WITH_FIRST_SCREEN, ...Object.keys(PAGES_WITH_TITLE)];
    const serverRoutes = server.app.routes.filter((route) => !appPages.includes(route.url) && route.url !== "/*");
    expect(serverRoutes.map((route) => route.url)).toEqual(expect.arrayContaining(["/dev/mailbox", "/sandbox/checkout/:paymentId"]));
    expect(serverRoutes.filter((route) => !isServerPath(route.url)).map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const mailbox = await send("/dev/mailbox");
    expect(mailbox.status).toBe(200);
    expect(mailbox.body.toString("utf8")).not.toContain(indexHtml);
  });
});

describe("the server's own answers, compressed on the fly", () => {
  it("compresses a text file the build left without siblings, and answers its revalidation with an empty 304", async () => {
    const notes = "A file added to the build by hand.\n".repeat(100);
    writeFileSync(path.join(staticDir, "notes.txt"), notes);
    const answer = await send("/notes.txt", { headers: { "accept-encoding": "br, gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(varyNames(answer)).toContain("accept-encoding");
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(decodedText(answer)).toBe(notes);
    const again = await send("/notes.txt", { headers: { "accept-encoding": "br, gzip", "if-none-match": answer.headers.etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("compresses a JSON answer over the threshold with br, or gzip, keeping its status and content", async () => {
    for (let i = 0; i < 8; i++) await createAuction(server.database.db, new Date(), { status: "Running", initialSeconds: 3600 });
    const search = { method: "POST", body: JSON.stringify({ status: "Running" }) };
    const plain = await send("/api/auctions/search", { ...search, headers: spaHeaders });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const expected = SearchAuctionsResponse.parse(JSON.parse(plain.body.toString("utf8")));
    expect(expected.items.length).toBe(8);

    for (const [acceptEncoding, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const answer = await send("/api/auctions/search", { ...search, headers: { ...spaHeaders, "accept-encoding": acceptEncoding } });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(varyNames(answer)).toContain("accept-encoding");
      expect(answer.body.length).toBeLessThan(plain.body.length);
      const body = SearchAuctionsResponse.parse(JSON.parse(decodedText(answer)));
      expect(body.items.map((a) => a.id)).toEqual(expected.items.map((a) => a.id));
    }
  });

  it("leaves a JSON answer under the threshold as it is", async () => {
    const answer = await send("/api/health", { headers: { "accept-encoding": "br, gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(answer.body.toString("utf8"))).toMatchObject({ status: "ok" });
  });

  it("keeps errors in their shape and status, and a 204 empty", async () => {
    const missing = await send("/api/nothing-here", { headers: { "accept-encoding": "br, gzip" } });
    expect(missing.status).toBe(404);
    expect(JSON.parse(decodedText(missing))).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });

    const invalid = await send("/authn/sign-up", {
      method: "POST",
      headers: { ...spaHeaders, "accept-encoding": "br, gzip" },
      body: JSON.stringify({ email: "x".repeat(300), password: "p", firstName: "", lastName: "", displayName: "" }),
    });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(decodedText(invalid))).toMatchObject({ error: { code: "VALIDATION_FAILED" } });

    const signOut = await send("/authn/sign-out", {
      method: "POST",
      headers: { ...spaHeaders, "accept-encoding": "br, gzip" },
      body: "{}",
    });
    expect(signOut.status).toBe(204);
    expect(signOut.headers["content-encoding"]).toBeUndefined();
    expect(signOut.body.length).toBe(0);
  });
});

describe("socket.io's long-polling path", () => {
  it("is left to socket.io: its handshake decodes once", async () => {
    const answer = await send("/socket.io/?EIO=4&transport=polling", { headers: { "accept-encoding": "br, gzip" } });
    expect(answer.status).toBe(200);
    // engine.io compresses large polling answers itself (gzip or deflate, never br); nothing compresses them again.
    expect(answer.headers["content-encoding"] ?? "identity").not.toBe("br");
    expect(decodedText(answer)).toMatch(/^0\{"sid":/);
  });

  it("carries a clock:sync over polling only", async () => {
    const socket = connect(server.url, { transports: ["polling"], forceNew: true, reconnection: false });
    try {
      const answer = await socket.timeout(5000).emitWithAck("clock:sync", {});
      expect(ClockSyncAck.parse(answer).data.serverNow).toBeGreaterThan(0);
    } finally {
      socket.disconnect();
    }
  });
});
