// One user in the back office: a credit or debit needs a reason, asks first, is sent as the contract's signed cents,
// and the server's refusal of a balance below zero is said in the operator's words; a role change asks first too.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { userDetail } from "../../../../tests/support/operator-api";
import { operatorApi, refusal } from "../../../../tests/support/msw";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";

// The area is rendered here without its door (OperatorGate), which loads its texts.
beforeAll(() => loadOperatorTexts());

const anna = userDetail();
const userPath = `/api/operator/users/${anna.id}`;
const renderUser = () => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], `/operator/users/${anna.id}`);

describe("a user's enrolments", () => {
  it("lists the auctions entered, each linked, with its status, the fee and the win marked", async () => {
    operatorApi.answering({
      [`GET ${userPath}`]: () => json(userDetail()),
      [`GET ${userPath}/enrolments`]: () =>
        json({
          items: [
            { auctionId: 12, title: "Espresso machine", status: "Running", feeCents: 150, at: "2030-01-02T10:00:00.000Z", isWinner: false },
            { auctionId: 7, title: "Milk frother", status: "Ended", feeCents: 0, at: "2030-01-01T10:00:00.000Z", isWinner: true },
          ],
          total: 2,
        }),
    });
    renderUser();
    const [running, won] = within(await screen.findByRole("list", { name: "Auctions entered" })).getAllByRole("listitem");
    expect(within(running!).getByRole("link", { name: "Espresso machine" })).toHaveAttribute("href", "/operator/auctions/12");
    expect(running).toHaveTextContent("Running");
    expect(running).toHaveTextContent("€1.50");
    expect(running).not.toHaveTextContent("Won");
    expect(won).toHaveTextContent("EndedWon#7");
  });

  it("says so when the user has entered nothing", async () => {
    operatorApi.answering({
      [`GET ${userPath}`]: () => json(userDetail()),
      [`GET ${userPath}/enrolments`]: () => json({ items: [], total: 0 }),
    });
    renderUser();
    expect(await screen.findByText("Has not entered any auction yet.")).toBeInTheDocument();
  });
});

