// The workspace's one rule, end to end through the built CLI: every kind of link and special
// file in every bootstrap slot and today's note, against every command that reads them
// (context main and group, group search, soul log, heartbeat --now, memory_get through
// `agent read`), and every write path through a linked folder or a hard link. A run fails
// when the command hangs (10 s), crashes, serves the outside secret or a private file's text
// to a group session, or changes the outside file.
import { execFileSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { agent, crashOf, Tally } from "./lib.mjs";

const SECRET = "zqoutsidesecretword";
const PRIVATE_PHRASE = "zqprivatememoryword";
const SLOTS = ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "MEMORY.md", "TODAY"];
const KINDS = ["symlink-out", "hardlink-out", "symlink-to-private", "fifo", "dev-zero"];
const READS = [
  ["context"],
  ["context", "--session", "group"],
  ["search", PRIVATE_PHRASE, "--session", "group"],
  ["soul", "log"],
  ["heartbeat", "--now"],
];

function today() {
  return new Date().toISOString().slice(0, 10);
}

async function fresh(root, name) {
  const ws = path.join(root, name);
  const init = await agent(["init", ws]);
  if (init.code !== 0) throw new Error(`agent init failed: ${init.stderr}`);
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "none", host: "http://127.0.0.1:9" } }) + "\n");
  writeFileSync(path.join(ws, "MEMORY.md"), `# Memory\n\n- ${PRIVATE_PHRASE} is the vault code.\n`);
  return ws;
}

function place(ws, outside, rel, kind) {
  const abs = path.join(ws, rel);
  rmSync(abs, { force: true });
  mkdirSync(path.dirname(abs), { recursive: true });
  if (kind === "symlink-out") symlinkSync(outside, abs);
  else if (kind === "hardlink-out") linkSync(outside, abs);
  else if (kind === "symlink-to-private") symlinkSync(path.join(ws, "MEMORY.md"), abs);
  else if (kind === "fifo") execFileSync("mkfifo", [abs]);
  else symlinkSync("/dev/zero", abs);
}

export async function links({ root, tiny, quick }) {
  const tally = new Tally("link matrix: links, hard links, FIFOs, /dev/zero in every slot x every read and write path");
  const outside = path.join(root, "outside.md");
  const outsideText = `# Outside\n\n- ${SECRET}\n`;
  writeFileSync(outside, outsideText);
  const slots = tiny ? ["USER.md", "TODAY"] : SLOTS;
  const reads = tiny || quick ? READS.slice(0, 3) : READS;
  let n = 0;
  for (const kind of KINDS) {
    for (const slot of slots) {
      if (kind === "symlink-to-private" && slot === "MEMORY.md") continue;
      const ws = await fresh(root, `ws-${n++}`);
      const rel = slot === "TODAY" ? `memory/${today()}.md` : slot;
      place(ws, outside, rel, kind);
      const idx = await agent(["index", "--workspace", ws], { timeoutMs: 10_000 });
      for (const args of [["index"], ...reads]) {
        const r = args[0] === "index" ? idx : await agent([...args, "--workspace", ws], { timeoutMs: 10_000 });
        const group = args.includes("group");
        const repro = `${kind} at ${rel}: agent ${args.join(" ")}`;
        const crash = crashOf(r);
        if (crash) tally.fail(`${repro}: ${crash}`, repro);
        else if (r.stdout.includes(SECRET)) tally.fail(`${repro}: served the outside file's text`, repro);
        else if (group && kind === "symlink-to-private" && r.stdout.includes(PRIVATE_PHRASE)) tally.fail(`${repro}: served MEMORY.md to a group session`, repro);
        else if (readFileSync(outside, "utf8") !== outsideText) tally.fail(`${repro}: changed the outside file`, repro);
        else tally.pass();
      }
    }
  }
  await writes(root, outside, outsideText, tally);
  return tally;
}

/** Writes through a symlinked folder and through a hard link: refused, nothing outside touched. */
async function writes(root, outside, outsideText, tally) {
  const outDir = path.join(root, "outside-dir");
  mkdirSync(outDir, { recursive: true });
  const cases = [
    ["sessions/ symlinked out", "sessions", ["log", "--session", "s1", "--role", "user", "hello"], () => existsSync(path.join(outDir, "s1.jsonl"))],
    ["memory/ symlinked out", "memory", ["log", "--session", "s2", "--role", "user", "hi"], () => false],
    [".agent/ symlinked out", ".agent", ["index"], () => existsSync(path.join(outDir, "index.db"))],
  ];
  for (const [what, dirRel, args, leaked] of cases) {
    const ws = await fresh(root, `w-${dirRel.replace(/\W/g, "")}`);
    rmSync(path.join(ws, dirRel), { recursive: true, force: true });
    symlinkSync(outDir, path.join(ws, dirRel));
    const r = await agent([...args, "--workspace", ws], { timeoutMs: 10_000 });
    const crash = crashOf(r);
    if (crash) tally.fail(`${what}: ${crash}`, `agent ${args.join(" ")}`);
    else if (leaked()) tally.fail(`${what}: a file was written outside the workspace`, `agent ${args.join(" ")}`);
    else tally.pass();
  }
  const ws = await fresh(root, "w-hard");
  place(ws, outside, "sessions/s3.jsonl", "hardlink-out");
  const r = await agent(["log", "--session", "s3", "--role", "user", "appended", "--workspace", ws], { timeoutMs: 10_000 });
  if (crashOf(r)) tally.fail(`hard-linked transcript: ${crashOf(r)}`, "agent log --session s3");
  else if (readFileSync(outside, "utf8") !== outsideText) tally.fail("hard-linked transcript: agent log appended to the outside file", "agent log --session s3");
  else tally.pass();
}
