// A card whose lifecycle chunk failed to load (the network dropped) does not stay without a phase: the next card
// shown asks for the chunk again, and every card waiting on it then shows its phase. Its own file: the chunk's
// first load fails here.
import { screen, within } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { auctionState } from "../../../../tests/support/spa-fixtures";
import { auth, server } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import "../live/use-auction-lifecycle";
import { AuctionCard } from "./auction-card";

vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
const attempts = vi.hoisted(() => ({ count: 0 }));
vi.mock("../live/lifecycle-actors", async (importOriginal) => {
  attempts.count += 1;
  if (attempts.count === 1) throw new Error("the network dropped");
  return importOriginal();
});

it("asks for a lifecycle chunk that failed to load again when a card is shown, and then shows the phase", async () => {
  // The page's first try (as the module is loaded) has failed.
  await vi.waitFor(() => expect(attempts.count).toBe(1));
  await Promise.resolve();
  server.use(auth.signedOut());
  const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
  renderWithRouter(
    <AuctionCard auction={auctionState({ id: 3, title: "Kettle", status: "Running", startsAt: inMinutes(-5), endsAt: inMinutes(5) })} />,
  );
  const article = screen.getByRole("article", { name: "Kettle" });
  expect(await within(article).findByText("Time left")).toBeInTheDocument();
  expect(article).toHaveAttribute("data-phase", "running");
  expect(attempts.count).toBe(2);
});
