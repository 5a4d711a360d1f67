// A real full disk (a 2 MB tmpfs, root only; skipped with the reason otherwise): appends that
// do not fit, through MCP's memory_append (the daemon) and `agent log`, are refused with
// "disk full … free space at PATH" and leave the file byte for byte as it was — or land whole;
// never a torn entry, never a reply of success for text that is not there. The next turn is a
// line of its own. A search on a full disk still answers; `agent index` says the disk is full.
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { agent, crashOf, rng, spawnAgent, Tally } from "./lib.mjs";
import { McpHttp } from "./mcp-http.mjs";

const FULL = /disk full: .*free space at \//;

export async function diskFull({ root, quick, tiny, scale, seed }) {
  const tally = new Tally("disk full: a write that does not fit is refused and leaves nothing torn; search still answers");
  const dir = path.join(root, "disk");
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", dir], { stdio: "pipe" });
  } catch (e) {
    tally.note(`skipped: mounting a tmpfs is not permitted here (run as root): ${String(e.message).split("\n")[0]}`);
    return tally;
  }
  // This device's folder (index, state) on the full disk too, as when both share one disk.
  const savedStateHome = process.env.AGENT_STATE_HOME;
  process.env.AGENT_STATE_HOME = path.join(dir, "state");
  try {
    const runs = tiny ? 3 : quick ? 9 : Math.max(30, Math.round(30 * scale));
    const r = rng(seed + 41);
    const ws = path.join(dir, "ws");
    setUp(ws);
    const idx = await agent(["index", "--workspace", ws]);
    if (idx.code !== 0) throw new Error(`agent index failed: ${idx.stderr}`);
    const d = spawnAgent(["daemon", "--workspace", ws, "--no-watch", "--http", "--port", "0"], { env: { TZ: "UTC" } });
    if (!(await d.waitFor(/MCP over HTTP at /, 60_000))) throw new Error(`the daemon did not serve HTTP: ${d.out().stderr.slice(0, 300)}`);
    const mcp = McpHttp.forDaemon(ws, d.out().stdout);
    await mcp.initialize();
    await mcp.tool("memory_append", { text: "First note of the day." });
    const refused = { mcp: 0, log: 0 };
    try {
      for (let run = 0; run < runs; run++) {
        const kind = ["mcp", "log", "search"][run % 3];
        const repro = `npm run torture -- --only disk-full (run ${run}, ${kind})`;
        const problem = kind === "mcp" ? await mcpAppend(mcp, ws, dir, r, refused) : kind === "log" ? await logTurn(ws, dir, r, refused) : await searchFull(ws, dir);
        freeDisk(dir);
        if (problem) tally.fail(problem, repro);
        else tally.pass();
      }
    } finally {
      d.kill("SIGTERM");
      const done = await d.finished(30_000);
      if (crashOf(done) && done.signal !== "SIGTERM") tally.fail(`the daemon ${crashOf(done)}`, "npm run torture -- --only disk-full");
    }
    tally.note(`refused with "disk full" (the rest landed whole): MCP appends ${refused.mcp}, agent log turns ${refused.log}`);
  } finally {
    process.env.AGENT_STATE_HOME = savedStateHome;
    try {
      execFileSync("umount", [dir], { stdio: "pipe" });
    } catch {
      // still busy: the temp folder is removed with the mount point on the next boot
    }
  }
  return tally;
}

function setUp(ws) {
  mkdirSync(path.join(ws, "notes"), { recursive: true });
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
  writeFileSync(path.join(ws, "MEMORY.md"), "# MEMORY\n\n- The fridge supplier is Kühlmann.\n");
  for (let i = 0; i < 10; i++) writeFileSync(path.join(ws, "notes", `n${i}.md`), `# Note ${i}\n\nThe fridge ${i} hums near the loading dock.\n`);
}

const text = (n) => Array.from({ length: Math.ceil(n / 60) }, (_, i) => `line ${i}: the compressor of the cold room was checked and logged.`).join("\n").slice(0, n);

