// The environment `npm start` runs the server in, and the feed bench its servers (decisions 074 and 096). Both kinds
// of setting are read when a process starts, so they are set for the server's process, not inside it.
// - glibc's allocator keeps one arena instead of one per thread that allocates (V8's compiler threads each filled one
//   with their work on PostgreSQL's WebAssembly, then kept it), and gives memory freed above 1 MiB back to the system.
// - V8's young generation keeps the size it has on Node 20 and 22: each of its two semi-spaces grows to 16 MiB at
//   most. Node 24's V8 (13.6) lets them grow to 64 MiB (its `--scavenger-max-new-space-capacity-mb` went from 8 to 32,
//   doubled without pointer compression), which the server's steady stream of short-lived objects fills: up to 96 MiB
//   more RSS for no more live objects (decision 096).
// - On the embedded database, V8's old space is capped at 512 MiB. Below V8's own cap (a quarter of the machine's
//   memory, up to 4 GiB here) V8 lets the heap grow less between major collections: 20 MiB less RSS at the feed bench's
//   load, with the same latencies and pauses (decision 115). It holds about 35,000 sockets' objects, more than one
//   process serves within its latency targets; with PostgreSQL, V8's own cap stays.
// Values already in the environment win; an operator's own NODE_OPTIONS are kept, after ours.

/** V8's flag for the young generation's semi-spaces, in MiB, as Node 20 sizes them by default. */
export const SEMI_SPACE_OPTION = "--max-semi-space-size=16";

/** V8's flag for the old space's cap, in MiB, on the embedded database (decision 115). */
export const EMBEDDED_OLD_SPACE_OPTION = "--max-old-space-size=512";

/**
 * @param {NodeJS.ProcessEnv} [environment] the launcher's own
 * @param {"pglite" | "postgres"} [database] the server's database: the embedded one unless DATABASE_URL is set
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment(environment = process.env, database = environment.DATABASE_URL?.trim() ? "postgres" : "pglite") {
  const nodeOptions = environment.NODE_OPTIONS?.trim() ?? "";
  const ours = [
    /--max-semi-space-size\b/.test(nodeOptions) ? "" : SEMI_SPACE_OPTION,
    database === "pglite" && !/--max-old-space-size\b/.test(nodeOptions) ? EMBEDDED_OLD_SPACE_OPTION : "",
  ];
  return {
    MALLOC_ARENA_MAX: "1",
    MALLOC_TRIM_THRESHOLD_: "1048576",
    ...environment,
    NODE_OPTIONS: [...ours, nodeOptions].filter(Boolean).join(" "),
  };
}
