// The audit log in the back office: lines with who, what, target, source and details; the filter goes into the
// address and the API's query (a day range as times, the end day included); a backwards range is refused in place.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { operatorApi } from "../../../../tests/support/msw";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";

beforeAll(() => loadOperatorTexts());

const path = "/api/operator/audit-log";
const line = {
  id: 7,
  actor: "operator@pennybid.lv",
  action: "wallet.adjust",
  subject: "user:0b0e2f1c-2a6b-4c7e-9d3f-1a2b3c4d5e6f",
  details: { amountCents: 500, reason: "Goodwill" },
  source: "web",
  at: "2026-11-24T10:00:00.000Z",
  actorUser: { displayName: "olga_ops", email: "operator@pennybid.lv" },
  subjectUser: { displayName: "anna_b", email: "anna@example.lv" },
  subjectTitle: null,
};
const renderAudit = (search = "") => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], `/operator/audit${search}`);

describe("the audit log", () => {
  it("names the operator and the user by display name and e-mail, not by id", async () => {
    operatorApi.answering({ [`GET ${path}`]: () => json({ items: [line], total: 1 }) });
    renderAudit();
    const entries = await screen.findByRole("list", { name: "Logged actions" });
    const item = within(entries).getByRole("listitem");
    expect(item).toHaveTextContent("Wallet adjusted");
    expect(item).toHaveTextContent("olga_ops (operator@pennybid.lv) · Back office");
    expect(item).toHaveTextContent("Amount: +€5.00 · Reason: Goodwill");
    expect(within(item).getByRole("link", { name: "anna_b (anna@example.lv)" })).toHaveAttribute(
      "href",
      "/operator/users/0b0e2f1c-2a6b-4c7e-9d3f-1a2b3c4d5e6f",
    );
    expect(item).not.toHaveTextContent("0b0e2f1c");
  });

  it("says Started now and Ended now, with who led at what price, and names the auction", async () => {
    const auction = { ...line, subject: "auction:12", subjectUser: null, subjectTitle: "Espresso machine" };
    const lines = [
      { ...auction, id: 21, action: "auction.end-now", details: { leader: "anna_b (anna@example.lv)", priceCents: 6, bids: 6 } },
      { ...auction, id: 20, action: "auction.start-now", details: { status: "Waiting" } },
    ];
    operatorApi.answering({ [`GET ${path}`]: () => json({ items: lines, total: lines.length }) });
    renderAudit();
    const [ended, started] = within(await screen.findByRole("list", { name: "Logged actions" })).getAllByRole("listitem");
    expect(ended).toHaveTextContent("Ended now#12 Espresso machine");
    expect(ended).toHaveTextContent("Leading: anna_b (anna@example.lv) · Price: €0.06 · Bids: 6");
    expect(within(ended!).getByRole("link", { name: "#12 Espresso machine" })).toHaveAttribute("href", "/operator/auctions/12");
    expect(started).toHaveTextContent("Started now#12 Espresso machine");
    expect(started).toHaveTextContent("Status then: Waiting");
  });

  it("words the details in the operator's language, money in euros rather than cents", async () => {
    const lines = [
      { ...line, id: 8, action: "promo-code.create", subject: "promo-code:SPRING", details: { kind: "fixed", amount: 250 } },
      { ...line, id: 9, action: "promo-code.create", subject: "promo-code:TEN", details: { kind: "percent", amount: 10 } },
      { ...line, id: 10, action: "auction.update", subject: "auction:12", details: { fields: ["texts", "entryFeeCents", "someNewField"] } },
      { ...line, id: 11, action: "fulfilment.in-delivery", subject: "auction:12", details: { from: "PaymentReceived" } },
      { ...line, id: 12, action: "auction.time-left", subject: "auction:12", details: { seconds: 60, status: "Running", extra: 3 } },
    ];
    operatorApi.answering({ [`GET ${path}`]: () => json({ items: lines, total: lines.length }) });
    renderAudit();
    const items = within(await screen.findByRole("list", { name: "Logged actions" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Discount: €2.50 off");
    expect(items[1]).toHaveTextContent("Discount: 10 % off");
    expect(items[2]).toHaveTextContent("Changed: Titles and descriptions, Entry fee (€), someNewField");
    expect(items[3]).toHaveTextContent("From: To send");
    expect(items[4]).toHaveTextContent("Time: 60 s · Status then: Running · extra: 3");
  });

  it("sends the filter to the API, the end day included, and refuses a range that runs backwards", async () => {
    const api = operatorApi.answering({ [`GET ${path}`]: () => json({ items: [], total: 0 }) });
    const user = userEvent.setup();
    renderAudit("?subject=auction:12");
    expect(await screen.findByText("No action matches this filter.")).toBeInTheDocument();
    expect(api.callsTo("GET", path)[0]?.query.get("subject")).toBe("auction:12");

    await user.selectOptions(screen.getByRole("combobox", { name: "Action" }), "Wallet adjusted");
    await user.selectOptions(screen.getByRole("combobox", { name: "From" }), "Ops CLI");
    await user.type(screen.getByLabelText("From day"), "2026-11-20");
    await user.type(screen.getByLabelText("To day (included)"), "2026-11-21");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(api.callsTo("GET", path).length).toBe(2));
    const query = api.callsTo("GET", path)[1]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      subject: "auction:12",
      action: "wallet.adjust",
      source: "cli",
      limit: "50",
      offset: "0",
    });
    expect(query.get("from")).toBe(new Date("2026-11-20T00:00").toISOString());
    expect(query.get("until")).toBe(new Date("2026-11-22T00:00").toISOString());

    await user.clear(screen.getByLabelText("To day (included)"));
    await user.type(screen.getByLabelText("To day (included)"), "2026-11-19");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByLabelText("To day (included)")).toHaveAccessibleDescription("Must not come before “From day”");
    expect(api.callsTo("GET", path).length).toBe(2);
  });
});
