/** The environment the server runs in (decision 074): glibc's allocator settings, unless the given one has its own. */
export declare function serverEnvironment(environment?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
