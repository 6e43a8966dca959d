// The age rule (issue 53 item 4, decision 094): a date of birth at sign-up, or once before an older account's next
// enrolment; under MIN_AGE is refused. Ages are counted on today's date in Riga, where the service is.
import { ageOn } from "../../contract";
import type { Queryable } from "../db/database";
import { Refusal } from "../refusal";

const rigaDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Riga", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today in Riga as an ISO date. */
export const todayInRiga = (now: Date = new Date()) => rigaDate.format(now);

export const isOldEnough = (dateOfBirth: string, minAge: number, now: Date = new Date()) => ageOn(dateOfBirth, todayInRiga(now)) >= minAge;

/** Records the date of birth of an account that has none; refused when it is under age or already given. */
export async function setDateOfBirth(db: Queryable, userId: string, dateOfBirth: string, minAge: number): Promise<void> {
  if (!isOldEnough(dateOfBirth, minAge)) throw new Refusal("UNDER_AGE", { minAge });
  const updated = await db.query(
    "update users set date_of_birth = $2, updated_at = now() where id = $1 and date_of_birth is null returning id",
    [userId, dateOfBirth],
  );
  if (updated.length === 0) throw new Refusal("DATE_OF_BIRTH_GIVEN");
}
