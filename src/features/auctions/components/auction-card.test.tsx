// An auction card as a bidder meets it on Home (SPEC.md §2): what each phase shows, and the like and enrol controls by
// keyboard and pointer, found by their roles and names.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { HttpResponse, http, type RequestHandler } from "msw";
import type { AuctionState } from "../../../../contract";
import { DEV_TOOLS_COOKIE } from "../../../../contract/constants";
import { auctionState, signedInUser } from "../../../../tests/support/spa-fixtures";
import { actorsStarted, renderWithRouter } from "../../../../tests/support/render";
import { auctions, auth, buyNow, recordRequests, refusal, requestsTo, server, wallet } from "../../../../tests/support/msw";
import { devMachines } from "../../../lib/dev-machines";
import { DevToolsLauncher, DevToolsOpener } from "../../dev-tools";
import { loadLifecycleActors } from "../live/use-auction-lifecycle";
import type { LifecycleActor } from "../live/lifecycle-actors";
import { Toaster } from "../../../components/ui/toast";
import { AuctionCard } from "./auction-card";
import { useWallet, walletQueryOptions } from "../../wallet";
import { myAuctionsQueryOptions } from "../api/my-auctions";

/** The balance as the page has it (the account menu's reading). */
function WalletRead() {
  const { data } = useWallet();
  return <p>Balance {data ? `€${data.balance.toFixed(2)}` : "…"}</p>;
}

// No live socket here: commands go over REST, as they do while the socket is down.
vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
// The lifecycle's chunk is in before each card renders, as it is on an auction's page (auction-card.pending.test.tsx
// renders one before it).
beforeAll(loadLifecycleActors);

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

const auction = (overrides: Partial<AuctionState> = {}) =>
  auctionState({
    id: 5,
    title: "Espresso machine",
    retailValueCents: 34_900,
    entryFeeCents: 150,
    priceCents: 123,
    startsAt: minutes(-30),
    endsAt: minutes(90),
    leaderName: "ilze",
    bidCount: 23,
    serverNow: Date.now(),
    ...overrides,
  });

function renderCard(card: AuctionState, { user = signedInUser as object, also = [] as RequestHandler[] } = {}) {
  // Handlers given in `also` come first: they answer before the card's usual ones.
  server.use(
    ...also,
    auth.signedIn(user),
    auctions.mine(),
    auctions.favourite(card.id),
    auctions.enrol(card.id, { feeCents: card.entryFeeCents, balance: 8.5 }),
  );
  const requests = recordRequests();
  renderWithRouter(<AuctionCard auction={card} />, "/");
  return { article: screen.getByRole("article", { name: card.title }), requests };
}

/** A response the test gives when it chooses: `answer(response)`, once the page has asked (`asked()`). */
function held() {
  const waiting: ((response: Response) => void)[] = [];
  return {
    respond: () => new Promise<Response>((resolve) => waiting.push(resolve)),
    asked: () => waiting.length,
    answer: (index: number, response: Response) => waiting[index]?.(response),
  };
}

