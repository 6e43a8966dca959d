import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tourNames, type TourName, type TourProgress } from "../../../contract";
import en from "../../../locales/en.json";
import lv from "../../../locales/lv.json";
import ru from "../../../locales/ru.json";
import { renderWithRouter } from "../../../tests/support/render";
import { auth, recordRequests, requestsTo, server, tours } from "../../../tests/support/msw";
import { useUser } from "../auth";
import { useTourProgress } from "./api/get-tour-progress";
import { MainPageTour } from "./components/main-page-tour";
import { PopoverTour } from "./components/popover-tour";
import { OpenLayer } from "../../lib/foreground";
import { partLoadingProps } from "./in-tour";
import { tourSteps } from "./tour-steps";

const signedIn = {
  isAuthenticated: true,
  id: "5e1f0c2a-8d3b-4c6e-9a7f-0123456789ab",
  firstName: "Anna",
  lastName: "Bērziņa",
  displayName: "anna",
  email: "a@b.lv",
};

afterEach(() => {
  vi.useRealTimers();
});

const lookUp = (tree: unknown, key: string) =>
  key
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), tree);

/**
 * What the tour decides from, as the page has it: who is signed in and, for them, the tour's saved progress. Once
 * this shows it, the tour has it too (the same render), so the start delay counts from no later than that.
 */
function WhatTheTourKnows({ tourName }: { tourName: TourName }) {
  const { data: user } = useUser();
  const progress = useTourProgress(tourName, { isEnabled: user?.isAuthenticated === true });
  if (!user) return null;
  if (!user.isAuthenticated) return <output>signed out</output>;
  return progress.data ? <output>{progress.data.isCompleted ? "completed" : "not completed"}</output> : null;
}

/** The account menu's tour targets, as the open menu shows them. */
function OpenAccountMenu() {
  return (
    <div>
      <p data-tour="account-balance">€0.00</p>
      <button type="button" data-tour="account-add-funds">
        Add funds
      </button>
      <a href="/profile" data-tour="account-profile">
        Profile
      </a>
      <a href="/wallet" data-tour="account-wallet">
        Wallet
      </a>
    </div>
  );
}

