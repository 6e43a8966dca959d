// Every literal key the SPA asks for exists in all three languages, and the three files have the same keys.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import lv from "./lv.json";
import ru from "./ru.json";

type Tree = { [key: string]: unknown };
const flatten = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object" ? flatten(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
const has = (tree: Tree, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree) !== undefined;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.includes(".test.") ? [full] : [];
  });
}

describe("locales", () => {
  it("have the same keys in English, Latvian and Russian", () => {
    const keys = flatten(en).sort();
    expect(flatten(lv).sort()).toEqual(keys);
    expect(flatten(ru).sort()).toEqual(keys);
  });

  it("hold every key the SPA asks for by name", () => {
    const root = path.resolve(import.meta.dirname, "..", "src");
    const missing: string[] = [];
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) {
        const key = match[1]!;
        for (const [language, tree] of Object.entries({ en, lv, ru })) {
          if (!has(tree as Tree, key)) missing.push(`${language}: ${key} (${path.relative(root, file)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
