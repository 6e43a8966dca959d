// The add-funds dialog (400 wide): an amount and Pay, driven by the add-funds machine.
import * as Dialog from "@radix-ui/react-dialog";
import { useActorRef, useSelector } from "@xstate/react";
import { useId } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { useLocation } from "react-router-dom";
import { fromPromise } from "xstate";
import { addFundsMachine, payableAmount } from "../../../../machines/add-funds.machine";
import { CloseGlyph } from "../../../components/ui/icons";
import { showToast } from "../../../components/ui/toast";
import { useDevRegistration } from "../../../lib/dev-machines";
import { OpenLayer } from "../../../lib/foreground";
import { createPayment, goToCheckout } from "../api/payments";
import { iconButtonClassName } from "../../../components/ui/button";

export function useAddFunds() {
  const { t } = useTexts();
  const location = useLocation();
  const origin = location.pathname + location.search;
  const actor = useActorRef(
    addFundsMachine.provide({
      actors: { createPayment: fromPromise(({ input }) => createPayment(input.amount)) },
      actions: {
        goToCheckout: (_, { checkoutUrl, paymentId }) => goToCheckout(checkoutUrl, paymentId, origin),
        showError: (_, { message }) => showToast("error", message || t("errors.INTERNAL")),
      },
    }),
  );
  useDevRegistration("add-funds", actor);
  return actor;
}

export type AddFundsActor = ReturnType<typeof useAddFunds>;

export function AddFundsDialog({ actor }: { actor: AddFundsActor }) {
  const { t } = useTexts();
  const id = useId();
  const isOpen = useSelector(actor, (s) => !s.matches("closed"));
  const amount = useSelector(actor, (s) => s.context.amount);
  const isLoading = useSelector(actor, (s) => s.hasTag("loading"));
  // The server's message itself is shown once, as the error toast (SPEC.md §4); the field is marked meanwhile.
  const hasError = useSelector(actor, (s) => s.context.errorMessage !== null);
  const canPay = payableAmount(amount) !== null;

  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => actor.send({ type: open ? "dialog.open" : "dialog.close" })}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1250] bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[1251] w-[400px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-line bg-surface p-6 shadow-2xl outline-none">
          <OpenLayer name="AddFunds" />
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold">{t("wallet.addFunds.title")}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">{t("wallet.addFunds.description")}</Dialog.Description>
            </div>
            <Dialog.Close aria-label={t("common.close")} className={iconButtonClassName("size-9")}>
              <CloseGlyph className="size-5" />
            </Dialog.Close>
          </div>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: "pay" });
            }}
            className="flex flex-col gap-4"
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor={id} className="text-sm font-medium">
                {t("wallet.addFunds.amount")}
              </label>
              <div className="relative">
                <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-muted">€</span>
                <input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  value={amount}
                  onChange={(event) => actor.send({ type: "amount.changed", value: event.target.value })}
                  aria-invalid={hasError || undefined}
                  className="h-12 w-full rounded-xl border border-line bg-surface pr-3.5 pl-8 text-lg outline-none focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20"
                />
              </div>
              <p className="text-xs text-muted">{t("wallet.addFunds.limits")}</p>
            </div>
            <button
              type="submit"
              disabled={!canPay || isLoading}
              aria-busy={isLoading || undefined}
              className="flex h-12 items-center justify-center gap-2 rounded-full bg-primary-700 font-semibold text-white shadow-sm transition hover:bg-primary-800 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {isLoading && (
                <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              )}
              {t("wallet.addFunds.pay")}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
