// A live list's cards render on their own (decision 057): a flush that only changes cards' states (bids) renders
// those cards and not the list; one that changes which cards show renders the list. Over socket.io-client itself,
// against a socket.io server that is only mock-socket, as live-auctions.test.tsx.
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { AuctionCardState, AuctionState } from "../../../../contract";
import { MockSocketIoServer } from "../../../../tests/support/mock-socket-io";
import { auctions, auth, server as msw } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { auctionState } from "../../../../tests/support/spa-fixtures";
import { useLiveStatusList } from "../api/auction-lists";
import { AuctionGrid } from "../components/auction-grid";
import { keepWhileSameCards } from "./live-cards";
import { loadLifecycleActors } from "./use-auction-lifecycle";

vi.mock("socket.io-client", async () => (await import("../../../../tests/support/mock-socket-io")).socketIoClientOnMockSocket());

const server = new MockSocketIoServer();
server.answerWith("auctions:watch", () => ({ data: { ok: true } }));
server.answerWith("auctions:unwatch", () => ({ data: { ok: true } }));

beforeAll(async () => {
  server.start();
  await loadLifecycleActors();
});
beforeEach(() => msw.use(auth.signedOut(), auctions.mine()));
afterAll(() => server.stop());

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const running = (id: number, title: string) =>
  auctionState({ id, seq: 1, title, status: "Running", priceCents: 10, startsAt: inMinutes(-5), endsAt: inMinutes(5) });
const card = ({ recentBids: _recentBids, ...rest }: AuctionState): AuctionCardState => rest;

it("renders a card that took a bid, not its list; a card that left the list, or a list read again, renders the list", async () => {
  const [kettle, lamp] = [running(1, "Kettle"), running(2, "Lamp")];
  let answer = [kettle, lamp];
  const queryKey = ["test", "running"];
  const selectShown = keepWhileSameCards((list: { items: AuctionCardState[] }) => list);
  let listRenders = 0;
  function LiveList() {
    const { data } = useQuery({
      queryKey,
      queryFn: () => ({ items: answer }),
      select: selectShown,
      staleTime: Infinity,
      structuralSharing: false,
    });
    useLiveStatusList("Running", queryKey);
    listRenders += 1;
    return data ? <AuctionGrid auctions={data.items} /> : null;
  }
  const { queryClient } = renderWithRouter(<LiveList />);
  const kettleCard = within(await screen.findByRole("article", { name: "Kettle" }));
  await waitFor(() => expect(server.commandsOf("auctions:watch")).toContainEqual({ status: "Running" }));
  const rendersBefore = listRenders;

  // A bid: the feed's state carries the catalogue title; the card keeps the one the list read.
  server.broadcast("auctions:updated", [
    card({ ...kettle, seq: 2, priceCents: 11, leaderName: "ilze", title: "Catalogue kettle", endsAt: inMinutes(6) }),
  ]);
  expect(await kettleCard.findByText("€0.11")).toBeInTheDocument();
  expect(kettleCard.getByText("ilze")).toBeInTheDocument();
  expect(screen.getByRole("article", { name: "Kettle" })).toBeInTheDocument();
  expect(listRenders).toBe(rendersBefore);

  // The lamp ends: it leaves the Running list, which renders without it; the kettle keeps its newest state.
  server.broadcast("auctions:updated", [card({ ...lamp, seq: 2, status: "Ended", endsAt: inMinutes(0) })]);
  await waitFor(() => expect(screen.queryByRole("article", { name: "Lamp" })).not.toBeInTheDocument());
  expect(listRenders).toBeGreaterThan(rendersBefore);
  expect(kettleCard.getByText("€0.11")).toBeInTheDocument();

  // Read again over REST (a resync, the fallback polling): the same cards, but states no card was handed.
  answer = [{ ...kettle, seq: 5, priceCents: 20, leaderName: "otto" }];
  await queryClient.invalidateQueries({ queryKey });
  expect(await kettleCard.findByText("€0.20")).toBeInTheDocument();
  expect(kettleCard.getByText("otto")).toBeInTheDocument();
});
