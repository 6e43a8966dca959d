/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { defaultLanguage } from "./contract/constants.js";
import { SERVER_PATH_PREFIXES } from "./contract/server-paths.js";
import { themeScript } from "./server/http/theme-script.js";

// The API server the dev proxy talks to (`npm run dev` starts it on this port).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

/** Sections of a locale file that only the server writes (mails, the sandbox checkout): never sent to the SPA. */
export const serverOnlyTexts = ["mail", "sandbox", "payments", "ledger"];

/**
 * Sections read only by pages, dialogs and panels that load after the first screen (decision 040): the `later` part,
 * fetched right after the first render and awaited by every route and lazy part that reads it. The build fails when
 * the first screen's own code names one of them.
 */
export const laterTexts = [
  "auth",
  "validation",
  "pages",
  "profile",
  "personalData",
  "push",
  "limits",
  "realityCheck",
  "fulfilment",
  "win",
  "fairness",
  "tours",
  "devTools",
  // The wallet's withdrawals and statement, and the back office's payouts (decisions 090, 091).
  "withdraw",
  "statement",
  "payouts",
  // Winners' reviews (decision 104).
  "reviews",
];

/**
 * `locales/<language>.json?core` (what the first screen reads), `?later` (see `laterTexts`), `?info` (the long
 * info-page texts) and `?operator` (the back office's, decision 027): the SPA loads only the parts and languages it
 * shows. The files stay whole for the server and the key-parity test.
 */
export function localeParts({ checkFirstScreen = true }: { checkFirstScreen?: boolean } = {}): Plugin {
  const prefix = "\0locale-part:";
  return {
    name: "pennybid:locale-parts",
    enforce: "pre",
    async resolveId(source, importer) {
      const part = /\/locales\/[a-z]{2}\.json\?(core|later|info|operator)$/.exec(source)?.[1];
      if (!part) return null;
      const file = await this.resolve(source.replace(/\?.*$/, ""), importer, { skipSelf: true });
      // The id must not end in `.json`, or Vite's JSON plugin would parse this module's JavaScript as JSON.
      return file && `${prefix}${part}:${file.id.replace(/\.json$/, "")}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const [part, ...rest] = id.slice(prefix.length).split(":");
      const file = `${rest.join(":")}.json`;
      this.addWatchFile(file);
      const sections = Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
      const partOf = (section: string) =>
        section === "info" || section === "operator"
          ? section
          : serverOnlyTexts.includes(section)
            ? "server"
            : laterTexts.includes(section)
              ? "later"
              : "core";
      const texts = Object.fromEntries(sections.filter(([section]) => partOf(section) === part));
      // JSON.parse of a string literal is faster to start than the same object written as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
    generateBundle(_options, bundle) {
      if (!checkFirstScreen) return;
      const named = new RegExp(`["'\`](${laterTexts.join("|")})\\.[a-zA-Z]`);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry) continue;
        for (const id of chunk.moduleIds) {
          if (id.includes("/node_modules/") || id.startsWith("\0")) continue;
          const found = named.exec(this.getModuleInfo(id)?.code ?? "");
          if (found)
            this.error(
              `${id} is in the first screen's code but reads "${found[1]}" texts, which load later: move the section out of laterTexts (vite.config.ts) or the code out of the first chunk`,
            );
        }
      }
    },
  };
}

/**
 * The default language's texts (decision 025) are asked for by index.html itself, beside the first script: the first
 * render waits for them, and found only once the script runs they queued behind the page's other chunks.
 */
