// The environment `npm start` runs the server in, and the feed bench its servers (decision 074). glibc's allocator
// keeps one arena instead of one per thread that allocates (V8's compiler threads each filled one with their work on
// PostgreSQL's WebAssembly, then kept it), and gives memory freed above 1 MiB back to the system. Read by glibc when
// the process starts, so it is set for the server's process, not inside it. Values already in the environment win.

/**
 * @param {NodeJS.ProcessEnv} [environment] the launcher's own
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment(environment = process.env) {
  return { MALLOC_ARENA_MAX: "1", MALLOC_TRIM_THRESHOLD_: "1048576", ...environment };
}
