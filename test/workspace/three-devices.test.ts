/**
 * Three devices, each with its own HOME and state home, one workspace synced two ways: a real
 * git remote (a bare repository, plain `git pull --no-rebase` / `git push`, no merge driver)
 * and a newest-file-wins copier (what Syncthing, Dropbox or iCloud amount to, honouring the
 * `.stignore` that `agent init` wrote). Each device writes notes, logs a conversation,
 * indexes and searches between sync rounds taken in different orders. Afterwards: no git
 * conflict, no SQLite file ever in a workspace or in the remote, and the same top 10 for a
 * query on every device (all nine notes, in one order). The engine's own state travels too:
 * each round one device edits SOUL.md and saves a version, every device takes a personality
 * snapshot and searches (the recall log), all offline; after the last sync every device has
 * the same state digest, all nine snapshots and the same SOUL history.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

interface Device {
  name: string;
  ws: string;
  env: NodeJS.ProcessEnv;
}

let root = "";
afterEach(() => cleanup(root));

function device(name: string): Device {
  const base = path.join(root, name);
  mkdirSync(path.join(base, "home"), { recursive: true });
  return {
    name,
    ws: path.join(base, "assistant"),
    env: {
      HOME: path.join(base, "home"),
      AGENT_STATE_HOME: path.join(base, "state"),
      XDG_STATE_HOME: "",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: `${name}@example.org`,
      GIT_COMMITTER_NAME: name,
      GIT_COMMITTER_EMAIL: `${name}@example.org`,
    },
  };
}

function git(d: Device, ...args: string[]): string {
  return execFileSync("git", args, { cwd: d.ws, env: { ...process.env, ...d.env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

async function agent(d: Device, ...args: string[]): Promise<string> {
  const r = await runAgent([...args, "--workspace", d.ws], d.env);
  expect(r.code, `${d.name}: agent ${args.join(" ")}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

const TOPICS = ["the boat's winter berth", "the quince tree pruning", "the sailmaker and the torn jib", "the dentist appointment", "the tax return for the flat"];

const NAMES = ["laptop", "desktop", "phone"];

/**
 * One device's turn: a note, a logged conversation, an index and a search. Each note says
 * "harbour" a different number of times, so the query's ranking has no exact ties (ties are
 * ordered by when each device indexed the file, which differs between devices).
 */
async function work(d: Device, round: number, editsSoul: boolean): Promise<void> {
  const topic = TOPICS[(round + d.name.length) % TOPICS.length]!;
  const times = 1 + round * NAMES.length + NAMES.indexOf(d.name);
  mkdirSync(path.join(d.ws, "notes"), { recursive: true });
  writeFileSync(path.join(d.ws, "notes", `${d.name}-${round}.md`), `# ${d.name} round ${round}\n\nAbout ${topic}: written on ${d.name} in round ${round}.\n\n${"harbour ".repeat(times).trim()}\n`);
  await agent(d, "log", "--session", `${d.name}-chat`, "--role", "user", `Round ${round} on ${d.name}: what about ${topic}?`);
  await agent(d, "index");
  await agent(d, "search", "harbour", "--json");
  if (editsSoul) {
    // One device a round: two devices editing SOUL.md between syncs is a conflict of the person's own text.
    writeFileSync(path.join(d.ws, "SOUL.md"), `${readFileSync(path.join(d.ws, "SOUL.md"), "utf8")}\n- Learned on ${d.name} in round ${round}.\n`);
    await agent(d, "soul", "save", "-m", `round ${round} on ${d.name}`);
  }
  await agent(d, "snapshot");
}

interface SharedState {
  digest: string;
  events: number;
  devices: number;
  souls: string[];
  snapshots: number;
}

/** What every device must agree on once it has every device's files. */
async function sharedState(d: Device): Promise<SharedState> {
  const st = JSON.parse(await agent(d, "state", "--json")) as { digest: string; events: number; devices: unknown[] };
  const log = JSON.parse(await agent(d, "soul", "log", "--json")) as { versions: { number: number; hash: string; summary: string }[] };
  const status = JSON.parse(await agent(d, "status", "--json")) as { state?: { digest: string } };
  expect(status.state?.digest, `${d.name}: status --json reports the same digest as agent state`).toBe(st.digest);
  const exported = JSON.parse(await agent(d, "export")) as { tables: Record<string, unknown[]> };
  const snaps = exported.tables.personality_snapshots!.length;
  return { digest: st.digest, events: st.events, devices: st.devices.length, souls: log.versions.map((v) => `${v.number} ${v.hash} ${v.summary}`), snapshots: snaps };
}

function expectSameState(states: SharedState[]): void {
  expect(states[0]!.devices).toBe(3);
  expect(states[0]!.souls.length).toBe(3); // one saved version a round, none lost, none twice
  expect(states[0]!.snapshots).toBe(9); // one a device a round
  for (const s of states.slice(1)) expect(s).toEqual(states[0]);
}

/** Every SQLite file (or -wal/-shm/-journal) under `dir`, .git aside. */
function sqliteFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(db|sqlite3?)(-wal|-shm|-journal)?$/.test(e.name) && !path.relative(dir, e.parentPath).split(path.sep).includes(".git"))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function top10(d: Device): Promise<string[]> {
  const out = JSON.parse(await agent(d, "search", "harbour", "--json", "--limit", "10")) as { results: { path: string; startLine: number }[] };
  return out.results.map((r) => `${r.path}:${r.startLine}`);
}