describe("a user's wallet and role", () => {
  it("credits with a required reason, after a confirmation that names the amount, and shows the new balance", async () => {
    let balanceCents = 500;
    const api = operatorApi.answering({
      [`GET ${userPath}`]: () => json(userDetail({ balanceCents })),
      [`POST ${userPath}/wallet`]: (body) => {
        balanceCents += (body as { amountCents: number }).amountCents;
        return json(userDetail({ balanceCents }));
      },
    });
    const user = userEvent.setup();
    renderUser();
    expect(await screen.findByLabelText("Balance")).toHaveTextContent("€5.00");

    await user.type(screen.getByLabelText("Amount (€)"), "2.50");
    await user.click(screen.getByRole("button", { name: "Credit wallet" }));
    expect(await screen.findByLabelText("Reason")).toHaveAccessibleDescription("Required");
    await user.type(screen.getByLabelText("Reason"), "ok");
    await user.click(screen.getByRole("button", { name: "Credit wallet" }));
    await waitFor(() => expect(screen.getByLabelText("Reason")).toHaveAccessibleDescription("At least 3 characters"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Reason"), " then: goodwill");
    await user.click(screen.getByRole("button", { name: "Credit wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Credit this wallet?" });
    expect(dialog).toHaveTextContent(
      "€2.50 is added to the wallet of anna_b (anna@example.lv, id 0b0e2f1c-2a6b-4c7e-9d3f-1a2b3c4d5e6f) as an adjustment: “ok then: goodwill”.",
    );
    expect(api.callsTo("POST", `${userPath}/wallet`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Credit wallet" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST", `${userPath}/wallet`).map((call) => call.body)).toEqual([{ amountCents: 250, reason: "ok then: goodwill" }]);
    await waitFor(() => expect(screen.getByLabelText("Balance")).toHaveTextContent("€7.50"));
  });

  it("sends a debit as a negative amount and says the server's refusal below zero in the dialog", async () => {
    const api = operatorApi.answering({
      [`GET ${userPath}`]: () => json(anna),
      [`POST ${userPath}/wallet`]: () => refusal(409, "CONFLICT", "The balance of anna@example.lv is €5.00; it cannot go below zero."),
    });
    const user = userEvent.setup();
    renderUser();
    await user.click(await screen.findByRole("radio", { name: "Debit" }));
    await user.type(screen.getByLabelText("Amount (€)"), "7,5");
    await user.type(screen.getByLabelText("Reason"), "Correction");
    await user.click(screen.getByRole("button", { name: "Debit wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Debit this wallet?" });
    await user.click(within(dialog).getByRole("button", { name: "Debit wallet" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Refused: the balance cannot go below zero.");
    expect(api.callsTo("POST", `${userPath}/wallet`).map((call) => call.body)).toEqual([{ amountCents: -750, reason: "Correction" }]);
    await user.click(within(dialog).getByRole("button", { name: "Go back" }));
    expect(screen.getByLabelText("Balance")).toHaveTextContent("€5.00");
  });

  it("changes the role only after a confirmation", async () => {
    const api = operatorApi.answering({
      [`GET ${userPath}`]: () => json(anna),
      [`POST ${userPath}/role`]: () => json(userDetail({ role: "operator" })),
    });
    const user = userEvent.setup();
    renderUser();
    const change = await screen.findByRole("button", { name: "Change role" });
    expect(change).toBeDisabled();
    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "Operator");
    await user.click(change);
    const dialog = await screen.findByRole("dialog", { name: "Change role" });
    expect(dialog).toHaveTextContent("anna_b (anna@example.lv, id 0b0e2f1c-2a6b-4c7e-9d3f-1a2b3c4d5e6f) becomes an operator");
    await user.click(within(dialog).getByRole("button", { name: "Change role" }));
    await waitFor(() => expect(api.callsTo("POST", `${userPath}/role`).map((call) => call.body)).toEqual([{ role: "operator" }]));
  });
});

describe("a user's sessions", () => {
  it("signs the user out everywhere only after a confirmation that names them, and then shows none open", async () => {
    let openSessions = 2;
    const sessions = () => ({
      items: Array.from({ length: openSessions }, (_, n) => ({
        createdAt: `2030-01-0${n + 1}T10:00:00.000Z`,
        lastSeenAt: "2030-01-05T10:00:00.000Z",
        expiresAt: "2030-01-12T10:00:00.000Z",
      })),
      total: openSessions,
    });
    const api = operatorApi.answering({
      [`GET ${userPath}`]: () => json(userDetail({ openSessions })),
      [`GET ${userPath}/sessions`]: () => json(sessions()),
      [`POST ${userPath}/sign-out-everywhere`]: () => {
        const ended = openSessions;
        openSessions = 0;
        return json({ ended });
      },
    });
    const user = userEvent.setup();
    renderUser();
    const region = await screen.findByRole("region", { name: "Sessions" });
    expect(region).toHaveTextContent("Signed in on devices: 2");
    expect(await within(region).findAllByText(/^Last used/)).toHaveLength(2);

    await user.click(within(region).getByRole("button", { name: "Sign out everywhere" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign out everywhere" });
    expect(dialog).toHaveTextContent(
      "Every session of anna_b (anna@example.lv, id 0b0e2f1c-2a6b-4c7e-9d3f-1a2b3c4d5e6f) ends at once (open now: 2)",
    );
    expect(api.callsTo("POST", `${userPath}/sign-out-everywhere`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Sign out everywhere" })).not.toBeInTheDocument());
    await waitFor(() => expect(region).toHaveTextContent("Signed in on devices: 0"));
    expect(within(region).queryByText(/^Last used/)).not.toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Sign out everywhere" })).toBeDisabled();
    expect(api.callsTo("POST", `${userPath}/sign-out-everywhere`)).toHaveLength(1);
  });

  it("shows the user's spend limits and pause as they stand", async () => {
    operatorApi.answering({
      [`GET ${userPath}`]: () =>
        json(
          userDetail({
            limits: {
              auction: { limitCents: 5000, spentCents: 1200, leftCents: 3800, pending: null },
              topUp: {
                limitCents: null,
                spentCents: 0,
                leftCents: null,
                pending: { limitCents: 2000, appliesAt: "2030-01-08T10:00:00.000Z" },
              },
              pausedUntil: "2030-02-01T10:00:00.000Z",
              resetsAt: "2030-01-31T22:00:00.000Z",
            },
          }),
        ),
    });
    renderUser();
    const region = await screen.findByRole("region", { name: "Spend limits and pause" });
    expect(region).toHaveTextContent(/Paused until/);
    expect(region).toHaveTextContent("€50.00 (€38.00 left)");
    expect(region).toHaveTextContent(/Becomes €20.00 on/);
  });
});
