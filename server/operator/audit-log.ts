// The operators' log (`operator_actions`): every operator action leaves one line, in the transaction that made it,
// with where it came from; operators read it back, newest first, filtered and a page at a time.
import type { AuditLogPage, AuditLogQuery, AuditSource } from "../../contract";
import type { Queryable } from "../db/database";

/** Who acts when the ops CLI does (through the API's local key, or on the database directly). */
export const OPS_CLI_ACTOR = "ops-cli";

/** Where an action came from, by who acted: the CLI, a signed-in operator (an e-mail), or the server itself. */
export const sourceOf = (actor: string): AuditSource => (actor === OPS_CLI_ACTOR ? "cli" : actor.includes("@") ? "web" : "system");

export async function logOperatorAction(tx: Queryable, actor: string, action: string, subject: string, details: object = {}): Promise<void> {
  await tx.query("insert into operator_actions (actor, action, subject, details, source) values ($1, $2, $3, $4, $5)", [
    actor.slice(0, 255),
    action,
    subject.slice(0, 255),
    JSON.stringify(details),
    sourceOf(actor),
  ]);
}

type Row = { id: number; actor: string; action: string; subject: string; details: Record<string, unknown>; source: AuditSource; created_at: Date; total: number };

/**
 * A page of the log, newest first. `actor` and `action` match a part (any case, `%` and `_` literal); `subject` is
 * exact (`auction:12`, `user:<uuid>`, `promo-code:SPRING`); `from` and `until` bound the time (until excluded).
 */
export async function auditLogPage(db: Queryable, query: AuditLogQuery): Promise<AuditLogPage> {
  const like = (value: string | undefined) => (value ? `%${value.replace(/[\\%_]/g, "\\$&")}%` : null);
  const rows = await db.query<Row>(
    `select id, actor, action, subject, details, source, created_at, count(*) over () as total
       from operator_actions
      where ($1::text is null or actor ilike $1)
        and ($2::text is null or action ilike $2)
        and ($3::text is null or subject = $3)
        and ($4::text is null or source = $4)
        and ($5::timestamptz is null or created_at >= $5)
        and ($6::timestamptz is null or created_at < $6)
      order by created_at desc, id desc
      limit $7 offset $8`,
    [
      like(query.actor),
      like(query.action),
      query.subject ?? null,
      query.source ?? null,
      query.from ?? null,
      query.until ?? null,
      query.limit,
      query.offset,
    ],
  );
  // Past the last page there is no row to carry the count: ask for it alone.
  const total = rows[0] ? Number(rows[0].total) : query.offset > 0 ? (await auditLogPage(db, { ...query, limit: 1, offset: 0 })).total : 0;
  return {
    total,
    items: rows.map((row) => ({
      id: Number(row.id),
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      details: row.details,
      source: row.source,
      at: row.created_at.toISOString(),
    })),
  };
}
