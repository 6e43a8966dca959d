// The wallet's line on spending (decision 033): "This month: €X spent of €Y", the top-ups against their limit, a
// raise still waiting, a running break, and the way to the profile where the limits are set.
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import type { SpendLimitView } from "../../../../contract";
import { useDateTime, useEuro, useMonthDay } from "../../../lib/format";
import { useSpendLimits } from "../api/spend-limits";

export function SpendSummary() {
  const { t } = useTexts();
  const dateTime = useDateTime();
  const monthDay = useMonthDay();
  const { data: limits } = useSpendLimits();
  if (!limits) return null;
  return (
    <section aria-labelledby="spend-summary" className="mb-8 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="spend-summary" className="text-lg font-semibold">
          {t("limits.summary")}
        </h2>
        <Link to="/profile#spend-limits" className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-400">
          {t("limits.manage")}
        </Link>
      </div>
      {limits.pausedUntil && (
        <p className="mb-2 rounded-xl bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
          {t("limits.pause.until", { time: dateTime(limits.pausedUntil) })}
        </p>
      )}
      <LimitStatus view={limits.auction} kind="auction" />
      <LimitStatus view={limits.topUp} kind="topUp" />
      <p className="mt-2 text-xs text-muted">{t("limits.resets", { time: monthDay(limits.resetsAt) })}</p>
    </section>
  );
}

/** "This month: €X spent of €Y" and, for a raise still waiting, "€Z from <time>". */
export function LimitStatus({ view, kind }: { view: SpendLimitView; kind: "auction" | "topUp" }) {
  const { t } = useTexts();
  const euro = useEuro();
  const dateTime = useDateTime();
  const spent = euro(view.spentCents);
  const [withLimit, withoutLimit] = kind === "auction" ? ["limits.spentOf", "limits.spent"] : ["limits.toppedUpOf", "limits.toppedUp"];
  return (
    <div className="mt-1.5 flex flex-col gap-0.5 text-sm">
      <p>{view.limitCents === null ? t(withoutLimit, { spent }) : t(withLimit, { spent, limit: euro(view.limitCents) })}</p>
      {view.pending && (
        <p className="text-amber-800 dark:text-amber-200">
          {view.pending.limitCents === null
            ? t("limits.pendingNone", { time: dateTime(view.pending.appliesAt) })
            : t("limits.pending", { limit: euro(view.pending.limitCents), time: dateTime(view.pending.appliesAt) })}
        </p>
      )}
    </div>
  );
}
