// The account menu: a placeholder while loading; sign-in and sign-up links for anonymous visitors.
// Navigating from it carries the current path as the return address.
import { Link, useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useUser } from "../../features/auth/api/get-user";
import { RETURN_URL_PARAM } from "../../features/auth/components/ProtectedRoute";

export function useReturnUrlSearch(): string {
  const location = useLocation();
  const here = location.pathname + location.search;
  return `?${new URLSearchParams({ [RETURN_URL_PARAM]: here }).toString()}`;
}

export function AccountPopover() {
  const { t } = useTranslation();
  const { data: user, isLoading } = useUser();
  const returnSearch = useReturnUrlSearch();

  if (isLoading || !user) {
    return (
      <div
        role="status"
        aria-label={t("account.loading")}
        className="h-10 w-24 animate-pulse rounded-full bg-black/10 dark:bg-white/10"
      />
    );
  }

  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <Link
        to={{ pathname: "/sign-in", search: returnSearch }}
        className="rounded-full px-3 py-2 text-sm font-semibold text-ink hover:bg-black/5 sm:px-4 dark:hover:bg-white/10"
      >
        {t("account.signIn")}
      </Link>
      <Link
        to={{ pathname: "/sign-up", search: returnSearch }}
        className="rounded-full bg-primary-500 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-primary-600 sm:px-4"
      >
        {t("account.signUp")}
      </Link>
    </div>
  );
}
