// What the side navigation holds, shared by the permanent sidebar (lg and up) and the slide-out menu.
import { NavLink } from "react-router-dom";
import { useTexts } from "../../hooks/use-texts";
import { useUser } from "../../features/auth/auth-provider";
import { useUnpaidWinCount } from "../../features/won/api/unpaid-wins";
import { BoltGlyph, HeartGlyph, HomeGlyph, TrophyGlyph } from "../../components/ui/icons";
import { SocialLinks } from "../../components/layout/social-links";
import { DevToolsOpener } from "../../features/dev-tools";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-xl px-4 py-3 text-[15px] font-medium transition ${
    isActive ? "bg-primary-500/10 text-primary-700 dark:text-primary-300" : "text-ink hover:bg-black/5 dark:hover:bg-white/5"
  }`;

/** An item's second line: a shade darker than `text-muted`, which is 4.3:1 on the current item's orange tint. */
const sublabelClass = "text-xs font-normal text-slate-600 dark:text-slate-400";

export const informationLinks = [
  { to: "/privacy-policy", labelKey: "nav.privacyPolicy" },
  { to: "/terms-of-service", labelKey: "nav.termsOfService" },
  { to: "/contacts", labelKey: "nav.contacts" },
  { to: "/faq", labelKey: "nav.faq" },
  { to: "/winners", labelKey: "winners.link" },
] as const;

/** `onOpenDevTools`: what the holder does as the dev panel opens from here (the slide-out menu closes). */
export function NavigationContent({ onOpenDevTools }: { onOpenDevTools?: () => void } = {}) {
  const { t } = useTexts();
  const { data: user } = useUser();
  const isSignedIn = user?.isAuthenticated === true;
  const unpaidWins = useUnpaidWinCount();

  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-4 pt-4 pb-6">
      <nav aria-label={t("nav.mainNavigation")}>
        <ul className="flex flex-col gap-1">
          <li>
            <NavLink to="/" end className={itemClass}>
              <HomeGlyph />
              {t("nav.home")}
            </NavLink>
          </li>
          {isSignedIn && (
            <>
              <li>
                <NavLink to="/auctions/my-active" className={itemClass} data-tour="nav-my-active">
                  <BoltGlyph />
                  <span className="flex flex-col">
                    {t("nav.myActive")}
                    <span className={sublabelClass}>{t("nav.currentlyRunning")}</span>
                  </span>
                </NavLink>
              </li>
              <li>
                <NavLink to="/auctions/won" className={itemClass} data-tour="nav-won">
                  <TrophyGlyph />
                  <span className="flex flex-col">
                    {t("nav.won")}
                    <span className={sublabelClass}>{t("nav.awaitingPayment")}</span>
                  </span>
                  {unpaidWins > 0 && (
                    <span
                      data-testid="unpaid-wins"
                      className="ml-auto flex h-6 min-w-6 items-center justify-center rounded-full bg-primary-700 px-2 text-xs font-bold text-white tabular-nums"
                    >
                      <span aria-hidden="true">{unpaidWins}</span>
                      <span className="sr-only">{t("nav.unpaidWins", { count: unpaidWins })}</span>
                    </span>
                  )}
                </NavLink>
              </li>
              <li>
                <NavLink to="/favourites" className={itemClass} data-tour="nav-favourites">
                  <HeartGlyph />
                  {t("nav.favourites")}
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>

      <nav aria-label={t("nav.information")} className="border-t border-line pt-4" data-tour="nav-information">
        <p className="mb-2 px-4 text-xs font-semibold tracking-wide text-muted uppercase">{t("nav.information")}</p>
        <ul className="flex flex-col">
          {informationLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block rounded-lg px-4 py-2 text-sm transition ${
                    isActive ? "text-primary-700 dark:text-primary-300" : "text-muted hover:text-ink"
                  }`
                }
              >
                {t(link.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-auto px-4">
        {/* For a tester who asked for it, outside production (decision 080): in the navigation's flow, covering nothing. */}
        <DevToolsOpener onOpen={onOpenDevTools} />
        <SocialLinks />
      </div>
    </div>
  );
}
