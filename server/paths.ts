// Where the project's files are, from wherever the server's code runs: its TypeScript sources under tsx, or the
// built bundle in dist-server/ (decision 076). Files the server reads at run time (migrations, the theme script, the
// bundled addresses) are named from the project's root, not from the module that reads them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The nearest folder at or above `start` whose package.json is this project's. */
export function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "pennybid") return folder;
    if (path.dirname(folder) === folder) throw new Error(`No pennybid package.json at or above ${start}`);
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);
