// Serves the built SPA from STATIC_DIR; any GET that is not an API path gets index.html so the router decides.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors";

const API_PREFIXES = ["/api/", "/authn/", "/socket.io/", "/dev/", "/sandbox/", "/media/"];

export async function spaPlugin(app: FastifyInstance, options: { staticDir: string }): Promise<void> {
  const indexFile = path.join(options.staticDir, "index.html");
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      // Files are looked up per request, so a rebuilt SPA is served without a restart.
      wildcard: true,
      index: "index.html",
      setHeaders: (reply, filePath) => {
        // Vite fingerprints assets, so they can be cached for good; index.html never is.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
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
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
