// The new-draft form's values (what the operator types: euros, local times, whole numbers as text) and the schema
// that turns them into the contract's CreateAuctionBody. Each field is checked by the contract's own rule for it;
// only the reading of the text (euros, a time) is the form's.
import { z } from "../../../contract/zod";
import { AuctionText, CreateAuctionBody, languages, type AuctionTexts, type OperatorAuctionDetail } from "../../../contract";
import { amountText } from "../../lib/format";

const body = CreateAuctionBody.shape;

const EUROS = /^\d{1,7}([.,]\d{1,2})?$/;
const WHOLE = /^\d{1,9}$/;

/** "12.50" or "12,5" as cents; the contract's rule for the field then applies. */
export const euroField = <T extends z.ZodType<number, number>>(rule: T) =>
  z
    .string()
    .trim()
    .refine((value) => EUROS.test(value), { error: "operator.validation.euros", abort: true })
    .transform((value) => Math.round(Number(value.replace(",", ".")) * 100))
    .pipe(rule);

/** A whole number typed as text; the contract's rule for the field then applies. */
export const wholeField = <T extends z.ZodType<number, number>>(rule: T) =>
  z
    .string()
    .trim()
    .refine((value) => WHOLE.test(value), { error: "operator.validation.wholeNumber", abort: true })
    .transform(Number)
    .pipe(rule);

/** A datetime-local value (the browser's own time zone) as an ISO time; the contract's rule then applies. */
export const timeField = <T extends z.ZodType<string, string>>(rule: T) =>
  z
    .string()
    .refine((value) => value !== "" && !Number.isNaN(new Date(value).getTime()), { error: "operator.validation.time", abort: true })
    .transform((value) => new Date(value).toISOString())
    .pipe(rule);

/** An optional field: empty means "not set". */
export const optional = <T extends z.ZodType<unknown, string>>(field: T) =>
  z
    .string()
    .transform((value) => (value.trim() === "" ? undefined : value))
    .pipe(field.optional());

/** An optional rule: empty means "none" (null), so that saving an edited draft clears it. */
const nullable = <T extends z.ZodType<unknown, string>>(field: T) =>
  z
    .string()
    .transform((value) => (value.trim() === "" ? null : value))
    .pipe(field.nullable());

/** One language's title and description; both left empty means the auction has no text in that language. */
const languageText = z
  .object({ title: z.string(), description: z.string() })
  .transform((text) => (text.title.trim() === "" && text.description.trim() === "" ? undefined : text))
  .pipe(AuctionText.optional() as z.ZodType<AuctionText | undefined, { title: string; description: string } | undefined>);

/** The texts in en, lv and ru (decision 030): any one language's title will do, the others fall back to it. */
const textsField = z
  .object({ en: languageText, lv: languageText, ru: languageText })
  .refine((texts) => languages.some((language) => texts[language] !== undefined), {
    error: "operator.validation.oneTitle",
    path: ["en", "title"],
  })
  .transform((texts): AuctionTexts =>
    Object.fromEntries(languages.flatMap((language) => (texts[language] ? [[language, texts[language]]] : []))),
  );

