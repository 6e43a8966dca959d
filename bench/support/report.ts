// What every benchmark prints and writes: a plain table, targets as met / not met, and a JSON file per run.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { machineInfo, type MachineInfo } from "./machine";

export type Cell = string | number | null;
export type Table = { title: string; columns: string[]; rows: Cell[][] };
export type Target = { name: string; goal: string; actual: string; isMet: boolean | null };

/**
 * What a run is, and so where its files go: a full run (every benchmark at the issues' load) writes the committed
 * `bench/results/<bench>-<date>.json`; a quick run and a partial one (some benchmarks, one database, another load, a
 * profile) write under `bench/results/quick/` and `bench/results/partial/`, which git ignores, so that they never
 * overwrite a full run's files of the same day.
 */
export type RunKind = "full" | "quick" | "partial";

export type BenchResult = {
  bench: "feed" | "engine" | "client" | "bundle";
  date: string;
  isQuick: boolean;
  /** Absent in results written before 2026-11-28's second session (those were full or quick by isQuick). */
  runKind?: RunKind;
  machine: MachineInfo;
  settings: Record<string, unknown>;
  tables: Table[];
  targets: Target[];
  notes: string[];
  data: Record<string, unknown>;
};

const resultsDir = path.resolve(import.meta.dirname, "..", "results");

export function formatCell(cell: Cell): string {
  if (cell === null) return "-";
  if (typeof cell === "number") return Number.isInteger(cell) ? String(cell) : cell.toFixed(1);
  return cell;
}

export function printTable(table: Table): void {
  const cells = [table.columns, ...table.rows.map((row) => row.map(formatCell))];
  const widths = table.columns.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  console.log(`\n${table.title}`);
  console.log(line(table.columns));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of cells.slice(1)) console.log(line(row));
}

export function printTargets(targets: Target[]): void {
  if (targets.length === 0) return;
  printTable({
    title: "Targets",
    columns: ["target", "goal", "actual", "verdict"],
    rows: targets.map((target) => [
      target.name,
      target.goal,
      target.actual,
      target.isMet === null ? "not measured" : target.isMet ? "met" : "NOT MET",
    ]),
  });
}

/** Today's date on this machine (UTC), as results are named. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Every result published in this process, for the run's markdown summary. */
export const published: BenchResult[] = [];

let runKind: RunKind = "partial";

/** Set once by bench/run.ts before the first benchmark: what this run is, and so where its files go. */
export function setRunKind(kind: RunKind): void {
  runKind = kind;
}

const markdownTable = (table: Table) =>
  [
    `**${table.title}**`,
    "",
    `| ${table.columns.join(" | ")} |`,
    `| ${table.columns.map((_, index) => (index === 0 ? "---" : "---:")).join(" | ")} |`,
    ...table.rows.map((row) => `| ${row.map(formatCell).join(" | ")} |`),
  ].join("\n");

/** The run's results as markdown (tables, then targets as met / not met), the summary file or a commit message. */
export function markdownSummary(results: BenchResult[]): string {
  const first = results[0];
  const lines = [
    `# Benchmark results, ${first?.date ?? today()}${first?.runKind === "partial" ? " (partial run)" : first?.isQuick ? " (quick run)" : ""}`,
    "",
    first
      ? `Machine: ${first.machine.cpus} × ${first.machine.cpuModel}, ${first.machine.memoryGiB} GiB, Node ${first.machine.node}, load average at the end ${first.machine.loadAverage.join(" / ")}.`
      : "",
  ];
  for (const result of results) {
    lines.push("", `## ${result.bench}`, "");
    for (const table of result.tables) lines.push(markdownTable(table), "");
    if (result.targets.length > 0) {
      lines.push(
        markdownTable({
          title: "Targets",
          columns: ["target", "goal", "actual", "verdict"],
          rows: result.targets.map((target) => [
            target.name,
            target.goal,
            target.actual,
            target.isMet === null ? "not measured" : target.isMet ? "met" : "**not met**",
          ]),
        }),
        "",
      );
    }
    for (const note of result.notes) lines.push(`- ${note}`);
  }
  return `${lines.join("\n").trim()}\n`;
}

/** Where a run of this kind writes its files. */
export function resultsDirOf(kind: RunKind): string {
  return kind === "full" ? resultsDir : path.join(resultsDir, kind);
}

/** Writes the run's markdown summary beside its JSON files; returns the path. */
export function writeSummary(): string | null {
  if (published.length === 0) return null;
  const dir = resultsDirOf(runKind);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `summary-${today()}.md`);
  writeFileSync(file, markdownSummary(published));
  return file;
}

/** Prints the result and writes it: bench/results/<bench>-<date>.json, or under results/quick/ or results/partial/. */
export function publish(result: Omit<BenchResult, "date" | "machine" | "runKind">): string {
  const full: BenchResult = { ...result, runKind, date: today(), machine: machineInfo() };
  published.push(full);
  for (const table of full.tables) printTable(table);
  printTargets(full.targets);
  for (const note of full.notes) console.log(`note: ${note}`);
  const dir = resultsDirOf(runKind);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${full.bench}-${full.date}.json`);
  writeFileSync(file, `${JSON.stringify(full, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(process.cwd(), file)}`);
  return file;
}
