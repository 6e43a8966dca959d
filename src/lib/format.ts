// How money, dates and durations read on screen: every component formats them here. Money is integer cents
// everywhere (decision 002) and becomes text only on screen.
import { useSyncExternalStore } from "react";
import { useTexts } from "../hooks/use-texts";
import { SPEND_MONTH_TIME_ZONE } from "../../contract/constants";

// Money

/**
 * Building an Intl formatter costs more than a card's whole render, and a page's first one far more (ICU's data, tens
 * of milliseconds: decision 049): one per kind and language, kept, and built only when something is written with it.
 * The hand-written moment writers are kept here too, one per kind and language, under keys of their own.
 */
const formats = new Map<string, unknown>();
function kept<F>(key: string, make: () => F): F {
  if (formats.has(key)) return formats.get(key) as F;
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

/** Where each of the app's languages puts the percent sign after a whole percent, as Intl does ("42%", "42 %"). */
const PERCENT_SIGN: Readonly<Record<string, string>> = { en: "%", lv: "%", ru: "\u00a0%" };

/** The languages whose percents are written without Intl: format.test.ts checks each against Intl. */
export const PERCENT_WRITTEN_LANGUAGES = Object.keys(PERCENT_SIGN);

/**
 * A share from 0 up to 10 as a whole percent, rounded as Intl rounds: the share's shortest decimal (what `String`
 * writes, "0.285"), half away from zero, so 0.285 is 29 as Intl has it, where `toFixed`'s exact binary value has 28.
 * Undefined for what Intl should write (a negative share, 1,000 % or more, whose digits group, an exponent).
 */
function wholePercent(share: number): number | undefined {
  if (!(share >= 0 && share < 10) || Object.is(share, -0)) return undefined;
  const text = String(share);
  if (text.includes("e")) return undefined;
  const [whole = "0", fraction = ""] = text.split(".");
  const digits = fraction.padEnd(3, "0");
  const percent = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return percent < 1000 ? percent : undefined;
}

/** The function that writes a share as `language` writes a whole percent (Intl's way for another language). */
export function percentWriter(language: string): (share: number) => string {
  const sign = PERCENT_SIGN[language];
  return (share) => {
    const whole = sign === undefined ? undefined : wholePercent(share);
    return whole === undefined
      ? kept(`percent:${language}`, () => new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 })).format(share)
      : `${whole}${sign}`;
  };
}

/** A share from 0 to 1 as the language writes a whole percent ("42 %", "42%"). */
export function usePercent(): (share: number) => string {
  const { language } = useTexts();
  return percentWriter(language);
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

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * How each of the app's languages writes a moment, as `Intl.DateTimeFormat(language, …)` does with a medium date and a
 * short time, and with a medium time alone (format.test.ts holds them to the same text for any moment of 1970–2199).
 * Written out for the same reason as euros: a page's first Intl date format costs 35–45 ms (130 ms on a phone's
 * slower CPU) for ICU's data, in one card's render that React cannot slice (decisions 049, 058). The moment is the
 * device's local time, as Intl's is. Another language, and a year outside 1000–9999, go to Intl.
 */
type Moment = { year: number; month: string; day: number; hours: number; minutes: string; seconds: string };
type DateWriting = { dateTime: (moment: Moment) => string; time: (moment: Moment) => string; months: readonly string[] };
const twelveHour = ({ hours, minutes }: Moment) => `${hours % 12 || 12}:${minutes}`;
const meridiem = ({ hours }: Moment) => (hours < 12 ? "AM" : "PM");
const clock = ({ hours, minutes }: Moment) => `${pad(hours)}:${minutes}`;
const DATE_WRITING: Readonly<Record<string, DateWriting>> = {
  en: {
    months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    dateTime: (moment) => `${moment.month} ${moment.day}, ${moment.year}, ${twelveHour(moment)} ${meridiem(moment)}`,
    time: (moment) => `${twelveHour(moment)}:${moment.seconds} ${meridiem(moment)}`,
  },
  lv: {
    months: ["janv.", "febr.", "marts", "apr.", "maijs", "jūn.", "jūl.", "aug.", "sept.", "okt.", "nov.", "dec."],
    dateTime: (moment) => `${moment.year}. gada ${moment.day}. ${moment.month} ${clock(moment)}`,
    time: (moment) => `${clock(moment)}:${moment.seconds}`,
  },
  ru: {
    months: ["янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."],
    dateTime: (moment) => `${moment.day} ${moment.month} ${moment.year} г., ${clock(moment)}`,
    time: (moment) => `${clock(moment)}:${moment.seconds}`,
  },
};

/** The languages whose moments are written without Intl: format.test.ts checks each against Intl. */
export const DATE_WRITTEN_LANGUAGES = Object.keys(DATE_WRITING);

const MS_PER_MINUTE = 60_000;

/** Where a moment is read: the device's own clock, or the service's time zone (the spend month's, Riga). */
type Zone = "device" | "service";

