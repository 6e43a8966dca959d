import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "../../contract/zod";
import { ApiError, apiRequest } from "./api-client";
import { changeLanguage } from "./i18n";

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends X-Requested-With and the stored language as Accept-Language", async () => {
    await changeLanguage("ru");
    const fetchStub = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal("fetch", fetchStub);
    await apiRequest("/api/thing", { method: "POST", body: { a: 1 }, schema: z.object({ ok: z.boolean() }) });
    const init = (fetchStub.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({
      "X-Requested-With": "XMLHttpRequest",
      "Accept-Language": "ru",
      "Content-Type": "application/json",
    });
    expect(init.body).toBe('{"a":1}');
    await changeLanguage("en");
  });

  it("turns an error body into an ApiError with its code", async () => {
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ error: { code: "RATE_LIMITED", message: "slow down" } }), { status: 429 }),
    );
    const failure = await apiRequest("/api/x", { schema: z.unknown() }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 429, code: "RATE_LIMITED" });
  });

  it("parses the answer with a schema given as a loader, loaded while the request is under way", async () => {
    const events: string[] = [];
    vi.stubGlobal("fetch", async () => {
      events.push("fetch");
      return new Response(JSON.stringify({ balance: 12.5 }), { status: 200 });
    });
    const loadSchema = async () => {
      events.push("schema");
      return z.object({ balance: z.number() });
    };
    await expect(apiRequest("/api/user-wallet", { schema: loadSchema })).resolves.toEqual({ balance: 12.5 });
    expect(events).toEqual(["schema", "fetch"]);
  });

  it("refuses an answer its loaded schema refuses", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ balance: "lots" }), { status: 200 }));
    await expect(apiRequest("/api/user-wallet", { schema: async () => z.object({ balance: z.number() }) })).rejects.toThrow();
  });

  it("falls back to the status when the error body is not the contract's", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: { code: "NO_SUCH_CODE", message: "?" } }), { status: 401 }));
    await expect(apiRequest("/api/x", { schema: z.unknown() })).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
  });

  it("reports a network failure as NETWORK", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiRequest("/api/x", { schema: z.unknown() })).rejects.toMatchObject({ code: "NETWORK" });
  });
});
