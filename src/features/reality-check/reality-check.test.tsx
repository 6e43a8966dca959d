// The reality check's scheduling (decision 095), on a fake clock: due after the bidder's interval of the session,
// never over a slide in progress or another dialog, nor while the tab is hidden; Continue and a break count the next
// one from then.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../tests/support/render";
import { auth, recordRequests, server as restServer, wallet } from "../../../tests/support/msw";
import { HttpResponse, http } from "msw";
import { OpenLayer, useGesture } from "../../lib/foreground";
import { RealityCheck } from "./components/reality-check";
import { RealityCheckSetting } from "./components/reality-check-setting";

const MINUTE_MS = 60_000;

beforeEach(() => {
  // The fake clock also moves with the real one (Testing Library's waits need their timers to fire); the hours pass
  // only when a test moves it on.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"], now: new Date("2026-12-05T10:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server's side: a session begun now, its last check answered at `checkedAt`, €2.50 spent. */
function stubRealityCheckServer(intervalMinutes = 60) {
  const startedAt = Date.now();
  let checkedAt: number | null = null;
  const view = () => ({
    intervalMinutes,
    startedAt: new Date(startedAt).toISOString(),
    checkedAt: checkedAt === null ? null : new Date(checkedAt).toISOString(),
    elapsedSeconds: Math.floor((Date.now() - startedAt) / 1000),
    sinceCheckSeconds: Math.floor((Date.now() - (checkedAt ?? startedAt)) / 1000),
    costCents: 250,
  });
  const answer = () => {
    checkedAt = Date.now();
  };
  const spendLimits = (pausedUntil: string | null) => ({
    auction: { limitCents: null, spentCents: 250, leftCents: null, pending: null },
    topUp: { limitCents: null, spentCents: 0, leftCents: null, pending: null },
    pausedUntil,
    resetsAt: "2027-01-01T00:00:00Z",
  });
  restServer.use(
    auth.signedIn(),
    http.get("/api/reality-check", () => HttpResponse.json(view())),
    http.post("/api/reality-check/continue", () => {
      answer();
      return HttpResponse.json(view());
    }),
    wallet.spendLimits(spendLimits(null)),
    http.post("/api/spend-limits/pause", () => HttpResponse.json(spendLimits("2026-12-12T11:00:00Z"))),
  );
  const requests = recordRequests();
  const asked = (path: string) => requests.filter((request) => request.path === path);
  /** The check answered in another tab of the same session. */
  return { asked, answerElsewhere: answer };
}

/** Moves the fake clock on and lets what it woke (a render, a request and its answer) run. */
const pass = async (ms: number) => {
  await act(async () => {
    vi.advanceTimersByTime(ms);
    await Promise.resolve();
  });
};

const checkDialog = () => screen.queryByRole("dialog", { name: "Reality check" });

/** Started once the first answer is in: the interval counts from it. */
async function renderCheck(ui = <RealityCheck />, intervalMinutes = 60) {
  const server = stubRealityCheckServer(intervalMinutes);
  renderWithRouter(ui);
  await waitFor(() => expect(server.asked("/api/reality-check").length).toBeGreaterThan(0));
  await pass(0);
  return server;
}

describe("the reality check", () => {
  it("shows after the bidder's interval of the session, with its length and what it cost, asked afresh", async () => {
    const server = await renderCheck();
    await pass(60 * MINUTE_MS - 5000);
    expect(checkDialog()).toBeNull();
    const asksBefore = server.asked("/api/reality-check").length;
    await pass(5000);
    const dialog = await screen.findByRole("dialog", { name: "Reality check" });
    expect(server.asked("/api/reality-check").length).toBe(asksBefore + 1);
    expect(dialog).toHaveTextContent("1 h 00 min");
    expect(dialog).toHaveTextContent("€2.50");
    for (const name of ["Continue", "Take a break", "See my spending"]) expect(screen.getByRole("button", { name })).toBeInTheDocument();
  });

  it("comes every 30 minutes for a bidder who chose 30", async () => {
    await renderCheck(<RealityCheck />, 30);
    await pass(30 * MINUTE_MS);
    expect(await screen.findByRole("dialog", { name: "Reality check" })).toHaveTextContent("30 min");
  });

  it("waits for a slide in progress to end", async () => {
    let letGo = () => undefined as void;
    function Slide() {
      const [isDragging, setIsDragging] = useState(true);
      letGo = () => setIsDragging(false);
      useGesture("SlideToBid", isDragging);
      return null;
    }
    await renderCheck(
      <>
        <Slide />
        <RealityCheck />
      </>,
    );
    await pass(61 * MINUTE_MS);
    expect(checkDialog()).toBeNull();
    act(() => letGo());
    expect(await screen.findByRole("dialog", { name: "Reality check" })).toBeInTheDocument();
  });

  it("waits for another dialog to close, and never stacks on it", async () => {
    let close = () => undefined as void;
    function YouWon() {
      const [isOpen, setIsOpen] = useState(true);
      close = () => setIsOpen(false);
      return isOpen ? <OpenLayer name="YouWon" /> : null;
    }
    await renderCheck(
      <>
        <YouWon />
        <RealityCheck />
      </>,
    );
    await pass(90 * MINUTE_MS);
    expect(checkDialog()).toBeNull();
    act(() => close());
    expect(await screen.findByRole("dialog", { name: "Reality check" })).toBeInTheDocument();
  });

  it("waits while the tab is hidden, and asks the server again when it comes back", async () => {
    const server = await renderCheck();
    let visibility: DocumentVisibilityState = "hidden";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    await pass(60 * MINUTE_MS);
    expect(checkDialog()).toBeNull();
    const asksBefore = server.asked("/api/reality-check").length;
    visibility = "visible";
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(await screen.findByRole("dialog", { name: "Reality check" })).toBeInTheDocument();
    expect(server.asked("/api/reality-check").length).toBeGreaterThan(asksBefore);
  });

  it("is put off when the check was answered in another tab meanwhile, and counts from that answer", async () => {
    const server = await renderCheck();
    await pass(20 * MINUTE_MS);
    server.answerElsewhere();
    const asksBefore = server.asked("/api/reality-check").length;
    await pass(40 * MINUTE_MS);
    // Due by this tab's last answer: it asks, and the server's answer says the check was answered meanwhile.
    await waitFor(() => expect(server.asked("/api/reality-check").length).toBeGreaterThan(asksBefore));
    await pass(0);
    expect(checkDialog()).toBeNull();
    await pass(20 * MINUTE_MS - 5000);
    expect(checkDialog()).toBeNull();
    await pass(5000);
    expect(await screen.findByRole("dialog", { name: "Reality check" })).toHaveTextContent("1 h 20 min");
  });

  it("Continue tells the server and counts the next check from then", async () => {
    const server = await renderCheck();
    await pass(60 * MINUTE_MS);
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    await waitFor(() => expect(checkDialog()).toBeNull());
    expect(server.asked("/api/reality-check/continue")).toHaveLength(1);
    await pass(60 * MINUTE_MS - 5000);
    expect(checkDialog()).toBeNull();
    await pass(5000);
    expect(await screen.findByRole("dialog", { name: "Reality check" })).toHaveTextContent("2 h 00 min");
  });

  it("starts with the focus on Continue, and takes Escape as Continue", async () => {
    const server = await renderCheck();
    await pass(60 * MINUTE_MS);
    const dialog = await screen.findByRole("dialog", { name: "Reality check" });
    expect(screen.getByRole("button", { name: "Continue" })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(checkDialog()).toBeNull());
    expect(server.asked("/api/reality-check/continue")).toHaveLength(1);
  });

  it("Take a break starts the profile's pause from the check and answers it", async () => {
    const server = await renderCheck();
    await pass(60 * MINUTE_MS);
    fireEvent.click(await screen.findByRole("button", { name: "Take a break" }));
    fireEvent.click(await screen.findByRole("radio", { name: "7 days" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "I understand that the break cannot be lifted early." }));
    fireEvent.click(screen.getByRole("button", { name: "Start the break" }));
    await waitFor(() => expect(checkDialog()).toBeNull());
    const [pause] = server.asked("/api/spend-limits/pause");
    expect(await pause?.json()).toEqual({ length: "7d" });
    expect(server.asked("/api/reality-check/continue")).toHaveLength(1);
  });
});

describe("the profile's reality-check setting", () => {
  it("shows the tapped choice at once, while it is being saved, and after", async () => {
    stubRealityCheckServer(60);
    restServer.use(
      http.put("/api/reality-check/interval", async ({ request }) => {
        const { intervalMinutes } = (await request.json()) as { intervalMinutes: number };
        return HttpResponse.json({
          intervalMinutes,
          startedAt: new Date().toISOString(),
          checkedAt: null,
          elapsedSeconds: 0,
          sinceCheckSeconds: 0,
          costCents: 0,
        });
      }),
    );
    renderWithRouter(<RealityCheckSetting className="" />);
    const thirty = await screen.findByRole("radio", { name: "30 minutes" });
    await waitFor(() => expect(screen.getByRole("radio", { name: "60 minutes" })).toBeChecked());
    fireEvent.click(thirty);
    // In the same task as the tap: no moment where the saved choice shows again.
    expect(thirty).toBeChecked();
    expect(screen.getByRole("radio", { name: "60 minutes" })).not.toBeChecked();
    await pass(0);
    await waitFor(() => expect(screen.getByRole("radio", { name: "30 minutes" })).toBeChecked());
  });
});
