// The live layer on socket.io-client itself, against a socket.io server that is only mock-socket: rooms joined and
// left, catch-up over REST, stale and duplicate updates dropped, reconnects, and REST polling while the socket is down.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuctionCardState, AuctionDetail, AuctionState } from "../../../../contract";
import { auctionState } from "../../../../tests/support/spa-fixtures";
import { MockSocketIoServer } from "../../../../tests/support/mock-socket-io";
import { auctions, recordRequests, server as restServer } from "../../../../tests/support/msw";
import { FALLBACK_POLL_MS, useFallbackPolling } from "../../../hooks/use-fallback-polling";
import { currentLanguage } from "../../../lib/i18n";
import { auctionQueryOptions, useAuction } from "../api/auction";
import { follow, untilWatched } from "./live-auctions";

vi.mock("socket.io-client", async () => (await import("../../../../tests/support/mock-socket-io")).socketIoClientOnMockSocket());

// A reconnect waits for socket.io's back-off (about a second, up to five after failures).
const RECONNECT = { timeout: 10_000 };

const state = (id: number, seq: number, priceCents = seq) => auctionState({ id, seq, priceCents, title: `Auction ${id}` });
const detail = (id: number, seq: number, priceCents: number): AuctionDetail => ({
  ...state(id, seq, priceCents),
  description: "",
  images: [],
  paymentWindowHours: 72,
});

const server = new MockSocketIoServer();
// The server answers a subscription with the auction's state as it stands: here, its first one.
server.answerWith("auction:subscribe", (payload) => ({ data: state((payload as { auctionId: number }).auctionId, 1) }));
server.answerWith("auction:unsubscribe", () => ({ data: { ok: true } }));
server.answerWith("auctions:watch", () => ({ data: { ok: true } }));
server.answerWith("auctions:unwatch", () => ({ data: { ok: true } }));

beforeAll(() => void server.start());
afterAll(() => server.stop());

function renderLiveAuction(auctionId: number, answers: () => AuctionDetail) {
  restServer.use(auctions.detail(auctionId, answers));
  const requests = recordRequests();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  // Every price the auction's cached state takes, in order (renders would batch some away).
  const shownPrices: number[] = [];
  queryClient.getQueryCache().subscribe(() => {
    const priceCents = queryClient.getQueryData(auctionQueryOptions(auctionId, currentLanguage()).queryKey)?.priceCents;
    if (priceCents !== undefined && shownPrices.at(-1) !== priceCents) shownPrices.push(priceCents);
  });
  const view = renderHook(() => useAuction(auctionId).data, { wrapper });
  return { ...view, shownPrices, restCalls: () => requests.length };
}

