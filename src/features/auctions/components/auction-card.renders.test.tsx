// What a bid re-renders in a card: the figures it changes, not the card's links to the auction's page (a router link
// runs a dozen of React Router's hooks, and a page of live cards takes hundreds of bids a second: decision 050). Its
// own file: it counts the renders of React Router's `Link`.
import { act, screen, within } from "@testing-library/react";
import { useState } from "react";
import type * as ReactRouter from "react-router-dom";
import { beforeAll, expect, it, vi } from "vitest";
import type { AuctionState } from "../../../../contract";
import { auctionState, signedInUser } from "../../../../tests/support/spa-fixtures";
import { auctions, auth, server } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { loadLifecycleActors } from "../live/use-auction-lifecycle";
import { AuctionCard } from "./auction-card";

const linkRenders = vi.hoisted(() => new Map<string, number>());
vi.mock("react-router-dom", async (importOriginal) => {
  const router = await importOriginal<typeof ReactRouter>();
  const { createElement, forwardRef } = await import("react");
  const CountedLink = forwardRef<HTMLAnchorElement, Parameters<typeof router.Link>[0]>(function CountedLink(props, ref) {
    const to = String(props.to);
    linkRenders.set(to, (linkRenders.get(to) ?? 0) + 1);
    return createElement(router.Link, { ...props, ref });
  });
  return { ...router, Link: CountedLink };
});
vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
beforeAll(loadLifecycleActors);

it("takes a bid without re-rendering its links to the auction's page", async () => {
  server.use(auth.signedIn(signedInUser), auctions.mine());
  const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
  const first = auctionState({ id: 8, title: "Kettle", status: "Running", priceCents: 10, startsAt: inMinutes(-5), endsAt: inMinutes(5) });
  let show: (auction: AuctionState) => void = () => undefined;
  function LiveCard() {
    const [auction, setAuction] = useState(first);
    show = setAuction;
    return <AuctionCard auction={auction} />;
  }
  renderWithRouter(<LiveCard />);
  const card = within(screen.getByRole("article", { name: "Kettle" }));
  expect(await card.findByText("€0.10")).toBeInTheDocument();
  const before = linkRenders.get("/auctions/8") ?? 0;
  expect(before).toBeGreaterThanOrEqual(2);

  act(() => show({ ...first, priceCents: 11, bidCount: first.bidCount + 1, leaderName: "ilze", endsAt: inMinutes(6) }));
  expect(card.getByText("€0.11")).toBeInTheDocument();
  expect(card.getByText("ilze")).toBeInTheDocument();
  expect(linkRenders.get("/auctions/8")).toBe(before);

  // A new title is the link's own text: that one re-renders.
  act(() => show({ ...first, title: "Electric kettle" }));
  expect(card.getByRole("link", { name: "Electric kettle" })).toHaveAttribute("href", "/auctions/8");
});
