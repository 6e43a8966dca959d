// Decision 074: `npm start` (scripts/start.mjs) and the feed bench start the server with glibc's allocator settings.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverEnvironment } from "../../scripts/server-environment.mjs";

describe("the server's process environment", () => {
  it("keeps one allocator arena and trims freed memory above 1 MiB, and the process it starts sees both", () => {
    const seen = execFileSync(process.execPath, ["-e", "console.log(process.env.MALLOC_ARENA_MAX, process.env.MALLOC_TRIM_THRESHOLD_)"], {
      env: serverEnvironment({ PATH: process.env.PATH }),
      encoding: "utf8",
    });
    expect(seen.trim()).toBe("1 1048576");
  });

  it("leaves a setting the operator gave alone, and keeps the rest of the environment", () => {
    const environment = serverEnvironment({ MALLOC_ARENA_MAX: "4", DATA_DIR: "/var/lib/pennybid" });
    expect(environment).toMatchObject({ MALLOC_ARENA_MAX: "4", MALLOC_TRIM_THRESHOLD_: "1048576", DATA_DIR: "/var/lib/pennybid" });
  });
});