function leave(dir, bytes) {
  const fd = openSync(path.join(dir, ".filler"), "a");
  try {
    const block = Buffer.alloc(64 * 1024, 0x78);
    for (;;) {
      try {
        if (writeSync(fd, block) < block.length) break;
      } catch {
        break;
      }
    }
    ftruncateSync(fd, Math.max(0, fstatSync(fd).size - bytes));
  } finally {
    closeSync(fd);
  }
}
function freeDisk(dir) {
  rmSync(path.join(dir, ".filler"), { force: true });
}

/** The newest daily note (memory_append writes today's). */
function todayNote(ws) {
  const dir = path.join(ws, "memory");
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".md")) : [];
  return names.length ? path.join(dir, names.sort().at(-1)) : null;
}

async function mcpAppend(mcp, ws, dir, r, refused) {
  const note = todayNote(ws);
  const before = note ? readFileSync(note) : Buffer.alloc(0);
  leave(dir, (8 + Math.floor(r() * 56)) * 1024);
  // Under index.maxAppendBytes (64 KB), so only the disk can refuse it.
  const size = 20_000 + Math.floor(r() * 43_000);
  const body = text(size);
  const res = await mcp.tool("memory_append", { text: body });
  const after = note ? readFileSync(note) : Buffer.alloc(0);
  if (res.ok) {
    if (!after.subarray(0, before.length).equals(before)) return "memory_append changed the note's earlier text";
    if (!after.toString("utf8").includes(body.trim())) return `memory_append replied ${res.text.slice(0, 80)} but the text is not whole in the note`;
    return null;
  }
  refused.mcp++;
  if (!FULL.test(res.text)) return `memory_append failed without "disk full … free space at": ${res.text.slice(0, 200)}`;
  if (!after.equals(before)) return `a refused memory_append left ${after.length - before.length} bytes in the note (a torn entry)`;
  return null;
}

async function logTurn(ws, dir, r, refused) {
  const file = path.join(ws, "sessions", "chat.jsonl");
  const before = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  leave(dir, (4 + Math.floor(r() * 28)) * 1024);
  const res = await agent(["log", "--workspace", ws, "--session", "chat", "--role", "assistant", text(5_000 + Math.floor(r() * 35_000))], { env: { TZ: "UTC" } });
  const crash = crashOf(res);
  if (crash) return `agent log ${crash}`;
  const after = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  if (res.code !== 0) {
    refused.log++;
    if (!FULL.test(res.stderr)) return `agent log failed without "disk full … free space at": ${res.stderr.slice(0, 200)}`;
    if (!after.equals(before)) return `a refused agent log left ${after.length - before.length} bytes (a torn line)`;
  }
  freeDisk(dir);
  const next = await agent(["log", "--workspace", ws, "--session", "chat", "--role", "user", "And the compressor?"], { env: { TZ: "UTC" } });
  if (next.code !== 0) return `the next agent log failed: ${next.stderr.slice(0, 200)}`;
  const lines = readFileSync(file, "utf8").split("\n").filter((l) => l !== "");
  for (const l of lines) {
    try {
      JSON.parse(l);
    } catch {
      return `a line of the transcript is not JSON (a torn turn glued to the next): ${l.slice(0, 80)}`;
    }
  }
  return null;
}

async function searchFull(ws, dir) {
  leave(dir, 0);
  const s = await agent(["search", "fridge supplier", "--workspace", ws, "--json", "--no-daemon"], { env: { TZ: "UTC" } }).catch((e) => ({ code: 1, stderr: String(e) }));
  if (s.code !== 0) return `a search on a full disk failed (exit ${s.code}): ${(s.stderr + s.stdout).slice(0, 300)}`;
  let top;
  try {
    top = JSON.parse(s.stdout).results[0]?.path;
  } catch {
    return `a search on a full disk printed no JSON: ${s.stdout.slice(0, 100)}`;
  }
  if (top !== "MEMORY.md") return `a search on a full disk answered ${top} first, not MEMORY.md`;
  const i = await agent(["index", "--workspace", ws]);
  if (i.code === 0) return "agent index on a full disk exited 0";
  if (!FULL.test(i.stderr)) return `agent index on a full disk said: ${i.stderr.slice(0, 200)}`;
  return null;
}
