// Adds lock entries for platform-specific optional packages that this machine's registry cannot serve
// (other operating systems' builds of tailwind's oxide and of unrs-resolver). npm 11 leaves them out of
// package-lock.json, and `npm ci` then refuses the lock. They are optional and never installed on Linux x64;
// the entries only let `npm ci` see that the lock is complete. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const lockPath = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const [os, cpu] = platformOf(name);
    packages[`node_modules/${name}`] = {
      version: String(version).replace(/^[\^~=]/, ""),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entr${added === 1 ? "y" : "ies"} added`);

function platformOf(name) {
  const os = ["android", "darwin", "freebsd", "linux", "openharmony", "win32", "wasm32"].find((o) => name.includes(`-${o}`));
  const cpu = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x"].find((c) => new RegExp(`-${c}(-|$)`).test(name));
  return [os === "wasm32" ? undefined : os, os === "wasm32" ? "wasm32" : cpu];
}
