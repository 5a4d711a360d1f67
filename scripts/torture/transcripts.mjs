// Assistants' transcripts, through the built CLI as the harnesses run it:
//   - a FIFO and /dev/zero as the Stop / PreCompact hook's transcript_path and as `agent import
//     PATH`: each returns (measured; a hang is killed and failed), nothing read, exit as documented;
//   - a long captured session (21 MB; 6 MB quick): every turn end keeps capturing, the session's
//     files roll over before index.maxFileBytes, the newest turn is found by `agent search`, a
//     re-import goes on; the last Stop hook's time is measured (the cursor: it reads only the new turn);
//   - OpenClaw: after a compaction a repeated "Shall I delete it?" / "yes" is kept, the same turn
//     handed over again adds nothing, and `agent import openclaw` adds no masked copy (`***`);
//   - Codex: a model server that repeats message ids loses no reply.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { agent, crashOf, shellLine, Tally } from "./lib.mjs";

const line = (o) => JSON.stringify(o) + "\n";
const claudeTurn = (uuid, words) => line({ type: "user", uuid, timestamp: "2026-11-27T10:00:00.000Z", message: { role: "user", content: words } });

function fresh(root, name) {
  const ws = path.join(root, name);
  mkdirSync(ws, { recursive: true });
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" } }) + "\n");
  return ws;
}

const hook = (ws, harness, event, payload, timeoutMs = 60_000) => agent(["hook", harness, event, "--workspace", ws, "--no-daemon"], { input: JSON.stringify(payload), timeoutMs });

function sessionLines(ws, id) {
  const dir = path.join(ws, "sessions");
  let names = [];
  try {
    names = readdirSync(dir).filter((n) => n === `${id}.jsonl` || new RegExp(`^${id}-\\d+\\.jsonl$`).test(n));
  } catch {
    return [];
  }
  names.sort((a, b) => (a.length - b.length) || (a < b ? -1 : 1));
  return names.flatMap((n) => readFileSync(path.join(dir, n), "utf8").split("\n").filter((l) => l.trim() !== "")).map((l) => {
    try {
      return JSON.parse(l);
    } catch {
      return {};
    }
  });
}

async function fifoAndDevice(root, tally) {
  const ws = fresh(root, "door");
  const fifo = path.join(root, "transcript.jsonl");
  execFileSync("mkfifo", [fifo]);
  const cases = [
    ["claude-code", "stop", fifo],
    ["claude-code", "pre-compact", fifo],
    ["codex", "stop", "/dev/zero"],
  ];
  for (const [harness, event, p] of cases) {
    const r = await hook(ws, harness, event, { session_id: "d1", transcript_path: p, hook_event_name: event === "stop" ? "Stop" : "PreCompact" }, 20_000);
    const repro = `echo '{"session_id":"d1","transcript_path":"${p}"}' | ${shellLine(["hook", harness, event, "--workspace", ws, "--no-daemon"])}`;
    tally.measure(`hook ${event} on ${p === fifo ? "a FIFO" : p} (ms)`, r.ms);
    const crash = crashOf(r);
    if (crash) tally.fail(`${repro}: ${crash}`, repro);
    else if (!/not a regular file; not read/.test(r.stderr)) tally.fail(`${repro}: no refusal said (${r.stderr.trim().slice(0, 200)})`, repro);
    else tally.pass();
  }
  for (const p of [fifo, "/dev/zero"]) {
    const r = await agent(["import", "codex", p, "--workspace", ws], { timeoutMs: 20_000 });
    const repro = shellLine(["import", "codex", p, "--workspace", ws]);
    tally.measure(`import ${p === fifo ? "a FIFO" : p} (ms)`, r.ms);
    const crash = crashOf(r);
    if (crash) tally.fail(`${repro}: ${crash}`, repro);
    else if (!/not a regular file; not read/.test(r.stderr)) tally.fail(`${repro}: no refusal said`, repro);
    else tally.pass();
  }
}

