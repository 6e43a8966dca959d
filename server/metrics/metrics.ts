// The process's Prometheus metrics (issue 57, decision 087), with prom-client: HTTP requests by route and status,
// socket commands by name and answer, bid → ack time, bids by outcome, the feed's publish lag, database statement time
// and pool waiters, background job runs and failures, the password-hash queue, and Node's own (event-loop lag among
// them). Each process counts its own: Prometheus scrapes every process and adds them up.
import client from "prom-client";

export const registry = new client.Registry();
registry.setDefaultLabels({ app: "pennybid" });
client.collectDefaultMetrics({ register: registry });

/** Seconds: from a millisecond to ten seconds, finest where a bid's answer lives (under 100 ms). */
const secondsBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestSeconds = new client.Histogram({
  name: "pennybid_http_request_duration_seconds",
  help: "HTTP requests by method, route (as registered) and status code, with their time to answer.",
  labelNames: ["method", "route", "status"] as const,
  buckets: secondsBuckets,
  registers: [registry],
});

export const socketCommandSeconds = new client.Histogram({
  name: "pennybid_socket_command_duration_seconds",
  help: "Socket commands by name and answer code (ok, or the refusal's code), from receipt to ack; bid:place's is the bid's ack time.",
  labelNames: ["command", "code"] as const,
  buckets: secondsBuckets,
  registers: [registry],
});

export const bidsTotal = new client.Counter({
  name: "pennybid_bids_total",
  help: "Bids by outcome: accepted, or the refusal's code (BID_FAILED: the server could not write it).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const feedPublishLagSeconds = new client.Histogram({
  name: "pennybid_feed_publish_lag_seconds",
  help: "From an auction state's read or commit to its broadcast by this process.",
  buckets: secondsBuckets,
  registers: [registry],
});

export const databaseStatementSeconds = new client.Histogram({
  name: "pennybid_database_statement_duration_seconds",
  help: "Database statements (each statement of a transaction too), by the database's kind and whether they failed.",
  labelNames: ["database", "outcome"] as const,
  buckets: secondsBuckets,
  registers: [registry],
});

export const jobRunsTotal = new client.Counter({
  name: "pennybid_job_runs_total",
  help: "Background job rounds by job (task: Prometheus keeps job for the scrape) and outcome (ok, failed).",
  labelNames: ["task", "outcome"] as const,
  registers: [registry],
});

export const jobLastRunSeconds = new client.Gauge({
  name: "pennybid_job_last_run_timestamp_seconds",
  help: "When each background job last finished a round (Unix time), whatever its outcome.",
  labelNames: ["task"] as const,
  registers: [registry],
});

/**
 * The bid → ack time again, as quantiles over a sliding five minutes (five buckets of a minute each, the oldest
 * dropped as the next starts): what the back office's System page shows as the p50 and p99 of now (decision 089). The
 * histogram above is what Prometheus adds up across processes; quantiles cannot be added, so each process tells its own.
 */
export const bidAckWindowSeconds = new client.Summary({
  name: "pennybid_bid_ack_window_seconds",
  help: "bid:place's time from receipt to ack over the last five minutes (sliding), as the 0.5 and 0.99 quantiles.",
  percentiles: [0.5, 0.99],
  maxAgeSeconds: 300,
  ageBuckets: 5,
  registers: [registry],
});

/**
 * A gauge whose value is read when scraped: the sum of what each source says (a process builds one app, tests may
 * build several). `watch` adds a source and returns its removal.
 */
function sampledGauge(name: string, help: string) {
  const sources = new Set<() => number>();
  new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      let sum = 0;
      for (const read of sources) sum += read();
      this.set(sum);
    },
  });
  return {
    watch(read: () => number): () => void {
      sources.add(read);
      return () => sources.delete(read);
    },
  };
}

export const openSockets = sampledGauge("pennybid_socket_connections", "Socket.IO connections open on this process.");
export const databasePoolWaiters = sampledGauge(
  "pennybid_database_pool_waiters",
  "Statements waiting for a free PostgreSQL connection (0 on PGlite).",
);
export const hashQueueLength = sampledGauge("pennybid_password_hash_queue_length", "Password hashes waiting or running (decision 077).");

/** The seconds since `startedAt` (a `performance.now()`). */
export const secondsSince = (startedAt: number): number => (performance.now() - startedAt) / 1000;
