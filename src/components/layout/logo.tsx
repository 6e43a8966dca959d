import { Link } from "react-router-dom";
import { useTexts } from "../../hooks/use-texts";
// Files, not data URLs in the script (each is just under Vite's inline limit): the first download carries no picture.
import logoCompactDark from "../../assets/logo-compact-dark.svg?no-inline";
import logoCompactLight from "../../assets/logo-compact-light.svg?no-inline";
import logoDark from "../../assets/logo-dark.svg";
import logoLight from "../../assets/logo-light.svg";

type LogoProps = {
  /** Single mode: the logo stands alone (auth card, 404) at 300×110; otherwise 102×36. */
  isSingle?: boolean;
  to?: string;
};

/** The logo links home by default; both variants are in the page and CSS shows the one for the theme. */
export function Logo({ isSingle = false, to = "/" }: LogoProps) {
  const { t } = useTexts();
  const [light, dark] = isSingle ? [logoLight, logoDark] : [logoCompactLight, logoCompactDark];
  const size = isSingle ? "h-[110px] w-[300px] max-w-full" : "h-9 w-[102px]";
  return (
    <Link to={to} className="inline-flex shrink-0 items-center rounded-md" aria-label={t("app.name")}>
      <img src={light} alt="" width={isSingle ? 300 : 102} height={isSingle ? 110 : 36} className={`${size} dark:hidden`} />
      <img src={dark} alt="" width={isSingle ? 300 : 102} height={isSingle ? 110 : 36} className={`${size} hidden dark:block`} />
    </Link>
  );
}