export const DraftForm = z
  .object({
    texts: textsField,
    images: body.images,
    retailValueCents: euroField(body.retailValueCents.unwrap()),
    entryFeeCents: euroField(body.entryFeeCents.unwrap()),
    startsAt: timeField(body.startsAt.unwrap()),
    initialSeconds: wholeField(body.initialSeconds),
    resetSeconds: wholeField(body.resetSeconds),
    minPreviousEntries: wholeField(body.minPreviousEntries.unwrap()),
    hardEndsAt: optional(timeField(body.hardEndsAt.unwrap())),
    priceCapCents: optional(euroField(body.priceCapCents.unwrap())),
    paymentWindowHours: wholeField(body.paymentWindowHours.unwrap()),
    // The fair-play rules (decision 031).
    maxPreviousWins: nullable(wholeField(body.maxPreviousWins.unwrap().unwrap())),
    enrolmentClosesSecondsBeforeEnd: nullable(wholeField(body.enrolmentClosesSecondsBeforeEnd.unwrap().unwrap())),
    enrolmentClosesAtPriceCents: nullable(euroField(body.enrolmentClosesAtPriceCents.unwrap().unwrap())),
    realBiddersOnly: z.boolean(),
    manualOnly: z.boolean(),
    productKey: optional(body.productKey.unwrap()),
    // Fees back (decision 103).
    feeBackPercent: wholeField(body.feeBackPercent.unwrap()),
    // Seat auctions (decision 102).
    minSeats: nullable(wholeField(body.minSeats.unwrap().unwrap())),
    maxSeats: nullable(wholeField(body.maxSeats.unwrap().unwrap())),
  })
  // The server refuses these too; said here, at the field, before anything is sent.
  .refine((draft) => draft.hardEndsAt === undefined || draft.hardEndsAt > draft.startsAt, {
    error: "operator.validation.hardEndAfterStart",
    path: ["hardEndsAt"],
  })
  .refine((draft) => draft.enrolmentClosesSecondsBeforeEnd === null || draft.enrolmentClosesSecondsBeforeEnd <= draft.initialSeconds, {
    error: "operator.validation.closesWithinInitialTimer",
    path: ["enrolmentClosesSecondsBeforeEnd"],
  })
  .refine((draft) => draft.minSeats === null || draft.maxSeats === null || draft.minSeats <= draft.maxSeats, {
    error: "seats.draft.outOfOrder",
    path: ["minSeats"],
  })
  .transform((draft): CreateAuctionBody => ({ ...draft, publish: false }));

export type DraftFormValues = z.input<typeof DraftForm>;

/** A datetime-local value for a moment (the browser's time zone, to the minute). */
export function localTimeValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const noTexts = { en: { title: "", description: "" }, lv: { title: "", description: "" }, ru: { title: "", description: "" } };

export function emptyDraft(now = new Date()): DraftFormValues {
  return {
    texts: noTexts,
    images: [],
    retailValueCents: "0",
    entryFeeCents: "0",
    // An hour ahead, to the minute: time to check it before it is published and starts.
    startsAt: localTimeValue(new Date(Math.ceil(now.getTime() / 60_000) * 60_000 + 3_600_000)),
    initialSeconds: "120",
    resetSeconds: "20",
    minPreviousEntries: "0",
    hardEndsAt: "",
    priceCapCents: "",
    paymentWindowHours: "72",
    maxPreviousWins: "",
    enrolmentClosesSecondsBeforeEnd: "",
    enrolmentClosesAtPriceCents: "",
    realBiddersOnly: false,
    manualOnly: false,
    productKey: "",
    feeBackPercent: "0",
    minSeats: "",
    maxSeats: "",
  };
}

/** A draft's settings as its form shows them, to edit. */
export function draftValues(auction: OperatorAuctionDetail): DraftFormValues {
  return {
    texts: { ...noTexts, ...auction.texts },
    images: auction.images,
    retailValueCents: amountText(auction.retailValueCents),
    entryFeeCents: amountText(auction.entryFeeCents),
    startsAt: localTimeValue(new Date(auction.startsAt)),
    initialSeconds: String(auction.initialSeconds),
    resetSeconds: String(auction.resetSeconds),
    minPreviousEntries: String(auction.minPreviousEntries),
    hardEndsAt: auction.hardEndsAt ? localTimeValue(new Date(auction.hardEndsAt)) : "",
    priceCapCents: auction.priceCapCents === null ? "" : amountText(auction.priceCapCents),
    paymentWindowHours: String(auction.paymentWindowHours),
    maxPreviousWins: auction.maxPreviousWins === null ? "" : String(auction.maxPreviousWins),
    enrolmentClosesSecondsBeforeEnd:
      auction.enrolmentClosesSecondsBeforeEnd === null ? "" : String(auction.enrolmentClosesSecondsBeforeEnd),
    enrolmentClosesAtPriceCents: auction.enrolmentClosesAtPriceCents === null ? "" : amountText(auction.enrolmentClosesAtPriceCents),
    realBiddersOnly: auction.realBiddersOnly,
    manualOnly: auction.manualOnly,
    productKey: auction.productKey,
    feeBackPercent: String(auction.feeBackPercent),
    minSeats: auction.minSeats === null ? "" : String(auction.minSeats),
    maxSeats: auction.maxSeats === null ? "" : String(auction.maxSeats),
  };
}
