// The add-funds dialog as a user meets it (SPEC.md §4): opened from a button, an amount typed in, Pay, and off to the
// provider's checkout remembering where the user was; by pointer and by keyboard, through roles and labels.
import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "../../../../contract/constants";
import { auth, recordRequests, requestsTo, server, wallet } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { AddFundsDialog, useAddFunds } from "./add-funds-dialog";

/** What the account menu does: a button that opens the dialog. */
function AddFundsButton() {
  const actor = useAddFunds();
  return (
    <>
      <button type="button" onClick={() => actor.send({ type: "dialog.open" })}>
        Add funds
      </button>
      <AddFundsDialog actor={actor} />
    </>
  );
}

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
  // happy-dom checks `step="0.01"` with a float remainder (5 % 0.01 !== 0), so it would refuse to submit any amount;
  // a browser counts in steps and accepts whole cents, which is all these tests type.
  vi.spyOn(ValidityState.prototype, "stepMismatch", "get").mockReturnValue(false);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderDialog(answer?: () => Response) {
  server.use(auth.signedOut(), wallet.createPayment(answer));
  const requests = recordRequests();
  renderWithRouter(<AddFundsButton />, "/wallet?page=2");
  const payments = () =>
    Promise.all(requestsTo(requests, "POST", "/api/payments").map(async (request) => [request.method, await request.json()]));
  return { payments };
}

describe("the add-funds dialog", () => {
  it("takes an amount and pays: the payment is created, and the browser goes to checkout remembering the page", async () => {
    const user = userEvent.setup();
    const { payments } = renderDialog();

    await user.click(screen.getByRole("button", { name: "Add funds" }));
    const dialog = screen.getByRole("dialog", { name: "Add funds" });
    expect(dialog).toHaveAccessibleDescription("Top up your wallet by bank card or online banking.");
    const pay = within(dialog).getByRole("button", { name: "Pay" });
    expect(pay).toBeDisabled();

    await user.type(within(dialog).getByLabelText("Amount"), "12.5");
    expect(pay).toBeEnabled();
    await user.click(pay);

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example/session/1"));
    expect(await payments()).toEqual([["POST", { amount: 12.5, language: "en" }]]);
    expect(window.localStorage.getItem(storageKeys.paymentId)).toBe("pay_1");
    expect(window.localStorage.getItem(storageKeys.paymentOrigin)).toBe("/wallet?page=2");
  });

  it("works from the keyboard: Enter opens it with focus inside, Tab reaches the amount, Enter pays", async () => {
    const user = userEvent.setup();
    const { payments } = renderDialog();

    await user.tab();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "Add funds" });
    // Focus moves into the dialog, onto its first control, and Tab goes on to the amount.
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByLabelText("Amount")).toHaveFocus();
    await user.keyboard("5{Enter}");

    await vi.waitFor(async () => expect(await payments()).toEqual([["POST", { amount: 5, language: "en" }]]));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledOnce());
  });

  it("closes with Escape and with its Close button, paying nothing", async () => {
    const user = userEvent.setup();
    const { payments } = renderDialog();

    await user.click(screen.getByRole("button", { name: "Add funds" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Add funds" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await payments()).toEqual([]);
  });

  it("stays open with the amount marked when the provider refuses, so the user can try again", async () => {
    const user = userEvent.setup();
    renderDialog(() =>
      HttpResponse.json({ isSuccess: false, checkoutUrl: null, payment: null, errorMessage: "The card provider is not answering." }),
    );

    await user.click(screen.getByRole("button", { name: "Add funds" }));
    const dialog = screen.getByRole("dialog", { name: "Add funds" });
    const amount = within(dialog).getByLabelText("Amount");
    await user.type(amount, "20");
    await user.click(within(dialog).getByRole("button", { name: "Pay" }));

    await vi.waitFor(() => expect(amount).toHaveAttribute("aria-invalid", "true"));
    expect(within(dialog).getByRole("button", { name: "Pay" })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });
});
