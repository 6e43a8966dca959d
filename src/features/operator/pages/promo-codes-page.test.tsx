// Promo codes in the back office: a new code is checked by the contract's rules in the operator's words and sent as
// the contract's body (a percentage or cents); disabling one asks first, and a second operator's disable is told it
// was already done.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { PromoCode } from "../../../../contract";
import { operatorApi, refusal } from "../../../../tests/support/msw";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";

beforeAll(() => loadOperatorTexts());

const path = "/api/operator/promo-codes";
const spring: PromoCode = {
  id: 1,
  code: "SPRING10",
  kind: "percent",
  amount: 10,
  validFrom: null,
  validUntil: null,
  maxUses: 100,
  maxUsesPerUser: 1,
  uses: 3,
  createdBy: "operator@pennybid.lv",
  createdAt: "2026-11-01T10:00:00.000Z",
  disabledAt: null,
};
const renderPromo = () => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/promo-codes");

describe("promo codes", () => {
  it("refuses a bad code and amount in the operator's words, then sends a fixed discount in cents", async () => {
    const api = operatorApi.answering({
      [`GET ${path}`]: () => json({ items: [] }),
      [`POST ${path}`]: (body) => json({ ...spring, ...(body as object), id: 2, uses: 0 }, 201),
    });
    const user = userEvent.setup();
    renderPromo();
    expect(await screen.findByText("No promo codes yet.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code"), "two words");
    await user.type(screen.getByLabelText("Percent off"), "150");
    await user.click(screen.getByRole("button", { name: "Create code" }));
    await waitFor(() => expect(screen.getByLabelText("Code")).toHaveAccessibleDescription("Letters, digits, - and _ only"));
    expect(screen.getByLabelText("Percent off")).toHaveAccessibleDescription("At most 100");

    await user.clear(screen.getByLabelText("Code"));
    await user.type(screen.getByLabelText("Code"), "GIFT5");
    await user.click(screen.getByRole("radio", { name: "Fixed amount" }));
    await user.type(screen.getByLabelText("Amount off (€)"), "5,50");
    await user.type(screen.getByLabelText("Uses in all"), "10");
    await user.click(screen.getByRole("button", { name: "Create code" }));
    await waitFor(() =>
      expect(api.callsTo("POST", path).map((call) => call.body)).toEqual([{ code: "GIFT5", kind: "fixed", amount: 550, maxUses: 10 }]),
    );
  });

  it("disables a code after a confirmation, and says so when another operator was first", async () => {
    let disabled = false;
    const api = operatorApi.answering({
      [`GET ${path}`]: () => json({ items: [{ ...spring, disabledAt: disabled ? "2026-11-24T10:00:00.000Z" : null }] }),
      [`POST ${path}/SPRING10/disable`]: () =>
        disabled
          ? refusal(409, "CONFLICT", "already disabled")
          : ((disabled = true), json({ ...spring, disabledAt: "2026-11-24T10:00:00.000Z" })),
    });
    const user = userEvent.setup();
    renderPromo();
    const row = await screen.findByRole("listitem", { name: "SPRING10" });
    expect(row).toHaveTextContent("3 of 100");
    expect(row).toHaveTextContent("Active");
    await user.click(within(row).getByRole("button", { name: "Disable SPRING10" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable SPRING10?" });
    expect(dialog).toHaveTextContent("Entered promo code is not valid.");
    expect(api.callsTo("POST", `${path}/SPRING10/disable`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("listitem", { name: "SPRING10" })).toHaveTextContent("Disabled"));
    expect(within(screen.getByRole("listitem", { name: "SPRING10" })).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says the refusal when the code was already disabled by someone else", async () => {
    operatorApi.answering({
      [`GET ${path}`]: () => json({ items: [spring] }),
      [`POST ${path}/SPRING10/disable`]: () => refusal(409, "CONFLICT", "The promo code SPRING10 was already disabled."),
    });
    const user = userEvent.setup();
    renderPromo();
    await user.click(await screen.findByRole("button", { name: "Disable SPRING10" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable SPRING10?" });
    await user.click(within(dialog).getByRole("button", { name: "Disable" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Refused: this code is already disabled");
  });
});
