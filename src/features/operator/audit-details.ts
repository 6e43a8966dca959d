// An audit line's details as the operator reads them: each name in their language and each value formatted as the
// rest of the app formats it (money by the one euro formatter, times, states, roles, languages). A detail the back
// office does not know yet still shows, under its own name.
import type { TFunction } from "i18next";
import { languages, type AuditLogEntry } from "../../../contract";

type Formatters = { t: TFunction; euro: (cents: number) => string; when: (isoTime: string) => string };

/** A draft's fields (as `auction.update` names them) by the draft form's own labels. */
const fieldLabels: Record<string, string> = {
  texts: "operator.audit.details.texts",
  images: "operator.form.images",
  retailValueCents: "operator.form.retailValue",
  entryFeeCents: "operator.form.entryFee",
  startPriceCents: "operator.audit.details.startPrice",
  startsAt: "operator.form.startsAt",
  initialSeconds: "operator.form.initialSeconds",
  resetSeconds: "operator.form.resetSeconds",
  minPreviousEntries: "operator.form.minPreviousEntries",
  hardEndsAt: "operator.form.hardEndsAt",
  priceCapCents: "operator.form.priceCap",
  paymentWindowHours: "operator.form.paymentWindowHours",
  maxPreviousWins: "operator.form.maxPreviousWins",
  enrolmentClosesSecondsBeforeEnd: "operator.form.enrolmentClosesBefore",
  enrolmentClosesAtPriceCents: "operator.form.enrolmentClosesAtPrice",
  realBiddersOnly: "operator.form.realBiddersOnly",
  manualOnly: "manualOnly.field",
  productKey: "operator.form.productKey",
  feeBackPercent: "feesBack.form.label",
};

const isLanguage = (value: unknown): value is (typeof languages)[number] =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

const raw = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** One detail's value, formatted by what its name means; `null` when the value is not of the expected kind. */
function valueText(name: string, value: unknown, entry: AuditLogEntry, { t, euro, when }: Formatters): string | null {
  switch (name) {
    case "amountCents":
      return typeof value === "number" ? `${value < 0 ? "−" : "+"}${euro(Math.abs(value))}` : null;
    case "priceCents":
      return typeof value === "number" ? euro(value) : null;
    case "leader":
      // Who led when an auction was ended now: "name (e-mail)", or nobody.
      return value === null ? t("operator.auction.none") : typeof value === "string" ? value : null;
    case "bids":
    case "autoBidsRemoved":
    case "sessions":
      return typeof value === "number" ? String(value) : null;
    case "amount":
      // A promo code's discount: a percentage or cents, by its kind.
      if (typeof value !== "number") return null;
      return entry.details.kind === "percent"
        ? t("operator.promo.percentOff", { percent: value })
        : t("operator.promo.amountOff", { amount: euro(value) });
    case "kind":
      return value === "percent" || value === "fixed" ? t(`operator.promo.kinds.${value}`) : null;
    case "seconds":
      return typeof value === "number" ? t("operator.auction.seconds", { count: value }) : null;
    case "deadlineAt":
      return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? when(value) : null;
    case "publish":
    case "isDemo":
      return typeof value === "boolean" ? t(value ? "operator.yes" : "operator.no") : null;
    case "role":
      return value === "bidder" || value === "operator" ? t(`operator.roles.${value}`) : null;
    case "status":
      return typeof value === "string" ? t(`operator.status.${value}`, { defaultValue: value }) : null;
    case "from":
      // The fulfilment state a step started from.
      return typeof value === "string" ? t(`operator.fulfilments.tabs.${value}`, { defaultValue: value }) : null;
    case "languages":
      return Array.isArray(value) && value.every(isLanguage)
        ? value.map((language) => t(`operator.form.texts.${language}.legend`)).join(", ")
        : null;
    case "fields":
      return Array.isArray(value)
        ? value.map((field) => (typeof field === "string" && fieldLabels[field] ? t(fieldLabels[field]) : raw(field))).join(", ")
        : null;
    default:
      return null;
  }
}

/**
 * The names the back office words, in the order it shows them (the database keeps a line's details in an order of
 * its own); any other detail keeps its own name and comes last.
 */
const knownNames = [
  "title",
  "languages",
  "publish",
  "fields",
  "leader",
  "priceCents",
  "bids",
  "autoBidsRemoved",
  "sessions",
  "amountCents",
  "amount",
  "kind",
  "reason",
  "seconds",
  "status",
  "from",
  "deadlineAt",
  "role",
  "email",
  "isDemo",
  "refunds",
];
const rank = (name: string) => (knownNames.includes(name) ? knownNames.indexOf(name) : knownNames.length);

/** One detail to show; money is kept on one line (a sign never wraps away from its amount). */
export type AuditDetail = { name: string; value: string; isMoney: boolean };

/** The line's details, to show in this order. */
export function auditDetails(entry: AuditLogEntry, formatters: Formatters): AuditDetail[] {
  const { t } = formatters;
  return Object.entries(entry.details)
    .sort(([a], [b]) => rank(a) - rank(b))
    .filter(([name]) => !(name === "kind" && typeof entry.details.amount === "number"))
    .map(([name, value]): AuditDetail => {
      if (!knownNames.includes(name)) return { name, value: raw(value), isMoney: false };
      // A promo code's kind is said with its amount ("10 % off"), under "Discount".
      const label = t(name === "amount" ? "operator.promo.kind" : `operator.audit.details.${name}`);
      return {
        name: label,
        value: valueText(name, value, entry, formatters) ?? raw(value),
        isMoney: name === "amountCents" || name === "amount" || name === "priceCents",
      };
    });
}
