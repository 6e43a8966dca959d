// The operator's auction page follows the auction's live feed: an update asks for the auction again, and the new
// bid shows in the chain's list, newest first, an auto-bid's marked. The feed is the bidder pages' own
// (followLiveAuctions); an auto-bid set or stopped comes on the operators' own event.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auctionDetail } from "../../../../tests/support/operator-api";
import { operatorApi } from "../../../../tests/support/msw";
import { serverSends } from "../../../../tests/support/fake-socket";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";

const feed = vi.hoisted(() => ({ listeners: [] as (() => void)[], topics: [] as unknown[] }));
vi.mock("../../auctions", () => ({
  followLiveAuctions: (topic: unknown, listener: () => void) => {
    feed.topics.push(topic);
    feed.listeners.push(listener);
    return () => feed.listeners.splice(feed.listeners.indexOf(listener), 1);
  },
}));

vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));

beforeAll(() => loadOperatorTexts());

const link = (displayName: string, priceCents: number, hash: string, isAuto = false) => ({
  bidderId: "b",
  displayName,
  label: null,
  priceCents,
  placedAt: "2030-01-01T10:00:00.000Z",
  prevHash: "0",
  hash,
  isAuto,
});

describe("the auction page, live", () => {
  it("asks for the auction again on each live update and lists the new bid first", async () => {
    let links = [link("anna_b", 1, "h1")];
    const api = operatorApi.answering({
      "GET /api/operator/auctions/42": () =>
        json(
          auctionDetail({
            status: "Running",
            bidCount: links.length,
            chain: { auctionId: 42, genesisHash: "0", finalHash: null, links, isValid: true },
          }),
        ),
    });
    renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/42");
    const bids = await screen.findByRole("list", { name: "Latest bids, newest first" });
    expect(within(bids).getAllByRole("listitem")).toHaveLength(1);
    expect(feed.topics).toEqual([{ kind: "auction", auctionId: 42 }]);
    const asked = api.callsTo("GET", "/api/operator/auctions/42").length;

    links = [...links, link("otto_k", 2, "h2")];
    feed.listeners.forEach((listener) => listener());
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Latest bids, newest first" })).getAllByRole("listitem")).toHaveLength(2),
    );
    expect(api.callsTo("GET", "/api/operator/auctions/42").length).toBe(asked + 1);
    expect(within(screen.getByRole("list", { name: "Latest bids, newest first" })).getAllByRole("listitem")[0]).toHaveTextContent("otto_k");
  });

  it("shows who has an auto-bid set, follows one being set, and marks the bids auto-bids placed", async () => {
    let autoBids: { displayName: string; email: string; maxPriceCents: number; at: string }[] = [];
    const links = [link("anna_b", 1, "h1"), link("otto_k", 2, "h2", true)];
    operatorApi.answering({
      "GET /api/operator/auctions/42": () =>
        json(
          auctionDetail({
            status: "Running",
            bidCount: 2,
            autoBids,
            chain: { auctionId: 42, genesisHash: "0", finalHash: null, links, isValid: true },
          }),
        ),
    });
    renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/42");
    expect(await screen.findByRole("heading", { name: "Auto-bids (0)" })).toBeInTheDocument();
    expect(screen.getByText("No bidder has an auto-bid set.")).toBeInTheDocument();
    const [newest, older] = within(screen.getByRole("list", { name: "Latest bids, newest first" })).getAllByRole("listitem");
    expect(newest).toHaveTextContent("otto_kauto-bid");
    expect(older).not.toHaveTextContent("auto-bid");

    autoBids = [{ displayName: "otto_k", email: "otto@example.lv", maxPriceCents: 500, at: "2030-01-01T09:59:00.000Z" }];
    serverSends("auto-bid:changed", { auctionId: 42 });
    expect(await screen.findByRole("heading", { name: "Auto-bids (1)" })).toBeInTheDocument();
    expect(screen.getByText("(otto@example.lv)").closest("li")).toHaveTextContent("otto_k (otto@example.lv)up to €5.00");
  });

  it("asks once more when an update arrives while the auction is being asked for, so the page ends on the newest", async () => {
    let bidCount = 0;
    let answerHeld: (() => void) | undefined;
    const api = operatorApi.answering({
      "GET /api/operator/auctions/42": async () => {
        const count = bidCount;
        // The second request is held: an update arrives while it is on its way, and its answer predates it.
        if (api.callsTo("GET", "/api/operator/auctions/42").length === 2) await new Promise<void>((resolve) => (answerHeld = resolve));
        return json(auctionDetail({ status: "Running", bidCount: count, leaderName: count > 0 ? "otto_k" : null }));
      },
    });
    renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/42");
    expect(await screen.findByRole("region", { name: "Settings" })).toHaveTextContent("Bids0");

    bidCount = 1;
    feed.listeners.forEach((listener) => listener());
    await waitFor(() => expect(answerHeld).toBeDefined());
    bidCount = 2;
    feed.listeners.forEach((listener) => listener());
    answerHeld?.();
    await waitFor(() => expect(screen.getByRole("region", { name: "Settings" })).toHaveTextContent("Bids2"));
    expect(api.callsTo("GET", "/api/operator/auctions/42")).toHaveLength(3);
  });
});
