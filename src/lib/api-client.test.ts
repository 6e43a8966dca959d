import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
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

  it("reports a network failure as NETWORK", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiRequest("/api/x", { schema: z.unknown() })).rejects.toMatchObject({ code: "NETWORK" });
  });
});
