// `npm start`: builds the web app when the build is missing or older than its sources, builds the server, then
// serves everything.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildServer, productServer } from "./build-server.mjs";
import { serverEnvironment } from "./server-environment.mjs";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "dist", "index.html");

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const sources = ["src", "locales", "contract", "public", "index.html", "vite.config.ts"].map((p) => path.join(root, p));
const builtRenderer = path.join(root, "dist-ssr", "entry-server.mjs");
const isBuildStale =
  !existsSync(builtIndex) ||
  !existsSync(builtRenderer) ||
  newestMtime(builtIndex) < Math.max(...sources.filter(existsSync).map(newestMtime));

if (isBuildStale) {
  console.log("Building the web app…");
  // The browser's build, then the server's renderer of the first screen (decision 045).
  for (const args of [
    ["vite", "build"],
    ["vite", "build", "--ssr"],
  ]) {
    const build = spawnSync("npx", [...args, "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

// The server runs built, without a TypeScript loader (decision 076); bundling it takes about a second, so it is
// built at every start and always runs the sources as they are.
await buildServer(productServer);
// The allocator's settings that keep the server's memory down (decision 074) are read when its process starts.
const server = spawn(process.execPath, [productServer.outfile], { cwd: root, stdio: "inherit", env: serverEnvironment() });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
