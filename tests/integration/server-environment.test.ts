// Decisions 074 and 096: `npm start` (scripts/start.mjs) and the feed bench start the server with glibc's allocator
// settings and V8's young generation at the size Node 20 and 22 give it.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverEnvironment } from "../../scripts/server-environment.mjs";

/** Allocates short-lived objects, a share of them surviving a while (as a busy server's), and prints the largest the
 * young generation (both semi-spaces) grew to, in MiB. */
const youngGenerationPeak = `
const { getHeapSpaceStatistics } = require("node:v8");
let kept = [];
let peak = 0;
for (let i = 0; i < 4e6; i++) {
  kept.push({ i, text: "bid " + i });
  if (kept.length > 2e5) kept = [];
  if (i % 5e4 === 0) peak = Math.max(peak, getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size);
}
console.log(peak / 2 ** 20);
`;

describe("the server's process environment", () => {
  it("keeps one allocator arena and trims freed memory above 1 MiB, and the process it starts sees both", () => {
    const seen = execFileSync(process.execPath, ["-e", "console.log(process.env.MALLOC_ARENA_MAX, process.env.MALLOC_TRIM_THRESHOLD_)"], {
      env: serverEnvironment({ PATH: process.env.PATH }),
      encoding: "utf8",
    });
    expect(seen.trim()).toBe("1 1048576");
  });

  it("keeps V8's young generation within two semi-spaces of 16 MiB in the process it starts (Node 24 grows it to 128)", () => {
    const peakMiB = Number(
      execFileSync(process.execPath, ["-e", youngGenerationPeak], { env: serverEnvironment({ PATH: process.env.PATH }), encoding: "utf8" }),
    );
    expect(peakMiB).toBeGreaterThan(0);
    expect(peakMiB).toBeLessThanOrEqual(34);
  });

  it("leaves a setting the operator gave alone, and keeps the rest of the environment", () => {
    const environment = serverEnvironment({ MALLOC_ARENA_MAX: "4", DATA_DIR: "/var/lib/pennybid" });
    expect(environment).toMatchObject({ MALLOC_ARENA_MAX: "4", MALLOC_TRIM_THRESHOLD_: "1048576", DATA_DIR: "/var/lib/pennybid" });
  });

  it("adds the young generation's size to the operator's own NODE_OPTIONS, and leaves theirs when they set one", () => {
    const onPostgres = { DATABASE_URL: "postgres://db/pennybid" };
    expect(serverEnvironment(onPostgres).NODE_OPTIONS).toBe("--max-semi-space-size=16");
    expect(serverEnvironment({ ...onPostgres, NODE_OPTIONS: "--enable-source-maps" }).NODE_OPTIONS).toBe(
      "--max-semi-space-size=16 --enable-source-maps",
    );
    expect(serverEnvironment({ ...onPostgres, NODE_OPTIONS: "--max-semi-space-size=32" }).NODE_OPTIONS).toBe("--max-semi-space-size=32");
  });

  it("caps V8's old space at 512 MiB on the embedded database only, unless the operator sets a cap of their own", () => {
    expect(serverEnvironment({}).NODE_OPTIONS).toBe("--max-semi-space-size=16 --max-old-space-size=512");
    expect(serverEnvironment({ DATABASE_URL: "" }).NODE_OPTIONS).toBe("--max-semi-space-size=16 --max-old-space-size=512");
    expect(serverEnvironment({ NODE_OPTIONS: "--max-old-space-size=2048" }).NODE_OPTIONS).toBe(
      "--max-semi-space-size=16 --max-old-space-size=2048",
    );
    expect(serverEnvironment({}, "postgres").NODE_OPTIONS).toBe("--max-semi-space-size=16");
    // The process it starts has that cap (V8's limit adds the young generation and its own spaces to it).
    const limitMiB = (environment: NodeJS.ProcessEnv) =>
      Number(
        execFileSync(process.execPath, ["-e", "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20)"], {
          env: { PATH: process.env.PATH, ...environment },
          encoding: "utf8",
        }),
      );
    const embedded = limitMiB(serverEnvironment({}));
    expect(embedded).toBeGreaterThanOrEqual(512);
    expect(embedded).toBeLessThan(600);
    expect(limitMiB(serverEnvironment({ DATABASE_URL: "postgres://db/pennybid" }))).toBeGreaterThan(600);
  });
});
