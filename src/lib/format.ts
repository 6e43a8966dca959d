// How money, dates and durations read on screen: every component formats them here. Money is integer cents
// everywhere (decision 002) and becomes text only on screen.
import { useTexts } from "../hooks/use-texts";
import { SPEND_MONTH_TIME_ZONE } from "../../contract/constants";

// Money

/**
 * Building an Intl formatter costs more than a card's whole render, and a page's first one far more (ICU's data, tens
 * of milliseconds: decision 049): one per kind and language, kept, and built only when something is written with it.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  const known = formats.get(key) as F | undefined;
  if (known) return known;
  const made = make();
  formats.set(key, made);
  return made;
}

/**
 * How each of the app's languages writes euros, as `Intl.NumberFormat(language, { style: "currency", currency: "EUR" })`
 * does (format.test.ts holds the two to the same text for any amount). Written out because a page's first Intl number
 * format costs tens of milliseconds (ICU's number data), inside the first card's render, where React cannot slice it
 * (decision 049). Another language goes to Intl.
 */
type EuroWriting = { decimal: string; group: string; minimumGroupDigits: number; before: string; after: string };
const EURO_WRITING: Readonly<Record<string, EuroWriting>> = {
  en: { decimal: ".", group: ",", minimumGroupDigits: 4, before: "€", after: "" },
  lv: { decimal: ",", group: "\u00a0", minimumGroupDigits: 5, before: "", after: "\u00a0€" },
  ru: { decimal: ",", group: "\u00a0", minimumGroupDigits: 4, before: "", after: "\u00a0€" },
};

/** The languages `euroWriter` writes without Intl: format.test.ts checks each against Intl. */
export const EURO_WRITTEN_LANGUAGES = Object.keys(EURO_WRITING);

/** `cents` written the language's way: a minus first, then the symbol and the amount in the language's order. */
function writeEuros(writing: EuroWriting, cents: number): string {
  const whole = String(Math.floor(Math.abs(cents) / 100));
  const grouped = whole.length < writing.minimumGroupDigits ? whole : whole.replace(/\B(?=(\d{3})+$)/g, writing.group);
  const fraction = String(Math.abs(cents) % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${writing.before}${grouped}${writing.decimal}${fraction}${writing.after}`;
}

/** The function that writes cents as euros in `language` (Intl's way for another language, or a fraction of a cent). */
export function euroWriter(language: string): (cents: number) => string {
  const writing = EURO_WRITING[language];
  const intl = (cents: number) =>
    kept(`euro:${language}`, () => new Intl.NumberFormat(language, { style: "currency", currency: "EUR" })).format(cents / 100);
  return (cents) => (writing && Number.isSafeInteger(cents) ? writeEuros(writing, cents) : intl(cents));
}

/**
 * Per language, its writer and the amounts already written: a page of cards writes the same few prices, fees and
 * values again and again.
 */
const euroTexts = new Map<string, { write: (cents: number) => string; written: Map<number, string> }>();
const EURO_TEXTS_KEPT = 2000;

/** `cents` as the language writes euros ("1,50 €", "€1.50"). */
export function useEuro(): (cents: number) => string {
  const { language } = useTexts();
  let texts = euroTexts.get(language);
  if (!texts) euroTexts.set(language, (texts = { write: euroWriter(language), written: new Map() }));
  const { write, written } = texts;
  return (cents: number) => {
    let text = written.get(cents);
    if (text === undefined) {
      if (written.size >= EURO_TEXTS_KEPT) written.clear();
      text = write(cents);
      written.set(cents, text);
    }
    return text;
  };
}

/** A share from 0 to 1 as the language writes a whole percent ("42 %", "42%"). */
export function usePercent(): (share: number) => string {
  const { language } = useTexts();
  return (share: number) =>
    kept(`percent:${language}`, () => new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 })).format(share);
}

/** `cents` as a plain amount with two decimals ("1.50"): what an amount field takes and a message quotes. */
export function amountText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The account menu's balance: two decimals, "0.00" when unknown (SPEC.md §2). */
export function formatBalance(euros: number | undefined): string {
  return (euros ?? 0).toFixed(2);
}

// Dates

/** A moment as the language writes a medium date and a short time ("24 Nov 2026, 03:10"). */
export function useDateTime(): (isoTime: string) => string {
  const { language } = useTexts();
  // Built at the first moment written, not in the render: a card that shows no date never pays for the formatter.
  return (isoTime: string) =>
    kept(`dateTime:${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" })).format(new Date(isoTime));
}

/** The day a spending month ends on (a limit's reset), on Riga's calendar as the limits count it (decision 033). */
export function useMonthDay(): (isoTime: string) => string {
  const { language } = useTexts();
  return (isoTime: string) =>
    kept(`monthDay:${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: SPEND_MONTH_TIME_ZONE })).format(new Date(isoTime));
}

/** The time of day of a moment, as the browser's own locale writes it (a bid's line in the history). */
export function timeOfDay(isoTime: string): string {
  return new Date(isoTime).toLocaleTimeString();
}

// Durations

const pad = (n: number) => String(n).padStart(2, "0");

/** `hh:mm:ss` (or `mm:ss` under an hour); whole days are returned apart for "2 d 04:10:05". */
export function splitDuration(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return { days, clock: days > 0 || hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}` };
}

export function useDuration(): (ms: number) => string {
  const { t } = useTexts();
  return (ms: number) => {
    const { days, clock } = splitDuration(ms);
    return days > 0 ? `${t("auction.days", { days })} ${clock}` : clock;
  };
}
