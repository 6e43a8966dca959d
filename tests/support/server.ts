// A real server for one test file: the whole app on 127.0.0.1 at a port the OS picks, over a fresh database.
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type App, type BuildOptions } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openTestDatabase, type TestDatabase } from "./database";

/**
 * Where a test server looks for the SPA unless the test brings its own build: nowhere. The server is then the same
 * whether or not `npm run build` has filled dist/ and dist-ssr/ (decision 045) in this checkout, as it has by the
 * second integration run of .ci/run.
 */
export const NO_BUILD = path.join(tmpdir(), "pennybid-tests-have-no-build");

export type TestServer = { url: string; app: App; database: TestDatabase; close: () => Promise<void> };

export async function startTestServer(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, "config" | "db"> = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    // Tests speak for many bidders from one machine: each client names its IP in X-Forwarded-For.
    TRUST_PROXY: "1",
    STATIC_DIR: NO_BUILD,
    ...env,
  });
  const app = await buildApp({ config, db: database.db, ...options });
  await app.http.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.http.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    close: async () => {
      await app.http.close();
      await database.drop();
    },
  };
}

/** Headers the SPA sends on every call (SPEC.md §7). */
export { spaHeaders } from "../../sim/api-client";

/** The names of a route's path parameters: `/api/auctions/:auctionId/buy-now` has `auctionId`. */
export const pathParamNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
