import { Fragment } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../hooks/use-texts";

const footerLinks = [
  { to: "/faq", labelKey: "nav.faq" },
  { to: "/privacy-policy", labelKey: "nav.privacyPolicy" },
  { to: "/terms-of-service", labelKey: "nav.termsOfService" },
  { to: "/contacts", labelKey: "nav.contacts" },
] as const;

/** Four links (stacked, separators hidden on narrow screens) and the copyright line. */
export function Footer() {
  const { t } = useTexts();
  return (
    <footer className="mt-auto border-t border-line px-4 py-8 text-sm text-muted md:px-8">
      <nav aria-label={t("footer.links")}>
        <ul className="flex flex-col items-center gap-2 md:flex-row md:justify-center md:gap-3">
          {footerLinks.map((link, index) => (
            <Fragment key={link.to}>
              {index > 0 && (
                <li aria-hidden="true" className="hidden md:block">
                  •
                </li>
              )}
              <li>
                <Link to={link.to} className="hover:text-accent" data-tour={link.to === "/faq" ? "faq" : undefined}>
                  {t(link.labelKey)}
                </Link>
              </li>
            </Fragment>
          ))}
        </ul>
      </nav>
      <p className="mt-4 text-center">{t("footer.copyright", { year: new Date().getFullYear(), domain: t("app.domain") })}</p>
    </footer>
  );
}