describe("guided tours", () => {
  it("have a title and a text for every step in English, Latvian and Russian", () => {
    const missing = tourNames.flatMap((tourName) =>
      tourSteps[tourName].flatMap((step) =>
        Object.entries({ en, lv, ru }).flatMap(([language, tree]) =>
          [step.titleKey, step.bodyKey].filter((key) => typeof lookUp(tree, key) !== "string").map((key) => `${language}: ${key}`),
        ),
      ),
    );
    expect(missing).toEqual([]);
  });

  /**
   * Every timer due within a second has fired (the 500 ms start delay included): once what the tour decides from
   * is on screen (WhatTheTourKnows), absence after this is a fact.
   */
  const afterTheStartDelay = () => act(() => vi.advanceTimersByTimeAsync(1000));

  it("never ask an anonymous visitor's progress, and show nothing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(auth.signedOut());
    const requests = recordRequests();
    renderWithRouter(
      <>
        <OpenAccountMenu />
        <PopoverTour tourName="AccountPopover" isOpen />
        <WhatTheTourKnows tourName="AccountPopover" />
      </>,
    );
    await screen.findByText("signed out");
    await afterTheStartDelay();
    expect(requests.some((request) => request.path.includes("tour-progress"))).toBe(false);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("do not start a completed tour", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      auth.signedIn(signedIn),
      tours.progress("AccountPopover", () => ({ isCompleted: true })),
    );
    const requests = recordRequests();
    renderWithRouter(
      <>
        <OpenAccountMenu />
        <PopoverTour tourName="AccountPopover" isOpen />
        <WhatTheTourKnows tourName="AccountPopover" />
      </>,
    );
    await screen.findByText("completed");
    await afterTheStartDelay();
    expect(requests.map((request) => request.path)).toContain("/api/users/tour-progress/AccountPopover");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("start the account tour 500 ms after its menu opens, move with Next and Previous, and save completion with step 0 on close", async () => {
    const saved: unknown[] = [];
    let progress: TourProgress = { tourName: "AccountPopover", currentStep: 0, isCompleted: false };
    server.use(
      auth.signedIn(signedIn),
      tours.progress("AccountPopover", () => progress),
      tours.save((progressSaved) => {
        progress = progressSaved;
        saved.push(progressSaved);
      }),
    );
    const requests = recordRequests();
    renderWithRouter(
      <>
        <OpenAccountMenu />
        <PopoverTour tourName="AccountPopover" isOpen />
      </>,
    );
    await waitFor(() => expect(requests.map((request) => request.path)).toContain("/api/users/tour-progress/AccountPopover"));
    const openedAt = Date.now();
    const step = await screen.findByRole("alertdialog", { name: "Your balance" }, { timeout: 3000 });
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(450);
    expect(step).toHaveTextContent("1 of 4");

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("alertdialog", { name: "Add funds" })).toHaveTextContent("2 of 4");
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("alertdialog", { name: "Your balance" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Close the tour" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(saved.at(-1)).toEqual({ tourName: "AccountPopover", currentStep: 0, isCompleted: true }));
    // The PUT invalidates the cached progress, which is asked again.
    await waitFor(() => expect(requestsTo(requests, "GET", "/api/users/tour-progress/AccountPopover").length).toBeGreaterThan(1));
    const puts = requestsTo(requests, "PUT", "/api/users/tour-progress");
    expect(puts.length).toBeGreaterThan(0);
    expect(puts.every((put) => put.headers.get("X-Requested-With") === "XMLHttpRequest")).toBe(true);
  });

  it("wait for a part of the screen whose code is still loading (the account menu) instead of leaving its step out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(auth.signedIn(signedIn), tours.progress("MainPage"), tours.save());
    let menuArrives = () => {};
    // The header's account menu: a placeholder until its chunk has come, as on a slow phone.
    function AccountMenuOnItsWay() {
      const [hasArrived, setHasArrived] = useState(false);
      useEffect(() => {
        menuArrives = () => setHasArrived(true);
      }, []);
      if (!hasArrived) return <span {...partLoadingProps} />;
      return (
        <button type="button" data-tour="account">
          AB
        </button>
      );
    }
    renderWithRouter(
      <>
        <AccountMenuOnItsWay />
        <MainPageTour />
        <WhatTheTourKnows tourName="MainPage" />
      </>,
    );
    await screen.findByText("not completed");
    await afterTheStartDelay();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    act(() => menuArrives());
    // Its steps: the welcome, whose target is the page, and the account menu's.
    expect(await screen.findByRole("alertdialog", { name: "Welcome to Pennybid!" })).toHaveTextContent("1 of 2");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("alertdialog", { name: "Your account" })).toHaveTextContent("2 of 2");
  });

  it("show one tour at a time when two come due in the same frame, and each one's Close button closes it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(auth.signedIn(signedIn), tours.progress("AccountPopover"), tours.progress("SettingsPopover"), tours.save());
    const requests = recordRequests();
    let mostCardsAtOnce = 0;
    const observer = new MutationObserver(() => {
      mostCardsAtOnce = Math.max(mostCardsAtOnce, document.querySelectorAll("[data-tour-card]").length);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    // Both menus' tours are due and ready in the same render, as when a phone catches up on a busy moment.
    renderWithRouter(
      <>
        <OpenAccountMenu />
        <p data-tour="settings-theme">Theme</p>
        <p data-tour="settings-bid-sound">Bid sound</p>
        <PopoverTour tourName="AccountPopover" isOpen />
        <PopoverTour tourName="SettingsPopover" isOpen />
      </>,
    );
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toEqual(
        expect.arrayContaining(["/api/users/tour-progress/AccountPopover", "/api/users/tour-progress/SettingsPopover"]),
      ),
    );
    await afterTheStartDelay();
    expect(await screen.findAllByRole("alertdialog")).toHaveLength(1);

    // Closing the one shown lets the other start; closing that leaves nothing on screen.
    fireEvent.click(screen.getByRole("button", { name: "Close the tour" }));
    await afterTheStartDelay();
    expect(await screen.findAllByRole("alertdialog")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Close the tour" }));
    await afterTheStartDelay();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    observer.disconnect();
    expect(mostCardsAtOnce).toBe(1);
  });

  it("wait while a dialog is open in front of the page, start once it has closed, and step back (not closed) while another opens", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saved: unknown[] = [];
    server.use(
      auth.signedIn(signedIn),
      tours.progress("MainPage"),
      tours.save((progress) => saved.push(progress)),
    );
    let setDialogOpen: (isOpen: boolean) => void = () => {};
    // A dialog of the page (Add funds, "You won!"): open from the start, as when the user opened it before the tour.
    function Dialog() {
      const [isOpen, setIsOpen] = useState(true);
      useEffect(() => {
        setDialogOpen = setIsOpen;
      }, []);
      return isOpen ? <OpenLayer name="AddFunds" /> : null;
    }
    renderWithRouter(
      <>
        <button type="button" data-tour="account">
          AB
        </button>
        <Dialog />
        <MainPageTour />
        <WhatTheTourKnows tourName="MainPage" />
      </>,
    );
    await screen.findByText("not completed");
    await afterTheStartDelay();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    act(() => setDialogOpen(false));
    fireEvent.click(await screen.findByRole("button", { name: "Next" }, { timeout: 3000 }));
    expect(await screen.findByRole("alertdialog", { name: "Your account" })).toHaveTextContent("2 of 2");

    // A dialog comes in front of the running tour ("You won!" arrives): the tour steps back, still at its step.
    act(() => setDialogOpen(true));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    act(() => setDialogOpen(false));
    expect(await screen.findByRole("alertdialog", { name: "Your account" })).toHaveTextContent("2 of 2");
    expect(saved).not.toContainEqual(expect.objectContaining({ isCompleted: true }));
  });

  it("never start for an operator on the bidders' pages", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(auth.signedIn({ ...signedIn, isOperator: true }), tours.progress("AccountPopover"), tours.progress("MainPage"));
    const requests = recordRequests();
    function UserShown() {
      const { data: user } = useUser();
      return user?.isAuthenticated ? <output>{user.displayName}</output> : null;
    }
    renderWithRouter(
      <>
        <OpenAccountMenu />
        <MainPageTour />
        <PopoverTour tourName="AccountPopover" isOpen />
        <UserShown />
      </>,
    );
    await screen.findByText("anna");
    await afterTheStartDelay();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.includes("tour-progress"))).toBe(false);
  });

  it("start a menu's tour over its own menu, which is open in front of the page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(auth.signedIn(signedIn), tours.progress("SettingsPopover"), tours.save());
    renderWithRouter(
      <>
        <OpenLayer name="SettingsPopover" />
        <p data-tour="settings-theme">Theme</p>
        <p data-tour="settings-bid-sound">Bid sound</p>
        <PopoverTour tourName="SettingsPopover" isOpen />
      </>,
    );
    expect(await screen.findByRole("alertdialog", { name: "Theme mode" }, { timeout: 3000 })).toHaveTextContent("1 of 2");
  });
});
