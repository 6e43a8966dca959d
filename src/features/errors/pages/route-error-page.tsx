// Shown when a screen throws, or its code did not come: a translated message, a way to load the page afresh and a way
// home, never a stack trace. "Try again" loads the address anew: a browser keeps a script it could not fetch as
// failed until the page is loaded again (decision 068).
import { useTexts } from "../../../hooks/use-texts";
import { Button, buttonClassName } from "../../../components/ui/button";

export function RouteErrorPage() {
  const { t } = useTexts();
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-2xl font-bold">{t("common.somethingWentWrong")}</h1>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          {t("common.tryAgain")}
        </Button>
        <a href="/" className={buttonClassName({ variant: "outline", size: "lg" })}>
          {t("common.backHome")}
        </a>
      </div>
    </div>
  );
}
