// The back office's System page (issue 57 item 5, decision 089). Each process knows only its own metrics, so each one
// writes a small summary of itself to `process_heartbeats` every few seconds, and the page lists the processes heard
// from lately, with the database as it answers now. The summary is computed from the process's own prom-client
// metrics: counts over a window are the difference between now and a snapshot taken at the window's start (snapshots
// kept in memory, one a beat), and the bid ack's quantiles come from a sliding five-minute Summary.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { ProcessSummary, type OperatorSystem, type ProcessJob, type ServiceState } from "../../contract";
import type { Database } from "../db/database";
import {
  bidAckWindowSeconds,
  bidsTotal,
  httpRequestSeconds,
  jobLastRunSeconds,
  jobRunsTotal,
  socketCommandSeconds,
} from "../metrics/metrics";

/** How often a process writes its summary. */
export const HEARTBEAT_EVERY_MS = 5_000;
/** A process not heard from for this long is no longer listed (it stopped, or cannot reach the database). */
export const PROCESS_GONE_SECONDS = 20;
/** The window of the ack quantiles, requests and errors; bids are counted over the last minute. */
export const WINDOW_SECONDS = 300;
const BIDS_WINDOW_SECONDS = 60;
/** How long `select 1` may take before the database is said to be unavailable. */
const DATABASE_CHECK_MS = 2_000;

/** The process's cumulative counts at one moment. */
type Counts = { at: number; accepted: number; refused: number; acks: number; requests: number; clientErrors: number; serverErrors: number };

async function readCounts(at: number): Promise<Counts> {
  const counts: Counts = { at, accepted: 0, refused: 0, acks: 0, requests: 0, clientErrors: 0, serverErrors: 0 };
  for (const { labels, value } of (await bidsTotal.get()).values) {
    if (labels.outcome === "accepted") counts.accepted += value;
    else counts.refused += value;
  }
  for (const { metricName, labels, value } of (await socketCommandSeconds.get()).values) {
    if (metricName?.endsWith("_count") && labels.command === "bid:place") counts.acks += value;
  }
  for (const { metricName, labels, value } of (await httpRequestSeconds.get()).values) {
    if (!metricName?.endsWith("_count")) continue;
    counts.requests += value;
    const status = Number(labels.status);
    if (status >= 400 && status < 500) counts.clientErrors += value;
    if (status >= 500) counts.serverErrors += value;
  }
  return counts;
}

/** The jobs this process ran: each one's last round, rounds and failures since the process started. */
async function readJobs(): Promise<ProcessJob[]> {
  const jobs = new Map<string, ProcessJob>();
  const job = (task: string) => jobs.get(task) ?? jobs.set(task, { task, lastRunAt: null, runs: 0, failures: 0 }).get(task)!;
  for (const { labels, value } of (await jobRunsTotal.get()).values) {
    const entry = job(String(labels.task));
    entry.runs += value;
    if (labels.outcome === "failed") entry.failures += value;
  }
  for (const { labels, value } of (await jobLastRunSeconds.get()).values) {
    job(String(labels.task)).lastRunAt = new Date(value * 1000).toISOString();
  }
  return [...jobs.values()].sort((a, b) => a.task.localeCompare(b.task));
}

async function ackQuantilesMs(): Promise<{ p50: number | null; p99: number | null }> {
  const quantile = (values: { labels: Record<string, unknown>; value: number }[], q: number) => {
    const value = values.find((entry) => entry.labels.quantile === q)?.value;
    return value !== undefined && Number.isFinite(value) ? Math.round(value * 10_000) / 10 : null;
  };
  const { values } = await bidAckWindowSeconds.get();
  return { p50: quantile(values, 0.5), p99: quantile(values, 0.99) };
}

export type HeartbeatOptions = {
  db: Database;
  sockets: () => number;
  isDraining: () => boolean;
  redis: () => ServiceState;
  everyMs?: number;
};

export type Heartbeat = {
  readonly id: string;
  /** The summary as of now (also kept as this beat's snapshot). */
  summary: () => Promise<ProcessSummary>;
  /** Writes the summary now; the page's own process does so before it reads, so it is never shown stale. */
  beat: () => Promise<void>;
  /** No beat after this; the process's row is removed, so the page drops it at once. */
  stop: () => Promise<void>;
};

