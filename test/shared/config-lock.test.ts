/**
 * The assistants' own locks on their config files, taken around `agent connect`'s
 * read-edit-rename: a writer holding the lock makes us wait (the file untouched meanwhile),
 * a lock left by a crash is taken over by the program's own staleness rule, and the plans
 * name the lock each assistant takes (Claude Code's user files, OpenClaw's config; no lock
 * where the assistant takes none). Nothing here is timed: the writer is released by the hook
 * called each time we find the lock held.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { setJsonEntry } from "../../src/assistants/config-edit.js";
import { claudeConfig } from "../../src/assistants/claude-code/connect.js";
import { codexConfig } from "../../src/assistants/codex/connect.js";
import { planConnect, planDisconnect, type ConnectOptions } from "../../src/assistants/connect.js";
import { planOpenClawConnect } from "../../src/assistants/openclaw/connect.js";
import { openCodeConfig } from "../../src/assistants/opencode/connect.js";
import { writeConfigFile } from "../../src/shared/config-file.js";
import { claudeCodeLock, lockPathOf, openClawLock, ownerFileStale } from "../../src/shared/config-lock.js";
import { cleanup, REPO_ROOT, tempDir } from "../helpers/workspace.js";

let dir = "";
afterEach(() => cleanup(dir));

const entry = { type: "stdio", command: "/opt/node/bin/node", args: [], env: {} };
const addOurs = (file: string) => (text: string | null) => setJsonEntry(file, text, ["mcpServers", "agent-memory"], entry);

function claudeJson(): string {
  dir = tempDir("agent-config-lock-");
  const file = path.join(dir, ".claude.json");
  writeFileSync(file, JSON.stringify({ primaryApiKey: "kept-secret" }, null, 2), { mode: 0o600 });
  return file;
}

/** A save of the other program: read, add a key, temp file, rename (what it does under its lock). */
function theirSave(file: string, key: string): void {
  const theirs = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  writeFileSync(`${file}.w.tmp`, JSON.stringify({ ...theirs, [key]: true }, null, 2));
  renameSync(`${file}.w.tmp`, file);
}

