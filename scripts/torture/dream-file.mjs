// The dream's path to MEMORY.md under the workspace's file rule, through the built CLI:
//   - MEMORY.md as a symlink out, a hard link out, a FIFO, /dev/zero, against `dream --dry-run`,
//     `dream accept`, `dream undo`: no hang (30 s: 8 helpers share 2 cores here), no crash, nothing of the outside file in
//     MEMORY.md or its versions, the outside file unchanged;
//   - a daemon started on a workspace whose MEMORY.md is a FIFO: searches through its socket
//     answer, SIGTERM ends it within 2 s;
//   - kill -9 at a random moment inside `dream accept --all`, then accept again: every fact
//     exactly once, every proposal accepted;
//   - an editor's in-place save (of the text it loaded a moment before) landing while accept
//     runs (every other run aimed at just after accept's swap): when accept says 0 and the save
//     finished before its last look, the fact is in MEMORY.md, and the editor's line is in
//     MEMORY.md or a file kept beside it;
//   - undo when the same line was also written by hand in another section: the hand line stays.
import { execFileSync } from "node:child_process";
import { existsSync, linkSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { agent, crashOf, distDir, firstLines, rng, shellLine, sleep, spawnAgent, Tally } from "./lib.mjs";

const SECRET = "zqoutsidedreamsecret";
const MEMORY = "# MEMORY\n\n## People\n\n- Bob works at the bakery.\n";
const SECTION = "Dreamed facts";

async function dist(rel) {
  return import(pathToFileURL(path.join(distDir(), rel)).href);
}

async function fresh(root, name) {
  const ws = path.join(root, name);
  const init = await agent(["init", ws]);
  if (init.code !== 0) throw new Error(`agent init failed: ${init.stderr}`);
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "none", host: "http://127.0.0.1:9" } }) + "\n");
  writeFileSync(path.join(ws, "MEMORY.md"), MEMORY);
  return ws;
}

/** Proposals put straight into the state database, as a dream run would leave them. */
async function propose(ws, texts) {
  const { openStateDb } = await dist("store/state.js");
  const { ProposalStore } = await dist("store/dream-proposals.js");
  const { stateDbPath } = await dist("workspace/paths.js");
  const db = openStateDb(stateDbPath(ws));
  try {
    const store = new ProposalStore(db);
    return texts.map((text, i) => store.add({ createdAt: Date.now() + i, text, sourceKey: `torture:${text}`, provenance: { kind: "chunk", path: "memory/x.md", startLine: 1, endLine: 1, queries: [], signals: {}, source: text, model: null } }));
  } finally {
    db.close();
  }
}

async function stateOf(ws) {
  const { openStateDb } = await dist("store/state.js");
  const { stateDbPath } = await dist("workspace/paths.js");
  const db = openStateDb(stateDbPath(ws));
  try {
    return {
      versions: db.prepare("SELECT content FROM memory_versions").all().map((r) => r.content).join("\n"),
      statuses: db.prepare("SELECT status FROM dream_proposals ORDER BY id").all().map((r) => r.status),
    };
  } finally {
    db.close();
  }
}

const bullets = (text, line) => text.split("\n").filter((l) => l === `- ${line}`).length;

export async function dreamFile({ root, tiny, quick, scale, seed }) {
  const tally = new Tally("the dream's MEMORY.md path: links, FIFOs, kill -9 in accept, editors racing accept, undo");
  await fileKinds(root, tally);
  if (!tiny) await daemonOnFifo(root, tally);
  const n = tiny ? 2 : quick ? 6 : Math.max(10, Math.round(40 * scale));
  await killInAccept(root, tally, n, rng(seed + 7));
  await editorRace(root, tally, tiny ? 2 : quick ? 6 : Math.max(8, Math.round(30 * scale)), rng(seed + 11));
  await undoHandLine(root, tally, tiny ? 1 : 3);
  return tally;
}

async function fileKinds(root, tally) {
  const outside = path.join(root, "outside.md");
  const outsideText = `# Outside\n\n- ${SECRET}\n`;
  writeFileSync(outside, outsideText);
  let n = 0;
  for (const kind of ["symlink-out", "hardlink-out", "fifo", "dev-zero"]) {
    const ws = await fresh(root, `kind-${n++}`);
    await propose(ws, ["Alice prefers green tea."]);
    const mem = path.join(ws, "MEMORY.md");
    rmSync(mem);
    if (kind === "symlink-out") symlinkSync(outside, mem);
    else if (kind === "hardlink-out") linkSync(outside, mem);
    else if (kind === "fifo") execFileSync("mkfifo", [mem]);
    else symlinkSync("/dev/zero", mem);
    for (const args of [["dream", "--dry-run"], ["dream", "accept", "1"], ["dream", "undo"]]) {
      const r = await agent([...args, "--workspace", ws], { timeoutMs: 30_000 });
      const repro = `MEMORY.md ${kind}: ${shellLine([...args, "--workspace", ws])}`;
      const crash = crashOf(r);
      const st = await stateOf(ws);
      if (crash) tally.fail(`${repro}: ${crash}`, repro);
      else if (readFileSync(outside, "utf8") !== outsideText) tally.fail(`${repro}: changed the outside file`, repro);
      else if (st.versions.includes(SECRET)) tally.fail(`${repro}: copied the outside text into MEMORY.md's versions`, repro);
      else if (args[1] === "accept" && r.code === 0) tally.fail(`${repro}: accepted through ${kind}`, repro);
      else tally.pass();
    }
  }
}

