import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { CreatePaymentResponse } from "../contract";
import { addFundsMachine, payableAmount, type AddFundsEvent } from "./add-funds.machine";
import { generatePaths, isActorDone, isActorError, walkAgainst, type Oracle } from "../tests/support/machine-paths";

const success: CreatePaymentResponse = {
  isSuccess: true,
  checkoutUrl: "http://x/sandbox/checkout/p1",
  payment: { id: "p1" },
  errorMessage: null,
};
const refusal: CreatePaymentResponse = {
  isSuccess: false,
  checkoutUrl: null,
  payment: null,
  errorMessage: "The smallest top-up is €1.00.",
};

function start(answer: CreatePaymentResponse | Error) {
  const goToCheckout = vi.fn();
  const showError = vi.fn();
  const createPayment = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const actor = createActor(
    addFundsMachine.provide({
      actors: { createPayment: fromPromise(createPayment) },
      actions: { goToCheckout: (_, params) => goToCheckout(params), showError: (_, params) => showError(params) },
    }),
  ).start();
  return { actor, goToCheckout, showError, createPayment };
}

describe("the add-funds machine", () => {
  it("keeps Pay disabled while the amount is empty or below zero; zero is allowed", () => {
    expect(payableAmount("")).toBeNull();
    expect(payableAmount("  ")).toBeNull();
    expect(payableAmount("-1")).toBeNull();
    expect(payableAmount("abc")).toBeNull();
    expect(payableAmount("0")).toBe(0);
    expect(payableAmount("10,50")).toBe(10.5);
  });

  it("does not pay without an amount", () => {
    const { actor, createPayment } = start(success);
    actor.send({ type: "dialog.open" });
    actor.send({ type: "pay" });
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    actor.send({ type: "amount.changed", value: "-5" });
    actor.send({ type: "pay" });
    expect(createPayment).not.toHaveBeenCalled();
  });

  it("is loading during the request, then leaves for the checkout with the payment", async () => {
    const { actor, goToCheckout, createPayment } = start(success);
    actor.send({ type: "dialog.open" });
    actor.send({ type: "amount.changed", value: "10" });
    actor.send({ type: "pay" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await waitFor(actor, (s) => s.matches("redirecting"));
    expect(createPayment).toHaveBeenCalledWith(expect.objectContaining({ input: { amount: 10 } }));
    expect(goToCheckout).toHaveBeenCalledWith({ checkoutUrl: success.checkoutUrl, paymentId: "p1" });
  });

  it("shows the server's message and stays open on failure", async () => {
    const { actor, showError, goToCheckout } = start(refusal);
    actor.send({ type: "dialog.open" });
    actor.send({ type: "amount.changed", value: "0" });
    actor.send({ type: "pay" });
    await waitFor(actor, (s) => s.matches({ open: "editing" }));
    expect(showError).toHaveBeenCalledWith({ message: "The smallest top-up is €1.00." });
    expect(actor.getSnapshot().context.errorMessage).toBe("The smallest top-up is €1.00.");
    expect(goToCheckout).not.toHaveBeenCalled();
    actor.send({ type: "amount.changed", value: "5" });
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it("opens empty each time", () => {
    const { actor } = start(success);
    actor.send({ type: "dialog.open" });
    actor.send({ type: "amount.changed", value: "12" });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "dialog.open" });
    expect(actor.getSnapshot().context.amount).toBe("");
  });

  it("opens with the amount it is given, ready to pay, and empty again the next time", () => {
    const { actor } = start(success);
    actor.send({ type: "dialog.open", amount: "1.50" });
    expect(actor.getSnapshot().context.amount).toBe("1.50");
    expect(actor.getSnapshot().can({ type: "pay" })).toBe(true);
    actor.send({ type: "dialog.close" });
    actor.send({ type: "dialog.open" });
    expect(actor.getSnapshot().context.amount).toBe("");
  });

  // Generated at collection time, so that the test's title says how many paths run.
  const events = [
    { type: "dialog.open" },
    { type: "dialog.open", amount: "2.00" },
    { type: "dialog.close" },
    { type: "amount.changed", value: "5" },
    { type: "amount.changed", value: "" },
    { type: "pay" },
    { type: "xstate.done.actor.createPayment", output: success },
    { type: "xstate.done.actor.createPayment", output: refusal },
    { type: "xstate.error.actor.createPayment", error: new Error("offline") },
  ] as unknown as AddFundsEvent[];
  const machine = addFundsMachine.provide({ actions: { goToCheckout: () => undefined, showError: () => undefined } });
  const paths = generatePaths(machine, { events });

  it(`walks all ${paths.length} generated paths, each step as SPEC.md's add-funds dialog says`, () => {
    const { mismatches, unmetRules, reached } = walkAgainst(machine, paths, addFundsRules);
    expect(mismatches).toEqual([]);
    expect(unmetRules).toEqual([]);
    expect(reached).toContain(JSON.stringify("redirecting"));
  });
});

/**
 * SPEC.md §2 and §5's add-funds dialog by hand, apart from the machine: it opens with the amount offered (or empty) and
 * closes, except while the request is out; Pay does nothing while the amount is empty or below 0; a checkout address
 * with its payment leaves for the provider, anything else keeps the dialog open with the message.
 */
type AddFundsModel = { state: "closed" | "editing" | "submitting" | "redirecting"; amount: string };
const canPay = (amount: string) => amount.trim() !== "" && Number(amount.replace(",", ".")) >= 0;
const addFundsRules: Oracle<AddFundsModel> = {
  start: { state: "closed", amount: "" },
  value: ({ state }) => (state === "editing" || state === "submitting" ? { open: state } : state),
  shown: ({ state, amount }) => (state === "closed" ? {} : { amount }),
  next(model, event) {
    const to = (state: AddFundsModel["state"], rule: string, amount = model.amount) => ({ rules: [rule], model: { state, amount } });
    const { state } = model;
    const command = event as AddFundsEvent;
    if (state === "closed" && command.type === "dialog.open")
      return to("editing", "closed: opens with the amount offered", command.amount ?? "");
    if (state === "editing" && command.type === "dialog.close") return to("closed", "open: closes");
    if (state === "editing" && command.type === "amount.changed") return to("editing", "editing: the amount changes", command.value);
    if (state === "editing" && command.type === "pay")
      return canPay(model.amount) ? to("submitting", "editing: pays") : to("editing", "editing: Pay is disabled");
    if (state === "submitting" && isActorDone(event, "createPayment")) {
      const answer = (event as unknown as { output: CreatePaymentResponse }).output;
      const hasCheckout = answer.isSuccess && answer.checkoutUrl !== null && answer.payment !== null;
      return hasCheckout
        ? to("redirecting", "submitting: leaves for the checkout")
        : to("editing", "submitting: refused, the message shows");
    }
    if (state === "submitting" && isActorError(event, "createPayment")) return to("editing", "submitting: failed, the message shows");
    return null;
  },
  rules: [
    "closed: opens with the amount offered",
    "open: closes",
    "editing: the amount changes",
    "editing: pays",
    "editing: Pay is disabled",
    "submitting: leaves for the checkout",
    "submitting: refused, the message shows",
    "submitting: failed, the message shows",
  ],
};
