// Reality checks (issue 53 item 5, decision 095): the session's stretch of play, what it has cost by the ledger, and
// the bidder's interval. Times are the database's, as the session's and the ledger's are.
import type { RealityCheckMinutes, RealityCheckView } from "../../contract";
import type { Queryable } from "../db/database";
import { AUCTION_SPEND_TYPES } from "../wallet/spend-limits";

type ViewRow = {
  interval_minutes: number;
  started_at: Date;
  checked_at: Date | null;
  elapsed_seconds: number | string;
  since_check_seconds: number | string;
  cost_cents: number | string | null;
};

/** The check as it stands for the session `sessionIdHash` of `userId`; null when the session is gone. */
export async function realityCheckView(q: Queryable, userId: string, sessionIdHash: string): Promise<RealityCheckView | null> {
  // Cost: the user's own spending entries (fees, payments, Buy it now, refunds) written since the stretch began.
  const [row] = await q.query<ViewRow>(
    `select u.reality_check_minutes as interval_minutes, s.play_started_at as started_at, s.reality_checked_at as checked_at,
            floor(greatest(0, extract(epoch from now() - s.play_started_at)))::int as elapsed_seconds,
            floor(greatest(0, extract(epoch from now() - coalesce(s.reality_checked_at, s.play_started_at))))::int as since_check_seconds,
            (select -coalesce(sum(t.amount_cents), 0) from wallet_transactions t
              where t.user_id = u.id and t.type = any($3::text[]) and t.created_at >= s.play_started_at) as cost_cents
     from sessions s join users u on u.id = s.user_id
     where s.id_hash = $1 and s.user_id = $2`,
    [sessionIdHash, userId, AUCTION_SPEND_TYPES],
  );
  if (!row) return null;
  return {
    intervalMinutes: row.interval_minutes as RealityCheckMinutes,
    startedAt: row.started_at.toISOString(),
    checkedAt: row.checked_at?.toISOString() ?? null,
    elapsedSeconds: Number(row.elapsed_seconds),
    sinceCheckSeconds: Number(row.since_check_seconds),
    costCents: Number(row.cost_cents ?? 0),
  };
}

/** The bidder answered the check (Continue, a break, or a look at their spending): the next is an interval away. */
export async function answerRealityCheck(q: Queryable, userId: string, sessionIdHash: string): Promise<RealityCheckView | null> {
  await q.query("update sessions set reality_checked_at = now() where id_hash = $1 and user_id = $2", [sessionIdHash, userId]);
  return realityCheckView(q, userId, sessionIdHash);
}

export async function setRealityCheckInterval(
  q: Queryable,
  userId: string,
  sessionIdHash: string,
  intervalMinutes: RealityCheckMinutes,
): Promise<RealityCheckView | null> {
  await q.query("update users set reality_check_minutes = $2, updated_at = now() where id = $1", [userId, intervalMinutes]);
  return realityCheckView(q, userId, sessionIdHash);
}
