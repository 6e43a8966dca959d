// A card drawn before its lifecycle's chunk is in (a first visit's first paint, decision 014): it shows no phase
// until its actor says one, rather than guessing from the server's status. Its own file: every card in
// auction-card.test.tsx renders after the chunk is in.
import { screen, within } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { auctionState, signedInUser } from "../../../../tests/support/spa-fixtures";
import { auctions, auth, server } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { AuctionCard } from "./auction-card";

vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
// The lifecycle's chunk arrives when the test says so.
const chunk = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock("../live/lifecycle-actors", async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

it("shows no phase until its lifecycle actor is there, then the actor's", async () => {
  server.use(auth.signedIn(signedInUser), auctions.mine());
  const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
  renderWithRouter(
    <AuctionCard auction={auctionState({ id: 8, title: "Kettle", status: "Running", startsAt: inMinutes(-5), endsAt: inMinutes(5) })} />,
  );
  const article = screen.getByRole("article", { name: "Kettle" });
  expect(article).toHaveAttribute("aria-busy", "true");
  expect(article).not.toHaveAttribute("data-phase");
  expect(within(article).queryByText("Time left")).toBeNull();

  chunk.arrive();
  expect(await within(article).findByText("Time left")).toBeInTheDocument();
  expect(article).toHaveAttribute("data-phase", "running");
  expect(article).not.toHaveAttribute("aria-busy");
});
