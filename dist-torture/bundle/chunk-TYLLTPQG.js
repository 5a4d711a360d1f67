import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  isProcessAlive
} from "./chunk-DDYDWEWT.js";
import {
  createExclusive
} from "./chunk-FEQ2CM7F.js";
import {
  agentDir
} from "./chunk-U66UVQVN.js";

// dist/shared/lock.js
import { readFileSync, statSync, unlinkSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
var DaemonLockedError = class extends Error {
  file;
  holder;
  constructor(file, holder, detail) {
    super(holder === void 0 ? `another agent daemon is starting on this workspace (${detail ?? file}); try again in a moment` : holder.host !== os.hostname() ? `an agent daemon (pid ${holder.pid} on host ${holder.host}) holds ${file}; this machine cannot check whether it still runs \u2014 if it does not, delete the file` : `an agent daemon is already running on this workspace (pid ${holder.pid}, started ${new Date(holder.startedAt).toISOString()}); stop it first (kill ${holder.pid})`);
    this.file = file;
    this.holder = holder;
    this.name = "DaemonLockedError";
  }
};
function daemonLockPath(workspace) {
  return path.join(agentDir(workspace), "daemon.lock");
}
var UNREADABLE_GRACE_MS = 5e3;
var GUARD_GRACE_MS = 1e4;
function acquireDaemonLock(workspace, opts = {}) {
  const file = daemonLockPath(workspace);
  mkdirSync(path.dirname(file), { recursive: true });
  const info = { pid: opts.pid ?? process.pid, host: os.hostname(), startedAt: opts.now ?? Date.now() };
  const content = JSON.stringify({ ...info, started: new Date(info.startedAt).toISOString() }) + "\n";
  const alive = opts.isAlive ?? isProcessAlive;
  let takenOver;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, content)) {
      return { file, info, ...takenOver !== void 0 ? { takenOver } : {}, release: () => releaseIfOurs(file, info) };
    }
    const seen = readLock(file);
    if (seen.kind === "gone")
      continue;
    if (seen.kind === "unreadable") {
      if (Date.now() - seen.mtimeMs < UNREADABLE_GRACE_MS)
        throw new DaemonLockedError(file, void 0, `${file} is being written`);
    } else {
      if (seen.info.host !== info.host)
        throw new DaemonLockedError(file, seen.info);
      if (alive(seen.info.pid))
        throw new DaemonLockedError(file, seen.info);
    }
    const guard = `${file}.takeover`;
    if (!createExclusive(guard, `${info.pid}
`)) {
      const age = ageMs(guard);
      if (age !== void 0 && age > GUARD_GRACE_MS) {
        unlinkQuiet(guard);
        continue;
      }
      throw new DaemonLockedError(file, void 0, "another process is taking over a stale lock");
    }
    try {
      const again = readLock(file);
      if (again.kind === "gone" || again.raw !== seen.raw)
        continue;
      unlinkQuiet(file);
      takenOver = seen.kind === "ok" ? seen.info : { unreadable: true };
      if (createExclusive(file, content)) {
        return { file, info, takenOver, release: () => releaseIfOurs(file, info) };
      }
    } finally {
      unlinkQuiet(guard);
    }
  }
  const last = readLock(file);
  throw new DaemonLockedError(file, last.kind === "ok" ? last.info : void 0, "the lock kept changing");
}
function readDaemonLock(workspace) {
  const seen = readLock(daemonLockPath(workspace));
  if (seen.kind !== "ok")
    return void 0;
  return { ...seen.info, alive: seen.info.host === os.hostname() && isProcessAlive(seen.info.pid) };
}
function readLock(file) {
  let raw;
  let mtimeMs;
  try {
    raw = readFileSync(file, "utf8");
    mtimeMs = statSync(file).mtimeMs;
  } catch (e) {
    if (e.code === "ENOENT")
      return { kind: "gone" };
    throw e;
  }
  try {
    const o = JSON.parse(raw);
    if (typeof o.pid === "number" && typeof o.startedAt === "number") {
      return { kind: "ok", raw, info: { pid: o.pid, startedAt: o.startedAt, host: typeof o.host === "string" ? o.host : os.hostname() } };
    }
  } catch {
  }
  return { kind: "unreadable", raw, mtimeMs };
}
function releaseIfOurs(file, info) {
  const seen = readLock(file);
  if (seen.kind === "ok" && seen.info.pid === info.pid && seen.info.startedAt === info.startedAt && seen.info.host === info.host) {
    unlinkQuiet(file);
  }
}
function ageMs(file) {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return void 0;
  }
}
function unlinkQuiet(file) {
  try {
    unlinkSync(file);
  } catch (e) {
    if (e.code !== "ENOENT")
      throw e;
  }
}

export {
  acquireDaemonLock,
  readDaemonLock
};
//# sourceMappingURL=chunk-TYLLTPQG.js.map