describe("an auction card", () => {
  it("shows a running auction's time left, price, leader and all-in cost", () => {
    const { article } = renderCard(auction());
    const card = within(article);
    expect(card.getByRole("link", { name: "Espresso machine" })).toHaveAttribute("href", "/auctions/5");
    expect(card.getByText("Time left").nextElementSibling).toHaveTextContent(/^1:30:0\d$|^01:(29|30):\d\d$/);
    expect(card.getByText("Current price").nextElementSibling).toHaveTextContent("€1.23");
    expect(card.getByText("ilze")).toBeInTheDocument();
    expect(card.getByText(/All-in cost €2\.73/)).toHaveTextContent("All-in cost €2.73 · Retail value €349.00");
  });

  it("lets a signed-in bidder favourite it and enrol from the keyboard, then offers Bid now", async () => {
    const user = userEvent.setup();
    const { article, requests } = renderCard(auction());
    const card = within(article);

    const like = await card.findByRole("button", { name: "Add to favourites" });
    expect(like).toHaveAttribute("aria-pressed", "false");
    await user.tab();
    expect(like).toHaveFocus();
    await user.keyboard(" ");
    expect(await card.findByRole("button", { name: "Remove from favourites" })).toHaveAttribute("aria-pressed", "true");
    expect(await requestsTo(requests, "PUT", "/api/favourites/5")[0]?.json()).toEqual({ isFavourite: true });

    await user.tab();
    expect(card.getByRole("link", { name: "Espresso machine" })).toHaveFocus();
    await user.tab();
    expect(card.getByRole("button", { name: "Enrol · €1.50" })).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(await card.findByText("Enrolled")).toBeInTheDocument();
    expect(card.getByRole("link", { name: "Bid now" })).toHaveAttribute("href", "/auctions/5");
    expect(requests.filter((request) => request.path === "/api/auctions/5/enrol").map((request) => request.method)).toEqual(["POST"]);
  });

  it("offers to add what is missing after 'Not enough funds', by the balance the server has now", async () => {
    const user = userEvent.setup();
    // The page has not read the wallet before the refusal: the offer asks for the balance, not for a guess.
    const { article } = renderCard(auction({ entryFeeCents: 500 }), {
      also: [
        auctions.enrol(5, { feeCents: 500, balance: 0 }, () => refusal(402, "NOT_ENOUGH_FUNDS", "Not enough funds.")),
        wallet.balance(0.2),
      ],
    });
    renderWithRouter(<Toaster />, "/");
    await user.click(await within(article).findByRole("button", { name: "Enrol · €5.00" }));
    const toast = await screen.findByRole("alert");
    expect(toast).toHaveTextContent("Not enough funds in your wallet!");
    expect(within(toast).getByRole("button", { name: "Add €4.80" })).toBeInTheDocument();
  });

  it("keeps the balance the enrolment answered with when a read of the wallet from before it answers later", async () => {
    const user = userEvent.setup();
    // The page's first read of the wallet, still on its way when the enrolment answers.
    const oldRead = held();
    server.use(
      auth.signedIn(signedInUser),
      auctions.mine(),
      auctions.enrol(5, { feeCents: 150, balance: 8.5 }),
      http.get("/api/user-wallet", oldRead.respond),
    );
    const { queryClient } = renderWithRouter(
      <>
        <AuctionCard auction={auction()} />
        <WalletRead />
      </>,
      "/",
    );
    await waitFor(() => expect(oldRead.asked()).toBe(1));
    await user.click(await screen.findByRole("button", { name: "Enrol · €1.50" }));
    expect(await screen.findByText("Balance €8.50")).toBeInTheDocument();
    oldRead.answer(0, HttpResponse.json({ balance: 10 }));
    // Once no read of the wallet is under way, the balance is still the enrolment's.
    await waitFor(() => expect(queryClient.getQueryState(walletQueryOptions.queryKey)?.fetchStatus).toBe("idle"));
    expect(queryClient.getQueryData(walletQueryOptions.queryKey)).toEqual({ balance: 8.5 });
    expect(screen.getByText("Balance €8.50")).toBeInTheDocument();
  });

  it("stays enrolled when a read of its lists from before the enrolment answers after it", async () => {
    const user = userEvent.setup();
    // The first read of the lists answers at once; the next ones when the test says.
    const laterReads = held();
    let isFirstRead = true;
    server.use(
      auth.signedIn(signedInUser),
      http.get("/api/auctions/mine", () => {
        if (!isFirstRead) return laterReads.respond();
        isFirstRead = false;
        return HttpResponse.json({ enrolledIds: [], favouriteIds: [], autoBids: {} });
      }),
      auctions.enrol(5, { feeCents: 150, balance: 8.5 }),
    );
    const { queryClient } = renderWithRouter(<AuctionCard auction={auction()} />, "/");
    const enrol = await screen.findByRole("button", { name: "Enrol · €1.50" });
    // A read of the lists on its way (a reconnect's resync, say), from before the enrolment.
    void queryClient.refetchQueries({ queryKey: myAuctionsQueryOptions.queryKey });
    await waitFor(() => expect(laterReads.asked()).toBe(1));
    await user.click(enrol);
    expect(await screen.findByText("Enrolled")).toBeInTheDocument();
    laterReads.answer(0, HttpResponse.json({ enrolledIds: [], favouriteIds: [], autoBids: {} }));
    // A fresh read replaced it: the server's answer now has the enrolment.
    await waitFor(() => expect(laterReads.asked()).toBe(2));
    laterReads.answer(1, HttpResponse.json({ enrolledIds: [5], favouriteIds: [], autoBids: {} }));
    await waitFor(() => expect(queryClient.isFetching({ queryKey: myAuctionsQueryOptions.queryKey })).toBe(0));
    expect(queryClient.getQueryData(myAuctionsQueryOptions.queryKey)?.enrolledIds).toEqual([5]);
    expect(screen.getByText("Enrolled")).toBeInTheDocument();
  });

  it("enrols with a click too", async () => {
    const user = userEvent.setup();
    const { article } = renderCard(auction({ entryFeeCents: 0 }));
    await user.click(await within(article).findByRole("button", { name: "Enrol for free" }));
    expect(await within(article).findByText("Enrolled")).toBeInTheDocument();
  });

  it("asks a visitor to sign in to bid, and coming back to that auction after", async () => {
    const { article } = renderCard(auction({ id: 17 }), { user: { isAuthenticated: false } });
    const signIn = await within(article).findByRole("link", { name: "Sign in to bid" });
    expect(signIn).toHaveAttribute("href", "/sign-in?returnUrl=%2Fauctions%2F17");
    expect(within(article).queryByRole("button", { name: "Add to favourites" })).toBeNull();
  });

  it("holds none of a bidder's lists or commands for a visitor", async () => {
    server.use(auth.signedOut());
    const { queryClient } = renderWithRouter(<AuctionCard auction={auction({ id: 9 })} />, "/");
    expect(await screen.findByRole("link", { name: "Sign in to bid" })).toBeInTheDocument();
    // A page of cards would otherwise hold a query of the bidder's lists and two commands per card, each followed
    // by React, for a visitor who has none of them.
    expect(queryClient.getQueryCache().find({ queryKey: myAuctionsQueryOptions.queryKey })).toBeUndefined();
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
  });

  it("says when enrolment closes, by time or price, and once closed says so and offers no Enrol", async () => {
    const { article } = renderCard(auction({ enrolmentClosesAt: minutes(45), enrolmentClosesAtPriceCents: 200 }));
    const card = within(article);
    expect(card.getByText(/^Enrolment closes at .+ or at €2\.00, whichever comes first$/)).toBeInTheDocument();
    expect(await card.findByRole("button", { name: "Enrol · €1.50" })).toBeInTheDocument();
    cleanup();
    // The price has reached the closing price.
    const { article: atPrice } = renderCard(auction({ enrolmentClosesAtPriceCents: 123 }));
    expect(within(atPrice).getByText("Closed to new bidders")).toBeInTheDocument();
    // Signed in (the like button shows), and still no Enrol.
    await within(atPrice).findByRole("button", { name: "Add to favourites" });
    expect(within(atPrice).queryByRole("button", { name: /^Enrol/ })).toBeNull();
    cleanup();
    // The closing time has passed on the server's clock.
    const { article: late } = renderCard(auction({ enrolmentClosesAt: minutes(-1) }));
    expect(within(late).getByText("Closed to new bidders")).toBeInTheDocument();
    await within(late).findByRole("button", { name: "Add to favourites" });
    expect(within(late).queryByRole("button", { name: /^Enrol/ })).toBeNull();
    cleanup();
    // No closing rule: no note at all.
    const { article: open } = renderCard(auction({ enrolmentClosesAt: null, enrolmentClosesAtPriceCents: null }));
    expect(await within(open).findByRole("button", { name: "Enrol · €1.50" })).toBeInTheDocument();
    expect(open.querySelector("[data-enrolment-lock]")).toBeNull();
  });

  it("says how many of its seats are taken, and once sold out says so and offers no Enrol (decision 102)", async () => {
    const { article } = renderCard(auction({ seats: { min: 10, max: 40, taken: 23 } }));
    expect(within(article).getByText("23 of 40 seats")).toBeInTheDocument();
    expect(await within(article).findByRole("button", { name: "Enrol · €1.50" })).toBeInTheDocument();
    cleanup();
    const { article: full } = renderCard(auction({ seats: { min: null, max: 40, taken: 40 } }));
    expect(within(full).getByText("Sold out: 40 of 40 seats")).toBeInTheDocument();
    await within(full).findByRole("button", { name: "Add to favourites" });
    expect(within(full).queryByRole("button", { name: /^Enrol/ })).toBeNull();
    cleanup();
    // A minimum alone is said on the auction's page, not on its card.
    const { article: minimumOnly } = renderCard(auction({ seats: { min: 5, max: null, taken: 2 } }));
    await within(minimumOnly).findByRole("button", { name: "Enrol · €1.50" });
    expect(minimumOnly.querySelector("[data-seats]")).toBeNull();
  });

  it("counts a waiting auction down to its start and shows its entry fee", () => {
    const { article } = renderCard(auction({ status: "Waiting", startsAt: minutes(10), endsAt: null, priceCents: 0, leaderName: null }));
    const card = within(article);
    expect(card.getByText("Starting soon").nextElementSibling).toHaveTextContent(/^(09:5\d|10:00)$/);
    expect(card.getByText("Entry fee").nextElementSibling).toHaveTextContent("€1.50");
  });

  it("shows an ended auction's sold price and winner, and no way to enrol", async () => {
    const { article } = renderCard(auction({ status: "Ended", endsAt: minutes(-5), winnerName: "ilze", priceCents: 412 }), {
      also: [buyNow.offers()],
    });
    const card = within(article);
    expect(card.getByText("Ended")).toBeInTheDocument();
    expect(card.getByText("Sold price").nextElementSibling).toHaveTextContent("€4.12");
    expect(card.getByText("Winner").nextElementSibling).toHaveTextContent("ilze");
    await card.findByRole("button", { name: "Add to favourites" });
    expect(card.queryByRole("button", { name: /Enrol/ })).toBeNull();
  });

  it("shows the phase its lifecycle actor is in, not the server's status: the actor the dev panel lists", async () => {
    // It ends here: an ended card asks what the bidder may buy now.
    const { article } = renderCard(auction({ status: "Running", endsAt: minutes(90) }), { also: [buyNow.offers()] });
    await actorsStarted();
    const card = within(article);
    expect(article).toHaveAttribute("data-phase", "running");
    const lifecycle = devMachines().find((machine) => machine.name === "auction-lifecycle #5")?.actor as LifecycleActor;
    expect(lifecycle.getSnapshot().value).toEqual({ running: "live" });

    // The card's auction still says Running with an hour and a half to go; its actor's clock says the time is up.
    act(() => lifecycle.send({ type: "clock.ticked", nowMs: Date.now() + 91 * 60_000 }));
    expect(article).toHaveAttribute("data-phase", "closing");
    expect(card.getByText("Time left").nextElementSibling).toHaveTextContent("Closing…");
    expect(card.queryByRole("button", { name: /Enrol/ })).toBeNull();

    act(() =>
      lifecycle.send({ type: "auction.updated", status: "Ended", startsAtMs: Date.now(), endsAtMs: Date.now(), nowMs: Date.now() }),
    );
    expect(card.getByText("Sold price").nextElementSibling).toHaveTextContent("€1.23");
  });

  it("stops its lifecycle actor, and the dev panel forgets it, when the card goes", async () => {
    const { article } = renderCard(auction({ id: 6 }));
    await actorsStarted();
    const lifecycle = devMachines().find((machine) => machine.name === "auction-lifecycle #6")?.actor as LifecycleActor;
    expect(article).toHaveAttribute("data-phase", "running");
    cleanup();
    expect(lifecycle.getSnapshot().status).toBe("stopped");
    expect(devMachines().map((machine) => machine.name)).not.toContain("auction-lifecycle #6");
  });

  it("is moved by the dev panel the app mounts: the panel lists the very actor the card reads", async () => {
    // A tester who asked for the panel, on a server outside production (decision 080).
    window.localStorage.setItem("devTools", "yes");
    document.cookie = `${DEV_TOOLS_COOKIE}=offered; path=/`;
    onTestFinished(() => void (document.cookie = `${DEV_TOOLS_COOKIE}=; max-age=0; path=/`));
    server.use(auth.signedIn(signedInUser), auctions.mine());
    const endsAtMs = Date.now() + 60 * 60_000;
    renderWithRouter(
      <>
        <AuctionCard auction={auction({ id: 12, title: "Desk lamp", endsAt: new Date(endsAtMs).toISOString() })} />
        <DevToolsOpener />
        <DevToolsLauncher />
      </>,
    );
    const article = screen.getByRole("article", { name: "Desk lamp" });
    expect(article).toHaveAttribute("data-phase", "running");

    fireEvent.click(await screen.findByRole("button", { name: "Dev tools" }));
    // The drawer's body is a chunk of its own, fetched as it opens.
    const lifecycle = await within(await screen.findByRole("dialog", { name: "Dev tools" })).findByRole("region", {
      name: "auction-lifecycle #12",
    });
    expect(within(lifecycle).getByTestId("machine-state")).toHaveTextContent("running.live");
    fireEvent.change(within(lifecycle).getByRole("combobox", { name: "Event" }), { target: { value: "clock.ticked" } });
    fireEvent.change(within(lifecycle).getByRole("textbox", { name: /Payload/ }), { target: { value: `{"nowMs": ${endsAtMs}}` } });
    fireEvent.click(within(lifecycle).getByRole("button", { name: "Send" }));

    expect(within(lifecycle).getByTestId("machine-state")).toHaveTextContent("running.closing");
    expect(article).toHaveAttribute("data-phase", "closing");
    expect(within(article).getByText("Time left").nextElementSibling).toHaveTextContent("Closing…");
  });
});
