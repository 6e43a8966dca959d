import { useTexts } from "../../../hooks/use-texts";
import { Button } from "../../../components/ui/button";

/** Previous and Next around "Page 2 of 5"; nothing when all fits on one page. */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTexts();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-3 text-sm">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("wallet.previous")}
      </Button>
      <span className="text-muted">{t("wallet.pageOf", { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("wallet.next")}
      </Button>
    </nav>
  );
}
