// Users found by part of their e-mail, display name or name, newest first, fifty to a page: each with its e-mail and
// id, role, demo flag and balance, for the operator to choose. A whole e-mail or an id names one user, whose page opens
// at once (in place of the search in the history). The search and the page live in the address, so Back works.
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "../../../hooks/use-texts";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { OperatorUser } from "../../../../contract";
import { PageHeading } from "../../../components/ui/page-heading";
import { useEuro } from "../../../lib/format";
import { USER_PAGE_SIZE, userListQuery } from "../api/users";
import { FoundList } from "../components/found-list";
import { SearchForm } from "../components/search-form";
import { useListAddress } from "../list-address";

export function UserListPage() {
  const { t } = useTexts();
  const { values, page, go } = useListAddress(["q"] as const);
  const search = values.q;
  const result = useQuery(userListQuery({ search, page }));
  const navigate = useNavigate();
  const exactId = result.data && !result.isPlaceholderData ? result.data.exactId : undefined;
  useEffect(() => {
    if (exactId) void navigate(`/operator/users/${exactId}`, { replace: true });
  }, [exactId, navigate]);
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
          onSearch={(q) => go({ q })}
        />
      </div>
      <FoundList
        result={result}
        texts="operator.users"
        search={search}
        page={page}
        pageSize={USER_PAGE_SIZE}
        onPage={(next) => go({}, next)}
        row={(user) => <UserRow key={user.id} user={user} />}
      />
    </>
  );
}

function UserRow({ user }: { user: OperatorUser }) {
  const { t } = useTexts();
  const euro = useEuro();
  return (
    <li>
      <Link to={`/operator/users/${user.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-black/[0.03] dark:hover:bg-white/5">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 font-semibold">
            <span className="break-all">{user.displayName}</span>
            {user.role === "operator" && (
              <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">
                {t("operator.roles.operator")}
              </span>
            )}
            {user.isDemo && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                {t("operator.demo")}
              </span>
            )}
          </p>
          <p className="text-sm break-all text-muted">{user.email}</p>
          <p className="font-mono text-xs break-all text-muted">{user.id}</p>
        </div>
        <p className="shrink-0 font-semibold tabular-nums">{euro(user.balanceCents)}</p>
      </Link>
    </li>
  );
}
