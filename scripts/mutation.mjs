#!/usr/bin/env node
// Mutation testing (issue 18, decision 037): Stryker once per folder, each with the tests that prove it, then one
// summary table (tests/mutation/summary.md) with each folder's score against the 80 % target.
//   npm run test:mutation                                  all seven folders
//   npm run test:mutation -- machines                      only the folders named
//   npm run test:mutation -- server/auctions/engine.ts …   files, with their folder's tests (a folder in parts)
//   npm run test:mutation -- server/buy-now/buy-now.routes.ts --tests=buy-now
//                                                          files with fewer of their folder's integration files
//   npm run test:mutation -- --summary                     only the table, from the reports already written
// A folder's row is written once every file in it has a report: from a run of the folder, or of files of it (the
// newest report holding a file counts). Each mutant is tested alone either way, so the parts add up to the whole.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";

const TARGET = 80;
/**
 * Each folder's tests: the machines by the unit and component tests; a server folder by the unit tests beside its
 * files and the integration files whose subject it is (decision 037). Every integration file imports the whole server,
 * so "related" tests would be the whole suite for every mutant: hours per folder. A mutant only other files notice
 * counts as survived here, a stricter reading than the whole suite's.
 */
/** An integration test file by its name (`buy-now`), and back. */
const integrationFile = (name) => `tests/integration/${name}.test.ts`;
const integrationName = (file) => file.slice("tests/integration/".length, -".test.ts".length);
const integration = (...names) => ({ suite: "integration", tests: names.map(integrationFile) });
const FOLDERS = {
  machines: { suite: "unit", tests: [] },
  "server/wallet": integration("wallet", "ledger.property", "spend-limits.property", "spend-limits", "payments"),
  "server/payments": integration("payments", "payments-stripe", "spend-limits", "hardening"),
  "server/fulfilment": integration(
    "fulfilment",
    "fulfilment-expiry",
    "fulfilment-addresses",
    "buy-now",
    "operator",
    "win-and-outbid",
    "input-validation",
  ),
  "server/buy-now": integration("buy-now", "operator", "input-validation"),
  "server/promo-codes": integration("fulfilment", "buy-now", "operator", "input-validation"),
  "server/auctions": integration(
    "engine",
    "engine.property",
    "auctions-api",
    "enrolment-rules",
    "fairness",
    "live-feed",
    "auction-search",
    "auction-texts",
    "win-and-outbid",
    "first-screen",
  ),
};

const isSummaryOnly = process.argv.includes("--summary");
/**
 * `--tests=a,b`: a part's mutants against only these of its folder's integration files. A route file's mutants are
 * mostly static (the schemas, read once when the server starts), so each runs every test of the folder: hours on a
 * slow machine. Fewer tests can only kill fewer mutants, so such a part's score is a lower bound; the summary says
 * which files were measured so (decision 037).
 */
const testsArg = process.argv.find((arg) => arg.startsWith("--tests="));
const narrowedTests = testsArg ? integration(...testsArg.slice("--tests=".length).split(",").filter(Boolean)).tests : null;
const asked = process.argv.slice(2).filter((arg) => arg !== "--summary" && arg !== testsArg);
const folderOf = (target) => Object.keys(FOLDERS).find((folder) => target === folder || target.startsWith(`${folder}/`));
/** The files Stryker mutates in a folder (as stryker.config.mjs chooses them). */
const sourcesOf = (folder) =>
  readdirSync(folder, { recursive: true })
    .map((name) => `${folder}/${name}`)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .sort();
const targets = isSummaryOnly ? [] : asked.length > 0 ? asked : Object.keys(FOLDERS);
for (const target of targets) {
  const folder = folderOf(target);
  if (!folder || (target !== folder && !sourcesOf(folder).includes(target))) {
    console.error(`Unknown folder or file ${target}; a folder of: ${Object.keys(FOLDERS).join(", ")}, or a file in one`);
    process.exit(2);
  }
  if (narrowedTests && (target === folder || !narrowedTests.every((test) => FOLDERS[folder].tests.includes(test)))) {
    console.error(
      `--tests names some of ${target}'s folder's integration files (${FOLDERS[folder]?.tests.join(", ")}), for files of it only`,
    );
    process.exit(2);
  }
}

const dashed = (path) => path.replaceAll("/", "-");
/** The integration files a report's run had (reports written before every run recorded them named a narrowed run's). */
const testsOf = (report) => report?.tests ?? report?.narrowedTests ?? null;
const reportOf = (folder) => `reports/mutation/${dashed(folder)}.json`;
const partReportsOf = (folder) => `reports/mutation/${dashed(folder)}`;

/** One Stryker run per folder asked for whole, and one per folder for the files asked for in it (a part). */
const runs = [];
for (const target of targets) {
  const folder = folderOf(target);
  if (target === folder) runs.push({ folder, files: [], report: reportOf(folder) });
  else {
    const part = runs.find((run) => run.folder === folder && run.files.length > 0) ?? runs[runs.push({ folder, files: [] }) - 1];
    part.files.push(target);
    part.files.sort(); // the same files name the same report, whatever order they were asked in
    part.report = `${partReportsOf(folder)}/${part.files.map((file) => dashed(file.slice(folder.length + 1))).join("+")}.json`;
  }
}

