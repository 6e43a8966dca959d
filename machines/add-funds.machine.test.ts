import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { CreatePaymentResponse } from "../contract";
import { addFundsMachine, payableAmount, type AddFundsEvent } from "./add-funds.machine";
import { generatePaths, reachedStates, walkAll } from "./generated-paths";

const success: CreatePaymentResponse = { isSuccess: true, checkoutUrl: "http://x/sandbox/checkout/p1", payment: { id: "p1" }, errorMessage: null };
const refusal: CreatePaymentResponse = { isSuccess: false, checkoutUrl: null, payment: null, errorMessage: "The smallest top-up is €1.00." };

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

  it(`walks all ${paths.length} generated paths, through every transition`, () => {
    const reached = reachedStates(paths);
    for (const value of ["closed", { open: "editing" }, { open: "submitting" }, "redirecting"]) expect(reached).toContain(JSON.stringify(value));
    const { mismatches, untaken } = walkAll(machine, paths);
    expect(mismatches).toEqual([]);
    expect(untaken).toEqual([]);
  });
});
