// The back office's landing page: what needs an operator's eye, counted, each count a link to the list it counts
// (running and starting soon auctions, unpaid wins, paid wins and purchases to send). It follows the feed.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import type { OperatorOverview } from "../../../../contract";
import { PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert } from "../../../components/ui/form";
import { overviewQuery, useLiveOverview } from "../api/overview";
import { refusalText } from "../form-issues";

/** Each count, the list it links to and its words (`operator.overview.<key>` and `…Hint`). */
const counts: { key: keyof OperatorOverview; to: string }[] = [
  { key: "running", to: "/operator/auctions?status=Running" },
  { key: "startingSoon", to: "/operator/auctions?status=Waiting" },
  { key: "unpaid", to: "/operator/fulfilments?state=AwaitingPayment" },
  { key: "toSend", to: "/operator/fulfilments?state=PaymentReceived" },
];

export function OverviewPage() {
  const { t } = useTexts();
  const { data, error } = useQuery(overviewQuery());
  useLiveOverview();
  return (
    <>
      <PageHeading title={t("operator.overview.title")}>{t("operator.overview.intro")}</PageHeading>
      {error ? (
        <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
      ) : !data ? (
        <CenteredProgressBar />
      ) : (
        <ul aria-label={t("operator.overview.counts")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {counts.map(({ key, to }) => (
            // The whole card is the link (stretched over it); its name is what it counts and how many ("Running
            // 13"), and the hint describes it.
            <li
              key={key}
              className="relative flex flex-col gap-1 rounded-2xl border border-line bg-surface p-4 shadow-sm transition hover:border-primary-400 sm:p-6"
            >
              <Link
                to={to}
                aria-describedby={`overview-${key}`}
                className="flex flex-col-reverse gap-1 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary-500"
              >
                <span className="font-semibold">{t(`operator.overview.${key}`)}</span>
                <span className="text-4xl font-bold tabular-nums">{data[key]}</span>
              </Link>
              <span id={`overview-${key}`} className="text-sm text-muted">
                {t(`operator.overview.${key}Hint`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
