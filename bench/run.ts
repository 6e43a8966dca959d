// `npm run bench [-- flags]`: the benchmarks of issue 9, each printing a table and writing JSON under
// bench/results/. Never part of `npm test`. Flags (defaults are the load; --quick scales everything down):
//   --quick                      a fast, small run (results go to bench/results/quick/)
// A run with any other flag is partial: its results go to bench/results/partial/, so that only a full run (no flags,
// or --databases naming both) writes the committed bench/results/<bench>-<date>.json and summary.
//   --only feed,engine,client,bundle
//   --databases pglite,postgres  (PostgreSQL needs DATABASE_URL; skipped without it)
//   feed:   --sockets 5000 --auctions 500 --rate 200 --seconds 20 --list-share 0.01 --workers 3
//           --feed-profile <dir> (CPU profiles of the servers' windows, their CPU per bid by part of the program)
//           --processes 2,4 --redis-pubsub sharded (the rows of several processes over Redis; sharded,classic for both)
//           --watcher-steps 5000,10000,20000,40000 (one PostgreSQL process stepped up; none with --quick)
//   engine: --engine-seconds 8 --spread-auctions 500 --concurrency 8
//   client: --cards 500 --updates 200 --client-seconds 15 --client-profile <file> (a CPU profile of the live page)
//           --slides 20 (slides to bid timed on the product's auction page on a phone; 0 for none)
//   bundle: --skip-lighthouse (leave out the Lighthouse mobile run; see bench/README.md) --lighthouse-runs 5
import path from "node:path";
import { parseArgs } from "node:util";
import { runBundleBench } from "./bundle/bundle.bench";
import { runClientBench } from "./client/client.bench";
import { runEngineBench } from "./engine/engine.bench";
import { REDIS_PUBSUBS } from "../server/config";
import { runFeedBench } from "./feed/feed.bench";
import type { DatabaseKind } from "./support/databases";
import { setRunKind, writeSummary } from "./support/report";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    databases: { type: "string", default: "pglite,postgres" },
    sockets: { type: "string" },
    auctions: { type: "string" },
    rate: { type: "string" },
    seconds: { type: "string" },
    "list-share": { type: "string" },
    workers: { type: "string" },
    "engine-seconds": { type: "string" },
    "spread-auctions": { type: "string" },
    concurrency: { type: "string" },
    cards: { type: "string" },
    updates: { type: "string" },
    "client-seconds": { type: "string" },
    "client-profile": { type: "string" },
    slides: { type: "string" },
    "feed-profile": { type: "string" },
    processes: { type: "string" },
    "redis-pubsub": { type: "string" },
    "watcher-steps": { type: "string" },
    "skip-lighthouse": { type: "boolean", default: false },
    "lighthouse-runs": { type: "string" },
  },
  allowPositionals: false,
});

const isQuick = values.quick ?? false;
const number = (flag: string | undefined, full: number, quick: number) => {
  const value = flag === undefined ? (isQuick ? quick : full) : Number(flag);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`not a positive number: ${flag}`);
  return value;
};
const benches = (values.only ?? "bundle,engine,feed,client").split(",").map((name) => name.trim());
const databases = (values.databases ?? "").split(",").filter((name): name is DatabaseKind => name === "pglite" || name === "postgres");
const isPartial = Object.entries(values).some(([flag, value]) =>
  flag === "databases"
    ? !(["pglite", "postgres"] as const).every((name) => databases.includes(name))
    : flag !== "quick" && value !== undefined && value !== false,
);
setRunKind(isQuick ? "quick" : isPartial ? "partial" : "full");
const startedAt = Date.now();

for (const bench of benches) {
  const benchStartedAt = Date.now();
  console.log(`\n=== ${bench}${isQuick ? " (quick)" : ""} ===`);
  if (bench === "engine") {
    await runEngineBench({
      isQuick,
      seconds: number(values["engine-seconds"], 8, 2),
      spreadAuctions: number(values["spread-auctions"], 500, 100),
      concurrency: number(values.concurrency, 8, 8),
      databases,
    });
  } else if (bench === "feed") {
    await runFeedBench({
      isQuick,
      sockets: number(values.sockets, 5000, 500),
      auctions: number(values.auctions, 500, 50),
      bidsPerSecond: number(values.rate, 200, 50),
      seconds: number(values.seconds, 20, 5),
      listShare: number(values["list-share"], 0.01, 0.02),
      workers: number(values.workers, 3, 2),
      databases,
      profileDir: values["feed-profile"] === undefined ? undefined : path.resolve(values["feed-profile"]),
      processCounts: (values.processes ?? "2,4").split(",").map((count) => number(count, 2, 2)),
      watcherSteps: (values["watcher-steps"] ?? (isQuick ? "" : "5000,10000,20000,40000"))
        .split(",")
        .filter((step) => step.trim() !== "")
        .map((step) => number(step, 5000, 500)),
      pubSubs: (values["redis-pubsub"] ?? "sharded").split(",").map((name) => {
        const pubSub = REDIS_PUBSUBS.find((known) => known === name);
        if (!pubSub) throw new Error(`--redis-pubsub: ${REDIS_PUBSUBS.join(" or ")}, not ${name}`);
        return pubSub;
      }),
    });
  } else if (bench === "client") {
    await runClientBench({
      isQuick,
      cards: number(values.cards, 500, 500),
      updatesPerSecond: number(values.updates, 200, 200),
      seconds: number(values["client-seconds"], 15, 5),
      profileFile: values["client-profile"] === undefined ? undefined : path.resolve(values["client-profile"]),
      slides: values.slides === "0" ? 0 : number(values.slides, 20, 8),
    });
  } else if (bench === "bundle") {
    await runBundleBench({
      isQuick,
      tryLighthouse: !(values["skip-lighthouse"] ?? false),
      lighthouseRuns: number(values["lighthouse-runs"], 5, 3),
    });
  } else {
    throw new Error(`unknown benchmark: ${bench} (feed, engine, client, bundle)`);
  }
  console.log(`(${bench}: ${Math.round((Date.now() - benchStartedAt) / 1000)} s)`);
}
const summary = writeSummary();
if (summary) console.log(`\nsummary: ${path.relative(process.cwd(), summary)}`);
console.log(`all done in ${Math.round((Date.now() - startedAt) / 1000)} s`);
