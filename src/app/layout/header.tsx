// Sticky header (64 px mobile, 72 px from md; z-index 1100): menu button and logo below lg, a centre area
// with the live status, a right area with language, settings and account menus; the info alert beneath.
import { Suspense, lazy, startTransition, useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../hooks/use-texts";
import type { Language } from "../../../contract";
import { saveLanguage } from "../../features/auth/api/account-calls";
import { useUser } from "../../features/auth/auth-provider";
import { partLoadingProps } from "../../features/tours";
import { useUnpaidWinCount } from "../../features/won/api/unpaid-wins";
import { useLiveStatus } from "../../lib/socket";
import { MenuGlyph } from "../../components/ui/icons";
import { InfoAlert } from "../../components/layout/info-alert";
import { Logo } from "../../components/layout/logo";

// Fetched as soon as this module runs, in parallel with the texts; the first paint shows a placeholder if needed.
const menusChunk = import("../menus/header-menus");
const HeaderMenus = lazy(() => menusChunk.then((chunk) => ({ default: chunk.HeaderMenus })));

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTexts();
  const { data: user } = useUser();
  const unpaidWins = useUnpaidWinCount();
  const menusMayMount = useAfterFirstCommit();
  // A signed-in user's choice is also saved to the server; a failure there changes nothing on screen.
  const saveLanguageIfSignedIn = (language: Language) => {
    if (user?.isAuthenticated) saveLanguage(language).catch(() => undefined);
  };
  return (
    <header className="sticky top-0 z-[1100] bg-surface">
      <div className="flex h-header-mobile items-center gap-1 px-2 shadow-[inset_0_-1px_0_var(--color-line)] sm:gap-2 sm:px-3 md:h-header-desktop md:px-6">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label={unpaidWins > 0 ? `${t("nav.openMenu")}, ${t("nav.unpaidWins", { count: unpaidWins })}` : t("nav.openMenu")}
          data-tour="mobile-menu"
          className="relative flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-black/5 lg:hidden dark:hover:bg-white/10"
        >
          <MenuGlyph />
          {/* On a phone the navigation is folded away: the menu button carries the unpaid wins' count. */}
          {unpaidWins > 0 && (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-700 px-1 text-[11px] font-bold text-white tabular-nums ring-2 ring-surface"
            >
              {unpaidWins}
            </span>
          )}
        </button>
        <div className="shrink-0 lg:hidden">
          <Logo />
        </div>
        <div data-area="centre" className="flex min-w-0 flex-1 justify-center">
          <LiveIndicator />
        </div>
        <div data-area="right" className="flex items-center gap-0.5 sm:gap-1">
          <Suspense fallback={<MenusPlaceholder />}>
            {menusMayMount ? <HeaderMenus onLanguageChosen={saveLanguageIfSignedIn} /> : <MenusPlaceholder />}
          </Suspense>
        </div>
      </div>
      <InfoAlert />
      {user?.isAuthenticated && user.needsNewDisplayName && <NewDisplayNameNotice name={user.displayName} />}
    </header>
  );
}

/** A name taken before today's rules refused it (a look-alike, reserved): the way to a new one (issue 51). */
function NewDisplayNameNotice({ name }: { name: string }) {
  const { t } = useTexts();
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-2 text-center text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
    >
      <span>{t("header.newDisplayNameNeeded", { name })}</span>
      <Link to="/profile" className="font-semibold underline underline-offset-2">
        {t("header.chooseDisplayName")}
      </Link>
    </div>
  );
}

/**
 * False in the page's first render, true in a render of its own right after it (a transition, so in slices). The
 * menus are Radix popovers: each one's trigger hands its element to the popover's state from a ref while React
 * commits, which is an update React must render at once. In the first commit that render, and every effect of the
 * first screen that React must run before it, joined the commit's task: on a slow phone 100-130 ms more of the
 * longest task of the first load (decision 059). Mounted a moment later, the menus' commit is small, and so is its
 * render at once.
 */
function useAfterFirstCommit(): boolean {
  const [isAfter, setIsAfter] = useState(false);
  useEffect(() => {
    startTransition(() => setIsAfter(true));
  }, []);
  return isAfter;
}

/** The menus' footprint while their chunk loads, so nothing moves when they appear; a tour waits for them. */
function MenusPlaceholder() {
  return (
    <span className="contents" {...partLoadingProps}>
      <span className="size-10" />
      <span className="size-10" />
      <span className="ml-1 h-10 w-24 animate-pulse rounded-full bg-black/10 dark:bg-white/10" />
    </span>
  );
}

function LiveIndicator() {
  const { t } = useTexts();
  const status = useLiveStatus();
  const isLive = status === "connected";
  return (
    <span className="hidden items-center gap-2 rounded-full border border-line px-3 py-1 text-xs font-semibold tracking-wide text-muted uppercase md:inline-flex">
      <span className={`size-2 rounded-full ${isLive ? "bg-emerald-500 motion-safe:animate-live" : "bg-slate-400"}`} />
      {isLive ? t("header.live") : t("header.offline")}
    </span>
  );
}
