// Serves the built SPA from STATIC_DIR; any GET that is not an API path gets index.html so the router decides.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isServerPath, type FirstScreen, type Language } from "../../contract";
import { FIRST_SCREEN_ELEMENT_ID, pictureFor, type pictureSizes } from "../../contract/constants";
import { errorBody } from "./errors";
import { translatorFor } from "../i18n";
import { escapeHtml } from "./html";
import { pageLanguage } from "./language";

/** Vite fingerprints what it puts in `assets/`: a changed file gets a new name, so a copy may be kept for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html above all) may be kept but is asked about again each time: a 304 by its ETag. */
const REVALIDATE = "no-cache";

/**
 * index.html with the page's first screen inside (decision 025): as a JSON data block (never run as a script; `<`
 * escaped, so no text in it can close the element), and its first picture, the likely largest paint, asked for at
 * once beside the scripts.
 */
export function withFirstScreen(html: string, screen: FirstScreen, markup?: string | null): string {
  const card = screen.lists?.Running.items[0]?.image;
  const preload = preloadOf(card ?? screen.auction?.images[0] ?? screen.auction?.image, card ? "card" : "detail");
  const data = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${JSON.stringify(screen).replace(/</g, "\\u003c")}</script>`;
  const withPreload = html.includes("</head>") ? html.replace("</head>", `${preload}</head>`) : `${preload}${html}`;
  // The same data drawn (decision 045): React wrote and escaped the markup; a function replacement, so no `$` in it
  // is read as a pattern. Inert until the SPA has hydrated it (decision 061): a tap before then would be lost on a
  // button with no script behind it, so it is not taken at all, and the page's controls wait until they are live.
  const drawn = markup
    ? withPreload.replace(ROOT_ELEMENT, () => `<div id="root"><div inert style="display:contents">${markup}</div></div>`)
    : withPreload;
  return drawn.includes("</body>") ? drawn.replace("</body>", `${data}</body>`) : `${drawn}${data}`;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The first picture asked for as the page's `<img>` will ask: an uploaded photo by the same widths and drawn width (decision 062). */
function preloadOf(picture: string | null | undefined, shownAs: keyof typeof pictureSizes): string {
  if (!picture) return "";
  const { src, srcSet, sizes } = pictureFor(picture, shownAs);
  const widths = srcSet && sizes ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}"` : "";
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${widths} fetchpriority="high" />`;
}

/** A page whose first screen is not drawn by then goes out without it: the SPA draws it, later but surely. */
const RENDER_TIMEOUT_MS = 1000;

/** Draws an app page's first screen from its data as the markup of the app's root, or null when it cannot. */
export type FirstScreenRenderer = (url: string, screen: FirstScreen) => Promise<string | null>;

/**
 * The renderer `vite build --ssr` wrote beside the browser's build (`<static dir>-ssr/`: dist-ssr/ beside dist/,
 * decision 045), or undefined when there is none (a build without it still serves every page, drawn by the SPA alone).
 * Never inside the static folder, which is served and precached as it is.
 */
const rendererFile = (staticDir: string) => path.join(`${path.resolve(staticDir)}-ssr`, "entry-server.mjs");

async function loadRenderer(staticDir: string, log: FastifyInstance["log"]): Promise<FirstScreenRenderer | undefined> {
  const file = rendererFile(staticDir);
  if (!existsSync(file)) return undefined;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: FirstScreenRenderer };
    return module.renderFirstScreen;
  } catch (error) {
    log.warn({ err: error }, "the first screen's renderer could not be loaded: pages are drawn by the SPA alone");
    return undefined;
  }
}

/** The first screen of the app page at a path, in a language, or null when it has none. */
export type FirstScreenSource = (pathname: string, language: Language) => Promise<FirstScreen | null>;

/** The app's pages the server makes with their first screen: the SPA's routes, not the server's own pages. */
export const PAGES_WITH_FIRST_SCREEN = ["/", "/auctions/:auctionId"] as const;

/**
 * The app's public pages whose document title the server writes, from locales in the page's language, so a search
 * engine or a shared link reads what the page holds rather than "Pennybid". The SPA sets the same title once running.
 */
export const PAGES_WITH_TITLE = { "/winners": "reviews.documentTitle" } as const;

/** index.html with its `<title>` saying `title` (escaped); unchanged if it has none. */
export const withTitle = (html: string, title: string): string =>
  html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);

export type SpaOptions = { staticDir: string; firstScreen?: FirstScreenSource };

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
    const render = await loadRenderer(options.staticDir, app.log);
    const drawn = async (request: FastifyRequest, screen: FirstScreen): Promise<string | null> => {
      if (!render) return null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not drawn within ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
      });
      try {
        return await Promise.race([render(request.url, screen), late]);
      } catch (error) {
        // Drawn by the SPA instead: the page is the same, only later.
        request.log.warn({ err: error }, "a page's first screen could not be drawn");
        return null;
      } finally {
        clearTimeout(timer);
      }
    };
    // Home's and an auction's pages are made per visit (what they carry is live), so they are never kept: no ETag,
    // asked for again each time. The app shell the service worker keeps is /index.html, the plain file: a page it
    // answers asks for its data itself.
    const withItsFirstScreen = async (request: FastifyRequest, reply: FastifyReply) => {
      const screen = await firstScreen(request.url.split("?")[0] ?? "/", pageLanguage(request)).catch((error: unknown) => {
        // The page never fails for its data: without it the SPA asks for it itself.
        request.log.warn({ err: error }, "a page's first screen could not be read");
        return null;
      });
      if (!screen) return reply.sendFile("index.html");
      // The moment the drawing shows goes with the page: the browser hydrates it showing the same (decision 061).
      const drawing = render ? { ...screen, drawnAtMs: Date.now() } : screen;
      const [html, markup] = await Promise.all([readFile(indexFile, "utf8"), drawn(request, drawing)]);
      return reply
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(withFirstScreen(html, markup ? drawing : screen, markup));
    };
    for (const page of PAGES_WITH_FIRST_SCREEN) app.get(page, withItsFirstScreen);
  }

  if (hasBuild) {
    // Made per visit in the reader's language, so not kept by an ETag: no-cache, as the pages above.
    for (const [page, key] of Object.entries(PAGES_WITH_TITLE)) {
      app.get(page, async (request, reply) => {
        const html = withTitle(await readFile(indexFile, "utf8"), translatorFor(pageLanguage(request))(key));
        return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = isServerPath(request.url);
    // A missing file (a script, a style, a picture) is a 404, never the app's page in its place.
    const isFile = /\.[a-z0-9]{1,5}$/i.test(request.url.split("?")[0] ?? "");
    if (isApi || isFile || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send(errorBody("NOT_FOUND", "Not found."));
    }
    if (!hasBuild) {
      return reply.status(503).type("text/plain").send("The web app is not built yet: run `npm run build` (npm start does it for you).");
    }
    // Cached as index.html is (setHeaders above): no-cache, and a 304 for the ETag it was sent with.
    return reply.sendFile("index.html");
  });
}
