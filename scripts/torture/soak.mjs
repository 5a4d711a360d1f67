// A daemon, four CLI loops (search; index; status + context; log) and an editor, all on one
// workspace for N minutes. Every CLI call is one run: it must exit 0 with no lock error.
// At the end the daemon must stop cleanly and the index must equal a clean rebuild.
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import path from "node:path";
import {
  agent,
  compareWithCleanRebuild,
  crashOf,
  firstLines,
  indexIntegrity,
  makeWorkspace,
  probeToken,
  rng,
  shellLine,
  sleep,
  spawnAgent,
  startFakeOllama,
  Tally,
  agentDir,
} from "./lib.mjs";

const LOCK_ERROR = /database is locked|SQLITE_BUSY|\block(ed)?\b.*(held|busy|timeout)|EBUSY/i;

export async function soak({ root, minutes, seed }) {
  const tally = new Tally(`daemon + 4 CLI loops + an editor, ${minutes} min`);
  const r = rng(seed + 77);
  const ollama = await startFakeOllama(() => ({ content: "NO_REPLY" }));
  const ws = path.join(root, "soak");
  const config = {
    embed: { provider: "none" },
    llm: { provider: "ollama", model: "good", host: ollama.host },
    schedule: { reflect: false },
    heartbeat: { enabled: false },
    evolution: { weekly: false },
  };
  const probes = await makeWorkspace(ws, { seed, notes: 40, config });
  const files = Object.keys(probes);
  const daemonArgs = ["daemon", "--workspace", ws];
  const daemon = spawnAgent(daemonArgs);
  if (!(await daemon.waitFor(/daemon started on /, 30_000))) throw new Error(`the daemon did not start: ${firstLines(daemon.out().stderr, 4)}`);
  const end = Date.now() + minutes * 60_000;
  const counts = {};
  const check = (name, res) => {
    counts[name] = (counts[name] ?? 0) + 1;
    const crash = crashOf(res);
    if (res.code !== 0 || crash) tally.fail(`${name}: ${crash ?? `exit ${res.code}`}: ${firstLines(res.stderr)}`, shellLine(res.args));
    else if (LOCK_ERROR.test(res.stderr)) tally.fail(`${name}: lock error: ${firstLines(res.stderr)}`, shellLine(res.args));
    else tally.pass();
  };
  const loop = async (name, next) => {
    while (Date.now() < end) check(name, await agent(next(), { timeoutMs: 120_000 }));
  };
  let edits = 0;
  const editor = async () => {
    const mine = [];
    while (Date.now() < end) {
      const roll = r();
      try {
        if (roll < 0.35) {
          const f = files[Math.floor(r() * files.length)];
          writeFileSync(path.join(ws, f), `# Edited ${f}\n\n- now about ${probeToken(r)} and ${probeToken(r)}\n`);
        } else if (roll < 0.6) {
          const f = files[Math.floor(r() * files.length)];
          const tmp = path.join(ws, path.dirname(f), `.${path.basename(f)}.swp`);
          writeFileSync(tmp, `# Saved atomically\n\n- ${probeToken(r)}\n`);
          renameSync(tmp, path.join(ws, f));
        } else if (roll < 0.8) {
          appendFileSync(path.join(ws, files[Math.floor(r() * files.length)]), `- appended ${probeToken(r)}\n`);
        } else if (roll < 0.92 || mine.length === 0) {
          const f = `memory/soak-${probeToken(r)}.md`;
          writeFileSync(path.join(ws, f), `# New\n\n- ${probeToken(r)}\n`);
          mine.push(f);
        } else {
          rmSync(path.join(ws, mine.shift()), { force: true });
        }
        edits++;
      } catch (e) {
        tally.note(`editor: ${e.message}`);
      }
      await sleep(50 + Math.floor(r() * 250));
    }
  };
  const word = () => probes[files[Math.floor(r() * files.length)]];
  let turn = 0;
  await Promise.all([
    loop("search", () => ["search", word(), "--mode", "keyword", "--workspace", ws]),
    loop("index", () => ["index", "--no-embed", "--workspace", ws]),
    loop("status/context", () => (turn++ % 2 === 0 ? ["status", "--workspace", ws] : ["context", "--workspace", ws])),
    loop("log", () => ["log", "--session", "soak", "--role", r() < 0.5 ? "user" : "assistant", "--workspace", ws, `turn ${probeToken(r)}`]),
    editor(),
  ]);
  // Let the watcher settle, then stop the daemon as systemd would.
  await sleep(3000);
  const stopAt = Date.now();
  daemon.kill("SIGTERM");
  const dres = await daemon.finished(60_000);
  tally.measure("daemon stop after SIGTERM (ms)", Date.now() - stopAt);
  const dcrash = crashOf(dres);
  if (dcrash || (dres.code !== 0 && dres.code !== 143)) tally.fail(`daemon: ${dcrash ?? `exit ${dres.code}`}: ${firstLines(dres.stderr, 3)}`, shellLine(daemonArgs));
  else if (LOCK_ERROR.test(dres.stderr)) tally.fail(`daemon reported a lock error: ${firstLines(dres.stderr.split("\n").filter((l) => LOCK_ERROR.test(l)).join("\n"))}`, shellLine(daemonArgs));
  else tally.pass();
  const integrity = indexIntegrity(ws);
  if (integrity) tally.fail(integrity, ws);
  const cmp = await compareWithCleanRebuild(ws, root);
  if (cmp) tally.fail(`at the end (daemon stopped, no final index): ${cmp}`, `the loops above on ${ws}`);
  else tally.pass();
  tally.note(`${edits} edits; CLI calls: ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(", ")}`);
  await ollama.close();
  if (existsSync(agentDir(ws))) {
    const old = readdirSync(agentDir(ws)).filter((f) => f.includes(".old"));
    if (old.length > 0) tally.note(`left in .agent/: ${old.join(", ")}`);
  }
  return tally;
}
