// Decision 076: the server runs built (`npm run build`, `npm start`), one module run by Node without tsx. Built and
// started here from the sources as they are: it finds its migrations, its theme script and its address list from the
// project's root, serves its health and its pages, and keeps no TypeScript loader.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer } from "../../scripts/build-server.mjs";
import { bundledAddresses } from "../../server/fulfilment/addresses";
import { themeScriptHash } from "../../server/http/theme-script";
import { findProjectRoot, projectRoot } from "../../server/paths";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const outfile = "dist-server/integration-test-server.mjs";

describe("the built server", () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    for (const file of [outfile, `${outfile}.map`]) rmSync(path.join(projectRoot, file), { force: true });
  });

  it("is one module that starts without a TypeScript loader, migrates, and serves its pages with the theme script's hash", async () => {
    await buildServer({ entry: "server/index.ts", outfile });
    server = await startServerProcess({ DATA_DIR: "memory://" }, undefined, 60_000, [outfile]);
    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: "ok", database: "ok" });
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get("content-security-policy")).toContain(themeScriptHash);
    const commandLine = readFileSync(`/proc/${server.child.pid}/cmdline`, "utf8").split("\0");
    expect(commandLine.some((argument) => argument.includes("tsx"))).toBe(false);
  }, 90_000);
});

describe("the project's root, for files the server reads", () => {
  it("is found from the sources' folders and from the build's, and nowhere else", () => {
    expect(findProjectRoot(path.join(projectRoot, "server", "db"))).toBe(projectRoot);
    expect(findProjectRoot(path.join(projectRoot, "dist-server"))).toBe(projectRoot);
    expect(() => findProjectRoot("/")).toThrow("No pennybid package.json");
    expect(bundledAddresses().length).toBeGreaterThan(0);
  });
});
