// What the first download may hold (decision 014): the static import graph of src/main.tsx, read from the sources
// (type-only imports and dynamic `import()` left out, as the build leaves them out), must not reach zod, a contract
// file that builds schemas, or the chunks that are loaded on demand. The bundle bench measures the bytes; this keeps
// them from growing back by one import.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");

/** A source file's syntax tree. */
function parsed(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/** The specifiers a file imports or re-exports at run time. */
function runtimeSpecifiers(file: string): string[] {
  const source = parsed(file);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    // `import { type A }` stays in the output as `import {} from …` (verbatimModuleSyntax): it loads the module.
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    }
    if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

function resolveSource(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ""));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

/** Every source file and package the entry reaches through static runtime imports. */
function firstScreenGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      if (!specifier.startsWith(".")) {
        packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] ?? specifier));
        continue;
      }
      const resolved = resolveSource(file, specifier);
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(root, file)), packages };
}

describe("the first screen's code", () => {
  const graph = firstScreenGraph(path.join(root, "src", "main.tsx"));

  it("reaches Home and the layout (the walk follows the app's imports)", () => {
    expect(graph.files).toEqual(
      expect.arrayContaining(["src/app/router.tsx", "src/features/auctions/pages/home-page.tsx", "src/app/layout/header.tsx"]),
    );
    expect(graph.packages).toContain("react-dom");
  });

  it("imports no zod: plain values come from contract/constants.ts, the countdown's values, the enrolment lock's rule and a closed account's name from files of their own, schemas through import()", () => {
    expect([...graph.packages].filter((name) => name === "zod")).toEqual([]);
    expect(graph.files.filter((file) => file.startsWith("contract/")).sort()).toEqual([
      "contract/auction-countdown.ts",
      "contract/bidder-names.ts",
      "contract/constants.ts",
      "contract/enrolment-lock.ts",
    ]);
  });

  it("holds no signed-in bidder's lists or commands: a visitor never downloads them (bidder-controls.tsx's chunk)", () => {
    expect(
      graph.files.filter((file) =>
        ["src/features/auctions/api/my-auctions.ts", "src/features/auctions/components/bidder-controls.tsx"].includes(file),
      ),
    ).toEqual([]);
  });

  it("leaves XState, socket.io and the sound player to the chunks that load after the first paint", () => {
    expect([...graph.packages].filter((name) => ["xstate", "@xstate/react", "socket.io-client", "howler"].includes(name))).toEqual([]);
  });
});

describe("an auction's page (decision 116)", () => {
  // The page's chunk is loaded and run before the drawing is hydrated. The contract's schemas and howler set
  // themselves up as their modules run (tens of milliseconds on a slow phone, one long task): they load with the
  // first answer that needs a schema and with the first sound played.
  const graph = firstScreenGraph(path.join(root, "src/features/auctions/pages/auction-detail-page.tsx"));

  it("reaches the page's panels (the walk follows its imports)", () => {
    expect(graph.files).toEqual(
      expect.arrayContaining([
        "src/features/auctions/components/usual-cost-section.tsx",
        "src/features/reviews/components/product-reviews.tsx",
      ]),
    );
  });

  it("imports no zod, no contract file that builds schemas and no howler", () => {
    expect([...graph.packages].filter((name) => ["zod", "howler"].includes(name))).toEqual([]);
    const plainValues = [
      "contract/constants.ts",
      "contract/auction-countdown.ts",
      "contract/bidder-names.ts",
      "contract/enrolment-lock.ts",
      "contract/images.ts",
    ];
    expect(graph.files.filter((file) => file.startsWith("contract/") && !plainValues.includes(file))).toEqual([]);
  });
});

describe("the chunks asked for as the first script runs", () => {
  // Loaded beside the texts and run before the first render (decision 042): the auth and lifecycle machines and the
  // header's menus. They may bring XState, but not zod or the contract's schemas: those load with the first answer.
  const chunks = ["src/features/auth/auth-actor.ts", "src/features/auctions/live/lifecycle-actors.ts", "src/app/menus/header-menus.tsx"];

  // The countdown's values (contract/auction-countdown.ts) are plain values too: it imports nothing.
  const plainValues = ["contract/constants.ts", "contract/auction-countdown.ts"];

  it.each(chunks)("%s imports no zod and no contract file but constants.ts and auction-countdown.ts", (chunk) => {
    const graph = firstScreenGraph(path.join(root, chunk));
    expect([...graph.packages].filter((name) => name === "zod")).toEqual([]);
    expect(graph.files.filter((file) => file.startsWith("contract/") && !plainValues.includes(file))).toEqual([]);
  });
});

describe("the dev panel's button and drawer (outside production, for a tester who asked: decision 080)", () => {
  // The drawer's body (the machines, XState's React bindings, the operator's actions and the whole contract behind
  // them) loads when the drawer first opens, not with the button (decision 059).
  const graph = firstScreenGraph(path.join(root, "src/features/dev-tools/components/dev-tools.tsx"));

  it("imports no zod, no contract file and no XState", () => {
    expect([...graph.packages].filter((name) => ["zod", "xstate", "@xstate/react"].includes(name))).toEqual([]);
    expect(graph.files.filter((file) => file.startsWith("contract/") && file !== "contract/constants.ts")).toEqual([]);
  });
});

/** The specifiers a file loads with `import("…")`. */
function dynamicSpecifiers(file: string): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed(file));
  return specifiers;
}

describe("the clock's sync as the socket first connects (on every page)", () => {
  // Its ack's schema comes from a file of its own: contract/socket.ts would bring the auctions', fulfilment's, push's
  // and every error's schemas to a page that shows none of them (decision 059).
  const file = path.join(root, "src/lib/server-clock.ts");

  it("loads one contract file, which brings nothing but zod (set up for the page's CSP by contract/zod.ts)", () => {
    const loaded = dynamicSpecifiers(file).map((specifier) => resolveSource(file, specifier));
    expect(loaded.map((target) => target && path.relative(root, target))).toEqual(["contract/clock.ts"]);
    const graph = firstScreenGraph(path.join(root, "contract/clock.ts"));
    expect(graph.files.sort()).toEqual(["contract/clock.ts", "contract/zod.ts"]);
    expect([...graph.packages]).toEqual(["zod"]);
  });
});
