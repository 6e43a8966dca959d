// Every shipped scenario passes against the server as `npm start` runs it (seeded demo data, embedded database),
// played by the real `npm run sim` entry point; the same seed replays the same bids.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimReport } from "../../sim/simulator";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "..", "..");
const scenarios = readdirSync(path.join(root, "sim", "scenarios")).map((file) => file.replace(/\.json$/, ""));

function sim(url: string, ...args: string[]): Promise<{ code: number; report: SimReport | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "sim/index.ts", ...args, "--url", url, "--json"], { cwd: root });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => {
      const json = stdout.slice(stdout.indexOf("{"));
      resolve({ code: code ?? -1, report: json ? (JSON.parse(json) as SimReport) : null, stderr });
    });
  });
}

// The server under test runs on its embedded database, as `npm start` does: once is enough, so the PostgreSQL
// pass of the integration suite skips it.
describe.skipIf(Boolean(process.env.DATABASE_URL))("the simulator", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // A fresh data dir (initdb), the migrations and the demo data: on a busy two-core machine the start alone once
    // took over the default 30 s, as app-update.spec's deployments can.
    server = await startServerProcess(
      { DATA_DIR: mkdtempSync(path.join(tmpdir(), "pennybid-sim-")), DATABASE_URL: "", SEED_DEMO_DATA: "yes", TRUST_PROXY: "0" },
      undefined,
      120_000,
    );
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
  });

  it.each(scenarios)(
    "plays the shipped scenario %s to a pass",
    async (scenario) => {
      const { code, report, stderr } = await sim(server.url, scenario);
      expect(stderr).toBe("");
      expect(report?.checks.filter((check) => !check.ok)).toEqual([]);
      expect(report?.passed).toBe(true);
      expect(code).toBe(0);
    },
    240_000,
  );

  it("replays the same bids from the same seed, and fails a run whose checkpoint does not hold", async () => {
    const wrongWinner = path.join(root, "tests", "integration", "fixtures", "wrong-winner.json");
    const first = await sim(server.url, wrongWinner, "--seed", "42");
    const wrong = await sim(server.url, wrongWinner, "--seed", "42");
    expect(first.report?.trace).toEqual(wrong.report?.trace);
    expect(first.report?.trace.duel).toEqual(["duel-1", "duel-2", "duel-1", "duel-2", "duel-1", "duel-2"]);
    expect(wrong.code).toBe(1);
    expect(wrong.report?.passed).toBe(false);
    expect(wrong.report?.checks.find((check) => !check.ok)?.detail).toMatch(/^winner: expected duel1_\w+, got duel2_\w+$/);
  }, 240_000);

  it("refuses an invalid scenario file with exit code 2", async () => {
    const bad = await sim(server.url, path.join(root, "tests", "integration", "fixtures", "invalid-scenario.json"));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("is not valid");
  });
});