describe("Claude Code's lock (proper-lockfile's directory) around our write", () => {
  it("a writer holding the lock: we wait, the file untouched, and write after its save and release", () => {
    const file = claudeJson();
    const lock = `${file}.lock`;
    mkdirSync(lock);
    let held = 0;
    const onLockHeld = (at: string): void => {
      expect(at).toBe(lock);
      // Nothing of ours while they hold it.
      expect(readFileSync(file, "utf8")).not.toContain("agent-memory");
      held++;
      if (held === 3) {
        theirSave(file, "savedUnderLock");
        rmdirSync(lock);
      }
    };
    let lockedAtRename = false;
    writeConfigFile(file, addOurs(file), { lock: claudeCodeLock(file), onLockHeld, afterLastLook: () => (lockedAtRename = existsSync(lock)) });
    expect(held).toBe(3);
    // Ours held across the last look and the rename, and released after.
    expect(lockedAtRename).toBe(true);
    expect(existsSync(lock)).toBe(false);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ primaryApiKey: "kept-secret", savedUnderLock: true, mcpServers: { "agent-memory": { type: "stdio" } } });
  });

  it("a lock older than 10 s (its holder crashed) is taken over; a fresh one is not", () => {
    const file = claudeJson();
    const lock = `${file}.lock`;
    mkdirSync(lock);
    const old = new Date(Date.now() - 11_000);
    utimesSync(lock, old, old);
    let held = 0;
    writeConfigFile(file, addOurs(file), { lock: claudeCodeLock(file), onLockHeld: () => held++ });
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ mcpServers: { "agent-memory": {} } });
    expect(existsSync(lock)).toBe(false);
    // Found held once (the stale one, removed), then taken.
    expect(held).toBeLessThanOrEqual(1);

    mkdirSync(lock);
    let fresh = 0;
    writeConfigFile(file, (t) => setJsonEntry(file, t, ["mcpServers", "other"], entry), {
      lock: claudeCodeLock(file),
      onLockHeld: () => {
        if (++fresh === 2) rmdirSync(lock);
      },
    });
    expect(fresh).toBe(2);
  });

  it("no folder for the file yet: nothing to wait for, the file is created", () => {
    dir = tempDir("agent-config-lock-");
    const file = path.join(dir, "new", "settings.json");
    writeConfigFile(file, addOurs(file), { lock: claudeCodeLock(file) });
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe("OpenClaw's lock (fs-safe's owner file) around our write", () => {
  function openClawJson(): string {
    dir = tempDir("agent-config-lock-");
    const file = path.join(dir, "openclaw.json");
    writeFileSync(file, '{ "gateway": { "port": 18789 } }\n', { mode: 0o600 });
    return file;
  }
  const payload = (o: Record<string, unknown>) => `${JSON.stringify(o, null, 2)}\n`;

  it("held by a live process: we wait; released, we write and remove only our own lock", () => {
    const file = openClawJson();
    const lock = lockPathOf(openClawLock(file));
    expect(lock).toBe(`${file}.lock`);
    writeFileSync(lock, payload({ pid: process.pid, createdAt: new Date().toISOString() }), { mode: 0o600 });
    let held = 0;
    let ownLock = "";
    writeConfigFile(file, (t) => (t ?? "").replace("18789", "18790"), {
      lock: openClawLock(file),
      onLockHeld: () => {
        if (++held === 2) unlinkSync(lock);
      },
      afterLastLook: () => (ownLock = readFileSync(lock, "utf8")),
    });
    expect(held).toBe(2);
    expect(JSON.parse(ownLock)).toMatchObject({ pid: process.pid });
    expect(existsSync(lock)).toBe(false);
    expect(readFileSync(file, "utf8")).toContain("18790");
  });

  it("its owner gone (a pid that no longer runs) or no pid and older than 30 s: taken over", () => {
    const file = openClawJson();
    const lock = `${file}.lock`;
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(lock, payload({ pid: Number(gone.stdout), createdAt: new Date().toISOString() }));
    writeConfigFile(file, (t) => (t ?? "").replace("18789", "1"), { lock: openClawLock(file) });
    expect(readFileSync(file, "utf8")).toContain('"port": 1 ');
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(`${lock}.reclaim`)).toBe(false);

    const now = Date.parse("2026-11-30T12:00:00Z");
    expect(ownerFileStale(payload({ createdAt: "2026-11-30T11:59:00Z" }), 30_000, now)).toBe(true);
    expect(ownerFileStale(payload({ createdAt: "2026-11-30T11:59:50Z" }), 30_000, now)).toBe(false);
    expect(ownerFileStale(payload({ pid: process.pid, createdAt: "2020-01-01T00:00:00Z" }), 30_000, now)).toBe(false);
    // Created but not yet written by its taker: never stale.
    expect(ownerFileStale("", 30_000, now)).toBe(false);
  });
});

describe("the plans name the lock each assistant takes", () => {
  function opts(harness: ConnectOptions["harness"], scope: ConnectOptions["scope"] = "user"): ConnectOptions {
    dir = tempDir("agent-config-lock-");
    mkdirSync(path.join(dir, "proj"), { recursive: true });
    return { harness, workspace: path.join(dir, "W"), scope, cwd: path.join(dir, "proj"), env: { HOME: path.join(dir, "home"), XDG_CONFIG_HOME: path.join(dir, "home/.config"), CODEX_HOME: path.join(dir, "home/.codex") }, node: "/opt/node/bin/node", cli: "/opt/agent/dist/cli/main.js" };
  }

  it("Claude Code: ~/.claude.json and its user settings.json (connect and disconnect); its project files none", () => {
    const o = opts("claude-code");
    const locks = (changes: ReturnType<typeof planConnect>) => changes.map((c) => [path.relative(dir, c.file), c.lock === undefined ? null : path.relative(dir, lockPathOf(c.lock))]);
    expect(locks(planConnect(o, claudeConfig))).toEqual([
      ["home/.claude/settings.json", "home/.claude/settings.json.lock"],
      ["home/.claude.json", "home/.claude.json.lock"],
    ]);
    expect(locks(planDisconnect(o, claudeConfig)).map((x) => x[1])).toEqual(["home/.claude/settings.json.lock", "home/.claude.json.lock"]);
    const project = planConnect({ ...o, scope: "project" }, claudeConfig);
    expect(project.length).toBeGreaterThan(1);
    expect(project.every((c) => c.lock === undefined)).toBe(true);
  });

  it("Codex and OpenCode take none (a temp file renamed in; a write in place); OpenClaw its owner file", () => {
    expect(planConnect(opts("codex"), codexConfig).map((c) => c.lock)).toEqual([undefined, undefined]);
    expect(planConnect(opts("opencode"), openCodeConfig).map((c) => c.lock)).toEqual([undefined, undefined]);
    const o = opts("openclaw");
    const [c] = planOpenClawConnect({ ...o, env: { ...o.env, OPENCLAW_CONFIG_PATH: path.join(dir, "oc", "openclaw.json") } }, REPO_ROOT);
    expect(c!.lock).toMatchObject({ kind: "owner-file", staleMs: 30_000 });
    expect(lockPathOf(c!.lock!)).toBe(path.join(dir, "oc", "openclaw.json.lock"));
  });
});