for (const { folder, files, report } of runs) {
  const { suite } = FOLDERS[folder];
  const tests = narrowedTests ?? FOLDERS[folder].tests;
  console.log(`\n== Mutating ${files.length > 0 ? files.join(", ") : folder} (tests: ${tests.length > 0 ? tests.join(", ") : suite}) ==`);
  mkdirSync(report.slice(0, report.lastIndexOf("/")), { recursive: true });
  // Stryker's incremental mode reuses a survivor whose covering tests did not change, even when a test file new to
  // this run would kill it: a run with other tests than the report's last one starts afresh.
  const incremental = report.replace(/\.json$/, ".incremental.json");
  const earlierTests = existsSync(report) ? testsOf(JSON.parse(readFileSync(report, "utf8"))) : null;
  if (existsSync(incremental) && earlierTests && earlierTests.join() !== tests.join()) {
    console.log(`(the last run of this part had other tests: measuring every mutant again)`);
    rmSync(incremental);
  }
  const run = spawnSync("npx", ["stryker", "run"], {
    stdio: "inherit",
    env: {
      ...process.env,
      MUTATE: folder,
      MUTATE_FILES: files.join(","),
      MUTATION_REPORT: report,
      MUTATION_SUITE: suite,
      MUTATION_TESTS: tests.join(","),
    },
  });
  if (run.status !== 0) {
    console.error(`Stryker failed on ${files.length > 0 ? files.join(", ") : folder} (exit ${run.status})`);
    process.exit(run.status ?? 1);
  }
  // A file with nothing to mutate (re-exports only) is measured too: it has no mutants.
  const written = JSON.parse(readFileSync(report, "utf8"));
  for (const file of files) written.files[file] ??= { language: "typescript", source: readFileSync(file, "utf8"), mutants: [] };
  // Which integration files proved this report's mutants: the summary names a file measured with fewer than its
  // folder's list has now.
  written.tests = tests;
  writeFileSync(report, JSON.stringify(written));
}

/**
 * Each of the folder's files with the newest report that holds it (a run of the folder, or of a part), or null
 * while some file has none.
 */
function measuredFiles(folder) {
  const partReports = existsSync(partReportsOf(folder))
    ? readdirSync(partReportsOf(folder))
        .filter((name) => name.endsWith(".json") && !name.endsWith(".incremental.json"))
        .map((name) => `${partReportsOf(folder)}/${name}`)
    : [];
  const reports = [reportOf(folder), ...partReports]
    .filter((path) => existsSync(path))
    .map((path) => ({ at: statSync(path).mtime, ...JSON.parse(readFileSync(path, "utf8")) }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const measured = sourcesOf(folder).map((file) => {
    const report = reports.find((candidate) => file in candidate.files);
    return { file, at: report?.at ?? null, mutants: report?.files[file].mutants ?? [], tests: testsOf(report) ?? FOLDERS[folder].tests };
  });
  const missing = measured.filter((entry) => entry.at === null).map((entry) => entry.file);
  if (missing.length > 0) {
    if (reports.length > 0) console.log(`${folder}: not measured as a whole yet; no report holds ${missing.join(", ")}`);
    return null;
  }
  return measured;
}

/** Stryker's mutation score: detected (killed or timed out) over every valid mutant, uncovered ones included. */
function score(measured) {
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, other: 0 };
  for (const { mutants } of measured) {
    for (const mutant of mutants) {
      if (mutant.status in counts) counts[mutant.status] += 1;
      else counts.other += 1;
    }
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, detected, valid, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const day = (at) => at.toISOString().slice(0, 10);
const SUMMARY = "tests/mutation/summary.md";
/** A folder not measured on this machine keeps its row (and the date it was measured) from the committed summary. */
const earlierRows = new Map(
  (existsSync(SUMMARY) ? readFileSync(SUMMARY, "utf8").split("\n") : [])
    .filter((line) => line.startsWith("| ") && !line.startsWith("| folder"))
    .map((line) => [line.split("|")[1].trim(), line]),
);
const row = (folder) => {
  const measured = measuredFiles(folder);
  if (!measured) return earlierRows.get(folder);
  const r = score(measured);
  const days = measured.map((entry) => day(entry.at)).sort();
  const when = days[0] === days.at(-1) ? days[0] : `${days[0]} – ${days.at(-1)}`;
  // Files measured with fewer tests than the folder's list, grouped by the tests they had.
  const byTests = new Map();
  for (const entry of measured.filter((entry) => FOLDERS[folder].tests.some((test) => !entry.tests.includes(test)))) {
    const tests = entry.tests.map(integrationName).join(", ");
    byTests.set(tests, [...(byTests.get(tests) ?? []), entry.file.slice(folder.length + 1)]);
  }
  const fewer = [...byTests].map(([tests, files]) => `${files.join(", ")} with ${tests} only`);
  const tests =
    FOLDERS[folder].tests.length > 0
      ? `${FOLDERS[folder].tests.length} integration files and the unit tests beside it`
      : FOLDERS[folder].suite;
  return (
    `| ${folder} | ${when} | ${tests}${fewer.length > 0 ? ` (${fewer.join("; ")})` : ""} | ${r.valid} | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ` +
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
