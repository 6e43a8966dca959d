// `npm run bench [-- flags]`: runs bench/run.ts through tsx (flags are listed there and in bench/README.md).
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const child = spawn(process.execPath, ["--import", "tsx", "bench/run.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
