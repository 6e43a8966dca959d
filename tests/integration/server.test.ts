import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockSyncAck, DEV_TOOLS_COOKIE, HealthResponse } from "../../contract";
import { startTestServer, spaHeaders, type TestServer } from "../support/server";

let server: TestServer;
const staticDir = mkdtempSync(path.join(tmpdir(), "pennybid-static-"));

beforeAll(async () => {
  writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>Pennybid</title><div id=root></div>");
  server = await startTestServer({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await server.close();
});

describe("the one-origin server", () => {
  it("reports health with the database up and the server's clock", async () => {
    const before = Date.now();
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    const body = HealthResponse.parse(await response.json());
    expect(body).toMatchObject({ status: "ok", database: "ok" });
    expect(body.serverNow).toBeGreaterThanOrEqual(before);
  });

  it("answers an anonymous visitor's /authn/user with isAuthenticated false and nothing else", async () => {
    const response = await fetch(`${server.url}/authn/user`);
    expect(await response.json()).toEqual({ isAuthenticated: false });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("serves the SPA's index.html for app routes, so the client router decides", async () => {
    for (const route of ["/", "/faq", "/auctions/42", "/no/such/page"]) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain("<div id=root>");
    }
  });

  it("tells the SPA it may offer the dev panel, outside production: a cookie its script reads on every answer (decision 080)", async () => {
    for (const route of ["/", "/favourites", "/authn/user", "/api/health"]) {
      const cookies = (await fetch(`${server.url}${route}`)).headers.getSetCookie();
      const offer = cookies.find((cookie) => cookie.startsWith(`${DEV_TOOLS_COOKIE}=`));
      expect(offer, route).toMatch(new RegExp(`^${DEV_TOOLS_COOKIE}=offered; Path=/; SameSite=Strict$`));
    }
    // Nothing to ask: the panel's old question is gone.
    expect((await fetch(`${server.url}/dev/tools.json`)).status).toBe(404);
  });

  it("answers unknown API paths with a JSON 404, never the SPA", async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
  });

  it("refuses a mutating API call without X-Requested-With and changes nothing", async () => {
    const response = await fetch(`${server.url}/api/users/language`, { method: "PUT", body: "{}" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "CSRF_HEADER_MISSING" } });
  });

  it("lets a mutating call with the header through to routing", async () => {
    const response = await fetch(`${server.url}/api/health`, { method: "POST", headers: spaHeaders, body: "{}" });
    expect(response.status).toBe(404);
  });

  it("sets security headers, CSP with object-src 'none' and base-uri 'none' included", async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("refuses an oversized body with a 4xx, not a crash", async () => {
    const response = await fetch(`${server.url}/api/health`, {
      method: "POST",
      headers: spaHeaders,
      body: JSON.stringify({ junk: "x".repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "BAD_REQUEST" } });
  });

  it("answers clock:sync over the real socket.io feed on the same port", async () => {
    const socket = connect(server.url, { transports: ["websocket"], forceNew: true });
    try {
      const before = Date.now();
      const answer = await socket.timeout(5000).emitWithAck("clock:sync", {});
      const { data } = ClockSyncAck.parse(answer);
      expect(data.serverNow).toBeGreaterThanOrEqual(before);
      expect(data.serverNow).toBeLessThanOrEqual(Date.now());
    } finally {
      socket.disconnect();
    }
  });

  it("refuses a socket from another origin", async () => {
    const socket = connect(server.url, {
      transports: ["polling"],
      forceNew: true,
      reconnection: false,
      extraHeaders: { Origin: "https://evil.example" },
    });
    const outcome = await new Promise<string>((resolve) => {
      socket.on("connect", () => resolve("connected"));
      socket.on("connect_error", () => resolve("refused"));
    });
    socket.disconnect();
    expect(outcome).toBe("refused");
  });
});

/** A server with production's settings, over the built SPA. */
const startProductionServer = () =>
  startTestServer({
    NODE_ENV: "production",
    PUBLIC_ORIGIN: "https://pennybid.example",
    SESSION_SECRET: "x".repeat(40),
    STATIC_DIR: staticDir,
  });

describe("production settings", () => {
  it("sends HSTS in production, and offers no dev panel there", async () => {
    const production = await startProductionServer();
    try {
      const response = await fetch(`${production.url}/api/health`);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
      // No answer offers the dev panel (decision 080), the page and the user's answer included.
      for (const route of ["/", "/favourites", "/authn/user"]) {
        const cookies = (await fetch(`${production.url}${route}`)).headers.getSetCookie();
        expect(
          cookies.filter((cookie) => cookie.startsWith(`${DEV_TOOLS_COOKIE}=`)),
          route,
        ).toEqual([]);
      }
      // A browser that kept the cookie from an earlier run on the same address has it cleared by the next answer.
      const kept = await fetch(`${production.url}/authn/user`, { headers: { Cookie: `${DEV_TOOLS_COOKIE}=offered` } });
      const cleared = kept.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEV_TOOLS_COOKIE}=`));
      expect(cleared).toMatch(new RegExp(`^${DEV_TOOLS_COOKIE}=;`));
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
      const devTools = await fetch(`${production.url}/dev/tools.json`);
      expect(devTools.status).toBe(404);
      expect(await devTools.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    } finally {
      await production.close();
    }
  });
});

describe("the page's own origin in production", () => {
  it("is PUBLIC_ORIGIN alone: an Origin naming the request's own Host (DNS rebinding) is refused, for calls and sockets", async () => {
    const production = await startProductionServer();
    try {
      const host = new URL(production.url).host;
      const signIn = (origin: string) =>
        fetch(`${production.url}/authn/sign-in`, {
          method: "POST",
          headers: { ...spaHeaders, Origin: origin, Host: host },
          body: JSON.stringify({ email: "a@b.lv", password: "Wrong1!x" }),
        });
      const rebound = await signIn(`http://${host}`);
      expect(rebound.status).toBe(403);
      expect(await rebound.json()).toMatchObject({ error: { code: "CSRF_HEADER_MISSING" } });
      // The public origin itself passes the guard (and the sign-in is then judged on its own: wrong password).
      expect((await signIn("https://pennybid.example")).status).toBe(401);
      // The socket's handshake: the same rule.
      const handshake = (origin: string) => fetch(`${production.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: origin } });
      expect((await handshake(`http://${host}`)).status).toBe(403);
      expect((await handshake("https://pennybid.example")).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe("the CSRF guard", () => {
  it("refuses a mutating call from another origin", async () => {
    const response = await fetch(`${server.url}/authn/sign-in`, {
      method: "POST",
      headers: { ...spaHeaders, Origin: "https://evil.example" },
      body: JSON.stringify({ email: "a@b.lv", password: "x" }),
    });
    expect(response.status).toBe(403);
  });

  it("accepts the app's own origin", async () => {
    const response = await fetch(`${server.url}/authn/sign-in`, {
      method: "POST",
      headers: { ...spaHeaders, Origin: server.url },
      body: JSON.stringify({ email: "nobody@example.lv", password: "Wrong1!x" }),
    });
    expect(response.status).toBe(401);
  });

  it("refuses a form-encoded body, which a cross-site form could send", async () => {
    const response = await fetch(`${server.url}/authn/sign-in`, {
      method: "POST",
      headers: { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.lv&password=x",
    });
    expect(response.status).toBe(415);
  });
});

describe("static files", () => {
  it("answers a missing script with 404, not the app's page", async () => {
    const response = await fetch(`${server.url}/assets/index-missing.js`);
    expect(response.status).toBe(404);
  });

  it("serves a file added to the build after start", async () => {
    writeFileSync(path.join(staticDir, "late.txt"), "built later");
    const response = await fetch(`${server.url}/late.txt`);
    expect(await response.text()).toBe("built later");
  });
});
