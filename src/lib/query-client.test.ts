import { InfiniteQueryObserver, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { z } from "../../contract/zod";
import { apiRequest } from "./api-client";
import { TEN_MINUTES_MS, catchUp, createQueryClient, rereadIfInFlight, setAnswered } from "./query-client";

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

  /** How many times a read that always gets `status` is asked before its query gives up. */
  async function timesAsked(status: number | "network") {
    let calls = 0;
    vi.stubGlobal("fetch", async () => {
      calls += 1;
      if (status === "network") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "Not found." } }), { status });
    });
    const client = createQueryClient(() => undefined);
    await client
      .fetchQuery({
        queryKey: ["auction", String(status)],
        queryFn: () => apiRequest("/api/auctions/x", { schema: z.unknown() }),
        retryDelay: 0,
      })
      .catch(() => undefined);
    vi.unstubAllGlobals();
    return calls;
  }

  it("asks a read again twice when the network or the server failed, and never after a refusal", async () => {
    expect(await timesAsked("network")).toBe(3);
    expect(await timesAsked(503)).toBe(3);
    expect(await timesAsked(404)).toBe(1);
    expect(await timesAsked(403)).toBe(1);
    expect(await timesAsked(401)).toBe(1);
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

describe("a change's answer against a read still in flight", () => {
  /** A read of `key` that answers `stale` when told to: it left before the change. */
  function readInFlight(client: ReturnType<typeof createQueryClient>, key: string[], stale: unknown) {
    let answer: () => void = () => undefined;
    void client
      .fetchQuery({ queryKey: key, staleTime: 0, queryFn: () => new Promise((resolve) => (answer = () => resolve(stale))) })
      .catch(() => undefined);
    return () => answer();
  }

  it("keeps a whole answer set with setAnswered: the read from before it is cancelled", async () => {
    const client = createQueryClient();
    client.setQueryData(["limits"], { daily: 10 });
    const answerOldRead = readInFlight(client, ["limits"], { daily: 10 });
    await setAnswered(client, ["limits"], { daily: 25 });
    answerOldRead();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(["limits"])).toEqual({ daily: 25 });
  });

  it("replaces a read in flight by a fresh one after a change set into the data (rereadIfInFlight)", async () => {
    const client = createQueryClient();
    const answers: ((value: { ids: number[] }) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ["mine"],
      queryFn: () => new Promise<{ ids: number[] }>((resolve) => answers.push(resolve)),
    });
    const stop = observer.subscribe(() => undefined);
    expect(answers).toHaveLength(1); // the page's read, in flight

    client.setQueryData(["mine"], { ids: [7] }); // the enrolment's answer
    rereadIfInFlight(client, ["mine"]);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]?.({ ids: [] }); // the read from before the change answers late
    answers[1]?.({ ids: [7] });
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(client.getQueryData(["mine"])).toEqual({ ids: [7] });
    stop();
  });

  it("asks nothing more when no read is in flight", () => {
    const client = createQueryClient();
    client.setQueryData(["mine"], { ids: [7] });
    const invalidate = vi.spyOn(client, "invalidateQueries");
    rereadIfInFlight(client, ["mine"]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("lets a list's Show more in flight finish when the list catches up, and reads every page again after it", async () => {
    const client = createQueryClient(() => undefined);
    // The server's list: its version changes while the second page is being read.
    let version = 1;
    let holdSecondPage: (() => void) | undefined;
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ["list"],
      initialPageParam: 0,
      getNextPageParam: (last: { page: number }) => (last.page === 0 ? 1 : undefined),
      queryFn: async ({ pageParam }: { pageParam: number }) => {
        const read = { page: pageParam, version };
        if (pageParam === 1 && !holdSecondPage) await new Promise<void>((resolve) => (holdSecondPage = resolve));
        return read;
      },
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));

    const showMore = observer.fetchNextPage();
    await vi.waitFor(() => expect(holdSecondPage).toBeDefined());
    version = 2;
    const caughtUp = catchUp(client, ["list"]);
    holdSecondPage?.();
    await Promise.all([showMore, caughtUp]);
    expect(observer.getCurrentResult().data?.pages).toEqual([
      { page: 0, version: 2 },
      { page: 1, version: 2 },
    ]);
    stop();
  });
});
