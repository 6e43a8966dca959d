// The profile's responsible-play section (decision 033): the two monthly limits (a lower one applies at once, a higher
// one after 24 hours) and a break that blocks enrolment, bidding and top-ups and cannot be lifted early.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTexts } from "../../../hooks/use-texts";
import { useLocation } from "react-router-dom";
import {
  PauseForm,
  SpendLimitsForm,
  pauseLengths,
  type PauseFormFields,
  type SetSpendLimitsBody,
  type SpendLimitsFormFields,
  type SpendLimitsResponse,
  type SpendLimitView,
} from "../../../../contract";
import { FieldMessage, FormAlert, SubmitButton, TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { amountText, useDateTime } from "../../../lib/format";
import { useRefusalValues } from "../../../lib/refusal-values";
import { useSetSpendLimits, useSpendLimits, useStartPause } from "../api/spend-limits";
import { LimitStatus } from "./spend-summary";

const card = "rounded-2xl border border-line bg-surface p-6 shadow-sm";

export function SpendLimitsSection() {
  const { data: limits } = useSpendLimits();
  if (!limits) return null;
  return (
    <>
      <LimitsForm limits={limits} />
      <BreakForm pausedUntil={limits.pausedUntil} />
    </>
  );
}

/** The field's text: the limit the user chose last (a waiting raise included), empty for none. */
const chosenText = (view: SpendLimitView) => {
  const chosen = view.pending ? view.pending.limitCents : view.limitCents;
  return chosen === null ? "" : amountText(chosen);
};

function LimitsForm({ limits }: { limits: SpendLimitsResponse }) {
  const { t } = useTexts();
  const [failure, setFailure] = useState<string>();
  const form = useForm<SpendLimitsFormFields, unknown, SetSpendLimitsBody>({
    resolver: zodResolver(SpendLimitsForm),
    values: { auctionLimit: chosenText(limits.auction), topUpLimit: chosenText(limits.topUp) },
  });
  const mutation = useSetSpendLimits();
  const { errors } = form.formState;
  // The wallet's "Set limits" leads here (#spend-limits): on a phone the card is far below the profile's details.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === "#spend-limits") section.current?.scrollIntoView({ block: "start" });
  }, [hash]);
  return (
    <section ref={section} aria-labelledby="spend-limits" className={`${card} scroll-mt-24 self-start`}>
      <h2 id="spend-limits" className="mb-2 text-xl font-semibold">
        {t("limits.title")}
      </h2>
      <p className="mb-4 text-sm text-muted">{t("limits.intro")}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) => {
          setFailure(undefined);
          mutation.mutate(body, {
            onSuccess: (saved) =>
              showToast("success", t(saved.auction.pending || saved.topUp.pending ? "limits.savedLater" : "limits.saved")),
            onError: () => setFailure(t("limits.saveFailed")),
          });
        })}
        className="flex flex-col gap-4"
      >
        <FormAlert message={failure} />
        {(["auction", "topUp"] as const).map((kind) => {
          const field = `${kind}Limit` as const;
          return (
            <div key={kind}>
              <TextField
                label={t(`limits.${field}`)}
                inputMode="decimal"
                autoComplete="off"
                hint={t(`limits.${field}Hint`)}
                error={errors[field]?.message}
                {...form.register(field)}
              />
              <LimitStatus view={limits[kind]} kind={kind} />
            </div>
          );
        })}
        <SubmitButton isPending={mutation.isPending}>{t("limits.save")}</SubmitButton>
      </form>
    </section>
  );
}

type BreakFormProps = {
  pausedUntil: string | null;
  /** Inside another's dialog (a reality check's Take a break): no card and no heading of its own. */
  isInDialog?: boolean;
  /** The pause has started (after its toast). */
  onStarted?: () => void;
};

export function BreakForm({ pausedUntil, isInDialog = false, onStarted }: BreakFormProps) {
  const { t } = useTexts();
  const dateTime = useDateTime();
  const refusalValues = useRefusalValues();
  const [failure, setFailure] = useState<string>();
  const form = useForm<PauseFormFields>({ resolver: zodResolver(PauseForm), defaultValues: { length: "24h" } });
  const mutation = useStartPause();
  const { errors } = form.formState;
  return (
    <section aria-labelledby={isInDialog ? undefined : "spend-break"} className={isInDialog ? undefined : `${card} self-start`}>
      {!isInDialog && (
        <h2 id="spend-break" className="mb-2 text-xl font-semibold">
          {t("limits.pause.title")}
        </h2>
      )}
      <p className="mb-4 text-sm text-muted">{t("limits.pause.intro")}</p>
      {pausedUntil && (
        <p
          role="status"
          className="mb-4 rounded-xl bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
        >
          {t("limits.pause.until", { time: dateTime(pausedUntil) })}
        </p>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit((body) => {
          setFailure(undefined);
          mutation.mutate(body.length, {
            onSuccess: () => {
              form.reset({ length: body.length });
              showToast("success", t("limits.pause.started"));
              onStarted?.();
            },
            onError: (error) =>
              setFailure(
                error instanceof ApiError && error.code === "PAUSE_CANNOT_BE_SHORTENED"
                  ? t("errors.PAUSE_CANNOT_BE_SHORTENED", refusalValues(error.values))
                  : t("limits.pause.failed"),
              ),
          });
        })}
        className="flex flex-col gap-4"
      >
        <FormAlert message={failure} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("limits.pause.length")}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {pauseLengths.map((length) => (
              <label key={length} className="flex items-center gap-2 text-sm">
                <input type="radio" value={length} className="size-4 accent-primary-700" {...form.register("length")} />
                {t(`limits.pause.${length}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary-700"
              aria-invalid={errors.isUnderstood ? true : undefined}
              aria-describedby={errors.isUnderstood ? "spend-break-confirm-error" : undefined}
              {...form.register("isUnderstood")}
            />
            {t("limits.pause.confirm")}
          </label>
          <FieldMessage id="spend-break-confirm" error={errors.isUnderstood?.message} hint={null} />
        </div>
        <SubmitButton isPending={mutation.isPending}>{t("limits.pause.start")}</SubmitButton>
      </form>
    </section>
  );
}
