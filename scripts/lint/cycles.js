// The repo's own import-cycle rule (decision 105), for eslint.config.js:
// - `no-cycle`: import-x's no-cycle, except that a type-only import counts as much as any other. import-x lets type
//   imports through, and its walk skips them too; a circle made of types is still a circle to a reader and to a move.
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
    return moduleVisitor((source, importer) => {
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
    }, { commonjs: false });
  },
};

export const cycles = { rules: { "no-cycle": noCycle } };
