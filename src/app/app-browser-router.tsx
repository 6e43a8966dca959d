// The browser's router (decision 071): React Router's BrowserRouter, but the navigation's transition is ours, so the
// page can say that the next page is on its way while the one being left stays on screen.
import { useLayoutEffect, useState, useTransition, type ReactNode } from "react";
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from "react-router-dom";
import { IndeterminateProgress } from "../components/ui/progress-bar";
import { useTexts } from "../hooks/use-texts";

type Shown = { action: NavigationType; location: Location };

/**
 * BrowserRouter's work (a history of the browser's address, each change rendered in a transition) with the
 * transition's pending flag kept: while a page's chunk is on its way, the page left stays and a thin bar at the top
 * says the next one is coming. The history is React Router's own, the one BrowserRouter makes.
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState<Shown>(() => ({ action: history.action, location: history.location }));
  const [isPending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setShown(update))), [history]);
  return (
    <>
      <Router location={shown.location} navigationType={shown.action} navigator={history}>
        {children}
      </Router>
      {isPending && <NavigationProgress />}
    </>
  );
}

/**
 * A thin bar across the top of the screen while the next page is on its way. It fades in only after 150 ms, so a
 * page that is already here does not flash it; without motion (the system's "reduce motion") it stands still.
 */
function NavigationProgress() {
  const { t } = useTexts();
  return (
    <IndeterminateProgress
      label={t("nav.pageLoading")}
      className="pointer-events-none fixed inset-x-0 top-0 z-[2000] animate-appear bg-primary-100 dark:bg-primary-900/60"
    />
  );
}
