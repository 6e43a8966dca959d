// `vite build` of the project (or of a bench's own pages, by `--config`) from a benchmark, as `npm run build` runs it.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

export function viteBuild(args: string[]): void {
  execFileSync(process.execPath, [path.join(root, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn", ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
  });
}
