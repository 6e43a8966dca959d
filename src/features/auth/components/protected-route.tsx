// The protected-area guard of SPEC.md §2: progress bar while unresolved, redirect anonymous visitors to
// /sign-in (replacing the history entry, carrying the return address), otherwise the page.
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { safeReturnUrl } from "../api/account-calls";
import { useUser } from "../auth-provider";

export const RETURN_URL_PARAM = "returnUrl";

export function signInPathFor(returnTo: string): string {
  return `/sign-in?${new URLSearchParams({ [RETURN_URL_PARAM]: returnTo }).toString()}`;
}

export function ProtectedRoute() {
  const { t } = useTexts();
  const location = useLocation();
  const { data: user, isLoading } = useUser();

  if (user?.isAuthenticated) return <Outlet />;
  if (user && !isLoading) {
    return <Navigate to={signInPathFor(location.pathname + location.search + location.hash)} replace />;
  }
  if (isLoading) return <CenteredProgressBar />;
  return (
    <p role="alert" className="p-8 text-center text-lg">
      {t("common.somethingWentWrong")}
    </p>
  );
}

/** Sign-in, sign-up and the other account pages: a signed-in user is sent home (or back where they came from). */
export function GuestOnlyRoute() {
  const { data: user, isLoading } = useUser();
  const [search] = useSearchParams();
  if (user?.isAuthenticated) return <Navigate to={safeReturnUrl(search.get(RETURN_URL_PARAM)) ?? "/"} replace />;
  if (isLoading) return <CenteredProgressBar />;
  return <Outlet />;
}
