// Serves the built SPA from STATIC_DIR; any GET that is not an API path gets index.html so the router decides.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isServerPath, type FirstScreenLists } from "../../contract";
import { FIRST_SCREEN_ELEMENT_ID } from "../../contract/constants";
import { errorBody } from "./errors";

/** Vite fingerprints what it puts in `assets/`: a changed file gets a new name, so a copy may be kept for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html above all) may be kept but is asked about again each time: a 304 by its ETag. */
const REVALIDATE = "no-cache";

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * index.html with Home's first screen inside (decision 025): the lists as a JSON data block (never run as a script;
 * `<` escaped, so no text in it can close the element) and the first running auction's picture, the likely largest
 * paint, asked for at once beside the scripts.
 */
export function withFirstScreen(html: string, lists: FirstScreenLists): string {
  const picture = lists.Running.items[0]?.image;
  const preload = picture ? `<link rel="preload" as="image" href="${escapeAttribute(picture)}" fetchpriority="high" />` : "";
  const data = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${JSON.stringify(lists).replace(/</g, "\\u003c")}</script>`;
  const withPreload = html.includes("</head>") ? html.replace("</head>", `${preload}</head>`) : `${preload}${html}`;
  return withPreload.includes("</body>") ? withPreload.replace("</body>", `${data}</body>`) : `${withPreload}${data}`;
}

export type SpaOptions = { staticDir: string; firstScreen?: () => Promise<FirstScreenLists> };

export async function spaPlugin(app: FastifyInstance, options: SpaOptions): Promise<void> {
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

  const { firstScreen } = options;
  if (hasBuild && firstScreen) {
    // Home's page is made per visit (its lists are live), so it is never kept: no ETag, asked for again each time.
    // The app shell the service worker keeps is /index.html, the plain file: an offline Home asks for its lists.
    app.get("/", async (request, reply) => {
      const html = await readFile(indexFile, "utf8");
      const lists = await firstScreen().catch((error: unknown) => {
        // The page never fails for its lists: without them the SPA asks for them itself.
        request.log.warn({ err: error }, "Home's first screen could not be read");
        return null;
      });
      return reply
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(lists ? withFirstScreen(html, lists) : html);
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
