import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiRequest } from "./api-client";
import { TEN_MINUTES_MS, createQueryClient } from "./query-client";

describe("the query client", () => {
  it("keeps data fresh for 10 minutes and does not refetch on window focus", () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(TEN_MINUTES_MS);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });

  it("treats a 401 on any query as session expiry and reloads", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "x" } }), { status: 401 }));
    const onSessionExpired = vi.fn();
    const client = createQueryClient(onSessionExpired);
    await client
      .fetchQuery({ queryKey: ["wallet"], queryFn: () => apiRequest("/api/user-wallet", { schema: z.unknown() }) })
      .catch(() => undefined);
    expect(onSessionExpired).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it("does not reload for other failures", async () => {
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 500 }));
    const onSessionExpired = vi.fn();
    const client = createQueryClient(onSessionExpired);
    await client
      .fetchQuery({ queryKey: ["x"], queryFn: () => apiRequest("/api/x", { schema: z.unknown() }), retry: false })
      .catch(() => undefined);
    expect(onSessionExpired).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
