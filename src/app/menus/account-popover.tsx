// The account menu (SPEC.md §2): a placeholder while loading; sign-in and sign-up links for visitors;
// for a signed-in user an avatar with initials opening name, e-mail, balance, Profile and Sign out (signed-in-menu.tsx).
// Navigating from it carries the current path as the return address.
import { Suspense } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../hooks/use-texts";
import { useUser } from "../../features/auth/auth-provider";
import { partLoadingProps } from "../../features/tours";
import { optionalLazy } from "../../lib/optional-lazy";
import { useReturnUrlSearch } from "./account-links";

const SignedInMenu = optionalLazy(() => import("./signed-in-menu").then((chunk) => chunk.SignedInMenu));

export function AccountPopover() {
  const { t } = useTexts();
  const { data: user, isLoading } = useUser();
  const returnSearch = useReturnUrlSearch();

  // The main tour waits while this stands in for the menu (its "Your account" step points at the menu).
  const loading = (
    <div
      role="status"
      aria-label={t("account.loading")}
      {...partLoadingProps}
      className="h-10 w-24 animate-pulse rounded-full bg-black/10 dark:bg-white/10"
    />
  );
  if (isLoading || !user) return loading;
  if (user.isAuthenticated) {
    return (
      <Suspense fallback={loading}>
        <SignedInMenu user={user} />
      </Suspense>
    );
  }

  return (
    <div className="flex items-center gap-0.5 sm:gap-2">
      <Link
        to={{ pathname: "/sign-in", search: returnSearch }}
        className="rounded-full px-2 py-2 text-[13px] font-semibold whitespace-nowrap text-ink hover:bg-black/5 sm:px-4 sm:text-sm dark:hover:bg-white/10"
      >
        {t("account.signIn")}
      </Link>
      <Link
        to={{ pathname: "/sign-up", search: returnSearch }}
        className="rounded-full bg-primary-700 px-2.5 py-2 text-[13px] font-semibold whitespace-nowrap text-white shadow-sm hover:bg-primary-800 sm:px-4 sm:text-sm"
      >
        {t("account.signUp")}
      </Link>
    </div>
  );
}
