// The operators' log (`operator_actions`): operators read it back, newest first, filtered and a page at a time. Its
// lines are written where the actions happen, by every domain (server/audit/operator-actions.ts).
import type { AuditLogPage, AuditLogQuery, AuditSource } from "../../contract";
import type { Queryable } from "../db/database";

type Row = {
  id: number;
  actor: string;
  action: string;
  subject: string;
  details: Record<string, unknown>;
  source: AuditSource;
  created_at: Date;
  total: number;
};

type NamedUser = { displayName: string; email: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUCTION_ID = /^auction:(\d{1,15})$/;

/** The users and auctions a page of lines names (operators by e-mail, users by id, auctions by number), read once. */
async function namesOf(db: Queryable, rows: Row[]) {
  const emails = [...new Set(rows.filter((row) => row.source === "web").map((row) => row.actor))];
  const userIds = [...new Set(rows.map((row) => row.subject.replace(/^user:/, "")).filter((id) => UUID.test(id)))];
  const auctionIds = [...new Set(rows.flatMap((row) => AUCTION_ID.exec(row.subject)?.[1] ?? []))].map(Number);
  const users = await db.query<{ id: string; email: string; display_name: string }>(
    "select id, email, display_name from users where email = any($1::text[]) or id = any($2::uuid[])",
    [emails, userIds],
  );
  const auctions = await db.query<{ id: number; title: string }>("select id, title from auctions where id = any($1::bigint[])", [
    auctionIds,
  ]);
  const named = (row: { email: string; display_name: string }): NamedUser => ({ displayName: row.display_name, email: row.email });
  return {
    byEmail: new Map(users.map((row) => [row.email, named(row)])),
    byId: new Map(users.map((row) => [row.id, named(row)])),
    titles: new Map(auctions.map((row) => [Number(row.id), row.title])),
  };
}

/**
 * A page of the log, newest first, each line's actor and target named (an operator and a user by display name and
 * e-mail, an auction by its title) as they are now: the line itself keeps the e-mail and id it was written with.
 * `actor` and `action` match a part (any case, `%` and `_` literal); `subject` is exact (`auction:12`, `user:<uuid>`, `promo-code:SPRING`); `from` and `until` bound the time (until excluded).
 */
export async function auditLogPage(db: Queryable, query: AuditLogQuery): Promise<AuditLogPage> {
  const like = (value: string | undefined) => (value ? `%${value.replace(/[\\%_]/g, "\\$&")}%` : null);
  const rows = await db.query<Row>(
    `select o.id, o.actor, o.action, o.subject, o.details, o.source, o.created_at, count(*) over () as total
       from operator_actions o
      where ($1::text is null or o.actor ilike $1)
        and ($2::text is null or o.action ilike $2)
        and ($3::text is null or o.subject = $3)
        and ($4::text is null or o.source = $4)
        and ($5::timestamptz is null or o.created_at >= $5)
        and ($6::timestamptz is null or o.created_at < $6)
      order by o.created_at desc, o.id desc
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
  const { byEmail, byId, titles } = await namesOf(db, rows);
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
      actorUser: (row.source === "web" && byEmail.get(row.actor)) || null,
      subjectUser: (row.subject.startsWith("user:") && byId.get(row.subject.slice("user:".length))) || null,
      subjectTitle: titles.get(Number(AUCTION_ID.exec(row.subject)?.[1])) ?? null,
    })),
  };
}
