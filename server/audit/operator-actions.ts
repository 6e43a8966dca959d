// The operators' log (`operator_actions`), written: every operator action leaves one line, in the transaction that
// made it, with where it came from. Each domain writes its own actions' lines, so this knows no domain; the back office
// reads the log (operator/audit-log.ts).
import type { AuditSource } from "../../contract";
import type { Queryable } from "../db/database";

/** Who acts when the ops CLI does (through the API's local key, or on the database directly). */
export const OPS_CLI_ACTOR = "ops-cli";

/** Where an action came from, by who acted: the CLI, a signed-in operator (an e-mail), or the server itself. */
export const sourceOf = (actor: string): AuditSource => (actor === OPS_CLI_ACTOR ? "cli" : actor.includes("@") ? "web" : "system");

export async function logOperatorAction(
  tx: Queryable,
  actor: string,
  action: string,
  subject: string,
  details: object = {},
): Promise<void> {
  await tx.query("insert into operator_actions (actor, action, subject, details, source) values ($1, $2, $3, $4, $5)", [
    actor.slice(0, 255),
    action,
    subject.slice(0, 255),
    JSON.stringify(details),
    sourceOf(actor),
  ]);
}
