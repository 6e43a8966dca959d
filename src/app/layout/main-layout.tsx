import { Suspense, lazy, useCallback, useState } from "react";
import { Outlet } from "react-router-dom";
import { OutbidAlerts } from "../../features/auctions/live/outbid-alerts";
import { useUser } from "../../features/auth/auth-provider";
import { DevToolsLauncher } from "../../features/dev-tools";
import { RealityCheck } from "../../features/reality-check";
import { MainPageTour, useIsMenuHeldByTour } from "../../features/tours";
import { Footer } from "../../components/layout/footer";
import { withLaterTexts } from "../../lib/i18n";
import { Header } from "./header";
import { PermanentSidebar } from "./side-navigation";

// The mobile menu (a Radix dialog) is fetched the first time it opens; the tour (react-joyride) only for a
// signed-in user, the only one it is for.
const MobileMenu = lazy(() => import("./mobile-menu").then((chunk) => ({ default: chunk.MobileMenu })));
// The "You won!" dialog watches the signed-in user's wins on every page.
const WinDialog = lazy(
  withLaterTexts(() => import("../../features/won/components/win-dialog").then((chunk) => ({ default: chunk.WinDialog }))),
);

export function MainLayout() {
  const { data: user } = useUser();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  // On a phone the main tour opens the menu for its navigation steps.
  const isMenuHeldByTour = useIsMenuHeldByTour();
  const openMenu = useCallback(() => {
    setHasOpenedMenu(true);
    setIsMenuOpen(true);
  }, []);
  return (
    <div className="min-h-dvh">
      <PermanentSidebar />
      {(hasOpenedMenu || isMenuHeldByTour) && (
        <Suspense fallback={null}>
          <MobileMenu isOpen={isMenuOpen || isMenuHeldByTour} isHeldByTour={isMenuHeldByTour} onOpenChange={setIsMenuOpen} />
        </Suspense>
      )}
      <div className="flex min-h-dvh flex-col lg:pl-sidebar">
        <Header onOpenMenu={openMenu} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-8 md:py-10">
          <Outlet />
        </main>
        <Footer />
      </div>
      {/* A boundary each: under one, React renders the next lazy part only once the one before it has loaded. */}
      {user?.isAuthenticated && (
        <>
          <Suspense fallback={null}>
            <MainPageTour />
          </Suspense>
          <Suspense fallback={null}>
            <WinDialog />
          </Suspense>
          {!user.isOperator && (
            <Suspense fallback={null}>
              <RealityCheck />
            </Suspense>
          )}
        </>
      )}
      <OutbidAlerts />
      <DevToolsLauncher />
    </div>
  );
}
