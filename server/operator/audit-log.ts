// The operators' log (`operator_actions`): every operator action leaves one line, in the transaction that made it.
import type { Queryable } from "../db/database";

export async function logOperatorAction(tx: Queryable, actor: string, action: string, subject: string, details: object = {}): Promise<void> {
  await tx.query("insert into operator_actions (actor, action, subject, details) values ($1, $2, $3, $4)", [
    actor.slice(0, 255),
    action,
    subject.slice(0, 255),
    JSON.stringify(details),
  ]);
}
