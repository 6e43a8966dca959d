// The fulfilment queue: each tab asks the API for its state; a paid win shows the winner's address and phone; the
// delivery steps offered are the fulfilment machine's for the row's state; a step asks first, and a refusal (another
// operator was first) is said in the dialog.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { OperatorBuyNowPurchase } from "../../../../contract";
import { buyNowPurchase, fulfilment } from "../../../../tests/support/operator-api";
import { operatorApi, refusal } from "../../../../tests/support/msw";
import { serverSends } from "../../../../tests/support/fake-socket";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";
import { stepsFrom } from "./fulfilment-queue-page";

// The page's socket, as the queue sees it: handlers by event, fired by the test as the server would.
vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));

beforeAll(() => loadOperatorTexts());

const listPath = "/api/operator/fulfilments";
const renderQueue = (search = "") => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], `/operator/fulfilments${search}`);

describe("the delivery steps a state allows", () => {
  it("are the machine's: paid → in delivery → delivered, nothing from unpaid, expired or delivered", () => {
    expect(stepsFrom("PaymentReceived")).toEqual(["InDelivery"]);
    expect(stepsFrom("InDelivery")).toEqual(["Delivered"]);
    expect(stepsFrom("AwaitingPayment")).toEqual([]);
    expect(stepsFrom("Expired")).toEqual([]);
    expect(stepsFrom("Delivered")).toEqual([]);
  });
});

describe("the fulfilment queue", () => {
  it("shows paid wins with address and phone and moves one to In delivery after a confirmation", async () => {
    let state: "PaymentReceived" | "InDelivery" = "PaymentReceived";
    const api = operatorApi.answering({
      [`GET ${listPath}`]: () => json({ items: state === "PaymentReceived" ? [fulfilment()] : [] }),
      [`POST ${listPath}/42/advance`]: () => (
        (state = "InDelivery"),
        json(fulfilment({ state, inDeliveryAt: "2030-01-02T10:00:00.000Z" }))
      ),
    });
    const user = userEvent.setup();
    renderQueue();
    const row = await screen.findByRole("listitem", { name: /Espresso machine/ });
    expect(screen.getByRole("navigation", { name: "Fulfilment state" }).querySelector("[aria-current=page]")).toHaveTextContent("To send");
    expect(api.callsTo("GET", listPath)[0]?.query.get("state")).toBe("PaymentReceived");
    expect(row).toHaveTextContent("Brīvības iela 1, Rīga, LV-1010");
    expect(within(row).getByRole("link", { name: "+371 26 123 456" })).toHaveAttribute("href", "tel:+37126123456");
    expect(within(row).queryByRole("button", { name: "Mark as delivered" })).not.toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Mark as in delivery" }));
    const dialog = await screen.findByRole("dialog", { name: "Send this win?" });
    expect(api.callsTo("POST", `${listPath}/42/advance`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Mark as in delivery" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST", `${listPath}/42/advance`).map((call) => call.body)).toEqual([{ to: "InDelivery" }]);
    expect(await screen.findByText("Nothing to send: no paid win is waiting.")).toBeInTheDocument();
  });

  it("follows live: a winner's payment elsewhere brings the win into To send without a reload", async () => {
    let items: ReturnType<typeof fulfilment>[] = [];
    const api = operatorApi.answering({ [`GET ${listPath}`]: () => json({ items }) });
    renderQueue();
    expect(await screen.findByText("Nothing to send: no paid win is waiting.")).toBeInTheDocument();
    const asked = api.callsTo("GET", listPath).length;

    items = [fulfilment()];
    serverSends("fulfilment:changed", { auctionId: 42, state: "PaymentReceived" });
    expect(await screen.findByRole("listitem", { name: /Espresso machine/ })).toHaveTextContent("Brīvības iela 1");
    expect(api.callsTo("GET", listPath).length).toBe(asked + 1);
  });

  it("reads again a change heard while its first read is on its way, whose answer left before it", async () => {
    let release: () => void = () => undefined;
    const before = new Promise<void>((resolve) => (release = resolve));
    let items: ReturnType<typeof fulfilment>[] = [];
    const api = operatorApi.answering({
      // The first read left before the payment: it answers what was true then, once let go.
      [`GET ${listPath}`]: () => {
        if (api.callsTo("GET", listPath).length > 1) return json({ items });
        const then = items;
        return before.then(() => json({ items: then }));
      },
    });
    renderQueue();
    await waitFor(() => expect(api.callsTo("GET", listPath)).toHaveLength(1));
    items = [fulfilment()];
    serverSends("fulfilment:changed", { auctionId: 42, state: "PaymentReceived" });
    release();
    expect(await screen.findByRole("listitem", { name: /Espresso machine/ })).toHaveTextContent("Brīvības iela 1");
  });

  it("follows Buy it now purchases live too: a purchase elsewhere appears under the wins, and a reconnect asks both lists again", async () => {
    const purchasesPath = "/api/operator/buy-now";
    let purchases: OperatorBuyNowPurchase[] = [];
    const api = operatorApi.answering({
      [`GET ${listPath}`]: () => json({ items: [] }),
      [`GET ${purchasesPath}`]: () => json({ items: purchases }),
    });
    renderQueue();
    expect(await screen.findByText("No Buy it now purchase is waiting to be sent.")).toBeInTheDocument();
    const [wins, bought] = [api.callsTo("GET", listPath).length, api.callsTo("GET", purchasesPath).length];

    purchases = [buyNowPurchase()];
    serverSends("buyNow:changed", { purchaseId: 7, state: "PaymentReceived" });
    const section = screen.getByRole("region", { name: "Buy it now" });
    expect(await within(section).findByRole("listitem", { name: /Coffee grinder/ })).toHaveTextContent("Buyer: anna_b");
    // The purchase's event asks only for the purchases; the wins' list stays as it was read.
    expect(api.callsTo("GET", purchasesPath).length).toBe(bought + 1);
    expect(api.callsTo("GET", listPath).length).toBe(wins);

    serverSends("connect");
    await waitFor(() => expect(api.callsTo("GET", purchasesPath).length).toBe(bought + 2));
    await waitFor(() => expect(api.callsTo("GET", listPath).length).toBe(wins + 1));
  });

  it("offers no step for an unpaid win and shows its deadline", async () => {
    operatorApi.answering({
      [`GET ${listPath}`]: () =>
        json({
          items: [
            fulfilment({
              state: "AwaitingPayment",
              amountPaidCents: null,
              discountCents: null,
              deliveryAddress: null,
              phone: null,
              paidAt: null,
            }),
          ],
        }),
    });
    renderQueue("?state=AwaitingPayment");
    const row = await screen.findByRole("listitem", { name: /Espresso machine/ });
    expect(row).toHaveTextContent("Pay by");
    expect(within(row).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says so in the dialog when another operator moved the win first", async () => {
    operatorApi.answering({
      [`GET ${listPath}`]: () => json({ items: [fulfilment({ state: "InDelivery", inDeliveryAt: "2030-01-02T10:00:00.000Z" })] }),
      [`POST ${listPath}/42/advance`]: () =>
        refusal(409, "FULFILMENT_STEP_REFUSED", "The fulfilment of auction 42 is Delivered; it cannot move to Delivered."),
    });
    const user = userEvent.setup();
    renderQueue("?state=InDelivery");
    await user.click(await screen.findByRole("button", { name: "Mark as delivered" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark this win as delivered?" });
    await user.click(within(dialog).getByRole("button", { name: "Mark as delivered" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Refused: this win has moved on meanwhile");
  });
});
