// Promo codes: every code with its discount, limits, validity and uses, newest first; a new one made with the
// contract's rules; and disabling one (asked first, not undone), after which a winner entering it is told 'Entered
// promo code is not valid.'. Disabled codes stay listed: wins paid with them keep them.
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTexts } from "../../../hooks/use-texts";
import { promoCodeKinds, type CreatePromoCodeBody, type PromoCode } from "../../../../contract";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert, SubmitButton, TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useDateTime, useEuro } from "../../../lib/format";
import { applyServerError } from "../../../lib/form-errors";
import { createPromoCode, disablePromoCode, promoCodeListQuery, usePromoCodeMutation } from "../api/promo-codes";
import { issueText, refusalText } from "../form-issues";
import { PromoForm, emptyPromo, type PromoFormValues } from "../promo-form";

const card = "rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6";

export function PromoCodesPage() {
  const { t } = useTexts();
  const { data, error, isPending } = useQuery(promoCodeListQuery());
  return (
    <>
      <PageHeading title={t("operator.promo.title")}>{t("operator.promo.intro")}</PageHeading>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="promo-new" className={`${card} lg:order-2`}>
          <h2 id="promo-new" className="mb-4 text-lg font-semibold">
            {t("operator.promo.new")}
          </h2>
          <NewPromoCodeForm />
        </section>
        <section aria-labelledby="promo-list">
          <h2 id="promo-list" className="mb-3 text-lg font-semibold">
            {t("operator.promo.list")}
          </h2>
          {error ? (
            <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
          ) : isPending ? (
            <CenteredProgressBar />
          ) : data.items.length === 0 ? (
            <EmptyState>{t("operator.promo.none")}</EmptyState>
          ) : (
            <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
              {data.items.map((promo) => (
                <PromoRow key={promo.id} promo={promo} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

type PromoState = "disabled" | "expired" | "notYet" | "usedUp" | "active";

const stateOf = (promo: PromoCode, now: number): PromoState =>
  promo.disabledAt
    ? "disabled"
    : promo.validUntil && Date.parse(promo.validUntil) <= now
      ? "expired"
      : promo.validFrom && Date.parse(promo.validFrom) > now
        ? "notYet"
        : promo.maxUses !== null && promo.uses >= promo.maxUses
          ? "usedUp"
          : "active";

const tones: Record<PromoState, string> = {
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  notYet: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  usedUp: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  expired: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  disabled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

function PromoRow({ promo }: { promo: PromoCode }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const [now] = useState(() => Date.now());
  const state = stateOf(promo, now);
  const facts: [string, string][] = [
    [
      t("operator.promo.uses"),
      promo.maxUses === null ? String(promo.uses) : t("operator.promo.usesOf", { uses: promo.uses, max: promo.maxUses }),
    ],
    [t("operator.promo.perUser"), promo.maxUsesPerUser === null ? t("operator.promo.unlimited") : String(promo.maxUsesPerUser)],
    [t("operator.promo.validFrom"), promo.validFrom ? when(promo.validFrom) : t("operator.promo.always")],
    [t("operator.promo.validUntil"), promo.validUntil ? when(promo.validUntil) : t("operator.promo.always")],
    [t("operator.promo.createdAt"), `${when(promo.createdAt)} · ${promo.createdBy}`],
    ...(promo.disabledAt ? [[t("operator.promo.disabledAt"), when(promo.disabledAt)] as [string, string]] : []),
  ];
  return (
    <li aria-labelledby={`promo-${promo.id}`} className="flex flex-col gap-3 px-4 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span id={`promo-${promo.id}`} className="font-mono text-base font-bold break-all">
            {promo.code}
          </span>
          <span className="font-semibold">
            {promo.kind === "percent"
              ? t("operator.promo.percentOff", { percent: promo.amount })
              : t("operator.promo.amountOff", { amount: euro(promo.amount) })}
          </span>
          <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[state]}`}>
            {t(`operator.promo.states.${state}`)}
          </span>
        </p>
        {!promo.disabledAt && <DisableButton promo={promo} />}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted">{term}</dt>
            <dd className="break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function DisableButton({ promo }: { promo: PromoCode }) {
  const { t } = useTexts();
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const mutation = usePromoCodeMutation(disablePromoCode);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t("operator.promo.disableNamed", { code: promo.code })}
        onClick={() => {
          setFailure(undefined);
          setIsOpen(true);
        }}
      >
        {t("operator.promo.disable")}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        variant="danger"
        title={t("operator.promo.disableTitle", { code: promo.code })}
        description={t("operator.promo.disableBody", { code: promo.code, uses: promo.uses })}
        confirmLabel={t("operator.promo.disable")}
        isPending={mutation.isPending}
        error={failure}
        onConfirm={() =>
          mutation.mutate(promo.code, {
            onSuccess: (disabled) => {
              setIsOpen(false);
              showToast("success", t("operator.promo.disabled", { code: disabled.code }));
            },
            onError: (error) => setFailure(refusalText(error, t, "operator.promo.alreadyDisabled")),
          })
        }
      />
    </>
  );
}

function NewPromoCodeForm() {
  const { t } = useTexts();
  const [failure, setFailure] = useState<string>();
  const form = useForm<PromoFormValues, unknown, CreatePromoCodeBody>({
    resolver: zodResolver(PromoForm, { error: issueText(t) }),
    defaultValues: emptyPromo,
  });
  const mutation = usePromoCodeMutation(createPromoCode);
  const kind = useWatch({ control: form.control, name: "kind" });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => {
        setFailure(undefined);
        mutation.mutate(body, {
          onSuccess: (created) => {
            form.reset(emptyPromo);
            showToast("success", t("operator.promo.created", { code: created.code }));
          },
          onError: (error) => setFailure(applyServerError(error, form.setError, t)),
        });
      })}
    >
      <TextField
        label={t("operator.promo.code")}
        hint={t("operator.promo.codeHint")}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.code?.message}
        {...form.register("code")}
      />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t("operator.promo.kind")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {promoCodeKinds.map((option) => (
            <label
              key={option}
              className={`flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border text-sm font-semibold has-focus-visible:ring-3 has-focus-visible:ring-primary-500/40 ${
                kind === option ? "border-primary-700 bg-primary-50 dark:bg-primary-900/30" : "border-line"
              }`}
            >
              <input type="radio" value={option} className="accent-primary-700" {...form.register("kind")} />
              {t(`operator.promo.kinds.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "percent" ? (
        <TextField
          key="percent"
          label={t("operator.promo.percent")}
          hint={t("operator.promo.percentHint")}
          inputMode="numeric"
          autoComplete="off"
          error={errors.percent?.message}
          {...form.register("percent")}
        />
      ) : (
        <TextField
          key="fixed"
          label={t("operator.promo.amount")}
          hint={t("operator.form.eurosHint")}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amountCents?.message}
          {...form.register("amountCents")}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <TextField
          type="datetime-local"
          label={t("operator.promo.validFrom")}
          hint={t("operator.form.optional")}
          error={errors.validFrom?.message}
          {...form.register("validFrom")}
        />
        <TextField
          type="datetime-local"
          label={t("operator.promo.validUntil")}
          hint={t("operator.form.optional")}
          error={errors.validUntil?.message}
          {...form.register("validUntil")}
        />
        <TextField
          label={t("operator.promo.maxUses")}
          hint={t("operator.form.optional")}
          inputMode="numeric"
          autoComplete="off"
          error={errors.maxUses?.message}
          {...form.register("maxUses")}
        />
        <TextField
          label={t("operator.promo.maxUsesPerUser")}
          hint={t("operator.form.optional")}
          inputMode="numeric"
          autoComplete="off"
          error={errors.maxUsesPerUser?.message}
          {...form.register("maxUsesPerUser")}
        />
      </div>
      <FormAlert message={failure} />
      <SubmitButton isPending={mutation.isPending}>{t("operator.promo.create")}</SubmitButton>
    </form>
  );
}
