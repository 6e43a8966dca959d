// The environment `npm start` runs the server in, and the feed bench its servers (decisions 074 and 096). Both kinds
// of setting are read when a process starts, so they are set for the server's process, not inside it.
// - glibc's allocator keeps one arena instead of one per thread that allocates (V8's compiler threads each filled one
//   with their work on PostgreSQL's WebAssembly, then kept it), and gives memory freed above 1 MiB back to the system.
// - V8's young generation keeps the size it has on Node 20 and 22: each of its two semi-spaces grows to 16 MiB at
//   most. Node 24's V8 (13.6) lets them grow to 64 MiB (its `--scavenger-max-new-space-capacity-mb` went from 8 to 32,
//   doubled without pointer compression), which the server's steady stream of short-lived objects fills: up to 96 MiB
//   more RSS for no more live objects (decision 096).
// Values already in the environment win; an operator's own NODE_OPTIONS are kept, after ours.

/** V8's flag for the young generation's semi-spaces, in MiB, as Node 20 sizes them by default. */
export const SEMI_SPACE_OPTION = "--max-semi-space-size=16";

/**
 * @param {NodeJS.ProcessEnv} [environment] the launcher's own
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment(environment = process.env) {
  const nodeOptions = environment.NODE_OPTIONS?.trim() ?? "";
  return {
    MALLOC_ARENA_MAX: "1",
    MALLOC_TRIM_THRESHOLD_: "1048576",
    ...environment,
    NODE_OPTIONS: /--max-semi-space-size\b/.test(nodeOptions) ? nodeOptions : `${SEMI_SPACE_OPTION} ${nodeOptions}`.trim(),
  };
}
