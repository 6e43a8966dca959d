import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { auctionLifecycleMachine } from "../../../../machines/auction-lifecycle.machine";
import { DEV_TOOLS_COOKIE } from "../../../../contract/constants";
import { auth, operatorApi, recordRequests, refusal, server } from "../../../../tests/support/msw";
import { json, renderWithRouter } from "../../../../tests/support/render";
import { registerDevMachine } from "../../../lib/dev-machines";
import { useUser } from "../../auth";
import { DevTools, DevToolsButton } from "./dev-tools";
import { DevToolsLauncher, DevToolsOpener } from "../dev-tools-launcher";
import { ASK_STORAGE_KEY, askInAddress, isOfferedByServer, takeAskFrom, useIsDevToolsShown } from "../dev-tools-offer";
import { contextJson, stateLabel } from "../machine-events";

const bidder = {
  isAuthenticated: true,
  id: "5e1f0c2a-8d3b-4c6e-9a7f-0123456789ab",
  firstName: "Anna",
  lastName: "Ozola",
  displayName: "anna",
  email: "a@b.lv",
  isOperator: false,
};
const operator = { ...bidder, displayName: "ops", email: "operator@pennybid.lv", isOperator: true };
const T = Date.parse("2030-01-01T10:00:00.000Z");

const undo: (() => void)[] = [];
afterEach(() => {
  undo.splice(0).forEach((run) => run());
});

/** A running lifecycle machine of auction 7, waiting to start at T, registered for the panel. */
function registerLifecycle() {
  const actor = createActor(auctionLifecycleMachine, {
    input: { status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - 60_000 },
  }).start();
  undo.push(registerDevMachine("auction-lifecycle #7", actor), () => actor.stop());
  return actor;
}

/** The drawer and one button that opens it (where and when they show is the launcher's: below). */
function renderPanel(user: object, path = "/", answers: Parameters<typeof operatorApi.answering>[0] = {}) {
  const api = operatorApi.answering(answers, user);
  renderWithRouter(
    <>
      <DevToolsButton />
      <DevTools />
    </>,
    path,
  );
  return api;
}

/** Opens the drawer and waits for its body, a chunk of its own. */
async function openPanel() {
  fireEvent.click(screen.getByRole("button", { name: "Dev tools" }));
  const panel = await screen.findByRole("dialog", { name: "Dev tools" });
  // The first import of that chunk in a test file transforms XState and the contract: longer than findBy's second on a
  // busy machine.
  await within(panel).findByRole("heading", { name: "Machines" }, { timeout: 5_000 });
  return panel;
}

