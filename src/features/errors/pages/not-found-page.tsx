import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { buttonClassName } from "../../../components/ui/button";

export function NotFoundPage() {
  const { t } = useTexts();
  return (
    <div className="flex flex-col items-center py-16 text-center">
      <p className="font-display text-8xl font-bold text-primary-600 dark:text-primary-500">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t("pages.notFound.title")}</h1>
      <p className="mt-2 max-w-md text-muted">{t("pages.notFound.body")}</p>
      <Link to="/" className={buttonClassName({ size: "lg", className: "mt-8" })}>
        {t("common.backHome")}
      </Link>
    </div>
  );
}