async function longSession(root, tally, mb) {
  const ws = fresh(root, "long");
  const transcript = path.join(root, "projects", "p", "long.jsonl");
  mkdirSync(path.dirname(transcript), { recursive: true });
  writeFileSync(transcript, "");
  const filler = "x".repeat(2000);
  const perMb = Math.ceil((1024 * 1024) / 2100);
  for (let k = 0; k < mb; k++) appendFileSync(transcript, Array.from({ length: perMb }, (_, i) => claudeTurn(`m${k}-${i}`, `earlier turn ${k}.${i} ${filler}`)).join(""));
  const payload = { session_id: "long", transcript_path: transcript, hook_event_name: "Stop" };
  const first = await hook(ws, "claude-code", "stop", payload, 300_000);
  tally.measure("first Stop hook, whole transcript (ms)", first.ms);
  const probe = "zqzanzibarferry";
  let ok = true;
  for (let turn = 0; turn < 3; turn++) {
    appendFileSync(transcript, claudeTurn(`new-${turn}`, `turn ${turn}: the ${probe} leaves at noon`));
    const r = await hook(ws, "claude-code", "stop", payload, 120_000);
    tally.measure("a later Stop hook, one new turn (ms)", r.ms);
    const repro = `a ${mb} MB Claude Code transcript, then one more turn: ${shellLine(["hook", "claude-code", "stop", "--workspace", ws, "--no-daemon"])}`;
    const crash = crashOf(r);
    if (crash || r.stderr.trim() !== "") {
      tally.fail(`${repro}: ${crash ?? r.stderr.trim().slice(0, 300)}`, repro);
      ok = false;
    }
  }
  const lines = sessionLines(ws, "claude-code-long");
  const kept = lines.filter((l) => typeof l.content === "string" && l.content.includes(probe)).length;
  if (kept !== 3) tally.fail(`a ${mb} MB session: ${kept} of the 3 later turns captured`, `npm run torture -- --only transcripts`);
  else if (ok) tally.pass();
  const files = readdirSync(path.join(ws, "sessions")).filter((n) => n.startsWith("claude-code-long"));
  const biggest = Math.max(...files.map((n) => statSync(path.join(ws, "sessions", n)).size));
  tally.note(`a ${mb} MB session: ${files.length} file(s) in sessions/, the largest ${(biggest / 1048576).toFixed(1)} MB`);
  if (biggest > 5 * 1024 * 1024) tally.fail(`a ${mb} MB session: a file of ${(biggest / 1048576).toFixed(1)} MB in sessions/, past index.maxFileBytes (its end is not searchable)`, "npm run torture -- --only transcripts");
  else tally.pass();
  await agent(["index", "--workspace", ws], { timeoutMs: 300_000 });
  const s = await agent(["search", probe, "--workspace", ws, "--json", "--no-daemon"], { timeoutMs: 60_000 });
  let hits = [];
  try {
    hits = JSON.parse(s.stdout).results ?? [];
  } catch {
    // Said below.
  }
  if (!hits.some((h) => String(h.path).startsWith("sessions/claude-code-long"))) tally.fail(`a ${mb} MB session: its newest turn is not found by \`agent search ${probe}\``, shellLine(["search", probe, "--workspace", ws]));
  else tally.pass();
  const imp = await agent(["import", "claude-code", path.join(root, "projects"), "--workspace", ws, "--json"], { timeoutMs: 300_000 });
  if (imp.code !== 0) tally.fail(`a re-import past a ${mb} MB session exits ${imp.code}: ${imp.stderr.trim().slice(0, 200)}`, shellLine(["import", "claude-code", path.join(root, "projects"), "--workspace", ws]));
  else tally.pass();
}

