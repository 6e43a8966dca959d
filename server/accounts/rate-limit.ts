// A sliding-window limiter over rate_limit_events: the database counts, so every server process agrees.
import type { Queryable } from "../db/database";

export type RateLimit = { bucket: string; max: number; windowSeconds: number };

export async function isRateLimited(db: Queryable, limit: RateLimit): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    `select count(*) as n from rate_limit_events
     where bucket = $1 and created_at > now() - make_interval(secs => $2)`,
    [limit.bucket, limit.windowSeconds],
  );
  return (row?.n ?? 0) >= limit.max;
}

export async function recordRateLimitEvent(db: Queryable, bucket: string): Promise<void> {
  await db.query("insert into rate_limit_events (bucket) values ($1)", [bucket]);
}

export async function clearRateLimit(db: Queryable, bucket: string): Promise<void> {
  await db.query("delete from rate_limit_events where bucket = $1", [bucket]);
}

/** Old events are useless; dropped now and then so the table stays small. */
export async function pruneRateLimitEvents(db: Queryable): Promise<void> {
  await db.query("delete from rate_limit_events where created_at < now() - interval '1 day'");
}
