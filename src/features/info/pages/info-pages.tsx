// Privacy policy, terms of service, contacts and FAQ: their whole text lives in locales (`info.*`).
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "../../../hooks/use-texts";
import { USUAL_COST_MIN_AUCTIONS, USUAL_COST_WINDOW_DAYS, WinLimitsResponse } from "../../../../contract/auctions";
import { PageHeading } from "../../../components/ui/page-heading";
import { apiRequest } from "../../../lib/api-client";

type Section = { heading: string; paragraphs: string[] };
type FaqItem = { question: string; answer: string };

/** A list from the locale files (i18next `returnObjects`), with `values` put in; an empty list if the key is missing. */
function useLocaleList<T>(key: string, values: Record<string, number | string> = {}): T[] {
  const { t } = useTexts();
  const value: unknown = t(key, { returnObjects: true, ...values });
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The site's win limits, which the terms and the FAQ state with the figures the server enforces ("…" until known). */
function useWinLimitFigures(): Record<string, number | string> {
  const { data } = useQuery({
    queryKey: ["win-limits"],
    queryFn: ({ signal }) => apiRequest("/api/win-limits", { schema: WinLimitsResponse, signal }),
    staleTime: Infinity,
  });
  return data ?? { wins: "…", sameProductWins: "…", days: "…" };
}

function LegalPage({ page }: { page: "privacy" | "terms" }) {
  const { t } = useTexts();
  const sections = useLocaleList<Section>(`info.${page}.sections`, useWinLimitFigures());
  return (
    <article className="max-w-3xl">
      <PageHeading title={t(`info.${page}.title`)}>
        <p className="text-sm">{t(`info.${page}.updated`)}</p>
      </PageHeading>
      <p className="mb-8 text-lg leading-relaxed">{t(`info.${page}.intro`)}</p>
      {sections.map((section, index) => (
        <section key={index} className="mb-8">
          <h2 className="mb-3 text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph, p) => (
            <p key={p} className="mb-3 leading-relaxed text-ink/85">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

export const PrivacyPolicyPage = () => <LegalPage page="privacy" />;
export const TermsOfServicePage = () => <LegalPage page="terms" />;

/** The window and threshold of what an auction usually costs (decision 100), which the FAQ's answer states. */
const USUAL_COST_FIGURES = { usualCostDays: USUAL_COST_WINDOW_DAYS, usualCostMinAuctions: USUAL_COST_MIN_AUCTIONS };

export function FaqPage() {
  const { t } = useTexts();
  const items = useLocaleList<FaqItem>("info.faq.items", { ...useWinLimitFigures(), ...USUAL_COST_FIGURES });
  return (
    <article className="max-w-3xl">
      <PageHeading title={t("info.faq.title")}>{t("info.faq.intro")}</PageHeading>
      <div className="flex flex-col gap-3">
        {items.map((item, index) => (
          <details key={index} className="group rounded-2xl border border-line bg-surface px-5 py-4 shadow-sm open:shadow-md">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
              {item.question}
              <span aria-hidden="true" className="text-primary-500 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 leading-relaxed text-ink/85">{item.answer}</p>
          </details>
        ))}
      </div>
    </article>
  );
}

const contactRows = ["company", "registration", "address", "email", "phone", "hours"] as const;

export function ContactsPage() {
  const { t } = useTexts();
  return (
    <article className="max-w-3xl">
      <PageHeading title={t("info.contacts.title")}>{t("info.contacts.intro")}</PageHeading>
      <dl className="grid gap-x-8 gap-y-4 rounded-2xl border border-line bg-surface p-6 shadow-sm sm:grid-cols-[auto_1fr]">
        {contactRows.map((row) => (
          <div key={row} className="contents">
            <dt className="text-sm font-medium text-muted">{t(`info.contacts.${row}Label`)}</dt>
            <dd className="font-medium">
              {row === "email" ? (
                <a className="text-accent hover:underline" href={`mailto:${t("info.contacts.email")}`}>
                  {t("info.contacts.email")}
                </a>
              ) : row === "phone" ? (
                <a className="text-accent hover:underline" href={`tel:${t("info.contacts.phone").replaceAll(" ", "")}`}>
                  {t("info.contacts.phone")}
                </a>
              ) : (
                t(`info.contacts.${row}`)
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-muted">{t("info.contacts.responseNote")}</p>
    </article>
  );
}
