// The wallet: balance, Add funds and Withdraw (decision 090), the month's spending, the statement (decision 091), and
// every transaction (amount, description, date and time, type, auction), newest first, twenty to a page: a table on
// wider screens, a list with "Show more" on phones.
import { useState } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { useDateTime, useEuro } from "../../../lib/format";
import type { WalletTransaction } from "../../../../contract";
import { WIDER_THAN_MOBILE, useMediaQuery } from "../../../hooks/use-media-query";
import { useTransactionList, useTransactions } from "../api/payments";
import { useWallet } from "../api/get-wallet";
import { AddFundsDialog, useAddFunds } from "../components/add-funds-dialog";
import { SpendSummary } from "../components/spend-summary";
import { StatementSection } from "../components/statement-section";
import { WithdrawSection } from "../components/withdraw-section";
import { Button, buttonClassName } from "../../../components/ui/button";
import { ShowMore } from "../../../components/ui/show-more";

export function WalletPage() {
  const { t } = useTexts();
  const euro = useEuro();
  const { data: wallet } = useWallet();
  const addFunds = useAddFunds();
  const isWide = useMediaQuery(WIDER_THAN_MOBILE);

  return (
    <>
      <PageHeading title={t("wallet.title")} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <div>
          <p className="text-sm text-muted">{t("account.balance")}</p>
          <p className="font-display text-4xl font-bold">{euro(Math.round((wallet?.balance ?? 0) * 100))}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button size="lg" onClick={() => addFunds.send({ type: "dialog.open" })}>
            {t("account.addFunds")}
          </Button>
          <a href="#withdraw" className={buttonClassName({ variant: "secondary", size: "lg" })}>
            {t("wallet.withdraw")}
          </a>
        </div>
      </div>
      <AddFundsDialog actor={addFunds} />
      <SpendSummary />
      <WithdrawSection />
      <StatementSection />

      <section aria-labelledby="transactions">
        <h2 id="transactions" className="mb-4 text-2xl font-bold">
          {t("wallet.transactions")}
        </h2>
        {isWide ? <TransactionTable /> : <TransactionList />}
      </section>
    </>
  );
}

function useTransactionFormat() {
  const euro = useEuro();
  const when = useDateTime();
  return {
    when: (item: WalletTransaction) => when(item.createdAt),
    amount: (item: WalletTransaction) => `${item.amount > 0 ? "+" : "−"}${euro(Math.round(Math.abs(item.amount) * 100))}`,
  };
}

/** The line the server wrote in the page's language; one about an auction leads to it. */
function TransactionSubject({ item }: { item: WalletTransaction }) {
  return item.auction ? (
    <Link to={`/auctions/${item.auction.id}`} className="text-primary-700 hover:underline dark:text-primary-400">
      {item.description}
    </Link>
  ) : (
    <>{item.description}</>
  );
}

const amountTone = (item: WalletTransaction) => (item.amount > 0 ? "text-emerald-700 dark:text-emerald-400" : "");

/** Wider screens: a table, twenty to a page. */
function TransactionTable() {
  const { t } = useTexts();
  const format = useTransactionFormat();
  const [page, setPage] = useState(1);
  const { data: history } = useTransactions(page);
  const pages = history ? Math.max(1, Math.ceil(history.total / history.pageSize)) : 1;
  if (history && history.items.length === 0) return <EmptyState>{t("wallet.noTransactions")}</EmptyState>;
  return (
    <>
      <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
        <table aria-labelledby="transactions" className="w-full min-w-[560px] text-left text-sm">
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("wallet.columns.date")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("wallet.columns.type")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("wallet.columns.description")}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t("wallet.columns.amount")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {history?.items.map((item) => (
              <tr key={item.id}>
                <td className="px-4 py-3 whitespace-nowrap text-muted">{format.when(item)}</td>
                <td className="px-4 py-3">{t(`wallet.types.${item.type}`)}</td>
                <td className="px-4 py-3">
                  <TransactionSubject item={item} />
                </td>
                <td className={`px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums ${amountTone(item)}`}>
                  {format.amount(item)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label={t("wallet.pagination")} className="mt-4 flex items-center justify-center gap-3 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("wallet.previous")}
          </Button>
          <span className="text-muted">{t("wallet.pageOf", { page, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("wallet.next")}
          </Button>
        </nav>
      )}
    </>
  );
}

/** Phones: one list, each transaction a row of two lines, and "Show more" for the next twenty. */
function TransactionList() {
  const { t } = useTexts();
  const format = useTransactionFormat();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useTransactionList();
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  if (data && items.length === 0) return <EmptyState>{t("wallet.noTransactions")}</EmptyState>;
  return (
    <>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
        {items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words">
                <TransactionSubject item={item} />
              </p>
              <p className="text-muted">
                {t(`wallet.types.${item.type}`)} · {format.when(item)}
              </p>
            </div>
            <p className={`shrink-0 font-semibold whitespace-nowrap tabular-nums ${amountTone(item)}`}>{format.amount(item)}</p>
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <ShowMore
          label={t("wallet.showMore")}
          onMore={() => void fetchNextPage()}
          isLoading={isFetchingNextPage}
          isFailed={isFetchNextPageError}
          className="mt-4"
        />
      )}
    </>
  );
}