export function preloadDefaultTexts(): Plugin {
  return {
    name: "pennybid:preload-default-texts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const texts = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === "chunk" &&
            output.facadeModuleId?.startsWith("\0locale-part:core:") === true &&
            output.facadeModuleId.endsWith(`/locales/${defaultLanguage}`),
        );
        if (!texts) throw new Error(`No chunk of the ${defaultLanguage} texts to preload`);
        return [{ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${texts.fileName}` }, injectTo: "head" }];
      },
    },
  };
}

/**
 * index.html names the theme script as a file for readability; the build writes its text into the page instead
 * (decision 064), so the first paint waits for no request. The server's CSP allows that text by its hash.
 */
function inlineThemeScript(): Plugin {
  const tag = '<script src="/theme-init.js"></script>';
  return {
    name: "pennybid-inline-theme-script",
    transformIndexHtml(html) {
      if (!html.includes(tag)) throw new Error(`index.html has no ${tag} to put the theme script in`);
      return html.replace(tag, () => `<script>${themeScript}</script>`);
    },
  };
}

/** Brand orange (primary-500) and the light canvas: the installed app's title bar and splash screen. */
const THEME_COLOUR = "#f97316";
const SPLASH_BACKGROUND = "#f8fafc";

/**
 * The installable app (decision 013): a web app manifest and a Workbox service worker that keeps the app shell, so a
 * returning visitor sees it at once and, without a network, the offline state. It keeps no answer of the server's:
 * money and live state always come from the network. A new deployment waits until the user reloads (the prompt in
 * src/lib/service-worker.ts).
 */
export function installableApp(): Plugin[] {
  const escaped = (prefix: string) => prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return VitePWA({
    registerType: "prompt",
    // Registered by src/lib/service-worker.ts, in production builds only.
    injectRegister: false,
    manifestFilename: "manifest.webmanifest",
    // The PNG icons are for installing; the shell runs without them.
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Pennybid",
      short_name: "Pennybid",
      description: "Live penny auctions with a euro wallet.",
      lang: "lv",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: THEME_COLOUR,
      background_color: SPLASH_BACKGROUND,
      categories: ["shopping"],
      icons: [
        { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/pwa-maskable-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      // The shell: scripts (every page's and every language's chunk, so any route renders offline), styles, woff2
      // fonts (every browser with a service worker reads woff2; the .woff copies stay out), the page, small SVGs.
      // Not kept: sounds, source maps, the .br/.gz copies (the browser already gets those by Accept-Encoding).
      globPatterns: ["**/*.{js,css,html,woff2,svg}"],
      // Nor the operators' back office (decision 027): a bidder's device never downloads it, not even into a cache.
      globIgnores: ["**/*.map", "**/*.br", "**/*.gz", "**/assets/operator-area-*.js", "**/assets/back-office-texts-*.js"],
      // The app's routes open index.html from the cache; the server's own pages (mailbox, payment sandbox) never.
      navigateFallback: "/index.html",
      navigateFallbackDenylist: SERVER_PATH_PREFIXES.map((prefix) => new RegExp(`^${escaped(prefix)}`)),
      // No runtimeCaching at all: a request that is not part of the shell (the API, /authn, socket.io, pictures
      // from /media) passes to the network untouched, and fails when there is none.
      cleanupOutdatedCaches: true,
      // The first service worker takes the open page at once (offline works from the first visit); an update
      // waits for the user's Reload (registerType "prompt": no skipWaiting).
      clientsClaim: true,
      // One file, no workbox-<hash>.js beside it that an old sw.js could ask for after a deployment.
      inlineWorkboxRuntime: true,
      // Web Push (decision 035): showing a push and opening its link, a small script of its own in public/.
      importScripts: ["/push-sw.js"],
      sourcemap: false,
    },
  });
}

/**
 * The server's renderer of the first screen (decision 045, `vite build --ssr`): the app's components for Node, into
 * dist-ssr/. Its chunks are the server's, so none of the browser build's checks, splitting or copies apply.
 */
const serverRenderer = {
  plugins: [react(), localeParts({ checkFirstScreen: false })],
  build: {
    outDir: "dist-ssr",
    sourcemap: false,
    copyPublicDir: false,
    // ES modules by their name, wherever the folder is copied to (no package.json needs to say so).
    rolldownOptions: {
      // The one entry, so `vite build --ssr` needs no argument wherever it is run.
      input: "src/entry-server.tsx",
      output: { entryFileNames: "[name].mjs", chunkFileNames: "assets/[name]-[hash].mjs" },
    },
  },
};

/** The browser's build, the dev server and the test projects. */
export const browserConfig = defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    localeParts(),
    preloadDefaultTexts(),
    inlineThemeScript(),
    installableApp(),
    // A `.br` (quality 11) and a `.gz` (level 9) beside every text file of the build, public/ included, unless it would
    // not be smaller: the server sends them as they are (decision 010), so the best compression costs once, at build.
    // "silent" spares the build log a line per file; a file it fails to compress is compressed by the server instead.
    compression({ algorithms: ["brotliCompress", "gzip"], logLevel: "silent" }),
  ],
  server: {
    host: "127.0.0.1",
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      "/api": apiTarget,
      "/authn": apiTarget,
      "/dev": apiTarget,
      "/socket.io": { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // index.html names what the first script imports; a lazy chunk's imports are not preloaded ahead of it. Those
    // preloads are links the page adds as it runs: about thirty of them, added while the first script is evaluated
    // (the actors, the socket and its schemas, the menus start loading at once), cost a 4× slower phone ≈ 45 ms of
    // that one long task. The lazy chunks share their imports, mostly loaded by then (decision 046).
    modulePreload: { resolveDependencies: (_chunk, imports, { hostType }) => (hostType === "html" ? imports : []) },
    rolldownOptions: {
      // contract/ only declares schemas: what a page does not use can be left out. Except contract/zod.ts, whose one
      // effect (zod's compiled parsers off under the page's CSP) must run before any schema is built.
      treeshake: { moduleSideEffects: (id: string) => !id.includes("/contract/") || id.endsWith("/contract/zod.ts") },
      // Everything the first page needs in one file: one request, and one gzip stream compresses better than many.
      output: {
        codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] },
        // The back office's texts are named apart, so the service worker's shell can leave them out (decision 027).
        // A locale part is named after it: `texts-core-lv-…`, `texts-later-lv-…`, `texts-info-lv-…`, and the back
        // office's `back-office-texts-lv-…` (the service worker leaves those out, and the bundle bench looks for them).
        chunkFileNames: (chunk) => {
          const part = /^\0locale-part:(\w+):/.exec(chunk.facadeModuleId ?? "")?.[1];
          if (part === "operator") return "assets/back-office-texts-[name]-[hash].js";
          return part ? `assets/texts-${part}-[name]-[hash].js` : "assets/[name]-[hash].js";
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{machines,contract,server,locales}/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["./tests/setup/components.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // What follows a commit (broadcasts through Redis, jobs) may take longer than one second on a busy machine:
          // a poll waits up to ten before it fails.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderer : browserConfig));
