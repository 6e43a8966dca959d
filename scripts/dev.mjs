// `npm run dev`: the API server on API_PORT (3001) with reload on change, and Vite with hot reload on PORT (5173)
// proxying /api, /authn and the socket to it.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn("npx", ["tsx", "watch", "server/index.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort },
  }),
  spawn("npx", ["vite"], { cwd: root, stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((child) => child.on("exit", (code) => (stop(), process.exit(code ?? 0))));
