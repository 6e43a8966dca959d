// The new-draft form: the contract's rules in the operator's words before anything is sent, and a valid draft sent
// as the contract's CreateAuctionBody (cents, an ISO time), then its page.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auctionDetail, refusal, stubOperatorApi } from "../../../../tests/support/operator-api";
import { json, renderRoutes } from "../../../../tests/support/render";
import { changeLanguage, loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../OperatorArea";

// The area is rendered here without its door (OperatorGate), which loads its texts.
beforeAll(() => loadOperatorTexts());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage("en");
});

const renderForm = () => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/new");

describe("a new draft", () => {
  it("says what is wrong with each field, in the operator's words, and sends nothing", async () => {
    const api = stubOperatorApi({});
    const user = userEvent.setup();
    renderForm();
    await user.clear(await screen.findByLabelText("Initial timer (seconds)"));
    await user.type(screen.getByLabelText("Initial timer (seconds)"), "2");
    await user.clear(screen.getByLabelText("Entry fee (€)"));
    await user.type(screen.getByLabelText("Entry fee (€)"), "0.505");
    await user.clear(screen.getByLabelText("Timer after a bid (seconds)"));
    await user.type(screen.getByLabelText("Timer after a bid (seconds)"), "ten");
    await user.type(screen.getByLabelText("Price cap (€)"), "2000000");
    fireEvent.change(screen.getByLabelText("Hard end"), { target: { value: "2020-01-01T10:00" } });
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAccessibleDescription("Required");
    expect(screen.getByLabelText("Initial timer (seconds)")).toHaveAccessibleDescription("At least 5");
    expect(screen.getByLabelText("Entry fee (€)")).toHaveAccessibleDescription("Enter an amount in euros, e.g. 12.50");
    expect(screen.getByLabelText("Timer after a bid (seconds)")).toHaveAccessibleDescription("Enter a whole number");
    // Money limits in euros, though the contract counts cents.
    expect(screen.getByLabelText("Price cap (€)")).toHaveAccessibleDescription("At most €1000000.00");
    expect(api.callsTo("POST", "/api/operator/auctions")).toEqual([]);
  });

  it("speaks the operator's language", async () => {
    stubOperatorApi({});
    await changeLanguage("lv");
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole("button", { name: "Saglabāt melnrakstu" }));
    expect(await screen.findByLabelText("Nosaukums")).toHaveAccessibleDescription("Obligāts lauks");
  });

  it("refuses a hard end before the start at the field", async () => {
    stubOperatorApi({});
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("Title"), "Kettle");
    fireEvent.change(screen.getByLabelText("Starts at"), { target: { value: "2030-01-02T10:00" } });
    fireEvent.change(screen.getByLabelText("Hard end"), { target: { value: "2030-01-02T09:00" } });
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("The hard end must come after the start")).toBeInTheDocument();
  });

  it("sends a valid draft in cents with an ISO start, then opens its page", async () => {
    const api = stubOperatorApi({
      "POST /api/operator/auctions": () => json(auctionDetail({ status: "New", title: "Kettle" }), 201),
      "GET /api/operator/auctions/42": () => json(auctionDetail({ status: "New", title: "Kettle" })),
    });
    const user = userEvent.setup();
    const { router } = renderForm();
    await user.type(await screen.findByLabelText("Title"), "  Kettle ");
    await user.type(screen.getByLabelText("Description"), "Boils water.");
    await user.clear(screen.getByLabelText("Retail value (€)"));
    await user.type(screen.getByLabelText("Retail value (€)"), "39,99");
    await user.clear(screen.getByLabelText("Entry fee (€)"));
    await user.type(screen.getByLabelText("Entry fee (€)"), "0.5");
    fireEvent.change(screen.getByLabelText("Starts at"), { target: { value: "2030-01-02T10:00" } });
    await user.type(screen.getByLabelText("Price cap (€)"), "25");
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/operator/auctions/42"));
    expect(api.callsTo("POST", "/api/operator/auctions")[0]?.body).toEqual({
      title: "Kettle",
      description: "Boils water.",
      images: [],
      retailValueCents: 3999,
      entryFeeCents: 50,
      startsAt: new Date("2030-01-02T10:00").toISOString(),
      initialSeconds: 120,
      resetSeconds: 20,
      minPreviousEntries: 0,
      priceCapCents: 2500,
      paymentWindowHours: 72,
      publish: false,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Kettle" })).toBeInTheDocument();
  });

  it("shows a refusal of the server in the operator's words", async () => {
    stubOperatorApi({ "POST /api/operator/auctions": () => refusal(409, "CONFLICT", "The price cap must be above the start price.") });
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("Title"), "Kettle");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The draft was not saved: the hard end must come after the start and the price cap above the start price.",
    );
  });
});
