// The operator's auction page follows the auction's live feed: an update asks for the auction again, and the new
// bid shows in the chain's list, newest first. The feed is the bidder pages' own (followLiveAuctions).
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auctionDetail, stubOperatorApi } from "../../../../tests/support/operator-api";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../OperatorArea";

const feed = vi.hoisted(() => ({ listeners: [] as (() => void)[], topics: [] as unknown[] }));
vi.mock("../../auctions", () => ({
  followLiveAuctions: (topic: unknown, listener: () => void) => {
    feed.topics.push(topic);
    feed.listeners.push(listener);
    return () => feed.listeners.splice(feed.listeners.indexOf(listener), 1);
  },
}));

beforeAll(() => loadOperatorTexts());
afterEach(() => vi.unstubAllGlobals());

const link = (displayName: string, priceCents: number, hash: string) => ({ bidderId: "b", displayName, label: null, priceCents, placedAt: "2030-01-01T10:00:00.000Z", prevHash: "0", hash });

describe("the auction page, live", () => {
  it("asks for the auction again on each live update and lists the new bid first", async () => {
    let links = [link("anna_b", 1, "h1")];
    const api = stubOperatorApi({
      "GET /api/operator/auctions/42": () => json(auctionDetail({ status: "Running", bidCount: links.length, chain: { auctionId: 42, genesisHash: "0", finalHash: null, links, isValid: true } })),
    });
    renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/42");
    const bids = await screen.findByRole("list", { name: "Latest bids, newest first" });
    expect(within(bids).getAllByRole("listitem")).toHaveLength(1);
    expect(feed.topics).toEqual([{ kind: "auction", auctionId: 42 }]);
    const asked = api.callsTo("GET", "/api/operator/auctions/42").length;

    links = [...links, link("otto_k", 2, "h2")];
    feed.listeners.forEach((listener) => listener());
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Latest bids, newest first" })).getAllByRole("listitem")).toHaveLength(2));
    expect(api.callsTo("GET", "/api/operator/auctions/42").length).toBe(asked + 1);
    expect(within(screen.getByRole("list", { name: "Latest bids, newest first" })).getAllByRole("listitem")[0]).toHaveTextContent("otto_k");
  });
});