function gitSync(d: Device): void {
  git(d, "add", "-A");
  try {
    git(d, "commit", "-qm", `sync ${d.name}`);
  } catch {
    // Nothing to commit.
  }
  git(d, "pull", "-q", "--no-rebase");
  git(d, "push", "-q");
}

describe("three devices, one workspace", { timeout: 300_000 }, () => {
  it("synced through a git remote: no conflict, no SQLite file in a workspace or the remote, the same top 10 everywhere", async () => {
    root = tempDir("agent-3dev-git-");
    const remote = path.join(root, "remote.git");
    execFileSync("git", ["init", "-q", "--bare", "-b", "main", remote]);
    const [a, b, c] = NAMES.map(device) as [Device, Device, Device];
    await runAgent(["init", a.ws], a.env);
    writeFileSync(path.join(a.ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    git(a, "init", "-q", "-b", "main");
    git(a, "add", "-A");
    git(a, "commit", "-qm", "my assistant");
    git(a, "remote", "add", "origin", remote);
    git(a, "push", "-q", "-u", "origin", "HEAD");
    for (const d of [b, c]) execFileSync("git", ["clone", "-q", remote, d.ws], { env: { ...process.env, ...d.env } });
    const orders = [[a, b, c], [c, a, b], [b, c, a]];
    for (let round = 0; round < orders.length; round++) {
      for (const d of orders[round]!) await work(d, round, d === orders[round]![0]);
      for (const d of orders[round]!) gitSync(d);
    }
    for (const d of [a, b, c]) gitSync(d); // everyone has everything
    for (const d of [a, b, c]) {
      expect(git(d, "status", "--porcelain")).toBe("");
      expect(sqliteFiles(d.ws)).toEqual([]);
      expect(existsSync(path.join(d.env.AGENT_STATE_HOME!, "workspaces"))).toBe(true);
    }
    const tracked = execFileSync("git", ["ls-tree", "-r", "--name-only", "HEAD"], { cwd: remote, encoding: "utf8" }).split("\n");
    expect(tracked.filter((f) => /\.(db|sqlite3?)(-wal|-shm)?$/.test(f) || f.startsWith(".agent/"))).toEqual([]);
    expect(tracked).toContain(".agent-workspace");
    for (const d of [a, b, c]) expect(tracked).toContain(`sessions/${d.name}-chat.jsonl`);
    expect(tracked.filter((f) => f.startsWith(".agent-state/")).length).toBe(3); // one log per device, one writer each
    expectSameState(await Promise.all([a, b, c].map(sharedState)));
    await Promise.all([a, b, c].map((d) => agent(d, "index")));
    const tops = await Promise.all([a, b, c].map(top10));
    expect(tops[0]!.length).toBe(9); // every note of every device, none twice
    expect(tops[1]).toEqual(tops[0]);
    expect(tops[2]).toEqual(tops[0]);
  });

  it("synced by a newest-file-wins copier that honours .stignore: the same top 10 everywhere, no SQLite file anywhere", async () => {
    root = tempDir("agent-3dev-copy-");
    const hub = path.join(root, "hub"); // the copy every device syncs with
    mkdirSync(hub);
    const [a, b, c] = NAMES.map(device) as [Device, Device, Device];
    await runAgent(["init", a.ws], a.env);
    writeFileSync(path.join(a.ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    copySync(a.ws, hub);
    for (const d of [b, c]) {
      mkdirSync(d.ws, { recursive: true });
      copySync(hub, d.ws);
      const init = await runAgent(["init", d.ws], d.env); // Syncthing never syncs .stignore: each device writes its own
      expect(init.code, init.stderr).toBe(0);
    }
    const orders = [[b, a, c], [a, c, b], [c, b, a]];
    for (let round = 0; round < orders.length; round++) {
      for (const d of orders[round]!) await work(d, round, d === orders[round]![0]);
      for (const d of orders[round]!) {
        copySync(d.ws, hub);
        copySync(hub, d.ws);
      }
    }
    for (const d of [a, b, c]) copySync(hub, d.ws);
    expect(sqliteFiles(hub)).toEqual([]);
    expect(readdirSync(hub)).not.toContain(".agent");
    for (const d of [a, b, c]) expect(sqliteFiles(d.ws)).toEqual([]);
    expectSameState(await Promise.all([a, b, c].map(sharedState)));
    await Promise.all([a, b, c].map((d) => agent(d, "index")));
    const tops = await Promise.all([a, b, c].map(top10));
    expect(tops[0]!.length).toBe(9); // every note of every device, none twice
    expect(tops[1]).toEqual(tops[0]);
    expect(tops[2]).toEqual(tops[0]);
  });
});

/** What the workspace's .stignore leaves out (our lines: the swap folder, temp files, backups). */
const IGNORED = (rel: string): boolean => rel === ".stignore" || rel === ".agent" || rel.startsWith(".agent/") || /(^|\/)\.[^/]*\.tmp$/.test(rel) || rel.endsWith(".agent-memory-backup");

/** One way of a newest-file-wins sync: each file of `from` newer than (or missing in) `to` is copied, its time kept. */
function copySync(from: string, to: string): void {
  for (const e of readdirSync(from, { recursive: true, withFileTypes: true })) {
    const abs = path.join(e.parentPath, e.name);
    const rel = path.relative(from, abs).split(path.sep).join("/");
    if (!e.isFile() || IGNORED(rel)) continue;
    const dest = path.join(to, rel);
    const src = statSync(abs);
    if (existsSync(dest) && statSync(dest).mtimeMs >= src.mtimeMs) continue;
    mkdirSync(path.dirname(dest), { recursive: true });
    copyFileSync(abs, dest);
    utimesSync(dest, src.atime, src.mtime);
  }
}
