// Home: running auctions, 'Starting soon' (waiting) and ended auctions, each list live; a short how-it-works.
import { useTranslation } from "react-i18next";
import { EmptyState, PageHeading } from "../../../components/ui/PageHeading";
import { useAuctionList, type ListStatus } from "../api/auction-lists";
import { AuctionGrid } from "../components/AuctionGrid";

const sections: { id: string; status: ListStatus; titleKey: string; emptyKey: string }[] = [
  { id: "running", status: "Running", titleKey: "home.running", emptyKey: "home.noRunning" },
  { id: "starting-soon", status: "Waiting", titleKey: "home.startingSoon", emptyKey: "home.noStartingSoon" },
  { id: "ended", status: "Ended", titleKey: "home.ended", emptyKey: "home.noEnded" },
];

const steps = [
  { titleKey: "home.step1Title", bodyKey: "home.step1Body" },
  { titleKey: "home.step2Title", bodyKey: "home.step2Body" },
  { titleKey: "home.step3Title", bodyKey: "home.step3Body" },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t("home.title")}>{t("home.intro")}</PageHeading>
      {sections.map((section) => (
        <AuctionSection key={section.id} {...section} />
      ))}
      <section aria-labelledby="how-it-works" className="mb-10">
        <h2 id="how-it-works" className="mb-4 text-2xl font-bold">
          {t("home.howItWorks")}
        </h2>
        <ol className="grid gap-3 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.titleKey} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
              <span className="mb-3 flex size-9 items-center justify-center rounded-full bg-primary-700 font-display text-lg font-bold text-white">
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{t(step.titleKey)}</h3>
              <p className="mt-1 text-sm text-muted">{t(step.bodyKey)}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

function AuctionSection({ id, status, titleKey, emptyKey }: (typeof sections)[number]) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useAuctionList(status);
  const items = data?.items ?? [];
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mb-10">
      <h2 id={`${id}-title`} className="mb-4 text-2xl font-bold">
        {t(titleKey)}
        {data && data.total > 0 && <span className="ml-2 text-base font-medium text-muted">{data.total}</span>}
      </h2>
      {isLoading ? (
        <div className="h-40 animate-pulse rounded-2xl bg-black/5 dark:bg-white/5" />
      ) : isError ? (
        <EmptyState>{t("common.somethingWentWrong")}</EmptyState>
      ) : items.length === 0 ? (
        <EmptyState>{t(emptyKey)}</EmptyState>
      ) : (
        <AuctionGrid auctions={items} />
      )}
    </section>
  );
}
