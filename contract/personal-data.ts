// Personal data (issue 53 items 2-4, decisions 092-094): the date of birth, downloading one's data, closing one's account.
import { z } from "./zod";
import { text } from "./input";

export { DELETED_BIDDER_NAME, isDeletedBidder } from "./bidder-names";

/** The oldest date of birth taken: older is a typing slip, not a bidder. */
export const OLDEST_DATE_OF_BIRTH = "1900-01-01";

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * A date of birth as an ISO date (what `<input type="date">` gives): a real day, not before 1900 and not in the future
 * (a day's grace for time zones ahead of the server). Whether it is old enough is the server's `MIN_AGE`.
 */
export const DateOfBirth = text({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "personalData.validation.invalidDate")
  .refine(isCalendarDate, "personalData.validation.invalidDate")
  .refine((value) => value >= OLDEST_DATE_OF_BIRTH, "personalData.validation.dateTooOld")
  .refine((value) => value <= new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10), "personalData.validation.dateInFuture");

/** Whole years between an ISO date of birth and `today` (an ISO date too). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** PUT /api/users/date-of-birth: an account made before sign-up asked, telling it once. */
export const DateOfBirthBody = z.object({ dateOfBirth: DateOfBirth }).strict();
export type DateOfBirthBody = z.input<typeof DateOfBirthBody>;

/** POST /api/users/my-data, /api/users/my-data/ledger.csv and /api/users/delete: the password, typed again just now. */
export const ReauthBody = z.object({
  password: text({ error: "validation.required" }).min(1, "validation.required").max(255, "validation.max255"),
});
export type ReauthBody = z.infer<typeof ReauthBody>;

/**
 * The refusals of this area. Figures travel in the error's values: `minAge`; `amountCents` (the balance to withdraw);
 * `auctionId` (the win, delivery, purchase or auction that holds the account open).
 */
export const personalDataErrorMessages = {
  ACCOUNT_CLOSED: "This account has been closed.",
  DATE_OF_BIRTH_REQUIRED: "Tell us your date of birth before you enrol.",
  DATE_OF_BIRTH_GIVEN: "Your date of birth is already on record.",
  UNDER_AGE: "You must be at least {{minAge}} years old to use Pennybid.",
  BALANCE_NOT_WITHDRAWN: "Withdraw your balance first: the account can be deleted once it is withdrawn.",
  WITHDRAWAL_PENDING: "A withdrawal of yours is still on its way: the account can be deleted once it has gone out.",
  WIN_UNPAID: "Pay for your win first, or let its payment window close: the account cannot be deleted while a win awaits payment.",
  DELIVERY_OPEN: "A delivery to you is still open: the account can be deleted once it is delivered.",
  BUY_NOW_PENDING: "A Buy it now purchase is still on its way: the account can be deleted once it is delivered.",
  LEADING_AUCTION: "You are leading a running auction: the account can be deleted once it ends.",
} as const;
export type PersonalDataErrorCode = keyof typeof personalDataErrorMessages;

/** The JSON file of POST /api/users/my-data: every table's rows about the user, by section, as the database holds them. */
export const MyDataFile = z.object({
  exportedAt: z.string(),
  format: z.literal("pennybid-my-data/1"),
  sections: z.record(z.string(), z.array(z.unknown())),
});
export type MyDataFile = z.infer<typeof MyDataFile>;
