// Home: running auctions, 'Starting soon' and ended auctions (filled live by the auctions feature),
// with a short explanation of how a penny auction works.
import { useTranslation } from "react-i18next";
import { EmptyState, PageHeading } from "../../../components/ui/PageHeading";

const sections = [
  { id: "running", titleKey: "home.running", emptyKey: "home.noRunning" },
  { id: "starting-soon", titleKey: "home.startingSoon", emptyKey: "home.noStartingSoon" },
  { id: "ended", titleKey: "home.ended", emptyKey: "home.noEnded" },
] as const;

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
      <section aria-labelledby="how-it-works" className="mb-10">
        <h2 id="how-it-works" className="sr-only">
          {t("home.howItWorks")}
        </h2>
        <ol className="grid gap-3 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.titleKey} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
              <span className="mb-3 flex size-9 items-center justify-center rounded-full bg-primary-500 font-display text-lg font-bold text-white">
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{t(step.titleKey)}</h3>
              <p className="mt-1 text-sm text-muted">{t(step.bodyKey)}</p>
            </li>
          ))}
        </ol>
      </section>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mb-10">
          <h2 id={`${section.id}-title`} className="mb-4 text-2xl font-bold">
            {t(section.titleKey)}
          </h2>
          <EmptyState>{t(section.emptyKey)}</EmptyState>
        </section>
      ))}
    </>
  );
}
