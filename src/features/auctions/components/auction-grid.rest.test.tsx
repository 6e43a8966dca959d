// Decision 052: a card in a grid cell the browser skips drawing (content-visibility: auto, far off screen) rests. It
// keeps what it showed, its countdown stops, its lazy picture is not in the page; its lifecycle actor still takes each
// new state. When the browser says the cell is near again, the card shows the newest state at once. The browser's
// word is its `contentvisibilityautostatechange` event, sent here by hand (happy-dom draws nothing).
import { act, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuctionState } from "../../../../contract";
import { auctionState, signedInUser } from "../../../../tests/support/spa-fixtures";
import { actorsStarted, renderWithRouter } from "../../../../tests/support/render";
import { auctions as auctionsApi, auth, server } from "../../../../tests/support/msw";
import { devMachines } from "../../../lib/dev-machines";
import { loadLifecycleActors } from "../live/use-auction-lifecycle";
import type { LifecycleActor } from "../live/lifecycle-actors";
import { AuctionGrid } from "./auction-grid";

vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
beforeAll(loadLifecycleActors);

/** The browser's event, as Chromium sends it for each such cell once laid out and whenever it is skipped or not. */
class SkippedStateEvent extends Event {
  constructor(readonly skipped: boolean) {
    super("contentvisibilityautostatechange");
  }
}

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const running = (id: number, title: string) =>
  auctionState({
    id,
    title,
    status: "Running",
    image: `/products/${id}.svg`,
    priceCents: 10,
    startsAt: inMinutes(-5),
    endsAt: inMinutes(30),
  });

function renderGrid() {
  server.use(auth.signedIn(signedInUser), auctionsApi.mine());
  let show: (auctions: AuctionState[]) => void = () => undefined;
  function LiveGrid() {
    const [auctions, setAuctions] = useState([running(1, "Kettle"), running(2, "Toaster")]);
    show = setAuctions;
    return <AuctionGrid auctions={auctions} />;
  }
  renderWithRouter(<LiveGrid />);
  const [near, far] = screen.getAllByRole("listitem");
  if (!near || !far) throw new Error("two cells");
  const say = (cell: HTMLElement, skipped: boolean) => act(() => void cell.dispatchEvent(new SkippedStateEvent(skipped)));
  const card = (title: string) => within(screen.getByRole("article", { name: title }));
  const priceOf = (title: string) => card(title).getByText("Current price").nextElementSibling;
  const timeLeftOf = (title: string) => card(title).getByText("Time left").nextElementSibling;
  return { near, far, say, card, priceOf, timeLeftOf, show: (auctions: AuctionState[]) => act(() => show(auctions)) };
}

describe("a grid whose browser says which cells it skips drawing", () => {
  beforeEach(() => vi.stubGlobal("ContentVisibilityAutoStateChangeEvent", SkippedStateEvent));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("puts a lazy picture in the page once its cell has been near, and keeps it there", () => {
    const { near, far, say } = renderGrid();
    // Before the browser has said anything, no lazy picture is asked for.
    expect(near.querySelector("img")).toBeNull();
    expect(far.querySelector("img")).toBeNull();
    say(near, false);
    say(far, true);
    expect(near.querySelector("img")).toHaveAttribute("src", "/products/1.svg");
    expect(far.querySelector("img")).toBeNull();
    say(near, true);
    expect(near.querySelector("img")).toHaveAttribute("src", "/products/1.svg");
  });

  it("keeps a skipped card's figures while its actor takes the new state, and shows the newest when the cell comes near", async () => {
    const { near, far, say, card, priceOf, show } = renderGrid();
    await actorsStarted();
    say(near, false);
    say(far, true);
    const kettle = running(1, "Kettle");
    const toaster = running(2, "Toaster");
    show([
      { ...kettle, seq: kettle.seq + 1, priceCents: 11, leaderName: "ilze", endsAt: inMinutes(31) },
      {
        ...toaster,
        seq: toaster.seq + 2,
        priceCents: 12,
        leaderName: "otto",
        status: "Ended",
        endsAt: inMinutes(0),
        winnerName: "otto",
        bidCount: 12,
      },
    ]);
    expect(priceOf("Kettle")).toHaveTextContent("€0.11");
    expect(card("Kettle").getByText("ilze")).toBeInTheDocument();
    // The far card still shows what it did; its actor (the one the dev panel lists) already took the end.
    expect(priceOf("Toaster")).toHaveTextContent("€0.10");
    const toasterLifecycle = devMachines().find((machine) => machine.name === "auction-lifecycle #2")?.actor as LifecycleActor;
    expect(toasterLifecycle.getSnapshot().hasTag("ended")).toBe(true);

    say(far, false);
    const article = screen.getByRole("article", { name: "Toaster" });
    expect(article).toHaveAttribute("data-phase", "ended");
    expect(card("Toaster").getByText("Sold price").nextElementSibling).toHaveTextContent("€0.12");
    expect(card("Toaster").getByText("otto")).toBeInTheDocument();
  });

  it("stops a skipped card's countdown and brings it up to date when the cell comes near", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const { near, far, say, timeLeftOf } = renderGrid();
    say(near, false);
    say(far, true);
    const nearBefore = timeLeftOf("Kettle")?.textContent;
    const farBefore = timeLeftOf("Toaster")?.textContent;
    act(() => void vi.advanceTimersByTime(5_000));
    expect(timeLeftOf("Kettle")?.textContent).not.toBe(nearBefore);
    expect(timeLeftOf("Toaster")?.textContent).toBe(farBefore);
    say(far, false);
    expect(timeLeftOf("Toaster")?.textContent).toBe(timeLeftOf("Kettle")?.textContent);
  });
});

describe("a grid in a browser that does not say", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows every card live, its lazy picture in the page at once as before", () => {
    const { near, far, priceOf, show } = renderGrid();
    expect(near.querySelector("img")).toHaveAttribute("src", "/products/1.svg");
    expect(far.querySelector("img")).toHaveAttribute("src", "/products/2.svg");
    const toaster = running(2, "Toaster");
    show([running(1, "Kettle"), { ...toaster, seq: toaster.seq + 1, priceCents: 11 }]);
    expect(priceOf("Toaster")).toHaveTextContent("€0.11");
  });
});
