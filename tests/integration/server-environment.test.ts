// Decision 074: `npm start` (scripts/start.mjs) and the feed bench start the server with glibc's allocator settings
// and a smaller young generation.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverEnvironment } from "../../scripts/server-environment.mjs";

describe("the server's process environment", () => {
  it("keeps one allocator arena, trims freed memory above 1 MiB and halves V8's young generation in the process it starts", () => {
    const script = "console.log(process.env.MALLOC_ARENA_MAX, process.env.MALLOC_TRIM_THRESHOLD_, require('v8').getHeapStatistics().heap_size_limit)";
    const seen = (env: NodeJS.ProcessEnv) => execFileSync(process.execPath, ["-e", script], { env, encoding: "utf8" }).trim().split(" ");
    const [arenas, trim, withIt] = seen(serverEnvironment({ PATH: process.env.PATH }));
    const [, , without] = seen({ PATH: process.env.PATH });
    expect([arenas, trim]).toEqual(["1", "1048576"]);
    // The heap's limit shrinks by the young generation's share: 3 × (16 − 8) MiB on this Node.
    expect(Number(without) - Number(withIt)).toBeGreaterThanOrEqual(16 * 1024 * 1024);
  });

  it("leaves a setting the operator gave alone, and keeps the rest of the environment", () => {
    const environment = serverEnvironment({ MALLOC_ARENA_MAX: "4", DATA_DIR: "/var/lib/pennybid" });
    expect(environment).toMatchObject({
      MALLOC_ARENA_MAX: "4",
      MALLOC_TRIM_THRESHOLD_: "1048576",
      NODE_OPTIONS: "--max-semi-space-size=8",
      DATA_DIR: "/var/lib/pennybid",
    });
  });
});
