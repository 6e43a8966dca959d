// The repo's own import-cycle rules (decision 105), for eslint.config.js:
// - `no-cycle`: import-x's no-cycle, except that a type-only import counts as much as any other. import-x lets type
//   imports through, and its walk skips them too; a circle made of types is still a circle to a reader and to a move.
// - `no-folder-cycle`: the top-level folders of a tree (server/'s domains) import one another in one direction only.
//   A file-level walk misses a circle between folders whose files do not form one.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ModuleInfo } from "eslint-plugin-import-x/core/index";
import { isExternalModule, moduleVisitor, resolve } from "eslint-plugin-import-x/utils";

const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid a module from importing a module with a dependency path back to itself, type imports included." },
    schema: [{ type: "object", properties: { ignoreExternal: { type: "boolean" } }, additionalProperties: false }],
    messages: { cycle: "Dependency cycle detected", cycleSource: 'Dependency cycle via "{{source}}"' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === "<text>") return {};
    const options = context.options[0] ?? {};
    const isIgnored = options.ignoreExternal ? (name) => isExternalModule(name, resolve(name, context), context) : () => false;
    // One file's walk: each module is looked at once, whichever import of this file reaches it first.
    const traversed = new Set();
    return moduleVisitor(
      (source, importer) => {
        if (isIgnored(source.value)) return;
        const imported = ModuleInfo.get(source.value, context);
        if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
        traversed.add(imported.path);
        const untraversed = [{ module: () => imported, route: [] }];
        while (untraversed.length > 0) {
          const { module, route } = untraversed.shift();
          const found = module();
          if (found == null) continue;
          for (const [importedPath, { resolve: next, declarations }] of found.getImports()) {
            if (traversed.has(importedPath)) continue;
            const counted = [...declarations].filter((declaration) => !isIgnored(declaration.source.value));
            if (counted.length === 0) continue;
            if (importedPath === filename) {
              if (route.length > 0) {
                const via = route.map((step) => `${step.value}:${step.loc.start.line}`).join("=>");
                context.report({ node: importer, messageId: "cycleSource", data: { source: via } });
              } else {
                context.report({ node: importer, messageId: "cycle" });
              }
              return;
            }
            traversed.add(importedPath);
            untraversed.push({ module: next, route: [...route, counted[0].source] });
          }
        }
      },
      { commonjs: false },
    );
  },
};

/** A file's relative imports and exports, types and dynamic imports included, as TypeScript reads them. */
const importsOf = (text) =>
  ts
    .preProcessFile(text, true, true)
    .importedFiles.map((file) => file.fileName)
    .filter((name) => name.startsWith("."));

const EXTENSIONS = [".ts", ".tsx", ".js", "/index.ts", "/index.tsx", "/index.js"];

function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((extension) => base + extension)]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** What each file imports, read again only when the file changed (an editor keeps the rule alive). */
const fileImports = new Map();

function importsOfFile(file) {
  const modifiedMs = statSync(file).mtimeMs;
  const known = fileImports.get(file);
  if (known?.modifiedMs === modifiedMs) return known.targets;
  const targets = importsOf(readFileSync(file, "utf8"))
    .map((specifier) => resolveRelative(file, specifier))
    .filter((target) => target !== undefined);
  fileImports.set(file, { modifiedMs, targets });
  return targets;
}

const isSource = (name) => /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts");

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** The node a file belongs to: its top-level folder under `root`, or itself for a file directly in `root`. */
const folderOf = (root, file) => path.relative(root, file).split(path.sep)[0];

/** The folders' graph: which folder imports which, and through which file; `pending` edges (`"db -> accounts"`) left out. */
function folderGraph(root, pending) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    for (const target of importsOfFile(file)) {
      if (!target.startsWith(root + path.sep)) continue;
      const to = folderOf(root, target);
      if (to === from || pending.has(`${from} -> ${to}`)) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, path.relative(root, file));
    }
  }
  return graph;
}

/** A way from one folder to another (breadth first, so the shortest), as `a/x.ts → b`, or undefined. */
function wayBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    for (const [next, through] of graph.get(folder) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, { folder, through });
      if (next === goal) {
        const steps = [];
        for (let at = next; cameFrom.get(at); at = cameFrom.get(at).folder) steps.unshift(`${cameFrom.get(at).through} → ${at}`);
        return steps.join(", ");
      }
      queue.push(next);
    }
  }
  return undefined;
}

const noFolderCycle = {
  meta: {
    type: "problem",
    docs: { description: "The top-level folders of `root` import one another in one direction only, type imports included." },
    schema: [
      {
        type: "object",
        properties: { root: { type: "string" }, pending: { type: "array", items: { type: "string" } } },
        required: ["root"],
        additionalProperties: false,
      },
    ],
    messages: { folderCycle: "Folder cycle: {{from}} imports {{to}}, and {{to}} comes back ({{way}})" },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0].root);
    // Edges known to close a circle that is still to be undone (decision 105): not counted, so that no new one comes.
    const pending = new Set(context.options[0].pending ?? []);
    const filename = context.physicalFilename;
    if (!filename.startsWith(root + path.sep) || !isSource(filename)) return {};
    const from = folderOf(root, filename);
    let graph;
    const check = (node) => {
      if (typeof node.source?.value !== "string" || !node.source.value.startsWith(".")) return;
      const target = resolveRelative(filename, node.source.value);
      if (!target?.startsWith(root + path.sep)) return;
      const to = folderOf(root, target);
      if (to === from || pending.has(`${from} -> ${to}`)) return;
      graph ??= folderGraph(root, pending);
      const way = wayBetween(graph, to, from);
      if (way) context.report({ node, messageId: "folderCycle", data: { from, to, way } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const cycles = { rules: { "no-cycle": noCycle, "no-folder-cycle": noFolderCycle } };
