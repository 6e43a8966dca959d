import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { auth, personalData, recordRequests, refusal, requestsTo, server } from "../../../../tests/support/msw";
import { renderRoutes } from "../../../../tests/support/render";
import { DeleteAccountSection } from "./delete-account-section";

const refused =
  (status: number, code: string, values: Record<string, number> = {}) =>
  () =>
    refusal(status, code, "English for logs", values);

async function deleteWith(answer?: () => Response, password = "Secret1!") {
  server.use(
    auth.signedIn({
      isAuthenticated: true,
      firstName: "Anna",
      lastName: "Ozola",
      displayName: "anna",
      email: "anna@example.lv",
      isOperator: false,
    }),
    personalData.deleteAccount(answer),
  );
  const requests = recordRequests();
  renderRoutes([{ path: "/profile", element: <DeleteAccountSection className="" /> }], "/profile");
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Delete my account…" }));
  const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
  if (password) await user.type(screen.getByLabelText("Your password"), password);
  await user.click(screen.getByRole("button", { name: "Delete my account" }));
  return { dialog, deletions: () => requestsTo(requests, "POST", "/api/users/delete") };
}

describe("Delete my account", () => {
  it("names the balance to withdraw first and links to the wallet, and the dialog stays open", async () => {
    await deleteWith(refused(409, "BALANCE_NOT_WITHDRAWN", { amountCents: 750 }));
    // The first refusal loads the error schema (a chunk of its own): slower than the default wait on a cold start.
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert).toHaveTextContent("Withdraw your balance of €7.50 first: the account can be deleted once it is withdrawn.");
    expect(screen.getByRole("link", { name: "Go to the wallet" })).toHaveAttribute("href", "/wallet");
    expect(screen.getByRole("dialog", { name: "Delete your account?" })).toBeInTheDocument();
  });

  it("links an unpaid win to the won auctions", async () => {
    await deleteWith(refused(409, "WIN_UNPAID", { auctionId: 7 }));
    expect(await screen.findByRole("link", { name: "See your won auctions" })).toHaveAttribute("href", "/auctions/won");
  });

  it("puts a wrong password beside the field", async () => {
    await deleteWith(refused(400, "WRONG_CURRENT_PASSWORD"));
    expect(await screen.findByText("The current password is wrong.")).toBeInTheDocument();
  });

  it("asks for the password before sending anything", async () => {
    const { deletions } = await deleteWith(undefined, "");
    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(deletions()).toEqual([]);
  });
});
