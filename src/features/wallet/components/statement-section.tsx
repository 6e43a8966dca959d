// The statement (decision 091): the last twelve months by kind as the server summed them, money in positive and out
// negative, and the same as a CSV download. Wider screens see all twelve months in a table; phones the months that moved.
import type { StatementMonth } from "../../../../contract";
import { buttonClassName } from "../../../components/ui/button";
import { useLanguage } from "../../../hooks/use-language";
import { WIDER_THAN_MOBILE, useMediaQuery } from "../../../hooks/use-media-query";
import { useTexts } from "../../../hooks/use-texts";
import { useEuro } from "../../../lib/format";
import { STATEMENT_CSV_PATH, useStatement } from "../api/statement";

const columns = ["topUps", "withdrawals", "fees", "payments", "refunds", "adjustments", "net"] as const;
type Column = (typeof columns)[number];
const centsOf = (month: StatementMonth, column: Column): number => month[`${column}Cents`];

/** "2026-12" as the reader's language names the month. */
function useMonthName(): (month: string) => string {
  const language = useLanguage();
  const format = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" });
  return (month) => format.format(new Date(`${month}-01T00:00:00Z`));
}

function useSigned(): (cents: number) => string {
  const euro = useEuro();
  return (cents) => (cents === 0 ? euro(0) : `${cents > 0 ? "+" : "−"}${euro(Math.abs(cents))}`);
}

export function StatementSection() {
  const { t } = useTexts();
  const { data } = useStatement();
  const isWide = useMediaQuery(WIDER_THAN_MOBILE);
  if (!data) return null;
  const moved = data.months.filter((month) => columns.some((column) => centsOf(month, column) !== 0));
  return (
    <section aria-labelledby="statement-title" className="mb-8">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id="statement-title" className="text-2xl font-bold">
          {t("statement.title")}
        </h2>
        <a href={STATEMENT_CSV_PATH} download className={buttonClassName({ variant: "secondary", size: "sm" })}>
          {t("statement.download")}
        </a>
      </div>
      <p className="mb-4 text-sm text-muted">{t("statement.intro")}</p>
      {moved.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-5 text-sm text-muted shadow-sm">{t("statement.empty")}</p>
      ) : isWide ? (
        <StatementTable months={data.months} />
      ) : (
        <StatementList months={moved} />
      )}
    </section>
  );
}

function StatementTable({ months }: { months: StatementMonth[] }) {
  const { t } = useTexts();
  const monthName = useMonthName();
  const signed = useSigned();
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{t("statement.title")}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("statement.columns.month")}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-right font-medium">
                {t(`statement.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row" className="px-4 py-2.5 font-medium whitespace-nowrap first-letter:uppercase">
                {monthName(month.month)}
              </th>
              {columns.map((column) => (
                <td
                  key={column}
                  className={`px-4 py-2.5 text-right whitespace-nowrap tabular-nums ${column === "net" ? "font-semibold" : centsOf(month, column) === 0 ? "text-muted" : ""}`}
                >
                  {signed(centsOf(month, column))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatementList({ months }: { months: StatementMonth[] }) {
  const { t } = useTexts();
  const monthName = useMonthName();
  const signed = useSigned();
  return (
    <>
      <ul className="flex flex-col gap-3">
        {months.map((month) => (
          <li key={month.month} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
            <h3 className="mb-1 font-semibold first-letter:uppercase">{monthName(month.month)}</h3>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm">
              {columns
                .filter((column) => column === "net" || centsOf(month, column) !== 0)
                .map((column) => (
                  <div key={column} className={`contents ${column === "net" ? "font-semibold" : ""}`}>
                    <dt className={column === "net" ? "" : "text-muted"}>{t(`statement.columns.${column}`)}</dt>
                    <dd className="text-right tabular-nums">{signed(centsOf(month, column))}</dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted">{t("statement.quiet")}</p>
    </>
  );
}
