// A draft's form (New, seen only by operators): texts, pictures, money, timing and the hard stops, for a new auction
// and for editing one. Every field is checked by the contract's rule for it before anything is sent; the server
// checks again, and its refusal is shown at the field it names, or above the form.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode, type Ref, type TextareaHTMLAttributes } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTexts } from "../../../hooks/use-texts";
import { languages, type CreateAuctionBody } from "../../../../contract";
import { Field, FormAlert, SubmitButton, TextField, fieldDescribedBy, inputClassName } from "../../../components/ui/form";
import { applyServerError } from "../../../lib/form-errors";
import { ImagesField } from "./images-field";
import { DraftForm, type DraftFormValues } from "../draft-form";
import { issueText, refusalText } from "../form-issues";

type Props = {
  initial: DraftFormValues;
  saveLabel: string;
  saveHint: string;
  isPending: boolean;
  /** What a CONFLICT refusal means for this save. */
  conflictKey: string;
  /** Sends the draft; a refusal is shown by the form (at its field when the server names one). */
  onSave: (body: CreateAuctionBody) => Promise<unknown>;
};

export function AuctionDraftForm({ initial, saveLabel, saveHint, isPending, conflictKey, onSave }: Props) {
  const { t } = useTexts();
  const [failure, setFailure] = useState<string>();
  const form = useForm<DraftFormValues, unknown, CreateAuctionBody>({
    resolver: zodResolver(DraftForm, { error: issueText(t) }),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const money = { inputMode: "decimal" as const, autoComplete: "off" };
  const whole = { inputMode: "numeric" as const, autoComplete: "off" };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (body) => {
        setFailure(undefined);
        try {
          await onSave(body);
        } catch (error) {
          const message = applyServerError(error, form.setError, t);
          if (message !== undefined) setFailure(refusalText(error, t, conflictKey));
        }
      })}
      className="flex flex-col gap-6"
    >
      <FormAlert message={failure} />
      <Section title={t("operator.form.product")}>
        <p className="text-sm text-muted">{t("operator.form.textsHint")}</p>
        {languages.map((language) => (
          <fieldset
            key={language}
            lang={language}
            className="flex flex-col gap-4 border-t border-line pt-4 first-of-type:border-t-0 first-of-type:pt-0"
          >
            <legend className="float-left mb-2 w-full text-base font-semibold" lang={undefined}>
              {t(`operator.form.texts.${language}.legend`)}
            </legend>
            <TextField
              label={t(`operator.form.texts.${language}.title`)}
              autoComplete="off"
              error={errors.texts?.[language]?.title?.message}
              {...form.register(`texts.${language}.title`)}
            />
            <TextArea
              label={t(`operator.form.texts.${language}.description`)}
              error={errors.texts?.[language]?.description?.message}
              {...form.register(`texts.${language}.description`)}
            />
          </fieldset>
        ))}
        <Controller
          control={form.control}
          name="images"
          render={({ field }) => <ImagesField value={field.value ?? []} onChange={field.onChange} error={errors.images?.message} />}
        />
      </Section>
      <Section title={t("operator.form.money")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("operator.form.retailValue")}
            hint={t("operator.form.eurosHint")}
            {...money}
            error={errors.retailValueCents?.message}
            {...form.register("retailValueCents")}
          />
          <TextField
            label={t("operator.form.entryFee")}
            hint={t("operator.form.eurosHint")}
            {...money}
            error={errors.entryFeeCents?.message}
            {...form.register("entryFeeCents")}
          />
        </div>
        <TextField
          label={t("feesBack.form.label")}
          hint={t("feesBack.form.hint")}
          {...whole}
          error={errors.feeBackPercent?.message}
          {...form.register("feeBackPercent")}
        />
      </Section>
      <Section title={t("operator.form.timing")}>
        <TextField
          type="datetime-local"
          label={t("operator.form.startsAt")}
          hint={t("operator.form.startsAtHint")}
          error={errors.startsAt?.message}
          {...form.register("startsAt")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("operator.form.initialSeconds")}
            hint={t("operator.form.initialSecondsHint")}
            {...whole}
            error={errors.initialSeconds?.message}
            {...form.register("initialSeconds")}
          />
          <TextField
            label={t("operator.form.resetSeconds")}
            hint={t("operator.form.resetSecondsHint")}
            {...whole}
            error={errors.resetSeconds?.message}
            {...form.register("resetSeconds")}
          />
        </div>
      </Section>
      <Section title={t("operator.form.rules")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("operator.form.minPreviousEntries")}
            hint={t("operator.form.minPreviousEntriesHint")}
            {...whole}
            error={errors.minPreviousEntries?.message}
            {...form.register("minPreviousEntries")}
          />
          <TextField
            label={t("operator.form.paymentWindowHours")}
            hint={t("operator.form.paymentWindowHoursHint")}
            {...whole}
            error={errors.paymentWindowHours?.message}
            {...form.register("paymentWindowHours")}
          />
          <TextField
            type="datetime-local"
            label={t("operator.form.hardEndsAt")}
            hint={t("operator.form.optional")}
            error={errors.hardEndsAt?.message}
            {...form.register("hardEndsAt")}
          />
          <TextField
            label={t("operator.form.priceCap")}
            hint={t("operator.form.optional")}
            {...money}
            error={errors.priceCapCents?.message}
            {...form.register("priceCapCents")}
          />
        </div>
      </Section>
      <Section title={t("operator.form.fairPlay")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("operator.form.maxPreviousWins")}
            hint={t("operator.form.maxPreviousWinsHint")}
            {...whole}
            error={errors.maxPreviousWins?.message}
            {...form.register("maxPreviousWins")}
          />
          <TextField
            label={t("operator.form.productKey")}
            hint={t("operator.form.productKeyHint")}
            autoComplete="off"
            error={errors.productKey?.message}
            {...form.register("productKey")}
          />
          <TextField
            label={t("operator.form.enrolmentClosesBefore")}
            hint={t("operator.form.enrolmentClosesBeforeHint")}
            {...whole}
            error={errors.enrolmentClosesSecondsBeforeEnd?.message}
            {...form.register("enrolmentClosesSecondsBeforeEnd")}
          />
          <TextField
            label={t("operator.form.enrolmentClosesAtPrice")}
            hint={t("operator.form.enrolmentClosesAtPriceHint")}
            {...money}
            error={errors.enrolmentClosesAtPriceCents?.message}
            {...form.register("enrolmentClosesAtPriceCents")}
          />
        </div>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary-600" {...form.register("realBiddersOnly")} />
          <span>
            <span className="font-medium">{t("operator.form.realBiddersOnly")}</span>
            <span className="block text-muted">{t("operator.form.realBiddersOnlyHint")}</span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary-600" {...form.register("manualOnly")} />
          <span>
            <span className="font-medium">{t("manualOnly.field")}</span>
            <span className="block text-muted">{t("manualOnly.fieldHint")}</span>
          </span>
        </label>
      </Section>
      <Section title={t("seats.draft.title")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("seats.draft.minSeats")}
            hint={t("seats.draft.minSeatsHint")}
            {...whole}
            error={errors.minSeats?.message}
            {...form.register("minSeats")}
          />
          <TextField
            label={t("seats.draft.maxSeats")}
            hint={t("seats.draft.maxSeatsHint")}
            {...whole}
            error={errors.maxSeats?.message}
            {...form.register("maxSeats")}
          />
        </div>
      </Section>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SubmitButton isPending={isPending}>{saveLabel}</SubmitButton>
        <p className="text-sm text-muted">{saveHint}</p>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
};

function TextArea({ ref, label, error, ...area }: TextAreaProps) {
  const id = `${area.name ?? "text"}-area`;
  return (
    <Field id={id} label={label} error={error} hint={undefined}>
      <textarea
        ref={ref}
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error, undefined)}
        className={`${inputClassName} h-auto min-h-24 py-2.5`}
        {...area}
      />
    </Field>
  );
}
