/**
 * Two devices (each its own HOME and state home) sharing one workspace through a copier that
 * does what Syncthing does: each file arrives as a `.syncthing.<name>.tmp` temp file renamed
 * into place, mtimes kept, and a file both devices changed before they met ends up as the
 * newer version under its name and the older one beside it as
 * `<name>.sync-conflict-YYYYMMDD-HHMMSS-<DEVICE>.<ext>`, on both devices. The engine reads a
 * conflict copy as nobody's note: not indexed (its lines would come twice), not read by the
 * night, as private as its original (a copy of MEMORY.md never reaches a group chat), and
 * named by `agent doctor`.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { conflictCopyOf } from "../../src/workspace/sync-copies.js";
import { isPrivatePath } from "../../src/workspace/privacy.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

interface Device {
  name: string;
  /** Syncthing's short device id, as it writes it in a conflict copy's name. */
  short: string;
  ws: string;
  env: NodeJS.ProcessEnv;
}

let root = "";
afterEach(() => cleanup(root));

function device(name: string, short: string): Device {
  const base = path.join(root, name);
  mkdirSync(path.join(base, "home"), { recursive: true });
  return { name, short, ws: path.join(base, "assistant"), env: { HOME: path.join(base, "home"), AGENT_STATE_HOME: path.join(base, "state"), XDG_STATE_HOME: "", AGENT_WORKSPACE: "" } };
}

