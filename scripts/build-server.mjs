// `npm run build` (and `npm start`) build the server too: its TypeScript bundled into one ES module per entry, the
// packages in node_modules left to Node (decision 076). Node then runs the server without a TypeScript loader: tsx
// keeps a loader thread with its own heap, and every module's source map, in the server's memory.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/** The product's server; the feed bench builds its own server the same way (bench/feed/feed.bench.ts). */
export const productServer = { entry: "server/index.ts", outfile: "dist-server/server.mjs" };

/** Builds one entry: not minified, so a stack trace names the functions and lines of a readable file. */
export async function buildServer({ entry, outfile }) {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "external",
    logLevel: "warning",
  });
  // esbuild's service process would otherwise live as long as the one that asked (`npm start` lives as long as the
  // server).
  await stop();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer(productServer);
}
