// PGlite's upkeep: what PostgreSQL's autovacuum does for a server, done by our process for the embedded database
// (decision 051). PGlite runs PostgreSQL in one process with no background workers, so no table is ever vacuumed or
// analyzed on its own: the planner keeps guessing at tables it has never measured (the auto-bid round walked 500
// running auctions rescanning auto_bids, 37 ms a round instead of 0.6). At once on start, and then every minute,
// this job reads the statistics PGlite keeps and, by autovacuum's own rules and settings, vacuums and analyzes the
// tables that have changed enough since the last time. PostgreSQL needs none of it: its autovacuum does this.
import type { FastifyBaseLogger } from "fastify";
import { startRepeating, type RepeatingJob } from "../jobs/repeating";
import type { Database } from "./database";

/** Autovacuum's default nap between two rounds. */
export const UPKEEP_INTERVAL_MS = 60_000;

export interface UpkeepRound {
  vacuumed: string[];
  analyzed: string[];
}

interface TableDue {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

// Autovacuum's thresholds (PostgreSQL's "Automatic Vacuuming" settings, read from the database so a changed setting
// holds here too): a table is vacuumed when its dead rows, or its rows inserted since the last vacuum, pass a fixed
// count plus a share of its rows; analyzed when its rows changed since the last analyze do. A table never measured
// counts as empty, so any table of more than 50 rows is analyzed on the first round.
const TABLES_DUE = `
  with settings as (
    select current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
           current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_share,
           current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
           current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_share,
           current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
           current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_share
  ), tables as (
    select format('%I.%I', s.schemaname, s.relname) as name, s.n_dead_tup, s.n_ins_since_vacuum,
           s.n_mod_since_analyze, greatest(c.reltuples, 0) as known_rows
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
  ), verdicts as (
    select name,
           n_dead_tup > vacuum_base + vacuum_share * known_rows
             or n_ins_since_vacuum > insert_base + insert_share * known_rows as vacuum,
           n_mod_since_analyze > analyze_base + analyze_share * known_rows as analyze
    from tables, settings
  )
  select name, vacuum, "analyze" from verdicts where vacuum or "analyze" order by name`;

/** One round: vacuums and analyzes each table that is due, one statement a table (never inside a transaction). */
export async function upkeepRound(db: Database): Promise<UpkeepRound> {
  // The counts of changed rows reach the statistics at most once a second; this round must see the latest (the rows a
  // seed wrote just before the server started).
  await db.query("select pg_stat_force_next_flush()");
  const due = await db.query<TableDue>(TABLES_DUE);
  const round: UpkeepRound = { vacuumed: [], analyzed: [] };
  for (const table of due) {
    if (table.vacuum) {
      await db.query(`vacuum ${table.analyze ? "(analyze) " : ""}${table.name}`);
      round.vacuumed.push(table.name);
    } else {
      await db.query(`analyze ${table.name}`);
    }
    if (table.analyze) round.analyzed.push(table.name);
  }
  return round;
}

/**
 * Starts the upkeep on PGlite; on PostgreSQL it does nothing (autovacuum). A failed round is logged and the next one
 * tries again: upkeep never stops the server.
 */
export function startUpkeep(options: { db: Database; log: FastifyBaseLogger; intervalMs?: number }): RepeatingJob {
  if (options.db.kind !== "pglite") return { stop: async () => undefined };
  const { db, log } = options;
  return startRepeating({
    name: "database-upkeep",
    intervalMs: options.intervalMs ?? UPKEEP_INTERVAL_MS,
    onError: (error) => log.error({ err: error }, "database upkeep failed"),
    round: async () => {
      const started = performance.now();
      const round = await upkeepRound(db);
      if (round.vacuumed.length + round.analyzed.length > 0) {
        log.debug({ ...round, ms: Math.round(performance.now() - started) }, "database upkeep");
      }
    },
  });
}
