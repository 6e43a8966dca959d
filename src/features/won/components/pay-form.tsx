// Paying for a won auction, or for a Buy it now purchase: delivery address (with suggestions), phone, an optional promo
// code whose discount the server computes (Apply), the amount to pay, and Pay. A short wallet offers Add funds: the
// account menu's dialog, with the missing amount filled in. The caller says what is paid for: its price, how to quote a
// promo code and the pay mutation.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTexts } from "../../../hooks/use-texts";
import { PayBody, fulfilmentValidationKeys, type QuoteResponse } from "../../../../contract";
import { FormAlert, SubmitButton, TextField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { useEuro } from "../../../lib/format";
import { useRefusalValues } from "../../../lib/refusal-values";
import { missingAmount, requestAddFunds, useWallet } from "../../wallet";
import { AddressCombobox } from "../../addresses";

type PayFields = { deliveryAddress: string; phone: string; promoCode?: string | undefined };

/**
 * The fields in the order the form shows them. A refused submit focuses the first one in error by this order, not by
 * react-hook-form's own, which follows registration: the address's Controller registers after the inputs, so its
 * focusing put the phone first, and its second, deferred focusing could move a user's next keystrokes into the phone.
 */
const fieldOrder = ["deliveryAddress", "phone", "promoCode"] as const satisfies readonly (keyof PayFields)[];

const sameCode = (a: string | null | undefined, b: string) => (a ?? "").trim().toUpperCase() === b.trim().toUpperCase();

/** The translated text of a refusal: this feature's words first, then the shared ones. */
function useRefusalText() {
  const { t } = useTexts();
  const refusalValues = useRefusalValues();
  return (error: unknown) =>
    error instanceof ApiError
      ? t(`fulfilment.errors.${error.code}`, {
          defaultValue: t(`errors.${error.code}`, { ...refusalValues(error.values), defaultValue: t("fulfilment.failure") }),
        })
      : t("fulfilment.failure");
}

export type PayFormProps = {
  /** The price before any promo code, as the server said. */
  priceCents: number;
  /** The server's quote for a promo code (PROMO_CODE_INVALID when it is not valid for this user). */
  quote: (promoCode: string) => Promise<QuoteResponse>;
  pay: UseMutationResult<unknown, Error, PayBody>;
  defaults: { phone: string; deliveryAddress: string };
  isWindowOpen: boolean;
  /** The form's heading and accessible name; the win's by default. */
  title?: string;
  /** The line of the price in the summary; "Final price" by default. */
  priceLabel?: string;
};

export function PayForm({ priceCents, quote: quoteCode, pay, defaults, isWindowOpen, title, priceLabel }: PayFormProps) {
  const { t } = useTexts();
  const euro = useEuro();
  const refusalText = useRefusalText();
  const { data: wallet } = useWallet();
  const [isShort, setIsShort] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [quote, setQuote] = useState<QuoteResponse | null>(null);

  const form = useForm<PayFields, unknown, PayBody>({
    resolver: zodResolver(PayBody),
    shouldFocusError: false,
    defaultValues: { deliveryAddress: defaults.deliveryAddress, phone: defaults.phone, promoCode: "" },
  });
  const promoCode = useWatch({ control: form.control, name: "promoCode" }) ?? "";
  const { errors } = form.formState;

  const apply = useMutation({
    mutationFn: quoteCode,
    onSuccess: (answer) => {
      form.clearErrors("promoCode");
      setQuote(answer);
    },
    onError: (error) => {
      setQuote(null);
      const message =
        error instanceof ApiError && error.code === "PROMO_CODE_INVALID" ? fulfilmentValidationKeys.promoCodeInvalid : undefined;
      if (message) form.setError("promoCode", { message });
      else setFailure(refusalText(error));
    },
  });

  const appliedQuote = quote && sameCode(quote.promoCode, promoCode) ? quote : null;
  const amountCents = appliedQuote ? appliedQuote.amountCents : promoCode.trim() === "" ? priceCents : null;

  const focusFirstError = (fieldErrors: Partial<Record<keyof PayFields, unknown>>) => {
    const first = fieldOrder.find((name) => fieldErrors[name]);
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit((body) => {
    setFailure(undefined);
    setIsShort(false);
    pay.mutate(body, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return setFailure(t("fulfilment.failure"));
        if (error.code === "NOT_ENOUGH_FUNDS") return setIsShort(true);
        if (error.code === "PROMO_CODE_INVALID") {
          return form.setError("promoCode", { message: fulfilmentValidationKeys.promoCodeInvalid }, { shouldFocus: true });
        }
        if (error.issues.length > 0) {
          for (const issue of error.issues) form.setError(issue.path as keyof PayFields, { message: issue.message });
          focusFirstError(Object.fromEntries(error.issues.map((issue) => [issue.path, true])));
          return;
        }
        setFailure(refusalText(error));
      },
    });
  }, focusFirstError);

  return (
    <form noValidate onSubmit={submit} aria-label={title ?? t("fulfilment.form.title")} className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">{title ?? t("fulfilment.form.title")}</h3>
      <FormAlert message={failure} />
      <Controller
        control={form.control}
        name="deliveryAddress"
        render={({ field }) => (
          <AddressCombobox
            ref={field.ref}
            label={t("fulfilment.form.address")}
            hint={t("fulfilment.form.addressHint")}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.deliveryAddress?.message}
            disabled={!isWindowOpen}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("fulfilment.form.phone")}
          hint={t("fulfilment.form.phoneHint")}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          disabled={!isWindowOpen}
          error={errors.phone?.message}
          {...form.register("phone")}
        />
        <div className="flex items-start gap-2">
          <TextField
            className="min-w-0 flex-1"
            label={t("fulfilment.form.promoCode")}
            hint={t("fulfilment.form.promoOptional")}
            autoComplete="off"
            autoCapitalize="characters"
            disabled={!isWindowOpen}
            error={errors.promoCode?.message}
            {...form.register("promoCode", { onChange: () => form.clearErrors("promoCode") })}
          />
          <button
            type="button"
            disabled={!isWindowOpen || promoCode.trim() === "" || apply.isPending}
            aria-busy={apply.isPending || undefined}
            onClick={() => apply.mutate(promoCode.trim())}
            className="mt-[26px] h-11 shrink-0 rounded-full border border-primary-500 px-4 text-sm font-semibold text-primary-700 transition hover:bg-primary-50 disabled:cursor-not-allowed disabled:opacity-50 dark:text-primary-300 dark:hover:bg-primary-900/30"
          >
            {t("fulfilment.form.apply")}
          </button>
        </div>
      </div>

      <dl
        aria-label={t("fulfilment.form.summary")}
        className="grid gap-1.5 rounded-2xl bg-primary-50/60 p-4 text-sm dark:bg-primary-900/20"
      >
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{priceLabel ?? t("fulfilment.finalPrice")}</dt>
          <dd className="tabular-nums">{euro(priceCents)}</dd>
        </div>
        {appliedQuote?.promoCode && (
          <div className="flex justify-between gap-4 text-emerald-700 dark:text-emerald-300">
            <dt>{t("fulfilment.form.discount", { code: appliedQuote.promoCode })}</dt>
            <dd className="tabular-nums">−{euro(appliedQuote.discountCents)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-line pt-1.5 text-base font-bold">
          <dt>{t("fulfilment.form.toPay")}</dt>
          <dd className="tabular-nums" aria-live="polite">
            {amountCents === null ? t("fulfilment.form.toPayAfterApply") : euro(amountCents)}
          </dd>
        </div>
      </dl>

      {isShort && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{t("errors.NOT_ENOUGH_FUNDS")}</p>
          <button
            type="button"
            onClick={() => requestAddFunds(missingAmount(amountCents ?? priceCents, wallet?.balance))}
            className="rounded-full bg-primary-700 px-4 py-2 font-semibold text-white hover:bg-primary-800"
          >
            {t("account.addFunds")}
          </button>
        </div>
      )}

      {isWindowOpen ? (
        <SubmitButton isPending={pay.isPending}>
          {amountCents === null ? t("fulfilment.form.payPlain") : t("fulfilment.form.pay", { amount: euro(amountCents) })}
        </SubmitButton>
      ) : (
        <p className="text-sm font-medium text-muted">{t("fulfilment.windowClosed")}</p>
      )}
    </form>
  );
}
