// The environment `npm start` runs the server in, and the feed bench its servers (decision 074). glibc's allocator
// keeps one arena instead of one per thread that allocates (V8's compiler threads each filled one with their work on
// PostgreSQL's WebAssembly, then kept it), and gives memory freed above 1 MiB back to the system. V8's young
// generation grows to 8 MiB a semi-space instead of 16: collected twice as often, in about the same time in all.
// Read when the process starts, so they are set for the server's process, not inside it. Values already in the
// environment win (a NODE_OPTIONS of the operator's replaces this one).

/**
 * @param {NodeJS.ProcessEnv} [environment] the launcher's own
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment(environment = process.env) {
  return { MALLOC_ARENA_MAX: "1", MALLOC_TRIM_THRESHOLD_: "1048576", NODE_OPTIONS: "--max-semi-space-size=8", ...environment };
}