describe("the dev panel", () => {
  it("lists the page's machines with their state and context, the auth machine among them", async () => {
    registerLifecycle();
    renderPanel(bidder);
    const panel = await openPanel();
    const lifecycle = within(panel).getByRole("region", { name: "auction-lifecycle #7" });
    expect(within(lifecycle).getByTestId("machine-state")).toHaveTextContent("waiting.countingDown");
    expect(within(lifecycle).getByText(/"startsAtMs": 1893492000000/)).toBeInTheDocument();
    const auth = await within(panel).findByRole("region", { name: "auth" });
    await waitFor(() => expect(within(auth).getByTestId("machine-state")).toHaveTextContent("authenticated.idle"));
    expect(within(auth).getByText(/"email": "a@b.lv"/)).toBeInTheDocument();
  });

  it("offers the events the machine knows, marks those possible now, and sends one with its payload", async () => {
    const actor = registerLifecycle();
    renderPanel(bidder);
    const lifecycle = within(await openPanel()).getByRole("region", { name: "auction-lifecycle #7" });
    const options = within(within(lifecycle).getByRole("combobox", { name: "Event" })).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["auction.updated (possible now)", "clock.ticked (possible now)"]);

    fireEvent.change(within(lifecycle).getByRole("combobox", { name: "Event" }), { target: { value: "clock.ticked" } });
    fireEvent.change(within(lifecycle).getByRole("textbox", { name: "Payload (JSON object, optional)" }), {
      target: { value: `{"nowMs": ${T + 1}}` },
    });
    fireEvent.click(within(lifecycle).getByRole("button", { name: "Send" }));

    expect(actor.getSnapshot().context.nowMs).toBe(T + 1);
    expect(within(lifecycle).getByTestId("machine-state")).toHaveTextContent("waiting.starting");
    expect(within(lifecycle).getByRole("status")).toHaveTextContent("Sent clock.ticked.");
  });

  it("refuses a payload that is not a JSON object, sending nothing", async () => {
    const actor = registerLifecycle();
    renderPanel(bidder);
    const lifecycle = within(await openPanel()).getByRole("region", { name: "auction-lifecycle #7" });
    fireEvent.change(within(lifecycle).getByRole("textbox", { name: /Payload/ }), { target: { value: "[1, 2" } });
    fireEvent.click(within(lifecycle).getByRole("button", { name: "Send" }));
    expect(within(lifecycle).getByRole("alert")).toHaveTextContent("The payload must be a JSON object");
    expect(actor.getSnapshot().context.nowMs).toBe(T - 60_000);
    expect(within(lifecycle).getByTestId("machine-state")).toHaveTextContent("waiting.countingDown");
  });

  it("follows machines as they come and go", async () => {
    renderPanel(bidder);
    const panel = await openPanel();
    expect(within(panel).queryByRole("region", { name: "auction-lifecycle #7" })).not.toBeInTheDocument();
    act(() => void registerLifecycle());
    expect(within(panel).getByRole("region", { name: "auction-lifecycle #7" })).toBeInTheDocument();
    act(() => undo.splice(0).forEach((run) => run()));
    expect(within(panel).queryByRole("region", { name: "auction-lifecycle #7" })).not.toBeInTheDocument();
  });

  it("shows no operator actions to a bidder", async () => {
    renderPanel(bidder, "/auctions/7");
    const panel = await openPanel();
    await within(panel).findByRole("region", { name: "auth" });
    expect(within(panel).queryByRole("region", { name: "Operator actions" })).not.toBeInTheDocument();
  });

  it("lets an operator end the page's auction through the operator API", async () => {
    const ended = {
      id: 7,
      status: "Ended",
      title: "Espresso machine",
      priceCents: 12,
      entryFeeCents: 0,
      retailValueCents: 10_000,
      startsAt: "2030-01-01T10:00:00.000Z",
      endsAt: "2030-01-01T10:05:00.000Z",
      endedAt: "2030-01-01T10:05:00.000Z",
      bidCount: 12,
      enrolledCount: 2,
      leaderName: "anna",
      winnerName: "anna",
      winnerEmail: "a@b.lv",
      isDemo: false,
      seq: 30,
    };
    const api = renderPanel(operator, "/auctions/7", { "POST /api/operator/auctions/7/end-now": () => json(ended) });
    const actions = await within(await openPanel()).findByRole("region", { name: "Operator actions" });
    expect(within(actions).getByRole("textbox", { name: "Auction ID" })).toHaveValue("7");
    fireEvent.click(within(actions).getByRole("button", { name: "End now" }));
    await waitFor(() => expect(within(actions).getByRole("status")).toHaveTextContent("Auction #7 is now Ended."));
    const [call] = api.callsTo("POST", "/api/operator/auctions/7/end-now");
    expect(call?.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
  });

  it("shows the server's refusal of an operator action, and asks for an ID when there is none", async () => {
    renderPanel(operator, "/", {
      "POST /api/operator/auctions/9/time-left": () => refusal(409, "CONFLICT", "The auction has already ended."),
    });
    const actions = await within(await openPanel()).findByRole("region", { name: "Operator actions" });
    fireEvent.click(within(actions).getByRole("button", { name: "Start now" }));
    expect(within(actions).getByRole("alert")).toHaveTextContent("Enter the ID of an auction.");
    fireEvent.change(within(actions).getByRole("textbox", { name: "Auction ID" }), { target: { value: "9" } });
    fireEvent.click(within(actions).getByRole("button", { name: "Set time left" }));
    await waitFor(() => expect(within(actions).getByRole("alert")).toHaveTextContent("The auction has already ended."));
  });
});

/** The server's cookie as a non-production server sets it on its answers (decision 080). */
const offerCookie = (isOffered: boolean) => {
  document.cookie = isOffered ? `${DEV_TOOLS_COOKIE}=offered; path=/` : `${DEV_TOOLS_COOKIE}=; max-age=0; path=/`;
};

/** Says when the user's answer has come, and what the visibility rule decided then. */
function Decision() {
  const { data: user } = useUser();
  const isShown = useIsDevToolsShown();
  return <p data-testid="decision">{`${user === undefined ? "no user yet" : "user known"}, ${isShown ? "shown" : "not shown"}`}</p>;
}

/** The layout's two places for the panel, as MainLayout and the navigation mount them. */
function renderLayoutPlaces(user: ReturnType<typeof auth.signedIn> = auth.signedIn(bidder)) {
  server.use(user);
  const requests = recordRequests();
  renderWithRouter(
    <>
      <Decision />
      <DevToolsOpener />
      <DevToolsLauncher />
    </>,
  );
  return requests;
}