export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  const { db } = options;
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const startedAt = new Date();
  // The first snapshot is the process's start: a window reaches back at most to it.
  const snapshots: Counts[] = [];
  const baseline = readCounts(Date.now()).then((counts) => void snapshots.push(counts));

  /** The snapshot a window of `seconds` counts from: the newest taken at least that long ago, else the first. */
  const since = (now: number, seconds: number): Counts => {
    let base = snapshots[0]!;
    for (const snapshot of snapshots) if (snapshot.at <= now - seconds * 1000) base = snapshot;
    return base;
  };

  const summary = async (): Promise<ProcessSummary> => {
    await baseline;
    const now = await readCounts(Date.now());
    snapshots.push(now);
    // Keep one snapshot older than the window: it is the window's base.
    while (snapshots.length > 2 && snapshots[1]!.at <= now.at - WINDOW_SECONDS * 1000) snapshots.shift();
    const minute = since(now.at, BIDS_WINDOW_SECONDS);
    const window = since(now.at, WINDOW_SECONDS);
    const acksInWindow = now.acks - window.acks;
    const quantiles = acksInWindow > 0 ? await ackQuantilesMs() : { p50: null, p99: null };
    return {
      id,
      host: hostname(),
      pid: process.pid,
      startedAt: startedAt.toISOString(),
      seenAt: new Date(now.at).toISOString(),
      isDraining: options.isDraining(),
      redis: options.redis(),
      sockets: options.sockets(),
      bidsLastMinute: now.accepted - minute.accepted,
      refusedLastMinute: now.refused - minute.refused,
      ackP50Ms: quantiles.p50,
      ackP99Ms: quantiles.p99,
      acksInWindow,
      requestsInWindow: now.requests - window.requests,
      clientErrorsInWindow: now.clientErrors - window.clientErrors,
      serverErrorsInWindow: now.serverErrors - window.serverErrors,
      windowSeconds: Math.round((now.at - window.at) / 1000),
      memoryBytes: process.memoryUsage.rss(),
      jobs: await readJobs(),
    };
  };

  let writing: Promise<void> | null = null;
  let isStopped = false;
  const write = async () => {
    const current = await summary();
    await db.query(
      `insert into process_heartbeats (id, started_at, seen_at, summary) values ($1, $2, now(), $3::jsonb)
       on conflict (id) do update set seen_at = now(), summary = excluded.summary`,
      [id, startedAt, JSON.stringify(current)],
    );
    // Rows of processes long gone (stopped without a word) go; the listing already skips them.
    await db.query("delete from process_heartbeats where seen_at < now() - interval '1 hour'");
  };
  const beat = async () => {
    if (isStopped) return;
    // One write at a time: a beat during one waits for it and writes again.
    while (writing) await writing;
    writing = write().finally(() => (writing = null));
    return writing;
  };
  const timer = setInterval(() => void beat().catch(() => undefined), options.everyMs ?? HEARTBEAT_EVERY_MS);
  timer.unref();
  void beat().catch(() => undefined);

  return {
    id,
    summary,
    beat,
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await writing?.catch(() => undefined);
      await db.query("delete from process_heartbeats where id = $1", [id]).catch(() => undefined);
    },
  };
}

/** `select 1`'s time in milliseconds, or null when the database does not answer within DATABASE_CHECK_MS. */
async function databaseAnswerMs(db: Database): Promise<number | null> {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const answered = await Promise.race([
    db.query("select 1").then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(resolve, DATABASE_CHECK_MS, false))),
  ]).finally(() => clearTimeout(timer));
  return answered ? Math.round((performance.now() - startedAt) * 10) / 10 : null;
}

/** Each job over every process: its latest round, and the rounds and failures added up. */
function jobsOf(processes: ProcessSummary[]): ProcessJob[] {
  const jobs = new Map<string, ProcessJob>();
  for (const job of processes.flatMap((entry) => entry.jobs)) {
    const seen = jobs.get(job.task);
    if (!seen) {
      jobs.set(job.task, { ...job });
      continue;
    }
    seen.runs += job.runs;
    seen.failures += job.failures;
    if (job.lastRunAt && (!seen.lastRunAt || job.lastRunAt > seen.lastRunAt)) seen.lastRunAt = job.lastRunAt;
  }
  return [...jobs.values()].sort((a, b) => a.task.localeCompare(b.task));
}

/**
 * The System page's reading: this process writes its summary, then every process heard from in the last
 * PROCESS_GONE_SECONDS is listed. When the database does not answer, the page still shows this process and says so.
 */
export async function systemView(db: Database, heartbeat: Heartbeat): Promise<OperatorSystem> {
  const answerMs = await databaseAnswerMs(db);
  let processes: ProcessSummary[];
  try {
    if (answerMs === null) throw new Error("the database does not answer");
    await heartbeat.beat();
    const rows = await db.query<{ summary: unknown }>(
      `select summary from process_heartbeats where seen_at > now() - make_interval(secs => $1) order by started_at, id`,
      [PROCESS_GONE_SECONDS],
    );
    // A summary of another shape (a process of another version, during a rolling upgrade) is left out, not a failure.
    processes = rows.flatMap((row) => {
      const parsed = ProcessSummary.safeParse(row.summary);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    processes = [await heartbeat.summary()];
  }
  return {
    serverNow: new Date().toISOString(),
    answeredBy: heartbeat.id,
    processes,
    jobs: jobsOf(processes),
    database: { kind: db.kind, state: answerMs === null ? "unavailable" : "ok", answerMs, waiting: db.waiting?.() ?? 0 },
  };
}
