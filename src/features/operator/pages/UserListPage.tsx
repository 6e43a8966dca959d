// Users found by part of their e-mail or display name, newest first: each with role, demo flag and balance.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { EmptyState, PageHeading } from "../../../components/ui/PageHeading";
import { CenteredProgressBar } from "../../../components/ui/ProgressBar";
import { FormAlert } from "../../../components/ui/form";
import { useEuro } from "../../../lib/format";
import { USER_LIST_LIMIT, userListQuery } from "../api/users";
import { SearchForm } from "../components/SearchForm";
import { refusalText } from "../form-issues";

export function UserListPage() {
  const { t } = useTranslation();
  const euro = useEuro();
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const { data, error, isPending } = useQuery(userListQuery(search));
  return (
    <>
      <PageHeading title={t("operator.users.title")} />
      <div className="mb-4">
        <SearchForm
          key={search}
          label={t("operator.users.search")}
          placeholder={t("operator.users.searchPlaceholder")}
          value={search}
          maxLength={255}
          onSearch={(q) => setParams(q ? { q } : {})}
        />
      </div>
      {error ? (
        <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
      ) : isPending ? (
        <CenteredProgressBar />
      ) : data.items.length === 0 ? (
        <EmptyState>{search ? t("operator.users.noneFound", { search }) : t("operator.users.none")}</EmptyState>
      ) : (
        <>
          {data.items.length === USER_LIST_LIMIT && <p className="mb-2 text-sm text-muted">{t("operator.users.limited", { count: USER_LIST_LIMIT })}</p>}
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
            {data.items.map((user) => (
              <li key={user.id}>
                <Link to={`/operator/users/${user.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-black/[0.03] dark:hover:bg-white/5">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-x-2 font-semibold">
                      <span className="break-all">{user.displayName}</span>
                      {user.role === "operator" && <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">{t("operator.roles.operator")}</span>}
                      {user.isDemo && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">{t("operator.demo")}</span>}
                    </p>
                    <p className="truncate text-sm text-muted">{user.email}</p>
                  </div>
                  <p className="shrink-0 font-semibold tabular-nums">{euro(user.balanceCents)}</p>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