async function daemonOnFifo(root, tally) {
  const ws = await fresh(root, "daemon-fifo");
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" }, context: { timeZone: "UTC" }, dream: { enabled: true }, llm: { provider: "ollama", model: "none", host: "http://127.0.0.1:9" } }) + "\n");
  writeFileSync(path.join(ws, "memory", "2026-11-20.md"), "# 2026-11-20\n\nThe zqdaemonword note.\n");
  rmSync(path.join(ws, "MEMORY.md"));
  execFileSync("mkfifo", [path.join(ws, "MEMORY.md")]);
  const daemonArgs = ["daemon", "--workspace", ws];
  const daemon = spawnAgent(daemonArgs);
  try {
    if (!(await daemon.waitFor(/daemon started on /, 30_000))) {
      tally.fail(`the daemon did not start: ${firstLines(daemon.out().stderr, 3)}`, shellLine(daemonArgs));
      return;
    }
    await sleep(1500); // the catch-up jobs start
    for (let i = 0; i < 5; i++) {
      const r = await agent(["search", "zqdaemonword", "--workspace", ws], { timeoutMs: 10_000 });
      const repro = `MEMORY.md a FIFO, ${shellLine(daemonArgs)} running: agent search`;
      if (crashOf(r)) tally.fail(`${repro}: ${crashOf(r)}`, repro);
      else if (!r.stdout.includes("zqdaemonword")) tally.fail(`${repro}: no result (${firstLines(r.stderr, 2)})`, repro);
      else tally.pass();
    }
  } finally {
    const t0 = Date.now();
    daemon.kill("SIGTERM");
    const res = await daemon.finished(10_000);
    const ms = Date.now() - t0;
    tally.measure("daemon SIGTERM to exit, MEMORY.md a FIFO (ms)", ms);
    if (res.hung || ms > 2000) tally.fail(`daemon on a FIFO MEMORY.md: SIGTERM took ${ms} ms${res.hung ? " (killed)" : ""}`, shellLine(daemonArgs));
    else tally.pass();
  }
}

async function killInAccept(root, tally, runs, r) {
  const facts = Array.from({ length: 6 }, (_, i) => `Torture fact number ${i + 1} is durable.`);
  const timing = await fresh(root, "kill-timing");
  await propose(timing, facts);
  const probe = await agent(["dream", "accept", "--all", "--workspace", timing]);
  const span = Math.max(200, probe.ms);
  for (let run = 0; run < runs; run++) {
    const ws = await fresh(root, `kill-${run}`);
    await propose(ws, facts);
    const args = ["dream", "accept", "--all", "--workspace", ws];
    const child = spawnAgent(args);
    child.stdin.end();
    await sleep(Math.floor(r() * span));
    child.kill("SIGKILL");
    await child.finished(10_000);
    const again = await agent(args, { timeoutMs: 30_000 });
    const text = readFileSync(path.join(ws, "MEMORY.md"), "utf8");
    const counts = facts.map((f) => bullets(text, f));
    const st = await stateOf(ws);
    const repro = `${shellLine(args)} killed -9 after a random delay, then run again`;
    if (crashOf(again)) tally.fail(`${repro}: ${crashOf(again)}`, repro);
    else if (counts.some((c) => c !== 1)) tally.fail(`${repro}: fact counts ${counts.join(",")} (each must be 1)`, repro);
    else if (st.statuses.some((s) => s !== "accepted")) tally.fail(`${repro}: proposals ${st.statuses.join(",")}`, repro);
    else if (!text.startsWith(MEMORY.trimEnd())) tally.fail(`${repro}: the person's lines changed`, repro);
    else tally.pass();
  }
}

