// `npm run sim -- <scenario> [--url URL] [--seed N] [--json]`: plays a scenario (a name from sim/scenarios or a
// path to a JSON file) against a running server and ends with a pass/fail report. Exit code 0 pass, 1 fail,
// 2 when the command line or the scenario file is wrong.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { Scenario } from "./scenario";
import { runDemoActivity } from "./demo-activity";
import { runPlanned } from "./simulator";

const scenariosDir = path.join(import.meta.dirname, "scenarios");
const shipped = readdirSync(scenariosDir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""));

const usage = `Usage: npm run sim -- <scenario> [--url URL] [--seed N] [--json]

Scenarios shipped: ${shipped.join(", ")} (or a path to a scenario JSON file)
  --url    the server (default SIM_URL or http://127.0.0.1:3000)
  --seed   replay with this seed instead of the scenario's
The operator is SIM_OPERATOR_EMAIL / SIM_OPERATOR_PASSWORD (default the demo operator, operator@pennybid.lv).`;

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      options: { url: { type: "string" }, seed: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`, 2);
  }
})();
const name = positionals[0];
if (values.help || !name) fail(usage, values.help ? 0 : 2);
const file = existsSync(name) ? name : path.join(scenariosDir, `${name}.json`);
if (!existsSync(file)) fail(`No scenario "${name}". ${usage}`, 2);

const parsed = Scenario.safeParse(JSON.parse(readFileSync(file, "utf8")));
if (!parsed.success)
  fail(`The scenario ${file} is not valid:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`, 2);
if (values.seed !== undefined && !/^\d+$/.test(values.seed)) fail("--seed must be a whole number.", 2);
const scenario = { ...parsed.data, ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}) };

const baseUrl = values.url ?? process.env.SIM_URL ?? "http://127.0.0.1:3000";
process.stdout.write(`Scenario ${scenario.name} (seed ${scenario.seed}) against ${baseUrl}: ${scenario.description}\n`);
try {
  const options = {
    baseUrl,
    operator: {
      email: process.env.SIM_OPERATOR_EMAIL ?? "operator@pennybid.lv",
      password: process.env.SIM_OPERATOR_PASSWORD ?? "Operator1!",
    },
    log: values.json ? undefined : (line: string) => process.stdout.write(`${line}\n`),
  };
  const report = scenario.kind === "demo-activity" ? await runDemoActivity(scenario, options) : await runPlanned(scenario, options);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    process.stdout.write(`\nReport: ${report.bids} bids in ${report.seconds.toFixed(1)} s\n`);
    for (const check of report.checks)
      process.stdout.write(`  ${check.ok ? "PASS" : "FAIL"}  ${check.name}${check.ok ? "" : ` (${check.detail})`}\n`);
    process.stdout.write(
      `\n${report.passed ? "PASSED" : "FAILED"}: ${report.checks.filter((c) => c.ok).length} of ${report.checks.length} checks\n`,
    );
  }
  process.exitCode = report.passed ? 0 : 1;
} catch (error) {
  fail(`\nFAILED: ${error instanceof Error ? error.message : String(error)}`, 1);
}