async function agent(d: Device, ...args: string[]): Promise<string> {
  const r = await runAgent([...args, "--workspace", d.ws], d.env);
  expect(r.code, `${d.name}: agent ${args.join(" ")}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

/** The workspace's files but what `.stignore` keeps home (the engine's `.agent/`, temp files, backups). */
function files(ws: string, rel = ""): string[] {
  const out: string[] = [];
  if (!existsSync(path.join(ws, rel))) return out;
  for (const e of readdirSync(path.join(ws, rel), { withFileTypes: true })) {
    const r = rel === "" ? e.name : `${rel}/${e.name}`;
    if (r === ".agent" || e.name.endsWith(".tmp") || e.name.endsWith(".agent-memory-backup")) continue;
    if (e.isDirectory()) out.push(...files(ws, r));
    else out.push(r);
  }
  return out;
}

/** One file arriving the way Syncthing delivers it: a temp file beside it, renamed over it, mtime kept. */
function deliver(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  const tmp = path.join(path.dirname(to), `.syncthing.${path.basename(to)}.tmp`);
  copyFileSync(from, tmp);
  const st = statSync(from);
  utimesSync(tmp, st.atime, st.mtime);
  renameSync(tmp, to);
}

function conflictName(rel: string, loser: Device, at: Date): string {
  const ext = path.extname(rel);
  const p = (n: number) => String(n).padStart(2, "0");
  const stamp = `${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}-${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}`;
  return `${rel.slice(0, rel.length - ext.length)}.sync-conflict-${stamp}-${loser.short}${ext}`;
}

/**
 * A sync round between two devices: a file only one side has or changed goes across; a file
 * both changed since `base` (their last common state) is a conflict: the newer wins its name
 * on both sides, the older is kept on both as a conflict copy named by the device that made it.
 */
function sync(a: Device, b: Device, base: Map<string, string>): void {
  const all = new Set([...files(a.ws), ...files(b.ws)]);
  for (const rel of all) {
    const pa = path.join(a.ws, rel);
    const pb = path.join(b.ws, rel);
    const ta = existsSync(pa) ? readFileSync(pa, "utf8") : undefined;
    const tb = existsSync(pb) ? readFileSync(pb, "utf8") : undefined;
    if (ta === tb) continue;
    const was = base.get(rel);
    if (tb === undefined || (ta !== undefined && tb === was)) deliver(pa, pb);
    else if (ta === undefined || ta === was) deliver(pb, pa);
    else {
      const [win, lose] = statSync(pa).mtimeMs >= statSync(pb).mtimeMs ? [a, b] : [b, a];
      const copy = conflictName(rel, lose, new Date(statSync(path.join(lose.ws, rel)).mtimeMs));
      deliver(path.join(lose.ws, rel), path.join(lose.ws, copy));
      deliver(path.join(lose.ws, copy), path.join(win.ws, copy));
      deliver(path.join(win.ws, rel), path.join(lose.ws, rel));
    }
  }
  base.clear();
  for (const rel of files(a.ws)) base.set(rel, readFileSync(path.join(a.ws, rel), "utf8"));
}

function writeAt(ws: string, rel: string, text: string, at: string): void {
  mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
  writeFileSync(path.join(ws, rel), text);
  utimesSync(path.join(ws, rel), new Date(at), new Date(at));
}

describe("a sync tool's conflict copies", () => {
  it("are not indexed twice, never reach a group chat, are not read by the night, and the doctor names them", async () => {
    root = tempDir("agent-sync-conflict-");
    const laptop = device("laptop", "LAPTOP1");
    const phone = device("phone", "PHONE22");
    expect((await runAgent(["init", laptop.ws], laptop.env)).code).toBe(0);
    writeFileSync(path.join(laptop.ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" } }));
    writeAt(laptop.ws, "MEMORY.md", "# Memory\n\n- The bank card hint is the heron by the boathouse.\n", "2026-11-29T08:00:00Z");
    writeAt(laptop.ws, "memory/2026-11-30.md", "# 2026-11-30\n\nLunch with Ana at the pier.\n", "2026-11-30T09:00:00Z");
    const base = new Map<string, string>();
    sync(laptop, phone, base);
    expect(existsSync(path.join(phone.ws, ".agent-workspace"))).toBe(true);

    // Both devices change MEMORY.md and today's note before they meet again; the phone's edits are newer.
    writeAt(laptop.ws, "MEMORY.md", "# Memory\n\n- The bank card hint is the heron by the boathouse.\n- Passport renewal is due in March.\n", "2026-11-30T10:00:00Z");
    writeAt(phone.ws, "MEMORY.md", "# Memory\n\n- The bank card hint is the heron by the boathouse.\n- The gym closes at 21:00 on Sundays.\n", "2026-11-30T11:00:00Z");
    writeAt(laptop.ws, "memory/2026-11-30.md", "# 2026-11-30\n\nLunch with Ana at the pier.\nCalled the plumber about the boiler.\n", "2026-11-30T10:05:00Z");
    writeAt(phone.ws, "memory/2026-11-30.md", "# 2026-11-30\n\nLunch with Ana at the pier.\nBought quince jam at the market.\n", "2026-11-30T11:05:00Z");
    sync(laptop, phone, base);
    for (const d of [laptop, phone]) {
      expect(files(d.ws).filter((f) => f.includes(".sync-conflict-")).sort()).toEqual(["MEMORY.sync-conflict-20261130-100000-LAPTOP1.md", "memory/2026-11-30.sync-conflict-20261130-100500-LAPTOP1.md"]);
    }
    // A transfer still in flight when the engine looks: Syncthing's temp file.
    writeFileSync(path.join(phone.ws, "memory", ".syncthing.2026-12-01.md.tmp"), "# 2026-12-01\n\nHalf a note");

    const indexed = await agent(phone, "index", "--json");
    expect(JSON.parse(indexed)).toBeDefined();
    // Each line once: the copy's lines that its original also holds do not come twice.
    const hits = JSON.parse(await agent(phone, "search", "Ana pier lunch", "--json")) as { results: { path: string }[] };
    expect(hits.results.map((r) => r.path)).toEqual(["memory/2026-11-30.md"]);
    const memHits = JSON.parse(await agent(phone, "search", "heron boathouse bank card", "--json")) as { results: { path: string }[] };
    expect(memHits.results.map((r) => r.path)).toEqual(["MEMORY.md"]);

    // A group chat never gets MEMORY.md, nor its copy.
    const group = await agent(phone, "context", "--session", "group", "--query", "bank card heron boathouse passport");
    expect(group).not.toContain("heron");
    expect(group).not.toContain("Passport");

    // The doctor names both copies and what to do.
    const doctor = await runAgent(["doctor", "--workspace", phone.ws], phone.env);
    expect(doctor.stdout + doctor.stderr).toMatch(/2 conflict copies left by a sync tool: MEMORY\.sync-conflict-20261130-100000-LAPTOP1\.md \(of MEMORY\.md\), memory\/2026-11-30\.sync-conflict-20261130-100500-LAPTOP1\.md \(of memory\/2026-11-30\.md\)/);
    expect(doctor.stdout + doctor.stderr).toContain("merge what you want to keep into the original file and delete the copy");
  }, 120_000);
});

describe("which names are conflict copies", () => {
  it("Syncthing's and Dropbox's, each of its original; a note that only mentions a conflict is not one", () => {
    expect(conflictCopyOf("memory/2026-11-30.sync-conflict-20261130-101500-ABCDEFG.md")).toEqual({ original: "memory/2026-11-30.md", tool: "Syncthing" });
    expect(conflictCopyOf("sessions/claude-code-4f1c.sync-conflict-20261130-101500-7QXK2ZP.jsonl")).toEqual({ original: "sessions/claude-code-4f1c.jsonl", tool: "Syncthing" });
    expect(conflictCopyOf("USER (Sam's conflicted copy 2026-11-30).md")).toEqual({ original: "USER.md", tool: "Dropbox" });
    expect(conflictCopyOf("notes/sync-conflict-resolution.md")).toBeNull();
    expect(conflictCopyOf("notes/the conflict (copy).md")).toBeNull();
    // As private as the file it copies.
    expect(isPrivatePath("MEMORY.sync-conflict-20261130-101010-ABCDEFG.md")).toBe(true);
    expect(isPrivatePath("USER (Sam's conflicted copy 2026-11-30).md")).toBe(true);
    expect(isPrivatePath("notes/recipes.sync-conflict-20261130-101010-ABCDEFG.md")).toBe(false);
  });
});