async function editorRace(root, tally, runs, r) {
  const fact = "Alice prefers green tea in the afternoon.";
  let judged = 0;
  let aimedHit = 0;
  for (let run = 0; run < runs; run++) {
    const ws = await fresh(root, `race-${run}`);
    await propose(ws, [fact]);
    const file = path.join(ws, "MEMORY.md");
    const args = ["dream", "accept", "1", "--workspace", ws, "--json"];
    // Every other run aims the save just after accept's swap: under load a CLI takes longer to
    // start than the clock's 50-330 ms, so a save on the clock alone lands before accept has
    // even read MEMORY.md and never meets the window that matters.
    const aimed = run % 2 === 1;
    const before = aimed ? { text: readFileSync(file, "utf8"), stat: statSync(file) } : null;
    const child = spawnAgent(args);
    child.stdin.end();
    const own = `- Hand edit ${run}.`;
    if (before !== null && (await swapSeen(file, before.stat, child))) aimedHit++;
    // The editor loaded MEMORY.md a moment ago and saves in place while the accept runs.
    await sleep(aimed ? Math.floor(r() * 20) : 50 + Math.floor(r() * 250));
    const loaded = before?.text ?? readFileSync(file, "utf8");
    if (!aimed) await sleep(Math.floor(r() * 30));
    writeFileSync(file, `${loaded}${own}\n`);
    const savedAt = Date.now();
    const res = await child.finished(30_000);
    // The accept's last look at MEMORY.md (confirmedAt), not when this process saw it exit: a
    // save after that look is past what any accept can see, and under load the exit is noticed
    // here tens of ms after it happened, so a save landing after the exit looked like one before.
    const confirmedAt = confirmedAtOf(res.stdout);
    const text = readFileSync(file, "utf8");
    const kept = readdirSync(ws).filter((f) => f.startsWith("MEMORY.md.kept-")).map((f) => readFileSync(path.join(ws, f), "utf8")).join("");
    const repro = `${shellLine(args)} while an editor saves MEMORY.md in place (write of the text read ${aimed ? "before the accept, landing just after its swap" : "a moment before"})`;
    if (crashOf(res)) tally.fail(`${repro}: ${crashOf(res)}`, repro);
    else if (!text.includes(own) && !kept.includes(own)) tally.fail(`${repro}: the editor's line was lost`, repro);
    else if (res.code === 0 && confirmedAt === null) tally.fail(`${repro}: accept exited 0 without saying when it last found the fact in MEMORY.md (confirmedAt)`, repro);
    else if (res.code === 0 && savedAt <= confirmedAt && bullets(text, fact) !== 1) {
      judged++;
      tally.fail(`${repro}: accept exited 0 but the fact is ${bullets(text, fact)} time(s) in MEMORY.md`, repro);
    } else {
      if (res.code === 0 && savedAt <= confirmedAt) judged++;
      tally.pass();
    }
  }
  tally.note(`editor race: ${judged} of ${runs} runs had the save land before accept's last look at MEMORY.md and exit 0 (the others saved after, or accept refused); ${aimedHit} of ${Math.floor(runs / 2)} aimed saves came after accept's swap was seen`);
}

/** Waits (1 ms polls) until MEMORY.md is no longer the file `stat` describes, or the accept ended; whether it changed. */
async function swapSeen(file, stat, child) {
  const t0 = Date.now();
  while (Date.now() - t0 < 30_000 && child.exitCode === null && child.signalCode === null) {
    try {
      const st = statSync(file);
      if (st.ino !== stat.ino || st.mtimeMs !== stat.mtimeMs || st.size !== stat.size) return true;
    } catch {
      // Between an editor's unlink and its rename: looked at again.
    }
    await sleep(1);
  }
  return false;
}

/** `confirmedAt` from `agent dream accept --json`, or null. */
function confirmedAtOf(stdout) {
  try {
    const v = JSON.parse(stdout).confirmedAt;
    return typeof v === "number" ? v : null;
  } catch {
    return null;
  }
}

async function undoHandLine(root, tally, runs) {
  const fact = "Carol moved to Lyon.";
  for (let run = 0; run < runs; run++) {
    const ws = await fresh(root, `undo-${run}`);
    await propose(ws, [fact]);
    const acc = await agent(["dream", "accept", "1", "--workspace", ws]);
    const file = path.join(ws, "MEMORY.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("- Bob works at the bakery.\n", `- Bob works at the bakery.\n- ${fact}\n`));
    const undo = await agent(["dream", "undo", "--workspace", ws]);
    const text = readFileSync(file, "utf8");
    const repro = `accept, write "- ${fact}" by hand under People, then agent dream undo`;
    const crash = crashOf(acc) ?? crashOf(undo);
    if (crash) tally.fail(`${repro}: ${crash}`, repro);
    else if (undo.code !== 0) tally.fail(`${repro}: undo failed: ${firstLines(undo.stderr)}`, repro);
    else if (!text.includes(`- Bob works at the bakery.\n- ${fact}\n`) || bullets(text, fact) !== 1) tally.fail(`${repro}: removed the hand-written line`, repro);
    else tally.pass();
  }
  if (!existsSync(root)) throw new Error("root vanished");
}