describe("the live layer (live-auctions.ts)", () => {
  it("joins an auction's room once however many follow it, hands each the state the subscription answers with, and leaves with the last", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = follow({ kind: "auction", auctionId: 11 }, first, () => undefined);
    const stopSecond = follow({ kind: "auction", auctionId: 11 }, second, () => undefined);

    await waitFor(() => expect(second).toHaveBeenCalledWith(state(11, 1)));
    expect(first).toHaveBeenCalledWith(state(11, 1));
    expect(server.commandsOf("auction:subscribe")).toEqual([{ auctionId: 11 }]);

    stopFirst();
    server.broadcast("auction:updated", state(11, 2));
    await waitFor(() => expect(second).toHaveBeenCalledWith(state(11, 2)));
    expect(first).not.toHaveBeenCalledWith(state(11, 2));
    expect(server.commandsOf("auction:unsubscribe")).toEqual([]);

    stopSecond();
    await waitFor(() => expect(server.commandsOf("auction:unsubscribe")).toEqual([{ auctionId: 11 }]));
  });

  it("lets a status list's read go once its watch is acknowledged (so it needs no catch-up), and at once when nobody follows it", async () => {
    await untilWatched("Ended");
    expect(server.commandsOf("auctions:watch")).not.toContainEqual({ status: "Ended" });

    const resync = vi.fn();
    const stop = follow({ kind: "status", status: "Waiting" }, () => undefined, resync);
    await untilWatched("Waiting");
    expect(server.commandsOf("auctions:watch")).toContainEqual({ status: "Waiting" });
    expect(resync).toHaveBeenCalledOnce();
    // Watched already: a later read goes at once.
    await untilWatched("Waiting");
    stop();
  });

  it("catches a status list up over REST once its watch is acknowledged, and hands it every auction's update", async () => {
    const listener = vi.fn();
    const resync = vi.fn();
    const stop = follow({ kind: "status", status: "Running" }, listener, resync);

    await waitFor(() => expect(resync).toHaveBeenCalledOnce());
    expect(server.commandsOf("auctions:watch")).toContainEqual({ status: "Running" });
    server.broadcast("auction:updated", state(12, 4));
    await waitFor(() => expect(listener).toHaveBeenCalledWith(state(12, 4)));

    stop();
    await waitFor(() => expect(server.commandsOf("auctions:unwatch")).toContainEqual({ status: "Running" }));
  });

  it("hands a status list each card of a batched `auctions:updated`, and an auction's follower only its room's whole states", async () => {
    const list = vi.fn();
    const auction = vi.fn();
    const stopList = follow({ kind: "status", status: "Running" }, list, () => undefined);
    const stopAuction = follow({ kind: "auction", auctionId: 41 }, auction, () => undefined);
    await waitFor(() => expect(server.commandsOf("auctions:watch")).toContainEqual({ status: "Running" }));
    await waitFor(() => expect(auction).toHaveBeenCalledWith(state(41, 1)));

    // A list's batch carries cards, without recent bids (decision 056): the auction's page keeps its own.
    const card = ({ recentBids: _recentBids, ...rest }: AuctionState): AuctionCardState => rest;
    server.broadcast("auctions:updated", [card(state(41, 2)), card(state(42, 3))]);
    await waitFor(() => expect(list).toHaveBeenCalledWith(card(state(42, 3))));
    expect(list).toHaveBeenCalledWith(card(state(41, 2)));
    server.broadcast("auction:updated", state(41, 4));
    await waitFor(() => expect(auction).toHaveBeenCalledWith(state(41, 4)));
    expect(list).toHaveBeenCalledWith(state(41, 4));
    expect(auction.mock.calls).toEqual([[state(41, 1)], [state(41, 4)]]);
    stopList();
    stopAuction();
  });

  it("shows an auction's newer states only: a duplicate or stale sequence number changes nothing", async () => {
    const view = renderLiveAuction(21, () => detail(21, 5, 500));
    await waitFor(() => expect(view.result.current?.priceCents).toBe(500));
    // The subscription's own answer (seq 1) is older than what REST gave: it is dropped too.
    await waitFor(() => expect(server.commandsOf("auction:subscribe")).toContainEqual({ auctionId: 21 }));

    server.broadcast("auction:updated", state(21, 6, 600));
    server.broadcast("auction:updated", state(21, 6, 999));
    server.broadcast("auction:updated", state(21, 4, 400));
    server.broadcast("auction:updated", state(21, 7, 700));
    // Broadcasts arrive in order: once seq 7 shows, the three before it have been dealt with.
    await waitFor(() => expect(view.result.current?.priceCents).toBe(700));
    expect(view.shownPrices).toEqual([500, 600, 700]);
    view.unmount();
  });

  it("after a reconnect, joins its rooms again and catches an auction up over REST", { timeout: 15_000 }, async () => {
    const resyncAuction = vi.fn();
    const resyncList = vi.fn();
    const stopAuction = follow({ kind: "auction", auctionId: 31 }, () => undefined, resyncAuction);
    const stopList = follow({ kind: "status", status: "Waiting" }, () => undefined, resyncList);
    await waitFor(() => expect(resyncList).toHaveBeenCalledOnce());
    expect(resyncAuction).not.toHaveBeenCalled();
    const subscriptions = () =>
      server.commandsOf("auction:subscribe").filter((payload) => (payload as { auctionId: number }).auctionId === 31);
    expect(subscriptions()).toHaveLength(1);

    server.dropConnections();

    await waitFor(() => expect(subscriptions()).toHaveLength(2), RECONNECT);
    expect(resyncAuction).toHaveBeenCalledOnce();
    await waitFor(() => expect(resyncList).toHaveBeenCalledTimes(2));
    stopAuction();
    stopList();
  });

  it("polls REST every 3 s while the socket is down, and stops once it is back", { timeout: 30_000 }, async () => {
    const polling = renderHook(() => useFallbackPolling());
    const view = renderLiveAuction(41, () => detail(41, 1, 100));
    await waitFor(() => expect(view.result.current?.priceCents).toBe(100));
    expect(polling.result.current).toBe(false);
    const callsBefore = view.restCalls();

    server.stop();

    await waitFor(() => expect(polling.result.current).toBe(FALLBACK_POLL_MS));
    expect(FALLBACK_POLL_MS).toBe(3000);
    await waitFor(() => expect(view.restCalls()).toBeGreaterThan(callsBefore), { timeout: FALLBACK_POLL_MS + 2000 });

    server.start();

    await waitFor(() => expect(polling.result.current).toBe(false), RECONNECT);
    view.unmount();
    polling.unmount();
  });
});
