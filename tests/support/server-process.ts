// The real server as a separate process (`node --import tsx server/index.ts`, or a built one), for tests that kill and
// restart it.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type ServerProcess = { url: string; child: ChildProcess; output: () => string; kill: (signal?: NodeJS.Signals) => Promise<void> };

/**
 * Starts the server and waits until it answers `/api/health`, at most `startupMs` (then it is stopped, and this throws).
 * `nodeArgs`: what Node runs, the TypeScript sources through tsx unless told otherwise (a built server's file).
 */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
  startupMs = 30_000,
  nodeArgs = ["--import", "tsx", "server/index.ts"],
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(chosen),
      LOG_LEVEL: "warn",
      SEED_DEMO_DATA: "no",
      TRUST_PROXY: "1",
      NODE_ENV: "test",
      REDIS_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const isUp = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /api/health within ${startupMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    url,
    child,
    output: () => output,
    kill: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
