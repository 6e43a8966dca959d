// Money out (decision 090): what is free to withdraw (the balance less what wins awaiting payment hold), the amount
// and, when refunds to the bidder's top-ups cannot carry it all, the IBAN for the rest; then each withdrawal's state,
// which follows the wallet's feed. The server decides everything again; the form only says early what it would say.
import { useState, type FormEvent } from "react";
import {
  MIN_WITHDRAWAL_CENTS,
  formatIban,
  ibanProblem,
  type Withdrawal,
  type WithdrawalPart,
  type WithdrawalsResponse,
} from "../../../../contract";
import { FormAlert, SubmitButton, TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useTexts } from "../../../hooks/use-texts";
import { ApiError } from "../../../lib/api-client";
import { useDateTime, useEuro } from "../../../lib/format";
import { useRequestWithdrawal, useWithdrawals } from "../api/withdrawals";

const card = "rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6";

/** Euros as typed ("8", "8,50") to cents; null when it is not an amount. */
function typedCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed.replace(",", ".")) * 100);
}

const IBAN_CODES = { format: "IBAN_INVALID", country: "IBAN_COUNTRY", length: "IBAN_LENGTH", checksum: "IBAN_CHECKSUM" } as const;

export function WithdrawSection() {
  const { t } = useTexts();
  const euro = useEuro();
  const { data } = useWithdrawals();
  if (!data) return null;
  return (
    <section id="withdraw" aria-labelledby="withdraw-title" className={`${card} mb-8 scroll-mt-24`}>
      <h2 id="withdraw-title" className="mb-2 text-xl font-semibold">
        {t("withdraw.title")}
      </h2>
      <p className="mb-3 text-sm text-muted">{t("withdraw.intro")}</p>
      <p className="font-semibold">{t("withdraw.available", { amount: euro(data.withdrawableCents) })}</p>
      {data.heldCents > 0 && <p className="text-sm text-muted">{t("withdraw.held", { amount: euro(data.heldCents) })}</p>}
      {data.withdrawableCents >= MIN_WITHDRAWAL_CENTS ? (
        <WithdrawForm funds={data} />
      ) : (
        <p className="mt-3 text-sm text-muted">{t("withdraw.nothing")}</p>
      )}
      <WithdrawalList items={data.items} />
    </section>
  );
}

function WithdrawForm({ funds }: { funds: WithdrawalsResponse }) {
  const { t } = useTexts();
  const euro = useEuro();
  const mutation = useRequestWithdrawal();
  const [amount, setAmount] = useState("");
  const [iban, setIban] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; iban?: string; form?: string }>({});
  const cents = typedCents(amount);
  const payoutCents = cents === null ? 0 : Math.max(0, cents - funds.refundableCents);

  const amountError = (): string | undefined => {
    if (cents === null) return t("withdraw.errors.WITHDRAWAL_AMOUNT_INVALID");
    if (cents < MIN_WITHDRAWAL_CENTS) return t("withdraw.errors.WITHDRAWAL_TOO_SMALL");
    if (cents > funds.withdrawableCents) return t("withdraw.errors.WITHDRAWAL_TOO_LARGE", { withdrawable: euro(funds.withdrawableCents) });
    return undefined;
  };
  const ibanError = (): string | undefined => {
    if (payoutCents === 0 && iban.trim() === "") return undefined;
    if (iban.trim() === "") return t("withdraw.errors.IBAN_REQUIRED");
    const problem = ibanProblem(iban);
    return problem ? t(`withdraw.errors.${IBAN_CODES[problem]}`) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { amount: amountError(), iban: ibanError() };
    setErrors(found);
    if (found.amount || found.iban) return;
    mutation.mutate(
      { amount: amount.trim(), ...(payoutCents > 0 ? { iban } : {}) },
      {
        onSuccess: (answer) => {
          setAmount("");
          setIban("");
          // The sandbox shows its refunds on a page of its own, as its checkout does; a real provider settles them itself.
          if (answer.sandboxUrl) window.location.assign(answer.sandboxUrl);
          else showToast("success", t("withdraw.done", { amount: euro(answer.withdrawal.amountCents) }));
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || (!error.code.startsWith("WITHDRAWAL_") && !error.code.startsWith("IBAN_"))) {
            setErrors({ form: t("withdraw.errors.failed") });
            return;
          }
          const message = t(`withdraw.errors.${error.code}`, {
            withdrawable: euro(error.values.withdrawableCents ?? funds.withdrawableCents),
          });
          setErrors(error.code.startsWith("IBAN_") ? { iban: message } : { amount: message });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("withdraw.amount")}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          hint={t("withdraw.amountHint", { min: euro(MIN_WITHDRAWAL_CENTS), max: euro(funds.withdrawableCents) })}
          error={errors.amount}
        />
        {(payoutCents > 0 || errors.iban) && (
          <TextField
            label={t("withdraw.iban")}
            name="iban"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={iban}
            onChange={(event) => setIban(event.target.value)}
            onBlur={() => iban && ibanProblem(iban) === null && setIban(formatIban(iban))}
            hint={t("withdraw.ibanHint", { amount: euro(payoutCents) })}
            error={errors.iban}
          />
        )}
      </div>
      <div>
        <SubmitButton isPending={mutation.isPending}>{t(mutation.isPending ? "withdraw.submitting" : "withdraw.submit")}</SubmitButton>
      </div>
    </form>
  );
}

const statusTone: Record<Withdrawal["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/30 dark:text-amber-100",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-100",
  partlyReturned: "bg-sky-100 text-sky-900 dark:bg-sky-900/30 dark:text-sky-100",
  returned: "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
};

function WithdrawalList({ items }: { items: Withdrawal[] }) {
  const { t } = useTexts();
  const euro = useEuro();
  const dateTime = useDateTime();
  return (
    <div className="mt-6">
      <h3 className="mb-2 font-semibold">{t("withdraw.history")}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{t("withdraw.none")}</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {items.map((withdrawal) => (
            <li
              key={withdrawal.id}
              aria-label={`${euro(withdrawal.amountCents)} · ${t(`withdraw.status.${withdrawal.status}`)}`}
              className="px-4 py-3 text-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-base font-semibold tabular-nums">−{euro(withdrawal.amountCents)}</p>
                <span role="status" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[withdrawal.status]}`}>
                  {t(`withdraw.status.${withdrawal.status}`)}
                </span>
              </div>
              <p className="text-muted">{t("withdraw.requestedAt", { time: dateTime(withdrawal.createdAt) })}</p>
              <ul className="mt-1 flex flex-col gap-0.5">
                {withdrawal.parts.map((part) => (
                  <WithdrawalPartLine key={part.id} part={part} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WithdrawalPartLine({ part }: { part: WithdrawalPart }) {
  const { t } = useTexts();
  const euro = useEuro();
  const where =
    part.kind === "payout"
      ? t("withdraw.part.payout", { iban: part.destination })
      : t(`withdraw.part.${part.destination === "bank" ? "bank" : "card"}`);
  return (
    <li className="flex flex-wrap justify-between gap-x-3">
      <span className="min-w-0 break-words">
        {where}: <span className="tabular-nums">{euro(part.amountCents)}</span>
      </span>
      <span className={part.status === "failed" ? "text-red-700 dark:text-red-300" : "text-muted"}>
        {t(`withdraw.partStatus.${part.kind}.${part.status}`)}
        {part.kind === "payout" && part.reason ? ` · ${t("withdraw.reason", { reason: part.reason })}` : ""}
      </span>
    </li>
  );
}
