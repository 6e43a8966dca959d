#!/usr/bin/env node
// Mutation testing (issue 18, decision 037): Stryker once per folder, each with the tests that prove it, then one
// summary table (tests/mutation/summary.md) with each folder's score against the 80 % target.
//   npm run test:mutation                 all five folders
//   npm run test:mutation -- machines     only the folders named
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync } from "node:fs";

const TARGET = 80;
/**
 * Each folder's tests: the machines by the unit and component tests; a server folder by the unit tests beside its
 * files and the integration files whose subject it is (decision 037). Every integration file imports the whole server,
 * so "related" tests would be the whole suite for every mutant: hours per folder. A mutant only other files notice
 * counts as survived here, a stricter reading than the whole suite's.
 */
const integration = (...names) => ({ suite: "integration", tests: names.map((name) => `tests/integration/${name}.test.ts`) });
const FOLDERS = {
  machines: { suite: "unit", tests: [] },
  "server/wallet": integration("wallet", "ledger.property", "spend-limits.property", "spend-limits", "payments"),
  "server/payments": integration("payments", "payments-stripe", "spend-limits", "hardening"),
  "server/fulfilment": integration("fulfilment", "fulfilment-expiry", "fulfilment-addresses", "buy-now", "operator", "win-and-outbid"),
  "server/auctions": integration("engine", "engine.property", "auctions-api", "enrolment-rules", "fairness", "live-feed", "auction-search", "auction-texts", "win-and-outbid", "first-screen"),
};

const asked = process.argv.slice(2);
const folders = asked.length > 0 ? asked : Object.keys(FOLDERS);
for (const folder of folders) {
  if (!(folder in FOLDERS)) {
    console.error(`Unknown folder ${folder}; one of: ${Object.keys(FOLDERS).join(", ")}`);
    process.exit(2);
  }
}

const reportOf = (folder) => `reports/mutation/${folder.replaceAll("/", "-")}.json`;

for (const folder of folders) {
  const { suite, tests } = FOLDERS[folder];
  console.log(`\n== Mutating ${folder} (tests: ${tests.length > 0 ? tests.join(", ") : suite}) ==`);
  const run = spawnSync("npx", ["stryker", "run"], {
    stdio: "inherit",
    env: { ...process.env, MUTATE: folder, MUTATION_SUITE: suite, MUTATION_TESTS: tests.join(",") },
  });
  if (run.status !== 0) {
    console.error(`Stryker failed on ${folder} (exit ${run.status})`);
    process.exit(run.status ?? 1);
  }
}

/** Stryker's mutation score: detected (killed or timed out) over every valid mutant, uncovered ones included. */
function score(folder) {
  const report = JSON.parse(readFileSync(reportOf(folder), "utf8"));
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, other: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      if (mutant.status in counts) counts[mutant.status] += 1;
      else counts.other += 1;
    }
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, detected, valid, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const date = new Date().toISOString().slice(0, 10);
const SUMMARY = "tests/mutation/summary.md";
/** A folder not measured on this machine keeps its row (and the date it was measured) from the committed summary. */
const earlierRows = new Map(
  (existsSync(SUMMARY) ? readFileSync(SUMMARY, "utf8").split("\n") : [])
    .filter((line) => line.startsWith("| ") && !line.startsWith("| folder"))
    .map((line) => [line.split("|")[1].trim(), line]),
);
const row = (folder) => {
  if (!existsSync(reportOf(folder))) return earlierRows.get(folder);
  const r = score(folder);
  return (
    `| ${folder} | ${date} | ${FOLDERS[folder].tests.length > 0 ? `${FOLDERS[folder].tests.length} integration files and the unit tests beside it` : FOLDERS[folder].suite} | ${r.valid} | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ` +
    `${r.score.toFixed(1)} % | ${r.score >= TARGET ? "met" : "not met"} |`
  );
};
const rows = Object.keys(FOLDERS).map(row).filter(Boolean);
const lines = [
  "# Mutation score",
  "",
  `Written by \`npm run test:mutation\` (scripts/mutation.mjs). Target: at least ${TARGET} % in each folder.`,
  "",
  "| folder | measured | tests | mutants | killed | timed out | survived | no coverage | score | target |",
  "|---|---|---|---:|---:|---:|---:|---:|---:|---|",
  ...rows,
  "",
];
writeFileSync(SUMMARY, lines.join("\n"));
console.log(lines.join("\n"));
