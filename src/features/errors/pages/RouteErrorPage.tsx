// Shown when a screen throws: a translated message and a way home, never a stack trace.
import { useTexts } from "../../../hooks/use-texts";
import { buttonClassName } from "../../../components/ui/Button";

export function RouteErrorPage() {
  const { t } = useTexts();
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-2xl font-bold">{t("common.somethingWentWrong")}</h1>
      <a href="/" className={buttonClassName({ size: "lg" })}>
        {t("common.backHome")}
      </a>
    </div>
  );
}
