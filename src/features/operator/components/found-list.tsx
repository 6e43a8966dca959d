// The body of a back-office list found by a search and cut into pages (auctions, users): the refusal, the wait,
// "nothing here" or "nothing matches", else the count, the rows and the pager. Each list's texts sit under its own
// key (`operator.auctions`, `operator.users`) with the same names.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { EmptyState } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert } from "../../../components/ui/form";
import { refusalText } from "../form-issues";
import { Pager } from "./pager";

type Found<T> = { items: T[]; total: number };

export function FoundList<T>({
  result,
  texts,
  search,
  page,
  pageSize,
  onPage,
  row,
}: {
  result: UseQueryResult<Found<T>>;
  texts: "operator.auctions" | "operator.users";
  search: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** One item's row: an `li` with its key. */
  row: (item: T) => ReactNode;
}) {
  const { t } = useTexts();
  const { data, error, isPending } = result;
  if (error) return <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />;
  if (isPending) return <CenteredProgressBar />;
  if (data.items.length === 0) return <EmptyState>{search ? t(`${texts}.noneFound`, { search }) : t(`${texts}.none`)}</EmptyState>;
  return (
    <>
      <p className="mb-2 text-sm text-muted" aria-live="polite">
        {t(`${texts}.count`, { count: data.total })}
      </p>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">{data.items.map(row)}</ul>
      <Pager page={page} pages={Math.max(1, Math.ceil(data.total / pageSize))} onPage={onPage} label={t(`${texts}.pages`)} />
    </>
  );
}