/**
 * The last Sunday of `month` (0-based) of `year` at 01:00 UTC: when the EU's summer time starts (March) and ends
 * (October), Riga's with it (Directive 2000/84/EC).
 */
function euClockChangeMs(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Riga's time at `ms` as a Date whose UTC fields read it: UTC+2, and UTC+3 in the EU's summer time. */
function inRiga(ms: number): Date {
  const year = new Date(ms).getUTCFullYear();
  const isSummer = ms >= euClockChangeMs(year, 2) && ms < euClockChangeMs(year, 9);
  return new Date(ms + (isSummer ? 3 : 2) * 3_600_000);
}

/** The writer of `kind` for `language`: by hand from the table, or Intl's (built when first used) for anything else. */
function momentWriter(language: string, kind: "dateTime" | "time", zone: Zone = "device"): (isoTime: string) => string {
  const writing = DATE_WRITING[language];
  const options: Intl.DateTimeFormatOptions = {
    ...(kind === "dateTime" ? { dateStyle: "medium", timeStyle: "short" } : { timeStyle: "medium" }),
    ...(zone === "service" ? { timeZone: SPEND_MONTH_TIME_ZONE } : {}),
  };
  const intl = (date: Date) => kept(`${kind}:${zone}:${language}`, () => new Intl.DateTimeFormat(language, options)).format(date);
  return (isoTime) => {
    const date = new Date(isoTime);
    if (!writing) return intl(date);
    // The wall clock of the zone, as a Date whose UTC fields read it.
    const shown = zone === "device" ? new Date(date.getTime() - date.getTimezoneOffset() * MS_PER_MINUTE) : inRiga(date.getTime());
    const year = shown.getUTCFullYear();
    if (!(year >= 1000 && year <= 9999)) return intl(date);
    const moment = {
      year,
      month: writing.months[shown.getUTCMonth()] ?? "",
      day: shown.getUTCDate(),
      hours: shown.getUTCHours(),
      minutes: pad(shown.getUTCMinutes()),
      seconds: pad(shown.getUTCSeconds()),
    };
    return writing[kind](moment);
  };
}

/**
 * A moment as `language` writes a medium date and a short time ("Nov 24, 2026, 3:10 AM", "24 нояб. 2026 г., 03:10"),
 * on the device's clock, or in the service's time zone (what a page drawn by the server shows; decision 061).
 */
export const dateTimeWriter = (language: string, zone?: Zone) => momentWriter(language, "dateTime", zone);

/** A moment's time of day with seconds, as `language` writes it ("3:10:05 PM", "15:10:05"). */
export const timeWriter = (language: string, zone?: Zone) => momentWriter(language, "time", zone);

/**
 * Whether the device's clock reads as Riga's, in winter and in summer (a device in Riga, or in Helsinki): then the
 * service's zone writes what the device's would, with no Intl in the way. Asked once.
 */
let keepsServiceTime: boolean | undefined;
function deviceKeepsServiceTime(): boolean {
  if (keepsServiceTime !== undefined) return keepsServiceTime;
  const year = new Date().getFullYear();
  keepsServiceTime = [Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)].every((ms) => {
    const deviceOffsetMs = -new Date(ms).getTimezoneOffset() * MS_PER_MINUTE;
    return deviceOffsetMs === inRiga(ms).getTime() - ms;
  });
  return keepsServiceTime;
}

const subscribeToNothing = () => () => undefined;
const deviceZone = (): Zone => (deviceKeepsServiceTime() ? "service" : "device");
const drawingZone = (): Zone => "service";

/**
 * The zone a render writes moments in: the service's while the server draws the page and while the browser hydrates
 * that drawing (they must write the same text, and the server cannot know the device's zone; decision 061), the
 * device's from the render after; the service's all along on a device that keeps its time (no render again).
 */
function useZone(): Zone {
  return useSyncExternalStore(subscribeToNothing, deviceZone, drawingZone);
}

/** A moment as the page's language writes a medium date and a short time ("2026. gada 24. nov. 15:10"). */
export function useDateTime(): (isoTime: string) => string {
  const { language } = useTexts();
  const zone = useZone();
  return kept(`dateTimeWriter:${zone}:${language}`, () => dateTimeWriter(language, zone));
}

/** A moment's time of day, as the page's language writes it (a bid's line in the history). */
export function useTimeOfDay(): (isoTime: string) => string {
  const { language } = useTexts();
  const zone = useZone();
  return kept(`timeWriter:${zone}:${language}`, () => timeWriter(language, zone));
}

/** The day a spending month ends on (a limit's reset), on Riga's calendar as the limits count it (decision 033). */
export function useMonthDay(): (isoTime: string) => string {
  const { language } = useTexts();
  return (isoTime: string) =>
    kept(`monthDay:${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: SPEND_MONTH_TIME_ZONE })).format(
      new Date(isoTime),
    );
}

// Durations

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