async function openClawRepeats(root, tally) {
  const ws = fresh(root, "openclaw");
  const m = (role, text, timestamp) => ({ role, content: [{ type: "text", text }], timestamp });
  const before = [m("user", "clean up the old logs", 1), m("assistant", "Shall I delete it?", 2), m("user", "yes", 3), m("assistant", "Deleted.", 4)];
  const after = [{ role: "compactionSummary", summary: "Logs cleaned.", timestamp: 5 }, m("user", "and the backups folder", 6), m("assistant", "Shall I delete it?", 7), m("user", "yes", 8), m("assistant", "Deleted.", 9)];
  for (const messages of [before, after, after]) await hook(ws, "openclaw", "stop", { session: "o1", messages });
  const said = sessionLines(ws, "openclaw-o1").map((l) => l.content);
  const expected = ["clean up the old logs", "Shall I delete it?", "yes", "Deleted.", "and the backups folder", "Shall I delete it?", "yes", "Deleted."];
  if (JSON.stringify(said) !== JSON.stringify(expected)) tally.fail(`OpenClaw after a compaction: captured ${JSON.stringify(said)}`, "npm run torture -- --only transcripts");
  else tally.pass();
  // The same turns as OpenClaw's store keeps them: new stamps, the key masked.
  const ws2 = fresh(root, "openclaw-masked");
  await hook(ws2, "openclaw", "stop", { session: "k1", messages: [m("user", "deploy with OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstu4f2a", 10), m("assistant", "Done.", 11)] });
  const state = path.join(root, "oc-state");
  const dbFile = path.join(state, "agents", "main", "agent", "openclaw-agent.sqlite");
  mkdirSync(path.dirname(dbFile), { recursive: true });
  const db = new Database(dbFile);
  db.exec("CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, event_json TEXT, created_at INTEGER, PRIMARY KEY (session_id, seq))");
  const add = db.prepare("INSERT INTO transcript_events VALUES (?, ?, ?, 0)");
  add.run("k1", 0, JSON.stringify({ type: "message", id: "e0", message: { role: "user", content: "deploy with OPENAI_API_KEY=***", timestamp: 20 } }));
  add.run("k1", 1, JSON.stringify({ type: "message", id: "e1", message: { role: "assistant", content: "Done.", timestamp: 21 } }));
  db.close();
  const imp = await agent(["import", "openclaw", state, "--workspace", ws2, "--json"]);
  const lines = sessionLines(ws2, "openclaw-k1");
  if (imp.code !== 0 || lines.length !== 2 || lines.some((l) => String(l.content).includes("***"))) tally.fail(`agent import openclaw beside a captured turn: ${lines.length} line(s) (${lines.map((l) => l.content).join(" | ")})`, shellLine(["import", "openclaw", state, "--workspace", ws2]));
  else tally.pass();
}

async function codexRepeatedIds(root, tally) {
  const ws = fresh(root, "codex");
  const row = (ordinal, payload) => line({ timestamp: `2026-11-27T10:00:0${ordinal}.000Z`, ordinal, type: "response_item", payload });
  const rollout = path.join(root, "rollout.jsonl");
  writeFileSync(
    rollout,
    row(1, { type: "message", id: "msg_same", role: "user", content: [{ type: "input_text", text: "first question" }] }) +
      row(2, { type: "message", id: "msg_same", role: "assistant", content: [{ type: "output_text", text: "first reply" }] }) +
      row(3, { type: "message", id: "msg_same", role: "assistant", content: [{ type: "output_text", text: "second reply" }] }),
  );
  await hook(ws, "codex", "stop", { session_id: "c1", transcript_path: rollout, hook_event_name: "Stop" });
  const said = sessionLines(ws, "codex-c1").map((l) => l.content);
  if (said.length !== 3) tally.fail(`Codex with a repeated message id: ${said.length} of 3 turns captured`, "npm run torture -- --only transcripts");
  else tally.pass();
}

export async function transcripts({ root, tiny, quick }) {
  const tally = new Tally("assistants' transcripts: FIFO/device refused at once, long sessions keep capturing, repeated turns kept");
  await fifoAndDevice(root, tally);
  await longSession(root, tally, tiny ? 6 : quick ? 6 : 21);
  await openClawRepeats(root, tally);
  await codexRepeatedIds(root, tally);
  return tally;
}
