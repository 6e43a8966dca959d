// Where a won auction is (SPEC.md §4): the short label as a badge, and the stepper in SPEC.md's order, both drawn
// from a fulfilment actor's snapshot.
import { useTexts } from "../../../hooks/use-texts";
import type { FulfilmentState } from "../../../../contract";
import { fulfilmentStepper, type FulfilmentSnapshot } from "../../../../machines/fulfilment.machine";
import { CheckGlyph, CloseGlyph } from "../../../components/ui/icons";

const badgeStyles: Record<FulfilmentState, string> = {
  AwaitingPayment: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  PaymentReceived: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  InDelivery: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900/50 dark:text-indigo-100",
  Delivered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  Expired: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

export function FulfilmentBadge({ state }: { state: FulfilmentState }) {
  const { t } = useTexts();
  return (
    <span
      data-testid="fulfilment-badge"
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-semibold ${badgeStyles[state]}`}
    >
      {t(`fulfilment.badges.${state}`)}
    </span>
  );
}

export function FulfilmentStepper({ fulfilment }: { fulfilment: FulfilmentSnapshot }) {
  const { t } = useTexts();
  const state = fulfilment.value;
  const steps = fulfilmentStepper(fulfilment);
  return (
    <ol
      aria-label={t("fulfilment.progress")}
      className="grid gap-2"
      style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}
    >
      {steps.map((step, index) => {
        const isCanceled = step.state === "Expired";
        const isDone = step.status === "done";
        const isCurrent = step.state === state;
        return (
          <li
            key={step.state}
            aria-current={isCurrent ? "step" : undefined}
            className="relative flex flex-col items-center gap-2 text-center"
          >
            {index > 0 && (
              <span
                aria-hidden="true"
                className={`absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2 ${step.status === "upcoming" ? "bg-line" : isCanceled ? "bg-slate-400" : "bg-primary-500"}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-[1] flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold ${
                isCanceled
                  ? "border-slate-500 bg-slate-500 text-white"
                  : isDone
                    ? "border-primary-500 bg-primary-500 text-white"
                    : step.status === "current"
                      ? "border-primary-500 bg-surface text-accent ring-4 ring-primary-500/20"
                      : "border-line bg-surface text-muted"
              }`}
            >
              {isCanceled ? <CloseGlyph className="size-4" /> : isDone ? <CheckGlyph className="size-4" /> : index + 1}
            </span>
            <span className={`text-xs leading-tight sm:text-sm ${step.status === "upcoming" ? "text-muted" : "font-semibold"}`}>
              {t(`fulfilment.steps.${step.state}`)}
              <span className="sr-only"> · {t(`fulfilment.stepStatus.${isCurrent ? "current" : step.status}`)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
