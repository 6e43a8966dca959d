// Every literal key the SPA asks for exists in all three languages, and the three files have the same keys (a key with
// plural forms, `_one`, `_other`…, has each language's own forms: Latvian adds `_zero`, Russian `_few` and `_many`).
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
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
/** The keys, each plural key once by its name without the form. */
const keysOf = (tree: Tree) => [...new Set(flatten(tree).map((key) => key.replace(PLURAL_FORM, "")))].sort();
const lookUp = (tree: Tree, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree) !== undefined;
const has = (tree: Tree, key: string) => lookUp(tree, key) || lookUp(tree, `${key}_other`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.includes(".test.") ? [full] : [];
  });
}

describe("locales", () => {
  it("have the same keys in English, Latvian and Russian", () => {
    const keys = keysOf(en);
    expect(keysOf(lv)).toEqual(keys);
    expect(keysOf(ru)).toEqual(keys);
  });

  it("give every plural key the forms its language needs", () => {
    const forms = { en: ["one", "other"], lv: ["zero", "one", "other"], ru: ["one", "few", "many", "other"] };
    for (const [language, tree] of Object.entries({ en, lv, ru })) {
      const plural = flatten(tree as Tree).filter((key) => PLURAL_FORM.test(key));
      for (const key of new Set(plural.map((name) => name.replace(PLURAL_FORM, "")))) {
        expect(
          plural
            .filter((name) => name.startsWith(`${key}_`))
            .map((name) => name.slice(key.length + 1))
            .sort(),
          `${language}: ${key}`,
        ).toEqual([...forms[language as keyof typeof forms]].sort());
      }
    }
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
