// The wallet: balance, Add funds, and every transaction (amount, description, date and time, type, auction),
// newest first, twenty to a page.
import { useState } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { EmptyState, PageHeading } from "../../../components/ui/PageHeading";
import { useEuro } from "../../auctions/format";
import { useTransactions } from "../api/payments";
import { useWallet } from "../api/get-wallet";
import { AddFundsDialog, useAddFunds } from "../components/AddFundsDialog";

export function WalletPage() {
  const { t, i18n } = useTranslation();
  const euro = useEuro();
  const [page, setPage] = useState(1);
  const { data: wallet } = useWallet();
  const { data: history } = useTransactions(page);
  const addFunds = useAddFunds();
  const pages = history ? Math.max(1, Math.ceil(history.total / history.pageSize)) : 1;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });

  return (
    <>
      <PageHeading title={t("wallet.title")} />
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <div>
          <p className="text-sm text-muted">{t("account.balance")}</p>
          <p className="font-display text-4xl font-bold">{euro(Math.round((wallet?.balance ?? 0) * 100))}</p>
        </div>
        <button type="button" onClick={() => addFunds.send({ type: "dialog.open" })} className="rounded-full bg-primary-500 px-6 py-3 font-semibold text-white hover:bg-primary-600">
          {t("account.addFunds")}
        </button>
      </div>
      <AddFundsDialog actor={addFunds} />

      <section aria-labelledby="transactions">
        <h2 id="transactions" className="mb-4 text-2xl font-bold">{t("wallet.transactions")}</h2>
        {history && history.items.length === 0 ? (
          <EmptyState>{t("wallet.noTransactions")}</EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
            <table className="w-full min-w-[560px] text-left text-sm">
              <thead className="border-b border-line text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">{t("wallet.columns.date")}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t("wallet.columns.type")}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t("wallet.columns.description")}</th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">{t("wallet.columns.amount")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {history?.items.map((item) => (
                  <tr key={item.id}>
                    <td className="px-4 py-3 whitespace-nowrap text-muted">{when.format(new Date(item.createdAt))}</td>
                    <td className="px-4 py-3">{t(`wallet.types.${item.type}`)}</td>
                    <td className="px-4 py-3">
                      {item.auction ? (
                        <Link to={`/auctions/${item.auction.id}`} className="text-primary-600 hover:underline">{item.auction.title}</Link>
                      ) : (
                        item.description
                      )}
                    </td>
                    <td className={`px-4 py-3 text-right font-semibold tabular-nums ${item.amount > 0 ? "text-emerald-600 dark:text-emerald-400" : ""}`}>
                      {item.amount > 0 ? "+" : "−"}
                      {euro(Math.round(Math.abs(item.amount) * 100))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 && (
          <nav aria-label={t("wallet.pagination")} className="mt-4 flex items-center justify-center gap-3 text-sm">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="rounded-full border border-line px-4 py-2 disabled:opacity-40">{t("wallet.previous")}</button>
            <span className="text-muted">{t("wallet.pageOf", { page, pages })}</span>
            <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)} className="rounded-full border border-line px-4 py-2 disabled:opacity-40">{t("wallet.next")}</button>
          </nav>
        )}
      </section>
    </>
  );
}
