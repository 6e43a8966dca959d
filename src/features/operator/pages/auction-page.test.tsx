// One auction in the back office: the actions its status allows, a confirmation before what cannot be undone, the
// refunds a cancel made, and a refusal (the auction moved on meanwhile) in the operator's words.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { auctionDetail, fulfilment } from "../../../../tests/support/operator-api";
import { operatorApi, refusal } from "../../../../tests/support/msw";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";

// The area is rendered here without its door (OperatorGate), which loads its texts.
beforeAll(() => loadOperatorTexts());

const renderAuction = () => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/42");
const path = "/api/operator/auctions/42";

describe("an auction's actions", () => {
  it("offers a waiting auction start now, set start and cancel, not publish or end now", async () => {
    operatorApi.answering({ [`GET ${path}`]: () => json(auctionDetail({ status: "Waiting" })) });
    renderAuction();
    await screen.findByRole("heading", { level: 1, name: "Espresso machine" });
    const actions = screen.getByRole("region", { name: "Actions" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Start now", "Set start", "Make manual-only", "Cancel auction"]);
  });

  it("makes a running auction manual-only after a confirmation that counts the auto-bids it removes, then no longer offers it", async () => {
    let manualOnly = false;
    const autoBids = [{ displayName: "anna_b", email: "anna@example.lv", maxPriceCents: 300, at: "2030-01-01T10:01:00.000Z" }];
    const api = operatorApi.answering({
      [`GET ${path}`]: () =>
        json(auctionDetail({ status: "Running", endsAt: "2030-01-01T10:05:00.000Z", manualOnly, autoBids: manualOnly ? [] : autoBids })),
      [`POST ${path}/manual-only`]: () => {
        manualOnly = true;
        return json(auctionDetail({ status: "Running", manualOnly }));
      },
    });
    const user = userEvent.setup();
    renderAuction();
    await user.click(await screen.findByRole("button", { name: "Make manual-only" }));
    const dialog = await screen.findByRole("dialog", { name: "Make this auction manual-only?" });
    expect(dialog).toHaveTextContent("The auto-bids set now are removed: 1.");
    expect(api.callsTo("POST", `${path}/manual-only`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Make manual-only" }));

    await waitFor(() => expect(api.callsTo("POST", `${path}/manual-only`).map((call) => call.body)).toEqual([{ seq: 7 }]));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Make manual-only" })).not.toBeInTheDocument());
    expect(screen.getByRole("region", { name: "Settings" })).toHaveTextContent("Manual bids only");
  });

  it("cancels after a confirmation and lists the entry fees it refunded", async () => {
    let status: "Waiting" | "Canceled" = "Waiting";
    const api = operatorApi.answering({
      [`GET ${path}`]: () => json(auctionDetail({ status })),
      [`POST ${path}/cancel`]: () => {
        status = "Canceled";
        return json({ auction: auctionDetail({ status }), refunds: [{ displayName: "anna_b", amountCents: 50 }] });
      },
    });
    const user = userEvent.setup();
    renderAuction();
    await user.click(await screen.findByRole("button", { name: "Cancel auction" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this auction?" });
    expect(dialog).toHaveTextContent("every entry fee is refunded (enrolled bidders: 1)");
    expect(api.callsTo("POST", `${path}/cancel`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Cancel auction" }));

    const refunds = await screen.findByRole("status", { name: "Canceled. Entry fees refunded: 1" });
    expect(within(refunds).getByRole("listitem")).toHaveTextContent("anna_b€0.50");
    // Canceled: nothing more to do with it.
    await waitFor(() => expect(screen.queryByRole("region", { name: "Actions" })).not.toBeInTheDocument());
  });

  it("says so when the auction has moved on before End now arrived", async () => {
    operatorApi.answering({
      [`GET ${path}`]: () => json(auctionDetail({ status: "Running", leaderName: "anna_b", endsAt: "2030-01-01T10:05:00.000Z" })),
      [`POST ${path}/end-now`]: () => refusal(409, "CONFLICT", "Only Running auctions can be ended; auction 42 is Ended."),
    });
    const user = userEvent.setup();
    renderAuction();
    await user.click(await screen.findByRole("button", { name: "End now" }));
    const dialog = await screen.findByRole("dialog", { name: "End this auction now?" });
    expect(dialog).toHaveTextContent("anna_b leads at €0.00 and wins it at that price (bids: 0).");
    await user.click(within(dialog).getByRole("button", { name: "End now" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only a running auction can be ended now; this one is not running.");
  });

  it("sends End now with the auction as shown, and when it changed meanwhile says so and shows it as it now is", async () => {
    let shown = auctionDetail({
      status: "Running",
      leaderName: "anna_b",
      priceCents: 1,
      bidCount: 1,
      seq: 7,
      endsAt: "2030-01-01T10:05:00.000Z",
    });
    const api = operatorApi.answering({
      [`GET ${path}`]: () => json(shown),
      [`POST ${path}/end-now`]: () => {
        shown = { ...shown, leaderName: "otto_k", priceCents: 2, bidCount: 2, seq: 8 };
        return refusal(409, "AUCTION_CHANGED", "The auction has changed since you looked at it.");
      },
    });
    const user = userEvent.setup();
    renderAuction();
    await user.click(await screen.findByRole("button", { name: "End now" }));
    const dialog = await screen.findByRole("dialog", { name: "End this auction now?" });
    expect(dialog).toHaveTextContent("“Espresso machine” ends at once: anna_b leads at €0.01 and wins it at that price (bids: 1).");
    await user.click(within(dialog).getByRole("button", { name: "End now" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This auction changed while you were confirming (a bid, an enrolment or another operator), so nothing was done. Read what it says now and confirm again.",
    );
    expect(api.callsTo("POST", `${path}/end-now`).map((call) => call.body)).toEqual([{ seq: 7 }]);
    await waitFor(() => expect(dialog).toHaveTextContent("otto_k leads at €0.02 and wins it at that price (bids: 2)."));
  });

  it("sets the time left with a whole number of seconds checked by the contract", async () => {
    const api = operatorApi.answering({
      [`GET ${path}`]: () => json(auctionDetail({ status: "Running", endsAt: "2030-01-01T10:05:00.000Z" })),
      [`POST ${path}/time-left`]: () => json(auctionDetail({ status: "Running" })),
    });
    const user = userEvent.setup();
    renderAuction();
    await user.click(await screen.findByRole("button", { name: "Set time left" }));
    const dialog = await screen.findByRole("dialog", { name: "Set time left" });
    const seconds = within(dialog).getByLabelText("Seconds from now");
    await user.clear(seconds);
    await user.type(seconds, "999999");
    await user.click(within(dialog).getByRole("button", { name: "Set time left" }));
    expect(seconds).toHaveAccessibleDescription("At most 604800");
    await user.clear(seconds);
    await user.type(seconds, "30");
    await user.click(within(dialog).getByRole("button", { name: "Set time left" }));
    await waitFor(() => expect(api.callsTo("POST", `${path}/time-left`).map((call) => call.body)).toEqual([{ seq: 7, seconds: 30 }]));
  });
});

describe("an ended auction's page", () => {
  it("opens with the result: final price, winner, paid and not sent yet, linked to its list in the queue", async () => {
    const win = fulfilment({ finalPriceCents: 6, amountPaidCents: 6 });
    operatorApi.answering({
      [`GET ${path}`]: () => json(auctionDetail({ status: "Ended", priceCents: 6, winnerName: "anna_b", fulfilment: win })),
    });
    renderAuction();
    const result = await screen.findByRole("region", { name: "Result" });
    expect(result).toHaveTextContent("Final price€0.06");
    expect(result).toHaveTextContent("Winneranna_b (anna@example.lv)");
    expect(result).toHaveTextContent(/Paid €0\.06 on /);
    expect(result).toHaveTextContent("DeliveryNot sent yet");
    expect(within(result).getByRole("link", { name: "In the fulfilment queue: To send" })).toHaveAttribute(
      "href",
      "/operator/fulfilments?state=PaymentReceived",
    );
    expect(screen.getAllByRole("term").map((term) => term.textContent)).not.toContain("Leading");
  });

  it("says an unpaid win is not paid yet, and an auction nobody bid on has no winner", async () => {
    let detail = auctionDetail({
      status: "Ended",
      priceCents: 6,
      fulfilment: fulfilment({ state: "AwaitingPayment", paidAt: null, amountPaidCents: null }),
    });
    operatorApi.answering({ [`GET ${path}`]: () => json(detail) });
    const { unmount } = renderAuction();
    const result = await screen.findByRole("region", { name: "Result" });
    expect(result).toHaveTextContent(/PaymentNot paid yet; pay by /);
    expect(result).not.toHaveTextContent("Delivery");
    unmount();

    detail = auctionDetail({ status: "Ended", fulfilment: null });
    renderAuction();
    expect(await screen.findByRole("region", { name: "Result" })).toHaveTextContent("WinnerNone");
    expect(screen.getByRole("region", { name: "Result" })).toHaveTextContent("PaymentNo winner: nobody bid");
  });
});
