// Lint rules, including the import directions of DESIGN.md: contract/ and machines/ import nothing of the app,
// src/ and server/ never import each other; inside src/, code flows shared → features → app, and a feature uses
// another only through its index.ts (docs/decisions/021-feature-boundaries.md). Cycles count type imports, server/'s
// folders import one another one way only, and server/realtime, a transport, imports no domain (decision 105).
import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import checkFile from "eslint-plugin-check-file";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { cycles } from "./scripts/lint/cycles.js";
import tseslint from "typescript-eslint";

const fromRoot = (...parts) => path.resolve(import.meta.dirname, ...parts);

/** The SPA's features, each a folder of src/features. */
const features = readdirSync(fromRoot("src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** server/'s domains: every folder but the transport and the plumbing the domains stand on. */
const serverPlumbing = new Set(["realtime", "events", "audit", "db", "http", "jobs", "metrics"]);
const serverDomains = readdirSync(fromRoot("server"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverPlumbing.has(entry.name))
  .map((entry) => entry.name);

/** Within a feature, anything of its own; of another feature, only its index.ts. */
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: fromRoot("src/features/**"),
  except: [fromRoot("src/features", feature, "**"), fromRoot("src/features/*/index.ts")],
  message: "Another feature is used only through its index.ts; shared pieces belong in src/components, src/hooks or src/lib.",
}));

export default tseslint.config(
  // `.tmp` and `reports` are the mutation run's sandbox and reports (decision 037).
  {
    ignores: [
      "dist",
      "dist-ssr",
      "dist-server",
      "node_modules",
      "coverage",
      "data",
      "test-results",
      "playwright-report",
      "public",
      ".tmp",
      "reports",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks, cycles },
    settings: {
      "import-x/ignore": ["node_modules"],
      // Without these, import-x reads no TypeScript file it is led to, and its cycle walk sees nothing (decision 105).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "cycles/no-cycle": ["error", { ignoreExternal: true }],
      // server/'s folders import one another in one direction only (decision 105); no edge is pending any more (107).
      "cycles/no-folder-cycle": ["error", { root: "server" }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./contract", from: ["./src", "./server", "./machines", "./locales"] },
            { target: "./machines", from: ["./src", "./server", "./locales"] },
            { target: "./src", from: "./server" },
            { target: "./server", from: "./src" },
            { target: "./sim", from: ["./src", "./server", "./machines"] },
            {
              target: "./server/realtime",
              from: serverDomains.map((domain) => `./server/${domain}`),
              message:
                "server/realtime is a transport: a domain publishes its events (server/events) and sends through it, never the other way round.",
            },
            { target: "./src/features", from: "./src/app", message: "The app composes features, never the other way round." },
            {
              target: ["./src/components", "./src/hooks", "./src/lib"],
              from: ["./src/app", "./src/features"],
              message: "Shared code knows no feature: pass what a feature provides in as props or children, or compose it in src/app.",
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  // What the browser may run builds its schemas with the `z` of contract/zod.ts, which switches zod's compiled parsers
  // off under the page's CSP before any schema is built.
  {
    files: ["src/**/*.{ts,tsx}", "contract/**/*.ts"],
    ignores: ["contract/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: "Import `z` from contract/zod.ts (it sets zod up for the page's CSP).", allowTypeImports: true }],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  // One file-name case for the whole repo (STYLE.md 13, decision 109): kebab-case, components too, with role suffixes
  // (`auction-card.tsx`, `auction.machine.ts`, `bids.routes.ts`) after the first dot.
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": ["error", { "**/*.{ts,tsx,js,mjs}": "KEBAB_CASE" }, { ignoreMiddleExtensions: true }],
      "check-file/folder-naming-convention": ["error", { "**/": "KEBAB_CASE" }],
    },
  },
  // The theme script index.html carries inline (decision 064): plain JavaScript for the browser, read as text.
  {
    files: ["src/theme-init.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
