/**
 * The environment the server runs in (decisions 074, 096 and 115): glibc's allocator settings and V8's heap flags for
 * the server's database (the embedded one unless DATABASE_URL is set), unless the given environment has its own.
 */
export declare function serverEnvironment(environment?: NodeJS.ProcessEnv, database?: "pglite" | "postgres"): NodeJS.ProcessEnv;
export declare const SEMI_SPACE_OPTION: string;
export declare const EMBEDDED_OLD_SPACE_OPTION: string;
