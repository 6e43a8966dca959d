// Engine benchmark: accepted bids per second through `placeBid` (the engine alone, in this process), on one hot
// auction and spread over many, on PGlite and on PostgreSQL. A bid returns the auction's live state, which the feed
// sends as it is (decision 028): what is measured is all the database work a bid costs.
import { placeBid } from "../../server/auctions/engine";
import { Refusal } from "../../server/refusal";
import type { Database } from "../../server/db/database";
import { openBenchDatabase, postgresAdminUrl, type DatabaseKind } from "../support/databases";
import { publish, type Cell, type Target } from "../support/report";
import { enrolEvenly, seedBidders, seedRunningAuctions } from "../support/seed";
import { distribution, monotonicMs, round, type Distribution } from "../support/stats";

export type EngineOptions = {
  isQuick: boolean;
  seconds: number;
  spreadAuctions: number;
  /** Bids in flight at once (PostgreSQL uses a pool of 10; PGlite runs one statement at a time whatever this is). */
  concurrency: number;
  databases: DatabaseKind[];
};

type CaseName = "one hot auction" | "spread";
type CaseResult = {
  database: DatabaseKind;
  scenario: CaseName;
  auctions: number;
  bidders: number;
  acceptedPerSecond: number;
  refused: Record<string, number>;
  latencyMs: Distribution;
};

/** Bidders rotate so that none bids twice on one auction within a second and nobody outbids themself. */
async function runCase(db: Database, kind: DatabaseKind, scenario: CaseName, options: EngineOptions): Promise<CaseResult> {
  const now = new Date();
  const auctionCount = scenario === "one hot auction" ? 1 : options.spreadAuctions;
  // Enough bidders per auction that each one's turn comes round less than once a second (the engine refuses a
  // second bid within a second) even at four thousand bids a second in all.
  const perAuction = scenario === "one hot auction" ? (options.isQuick ? 1500 : 4000) : Math.max(10, Math.ceil(4000 / auctionCount) + 2);
  const bidderCount = scenario === "one hot auction" ? perAuction : Math.max(perAuction, Math.ceil(auctionCount / 2));
  const bidders = await seedBidders(db, bidderCount);
  const auctionIds = await seedRunningAuctions(db, auctionCount, now);
  const enrolled = await enrolEvenly(db, auctionIds, bidders, perAuction);
  const rotation = new Map(auctionIds.map((id) => [id, 0]));

  let next = 0;
  const nextBid = () => {
    const auctionId = auctionIds[next++ % auctionIds.length] ?? 0;
    const turn = rotation.get(auctionId) ?? 0;
    rotation.set(auctionId, turn + 1);
    const list = enrolled.get(auctionId) ?? [];
    return { auctionId, userId: bidders[list[turn % list.length] ?? 0]?.id ?? "" };
  };

  const warmupMs = options.isQuick ? 300 : 1000;
  const startedAt = monotonicMs();
  const measureFrom = startedAt + warmupMs;
  const stopAt = measureFrom + options.seconds * 1000;
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let accepted = 0;

  const worker = async () => {
    while (monotonicMs() < stopAt) {
      const { auctionId, userId } = nextBid();
      const sentAt = monotonicMs();
      try {
        await placeBid(db, userId, auctionId, new Date());
        const doneAt = monotonicMs();
        if (sentAt >= measureFrom && doneAt <= stopAt) {
          accepted += 1;
          latencies.push(doneAt - sentAt);
        }
      } catch (error) {
        const code = error instanceof Refusal ? error.code : "ERROR";
        if (sentAt >= measureFrom) refused[code] = (refused[code] ?? 0) + 1;
        if (!(error instanceof Refusal)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return {
    database: kind,
    scenario,
    auctions: auctionCount,
    bidders: bidderCount,
    acceptedPerSecond: accepted / options.seconds,
    refused,
    latencyMs: distribution(latencies),
  };
}

export async function runEngineBench(options: EngineOptions): Promise<void> {
  const results: CaseResult[] = [];
  const notes: string[] = [];
  for (const kind of options.databases) {
    if (kind === "postgres" && !postgresAdminUrl()) {
      notes.push("PostgreSQL skipped: set DATABASE_URL to a PostgreSQL server (a bench_<random> database is created and dropped).");
      continue;
    }
    for (const scenario of ["one hot auction", "spread"] as const) {
      // A fresh database per case: a case never reads another's bids.
      const database = await openBenchDatabase(kind);
      try {
        console.log(`engine: ${kind}, ${scenario}…`);
        results.push(await runCase(database.db, kind, scenario, options));
      } finally {
        await database.drop();
      }
    }
  }

  const rows: Cell[][] = results.map((result) => [
    result.database,
    result.scenario === "spread" ? `${result.auctions} auctions` : result.scenario,
    round(result.acceptedPerSecond, 0),
    round(result.latencyMs.p50, 2),
    round(result.latencyMs.p99, 2),
    Object.entries(result.refused)
      .map(([code, n]) => `${code}:${n}`)
      .join(" ") || "0",
  ]);
  // Issue 17's targets: PostgreSQL over many auctions (its pool works them in parallel), PGlite on one hot auction
  // (one connection: every bid waits for the one before).
  const targets: Target[] = (
    [
      ["postgres", "spread", 2500],
      ["pglite", "one hot auction", 1000],
    ] as const
  ).flatMap(([database, scenario, goal]) => {
    const result = results.find((r) => r.database === database && r.scenario === scenario);
    if (!result) return [];
    const where = scenario === "spread" ? `${result.auctions} auctions` : scenario;
    return [
      {
        name: `engine bids/s, ${database}, ${where}`,
        goal: `≥ ${goal.toLocaleString("en")}`,
        actual: String(round(result.acceptedPerSecond, 0)),
        isMet: result.acceptedPerSecond >= goal,
      },
    ];
  });
  publish({
    bench: "engine",
    isQuick: options.isQuick,
    settings: { ...options },
    tables: [
      {
        title: `Engine: accepted bids per second (${options.seconds} s per case, ${options.concurrency} in flight)`,
        columns: ["database", "auctions", "bids/s", "p50 ms", "p99 ms", "refused"],
        rows,
      },
    ],
    targets,
    notes: [
      ...notes,
      "The engine alone (no HTTP, no socket); PostgreSQL is on loopback. Each bid returns the auction's live state, which the feed sends without reading it again.",
    ],
    data: { results },
  });
}