describe("when the dev panel shows (decision 080)", () => {
  beforeEach(() => takeAskFrom(""));
  afterEach(() => offerCookie(false));

  it("reads the ask from the address: ?devtools asks, ?devtools=off takes it back, anything else says nothing", () => {
    expect(askInAddress("?devtools")).toBe(true);
    expect(askInAddress("?devtools=1")).toBe(true);
    expect(askInAddress("?q=lamp&devtools")).toBe(true);
    expect(askInAddress("?devtools=off")).toBe(false);
    expect(askInAddress("")).toBeNull();
    expect(askInAddress("?q=devtools")).toBeNull();
  });

  it("takes the server's offer only from its own cookie", () => {
    expect(isOfferedByServer(`i18nextLng=en; ${DEV_TOOLS_COOKIE}=offered`)).toBe(true);
    expect(isOfferedByServer(`${DEV_TOOLS_COOKIE}=offered; i18nextLng=en`)).toBe(true);
    expect(isOfferedByServer("i18nextLng=en")).toBe(false);
    expect(isOfferedByServer(`${DEV_TOOLS_COOKIE}=`)).toBe(false);
    expect(isOfferedByServer(`x${DEV_TOOLS_COOKIE}=offered`)).toBe(false);
  });

  it("shows nothing to a visitor who did not ask, even where the server offers it", async () => {
    offerCookie(true);
    renderLayoutPlaces();
    await waitFor(() => expect(screen.getByTestId("decision")).toHaveTextContent("user known, not shown"));
    expect(screen.queryByRole("button", { name: "Dev tools" })).not.toBeInTheDocument();
  });

  it("shows nothing, and asks the server nothing, where the server does not offer it (production), even to a tester who asked", async () => {
    takeAskFrom("?devtools");
    const requests = renderLayoutPlaces();
    await waitFor(() => expect(screen.getByTestId("decision")).toHaveTextContent("user known, not shown"));
    expect(screen.queryByRole("button", { name: "Dev tools" })).not.toBeInTheDocument();
    expect(requests.map((request) => request.path)).toEqual(["/authn/user"]);
  });

  it("waits for the user's answer (this server's) before it reads the offer", async () => {
    offerCookie(true);
    takeAskFrom("?devtools");
    const user = auth.heldUser();
    renderLayoutPlaces(user.handler);
    await waitFor(() => expect(user.asked()).toBe(true));
    expect(screen.getByTestId("decision")).toHaveTextContent("no user yet, not shown");
    expect(screen.queryByRole("button", { name: "Dev tools" })).not.toBeInTheDocument();
    act(() => user.answer(bidder));
    await waitFor(() => expect(screen.getByTestId("decision")).toHaveTextContent("user known, shown"));
    expect(await screen.findByRole("button", { name: "Dev tools" })).toBeInTheDocument();
  });

  it("shows the button to a tester who asked, where the server offers it, and the button opens the drawer", async () => {
    offerCookie(true);
    takeAskFrom("?devtools");
    renderLayoutPlaces();
    fireEvent.click(await screen.findByRole("button", { name: "Dev tools" }));
    expect(await screen.findByRole("dialog", { name: "Dev tools" })).toBeInTheDocument();
  });

  it("remembers the ask on later pages until ?devtools=off takes it back", async () => {
    offerCookie(true);
    takeAskFrom("?devtools");
    expect(window.localStorage.getItem(ASK_STORAGE_KEY)).toBe("yes");
    // A later page, opened without the parameter.
    takeAskFrom("?q=lamp");
    renderLayoutPlaces();
    expect(await screen.findByRole("button", { name: "Dev tools" })).toBeInTheDocument();
    act(() => takeAskFrom("?devtools=off"));
    expect(screen.getByTestId("decision")).toHaveTextContent("user known, not shown");
    expect(screen.queryByRole("button", { name: "Dev tools" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(ASK_STORAGE_KEY)).toBeNull();
  });

  it("lets the tester hide the panel from its drawer, forgetting the ask", async () => {
    offerCookie(true);
    takeAskFrom("?devtools");
    renderLayoutPlaces();
    fireEvent.click(await screen.findByRole("button", { name: "Dev tools" }));
    const panel = await screen.findByRole("dialog", { name: "Dev tools" });
    fireEvent.click(within(panel).getByRole("button", { name: "Hide dev tools" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Dev tools" })).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Dev tools" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(ASK_STORAGE_KEY)).toBeNull();
  });
});

describe("how the panel writes a machine's state", () => {
  it("joins nested states with dots and parallel regions with commas", () => {
    expect(stateLabel("idle")).toBe("idle");
    expect(stateLabel({ open: "editing" })).toBe("open.editing");
    expect(stateLabel({ a: { b: "c" }, d: "e" })).toBe("a.b.c, d.e");
  });

  it("writes a context with repeated objects and functions without failing", () => {
    const shared = { n: 1 };
    const context: Record<string, unknown> = { first: shared, second: shared, run: function go() {} };
    context.self = context;
    expect(JSON.parse(contextJson(context))).toEqual({
      first: { n: 1 },
      second: "[seen above]",
      run: "[function go]",
      self: "[seen above]",
    });
  });
});
