import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, mkdirSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDaemonLock, daemonLockPath, DaemonLockedError, readDaemonLock } from "../../src/workspace/lock.js";
import { cleanup, tempDir } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

let ws = "";
beforeEach(() => {
  ws = tempDir("agent-lock-");
});
afterEach(() => cleanup(ws));

/** A pid that surely belongs to no process: one that has just exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "0"]).pid!;
}

describe("daemon.lock", () => {
  it("holds pid, host and start time; a second daemon is refused with a message naming the pid", () => {
    const lock = acquireDaemonLock(ws, { now: Date.parse("2026-11-21T09:00:00Z") });
    const file = daemonLockPath(ws);
    expect(file).toBe(path.join(agentDir(ws), "daemon.lock"));
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid, startedAt: Date.parse("2026-11-21T09:00:00Z"), started: "2026-11-21T09:00:00.000Z" });
    expect(readDaemonLock(ws)).toMatchObject({ pid: process.pid, alive: true });
    let err: unknown;
    try {
      acquireDaemonLock(ws);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DaemonLockedError);
    expect((err as Error).message).toBe(
      `an agent daemon is already running on this workspace (pid ${process.pid}, started 2026-11-21T09:00:00.000Z); stop it first (kill ${process.pid})`,
    );
    lock.release();
    expect(existsSync(file)).toBe(false);
    lock.release(); // twice is fine
    acquireDaemonLock(ws).release();
  });

  it("a lock left by a killed daemon is detected and taken over", () => {
    const file = daemonLockPath(ws);
    mkdirSync(path.dirname(file), { recursive: true });
    const pid = deadPid();
    writeFileSync(file, JSON.stringify({ pid, host: os.hostname(), startedAt: 1000 }) + "\n");
    expect(readDaemonLock(ws)).toMatchObject({ pid, alive: false });
    const lock = acquireDaemonLock(ws);
    expect(lock.takenOver).toEqual({ pid, host: os.hostname(), startedAt: 1000 });
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
    expect(existsSync(`${file}.takeover`)).toBe(false);
    lock.release();
  });

  it("release never removes a lock that is no longer ours", () => {
    const lock = acquireDaemonLock(ws);
    const file = daemonLockPath(ws);
    writeFileSync(file, JSON.stringify({ pid: 4242, host: os.hostname(), startedAt: 1 }));
    lock.release();
    expect(existsSync(file)).toBe(true);
  });

  it("an unreadable lock file: refused while fresh (being written), taken over once old", () => {
    const file = daemonLockPath(ws);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "");
    expect(() => acquireDaemonLock(ws)).toThrow(/another agent daemon is starting on this workspace/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const lock = acquireDaemonLock(ws);
    expect(lock.takenOver).toEqual({ unreadable: true });
    lock.release();
  });

  it("a lock from another host is not second-guessed", () => {
    const file = daemonLockPath(ws);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ pid: 1, host: "elsewhere.example", startedAt: 1 }));
    expect(() => acquireDaemonLock(ws)).toThrow(/pid 1 on host elsewhere.example.*delete the file/);
  });
});
