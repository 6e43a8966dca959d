import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../paths";
import { splitStatements } from "./migrate";

describe("database functions", () => {
  it("are each defined in one file (decision 099): a migration keeps no copy of a function server/db/functions defines", () => {
    const definitions = new Map<string, string[]>();
    for (const dir of ["migrations", "functions"]) {
      const folder = path.join(projectRoot, "server/db", dir);
      for (const file of readdirSync(folder).filter((name) => name.endsWith(".sql"))) {
        for (const [, name] of readFileSync(path.join(folder, file), "utf8").matchAll(
          /^\s*create\s+(?:or\s+replace\s+)?function\s+(\w+)/gim,
        )) {
          definitions.set(name!, [...(definitions.get(name!) ?? []), `${dir}/${file}`]);
        }
      }
    }
    expect([...definitions].filter(([, files]) => files.length > 1)).toEqual([]);
    expect(definitions.get("place_bid")).toEqual(["functions/place_bid.sql"]);
  });
});

describe("splitStatements", () => {
  it("splits on semicolons at line ends and drops comment lines", () => {
    expect(splitStatements("-- a table\ncreate table a (x int);\ncreate index on a (x);\n")).toEqual([
      "create table a (x int);",
      "create index on a (x);",
    ]);
  });

  it("keeps a $$ function body whole", () => {
    const sql = "create function f() returns int as $$\nbegin\n  return 1;\nend;\n$$ language plpgsql;\nselect 1;";
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain("return 1;");
  });
});
