import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SHARED = path.resolve(REPO_ROOT, "../shared");
export const CLI = path.join(REPO_ROOT, "dist/cli/main.js");

/** A fresh empty folder under the OS temp dir; removed by `cleanup`. */
export function tempDir(prefix = "agent-test-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes a workspace file (creating folders), returns its absolute path. */
export function write(ws: string, rel: string, content: string | Buffer): string {
  const abs = path.join(ws, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return abs;
}

export function read(ws: string, rel: string): string {
  return readFileSync(path.join(ws, rel), "utf8");
}

/** Every byte of every file under `dir`, as one latin1 string: "is this text anywhere in there". */
export function allBytes(dir: string): string {
  let out = "";
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) out += readFileSync(abs).toString("latin1");
    }
  };
  walk(dir);
  return out;
}

/**
 * sha256 of every file under `dir` except the engine's own: the .agent folder (SOUL.md's swap),
 * the workspace id file, and the device logs (.agent-state/, where the engine's state is written
 * as events): used to prove that indexing never changed a user's file.
 */
export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const ent of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, ent.name);
      // The engine's own: SOUL.md's swap folder, the workspace id written on first open, the device logs.
      if (ent.name === ".agent" || ent.name === ".agent-workspace" || ent.name === ".agent-state") continue;
      if (ent.isDirectory()) walk(abs);
      else if (ent.isFile()) {
        try {
          out[path.relative(dir, abs)] = createHash("sha256").update(readFileSync(abs)).digest("hex") + ":" + statSync(abs).mode;
        } catch {
          out[path.relative(dir, abs)] = "unreadable";
        }
      }
    }
  };
  walk(dir);
  return out;
}

/** Polls `check` until it returns true or `timeoutMs` passes; for watcher tests. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10000, stepMs = 50): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
