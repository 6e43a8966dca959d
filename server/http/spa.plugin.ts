// Serves the built SPA from STATIC_DIR; any GET that is not an API path gets index.html so the router decides.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isServerPath } from "../../contract";
import { errorBody } from "./errors";

/** Vite fingerprints what it puts in `assets/`: a changed file gets a new name, so a copy may be kept for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html above all) may be kept but is asked about again each time: a 304 by its ETag. */
const REVALIDATE = "no-cache";

export async function spaPlugin(app: FastifyInstance, options: { staticDir: string }): Promise<void> {
  const indexFile = path.join(options.staticDir, "index.html");
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      // Files are looked up per request, so a rebuilt SPA is served without a restart.
      wildcard: true,
      index: "index.html",
      // The build writes a `.br` and a `.gz` beside each text file (vite.config.ts): the one the client accepts goes
      // out as it is, with Vary: Accept-Encoding, and the plain file to a client that accepts neither.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isFingerprinted = path.relative(options.staticDir, filePath).split(path.sep)[0] === "assets";
        reply.header("cache-control", isFingerprinted ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = isServerPath(request.url);
    // A missing file (a script, a style, a picture) is a 404, never the app's page in its place.
    const isFile = /\.[a-z0-9]{1,5}$/i.test(request.url.split("?")[0] ?? "");
    if (isApi || isFile || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send(errorBody("NOT_FOUND", "Not found."));
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type("text/plain")
        .send("The web app is not built yet: run `npm run build` (npm start does it for you).");
    }
    // Cached as index.html is (setHeaders above): no-cache, and a 304 for the ETag it was sent with.
    return reply.sendFile("index.html");
  });
}
