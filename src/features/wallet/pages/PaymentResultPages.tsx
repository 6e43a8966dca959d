// The card provider sends the user back to one of these: success, failed or canceled.
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";

type Outcome = "success" | "failed" | "canceled";

const outcomeStyles: Record<Outcome, string> = {
  success: "bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300",
  failed: "bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300",
  canceled: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

function PaymentResultPage({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center py-12 text-center">
      <span className={`flex size-16 items-center justify-center rounded-full text-3xl ${outcomeStyles[outcome]}`}>
        {outcome === "success" ? "✓" : outcome === "failed" ? "!" : "×"}
      </span>
      <h1 className="mt-6 text-3xl font-bold">{t(`pages.payments.${outcome}`)}</h1>
      <Link to="/" className="mt-8 rounded-full bg-primary-500 px-6 py-3 font-semibold text-white hover:bg-primary-600">
        {t("common.backHome")}
      </Link>
    </div>
  );
}

export const PaymentSuccessPage = () => <PaymentResultPage outcome="success" />;
export const PaymentFailedPage = () => <PaymentResultPage outcome="failed" />;
export const PaymentCanceledPage = () => <PaymentResultPage outcome="canceled" />;
