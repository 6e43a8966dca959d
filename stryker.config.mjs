// @ts-check
/**
 * Mutation testing (issue 18, decision 037): `npm run test:mutation` runs this once per folder through
 * scripts/mutation.mjs, which sets MUTATE (the folder) and MUTATION_SUITE (the tests that prove it).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const folder = process.env.MUTATE ?? "machines";
/** Some files of the folder (a folder in parts, on a slow machine), with the folder's tests. */
const files = (process.env.MUTATE_FILES ?? "").split(",").filter(Boolean);
const report = process.env.MUTATION_REPORT || `reports/mutation/${folder.replaceAll("/", "-")}.json`;
const config = {
  testRunner: "vitest",
  vitest: { configFile: "tests/mutation/vitest.config.ts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: files.length > 0 ? files : [`${folder}/**/*.ts`, `!${folder}/**/*.test.ts`],
  coverageAnalysis: "perTest",
  checkers: [],
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  // The integration suite's dry run on one worker takes longer than the default five minutes.
  dryRunTimeoutMinutes: 60,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: report },
  // A second run after new tests re-tests only the mutants whose code or covering tests changed (the file is ignored
  // by git: it describes this machine's last run, not the project).
  incremental: true,
  incrementalFile: report.replace(/\.json$/, ".incremental.json"),
  tempDirName: ".tmp/stryker",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null },
};
export default config;
