// The add-funds dialog (SPEC.md §4): closed, then open. Pay is disabled while the amount is empty or below 0 (zero
// is allowed: the server explains the minimum); loading during the request; on success with a checkout address
// and a payment the caller stores them and leaves for the provider; on failure its message is shown.
// Pure: `createPayment`, `goToCheckout` and `showError` come from the caller.
import { assign, fromPromise, setup } from "xstate";
import type { CreatePaymentResponse } from "../contract";

export type AddFundsContext = { amount: string; errorMessage: string | null };

export type AddFundsEvent =
  /** `amount` fills the field, as when a short wallet is offered the missing amount. */
  { type: "dialog.open"; amount?: string } | { type: "dialog.close" } | { type: "amount.changed"; value: string } | { type: "pay" };

/** What the amount field holds, as a number of euros, or null when Pay must stay disabled. */
export function payableAmount(amount: string): number | null {
  if (amount.trim() === "") return null;
  const value = Number(amount.replace(",", "."));
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export const addFundsMachine = setup({
  types: { context: {} as AddFundsContext, events: {} as AddFundsEvent },
  actors: {
    createPayment: fromPromise<CreatePaymentResponse, { amount: number }>(() =>
      Promise.reject(new Error("createPayment must be provided")),
    ),
  },
  actions: {
    assignAmount: assign(({ event }) => (event.type === "amount.changed" ? { amount: event.value, errorMessage: null } : {})),
    fillAmount: assign(({ event }) => ({ amount: event.type === "dialog.open" ? (event.amount ?? "") : "", errorMessage: null })),
    assignError: assign((_, params: { message: string }) => ({ errorMessage: params.message })),
    goToCheckout: (_, _params: { checkoutUrl: string; paymentId: string }) => undefined,
    showError: (_, _params: { message: string }) => undefined,
  },
  guards: {
    canPay: ({ context }) => payableAmount(context.amount) !== null,
    hasCheckout: (_, answer: CreatePaymentResponse) => answer.isSuccess && answer.checkoutUrl !== null && answer.payment !== null,
  },
}).createMachine({
  id: "addFunds",
  context: { amount: "", errorMessage: null },
  initial: "closed",
  states: {
    closed: {
      on: { "dialog.open": { target: "open", actions: "fillAmount" } },
    },
    open: {
      initial: "editing",
      on: { "dialog.close": "closed" },
      states: {
        editing: {
          on: {
            "amount.changed": { actions: "assignAmount" },
            pay: { guard: "canPay", target: "submitting" },
          },
        },
        submitting: {
          tags: ["loading"],
          on: { "dialog.close": {} },
          invoke: {
            id: "createPayment",
            src: "createPayment",
            input: ({ context }) => ({ amount: payableAmount(context.amount) ?? 0 }),
            onDone: [
              {
                guard: { type: "hasCheckout", params: ({ event }) => event.output },
                target: "#addFunds.redirecting",
                actions: {
                  type: "goToCheckout",
                  params: ({ event }) => ({ checkoutUrl: event.output.checkoutUrl ?? "", paymentId: event.output.payment?.id ?? "" }),
                },
              },
              {
                target: "editing",
                actions: [
                  { type: "showError", params: ({ event }) => ({ message: event.output.errorMessage ?? "" }) },
                  { type: "assignError", params: ({ event }) => ({ message: event.output.errorMessage ?? "" }) },
                ],
              },
            ],
            onError: {
              target: "editing",
              actions: [
                { type: "showError", params: { message: "" } },
                { type: "assignError", params: { message: "" } },
              ],
            },
          },
        },
      },
    },
    redirecting: { tags: ["loading"], type: "final" },
  },
});
