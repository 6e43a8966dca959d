import { describe, expect, it } from "vitest";
import { splitStatements } from "./migrate";

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
