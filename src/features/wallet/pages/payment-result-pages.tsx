// Where the card provider sends the user back: success, failed or canceled. Each reads the stored payment,
// shows its real state, refreshes the balance, and offers the way back to where the payment started.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { safeReturnUrl } from "../../auth";
import { useEuro } from "../../../lib/format";
import { paymentQueryOptions, storedPaymentId, storedPaymentOrigin } from "../api/payments";
import { walletQueryOptions } from "../api/get-wallet";
import { buttonClassName } from "../../../components/ui/button";

type Outcome = "success" | "failed" | "canceled";

const outcomeStyles: Record<Outcome, string> = {
  success: "bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300",
  failed: "bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300",
  canceled: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

function PaymentResultPage({ outcome }: { outcome: Outcome }) {
  const { t } = useTexts();
  const euro = useEuro();
  const queryClient = useQueryClient();
  const paymentId = storedPaymentId();
  const origin = safeReturnUrl(storedPaymentOrigin()) ?? "/";
  const { data: payment } = useQuery({ ...paymentQueryOptions(paymentId ?? ""), enabled: paymentId !== null });

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: walletQueryOptions.queryKey });
  }, [queryClient, payment?.status]);

  return (
    <div className="flex flex-col items-center py-12 text-center">
      <span aria-hidden="true" className={`flex size-16 items-center justify-center rounded-full text-3xl ${outcomeStyles[outcome]}`}>
        {outcome === "success" ? "✓" : outcome === "failed" ? "!" : "×"}
      </span>
      <h1 className="mt-6 text-3xl font-bold">{t(`pages.payments.${outcome}`)}</h1>
      {payment && (
        <p className="mt-3 text-muted">
          {t("wallet.payment.summary", {
            amount: euro(Math.round(payment.amount * 100)),
            status: t(`wallet.payment.status.${payment.status}`),
          })}
        </p>
      )}
      {/* On a phone the two stack, as wide as each other, in the middle; side by side from sm. */}
      <div className="mt-8 flex w-full max-w-xs flex-col items-stretch justify-center gap-3 sm:w-auto sm:max-w-none sm:flex-row">
        <Link to={origin} className={buttonClassName({ size: "lg" })}>
          {t("wallet.payment.back")}
        </Link>
        <Link to="/wallet" className={buttonClassName({ variant: "outline", size: "lg" })}>
          {t("wallet.title")}
        </Link>
      </div>
    </div>
  );
}

export const PaymentSuccessPage = () => <PaymentResultPage outcome="success" />;
export const PaymentFailedPage = () => <PaymentResultPage outcome="failed" />;
export const PaymentCanceledPage = () => <PaymentResultPage outcome="canceled" />;
