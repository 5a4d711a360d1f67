#!/usr/bin/env node
// The npm registry these machines reach has node-llama-cpp's Linux binary packages but not
// its macOS/Windows/riscv64 ones. `npm install` then leaves those optional dependencies out
// of package-lock.json, and `npm ci` refuses the lock as "out of sync". This adds lock
// entries for them, marked optional with their os/cpu, so npm ci accepts the lock and skips
// them on this platform (as it would anyway). Run it after any `npm install` that rewrites
// the lock:  node scripts/lockfile-optional.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const pkgs = lock.packages;
const platform = (name) => {
  const os = name.startsWith("mac-") ? "darwin" : name.startsWith("win-") ? "win32" : "linux";
  const cpu = /arm64/.test(name) ? "arm64" : /armv7l/.test(name) ? "arm" : /riscv64/.test(name) ? "riscv64" : "x64";
  return { os, cpu };
};
let added = 0;
for (const [key, meta] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (!dep.startsWith("@node-llama-cpp/")) continue;
    const at = `node_modules/${dep}`;
    if (pkgs[at]) continue;
    const { os, cpu } = platform(dep.slice("@node-llama-cpp/".length));
    pkgs[at] = { version, cpu: [cpu], license: "MIT", optional: true, os: [os], engines: { node: ">=20.0.0" } };
    added++;
    void key;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: added ${added} optional platform entr${added === 1 ? "y" : "ies"}`);
