// `agent index --rebuild` while a daemon runs, then an edit: the daemon's watcher must put
// the edit into the live index (the file every other process opens) within 1 s. Checked
// straight in .agent/index.db, not through `agent search`, which would reindex the file
// itself and hide a detached daemon. Afterwards no index.db.old* files may be left, and the
// index must equal a clean rebuild.
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  agent,
  compareWithCleanRebuild,
  crashOf,
  firstLines,
  indexHas,
  indexIntegrity,
  makeWorkspace,
  probeToken,
  rng,
  shellLine,
  sleep,
  spawnAgent,
  Tally,
  agentDir,
} from "./lib.mjs";

export async function rebuildDaemon({ root, quick, scale, seed }) {
  const tally = new Tally("index --rebuild under a running daemon, then edits searchable <= 1 s");
  const runs = quick ? 2 : Math.max(10, Math.round(10 * scale));
  const r = rng(seed + 57);
  const ws = path.join(root, "rebuild");
  const config = { embed: { provider: "none" }, schedule: { reflect: false }, heartbeat: { enabled: false }, evolution: { weekly: false }, flush: { enabled: false } };
  await makeWorkspace(ws, { seed, notes: quick ? 20 : 60, config });
  const first = await agent(["index", "--no-embed", "--workspace", ws]);
  if (first.code !== 0) throw new Error(`setup index failed: ${first.stderr}`);
  const daemonArgs = ["daemon", "--workspace", ws];
  const daemon = spawnAgent(daemonArgs);
  if (!(await daemon.waitFor(/daemon started on /, 30_000))) throw new Error(`the daemon did not start: ${firstLines(daemon.out().stderr, 4)}`);
  await sleep(1000);
  try {
    for (let run = 0; run < runs; run++) {
      const rebuildArgs = ["index", "--rebuild", "--no-embed", "--workspace", ws];
      const rb = await agent(rebuildArgs);
      if (rb.code !== 0) {
        tally.fail(`rebuild failed (${rb.code}): ${firstLines(rb.stderr)}`, shellLine(rebuildArgs));
        continue;
      }
      const token = probeToken(r);
      const rel = `memory/2026-06-${String(1 + run).padStart(2, "0")}.md`;
      const written = Date.now();
      writeFileSync(path.join(ws, rel), `# Edit after rebuild ${run}\n\n- new fact ${token}\n`);
      let seenAt = null;
      while (Date.now() - written < 5000) {
        if (indexHas(ws, token, rel)) {
          seenAt = Date.now() - written;
          break;
        }
        await sleep(25);
      }
      if (seenAt !== null) tally.measure("edit to live index (ms)", seenAt);
      if (seenAt !== null && seenAt <= 1000) tally.pass();
      else
        tally.fail(
          seenAt === null ? `edit ${rel} not in the live index 5 s after it was written` : `edit ${rel} reached the live index after ${seenAt} ms (> 1 s)`,
          `${shellLine(daemonArgs)} running; ${shellLine(rebuildArgs)}; then write ${rel} and look for "${token}" in .agent/index.db`,
        );
    }
  } finally {
    daemon.kill("SIGTERM");
    const res = await daemon.finished(30_000);
    const crash = crashOf(res);
    if (crash) tally.note(`daemon: ${crash}`);
  }
  const leftovers = readdirSync(agentDir(ws)).filter((f) => /\.old/.test(f));
  if (leftovers.length > 0) tally.fail(`left behind after the rebuilds: ${leftovers.join(", ")}`, `see above; ${ws}/.agent`);
  const integrity = indexIntegrity(ws);
  if (integrity) tally.fail(integrity, ws);
  const cmp = await compareWithCleanRebuild(ws, root);
  if (cmp) tally.fail(`after the runs, without a final index: ${cmp}`, ws);
  return tally;
}

