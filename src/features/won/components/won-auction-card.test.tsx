import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { WonAuction } from "../../../../contract";
import { auth, recordRequests, reviews, server, wallet, won as wonHandlers } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { signedInUser, wonAuction as won } from "../../../../tests/support/spa-fixtures";
import { devMachines } from "../../../lib/dev-machines";
import { AddressCombobox } from "../../addresses";
import { WonAuctionCard } from "./won-auction-card";

const defaults = { phone: "", deliveryAddress: "" };

function renderCard(wonAuction: WonAuction) {
  // The pay form reads the wallet: enough in it to pay. A delivered one asks whether it is reviewed yet: not yet.
  server.use(auth.signedIn(signedInUser), wallet.balance(10), reviews.mine());
  renderWithRouter(<WonAuctionCard wonAuction={wonAuction} defaults={defaults} />);
  return screen.getByRole("article", { name: "Espresso machine" });
}

describe("a won auction's card", () => {
  it("shows an unpaid one with 'Unpaid', the stepper at 'Auction ended', its deadline and the pay form", () => {
    const card = renderCard(won({}));
    expect(within(card).getByTestId("fulfilment-badge")).toHaveTextContent("Unpaid");
    const steps = within(within(card).getByRole("list", { name: "Fulfilment progress" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      "1Auction ended · current step",
      "2Received payment · not yet",
      "3Out for delivery · not yet",
      "4Delivered · not yet",
    ]);
    expect(steps[0]).toHaveAttribute("aria-current", "step");
    expect(within(card).getByText("Pay by")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Pay €2.50" })).toBeInTheDocument();
  });

  it("shows a delivered one with every step done and what was paid", () => {
    const card = renderCard(
      won({
        state: "Delivered",
        amountPaidCents: 200,
        discountCents: 50,
        promoCode: "SPRING",
        deliveryAddress: "Tērbatas iela 2, Rīga, LV-1011",
        phone: "26123456",
        paidAt: "2030-01-01T11:00:00.000Z",
      }),
    );
    expect(within(card).getByTestId("fulfilment-badge")).toHaveTextContent("Delivered");
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((step) => step.textContent),
    ).toEqual(["Auction ended · done", "Received payment · done", "Out for delivery · done", "Delivered · current step"]);
    expect(within(card).getByText("Tērbatas iela 2, Rīga, LV-1011")).toBeInTheDocument();
    expect(within(card).getByText("−€0.50")).toBeInTheDocument();
    expect(within(card).queryByRole("form")).not.toBeInTheDocument();
    expect(within(card).queryByText("Pay by")).not.toBeInTheDocument();
  });

  it("shows an expired one as canceled after its first step", () => {
    const card = renderCard(won({ state: "Expired", expiredAt: "2030-01-04T10:00:00.000Z" }));
    expect(within(card).getByTestId("fulfilment-badge")).toHaveTextContent("Canceled");
    const steps = within(card).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      "Auction ended · done",
      "Payment not received, auction canceled · current step",
    ]);
    expect(within(card).getByText(/the payment window closed before the payment arrived/i)).toBeInTheDocument();
  });

  it("draws its badge, stepper and sections from its fulfilment actor, the very one the dev panel lists", () => {
    const card = renderCard(won({}));
    const fulfilment = devMachines().find((machine) => machine.name === "fulfilment #7")?.actor;
    expect(fulfilment?.getSnapshot().value).toBe("AwaitingPayment");

    // The list still says AwaitingPayment; the card's actor is told the payment arrived (as a tester would, from the panel).
    act(() => fulfilment?.send({ type: "payment.received" }));
    expect(within(card).getByTestId("fulfilment-badge")).toHaveTextContent("Paid");
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((step) => step.textContent),
    ).toEqual(["Auction ended · done", "2Received payment · current step", "3Out for delivery · not yet", "4Delivered · not yet"]);
    expect(within(card).queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(card).getByLabelText("Payment and delivery details")).toBeInTheDocument();
  });

  it("closes the pay form once the deadline has passed", () => {
    const card = renderCard(won({ deadlineAt: "2001-01-01T00:00:00.000Z" }));
    expect(within(card).queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(card).getByText("The payment window has closed.")).toBeInTheDocument();
  });

  it("focuses the first field in error as the form shows them, and keeps what is typed next in it", async () => {
    const user = userEvent.setup();
    const card = renderCard(won({}));
    const address = within(card).getByRole("combobox", { name: "Delivery address" });
    const phone = within(card).getByLabelText("Phone");
    await user.type(phone, "12345");
    await user.click(within(card).getByRole("button", { name: "Pay €2.50" }));
    expect(await within(card).findByText("Invalid phone number")).toBeInTheDocument();
    expect(address).toHaveFocus();
    await user.keyboard("Rīga");
    expect(address).toHaveValue("Rīga");
    expect(phone).toHaveValue("12345");
  });
});

/** The combobox with its value kept, as the pay form keeps it. */
function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <AddressCombobox
      label="Delivery address"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      onBlur={() => undefined}
    />
  );
}

describe("the delivery address combobox", () => {
  it("suggests while typing; arrows move, Enter picks, Escape closes", async () => {
    const labels = ["Brīvības iela 37, Rīga, LV-1010", "Brīvības iela 40, Rīga, LV-1010", "Brīvības iela 58, Rīga, LV-1010"];
    server.use(auth.signedIn(signedInUser), wonHandlers.addressSuggestions("brivibas", labels));
    const requests = recordRequests();
    const onChange = vi.fn();
    renderWithRouter(<Harness onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "Delivery address" });
    expect(input).toHaveAttribute("aria-expanded", "false");

    fireEvent.change(input, { target: { value: "brivibas" } });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(labels);
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(requests.some((request) => request.path === "/api/addresses" && request.query.get("q") === "brivibas")).toBe(true);

    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input).toHaveAttribute("aria-activedescendant", options[1]!.id);
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input).toHaveAttribute("aria-activedescendant", options[0]!.id);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onChange).toHaveBeenLastCalledWith(labels[0]);
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("option")).not.toBeInTheDocument();

    // Typing again opens the list; Escape closes it without choosing.
    fireEvent.change(input, { target: { value: "brivibas" } });
    expect(await screen.findAllByRole("option")).toHaveLength(3);
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
  });
});

describe("the fulfilment actor of a won auction", () => {
  it("follows the list's state by the machine's own steps, missed ones included, and the card shows where it is", () => {
    server.use(auth.signedIn(signedInUser));
    function Harness() {
      const [state, setState] = useState<WonAuction["state"]>("AwaitingPayment");
      return (
        <>
          <button type="button" onClick={() => setState("InDelivery")}>
            server update
          </button>
          {state !== "Delivered" && <WonAuctionCard wonAuction={won({ auctionId: 31, state })} defaults={defaults} />}
          <button type="button" onClick={() => setState("Delivered")}>
            leave
          </button>
        </>
      );
    }
    renderWithRouter(<Harness />);
    const actor = () => devMachines().find((machine) => machine.name === "fulfilment #31")?.actor;
    expect(actor()?.getSnapshot().value).toBe("AwaitingPayment");
    const seen: unknown[] = [];
    actor()?.subscribe((snapshot: { value: unknown }) => seen.push(snapshot.value));
    fireEvent.click(screen.getByRole("button", { name: "server update" }));
    expect(seen).toEqual(["PaymentReceived", "InDelivery"]);
    expect(screen.getByTestId("fulfilment-badge")).toHaveTextContent("In delivery");
    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent("Out for delivery");
    fireEvent.click(screen.getByRole("button", { name: "leave" }));
    expect(actor()).toBeUndefined();
  });
});
