// Space is given back: a large note (thousands of chunks) is indexed, then deleted, then
// `agent index` or `agent index --rebuild` runs. .agent/ must come back near its size
// before the note (within 512 KB or 50%), in place. Sizes are printed per kind.
import { readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { agent, makeWorkspace, rng, Tally, agentDir } from "./lib.mjs";

export async function space({ root, quick, tiny, scale, seed }) {
  const tally = new Tally("space: .agent/ shrinks back after a large note is deleted (index, rebuild)");
  const runs = tiny ? 2 : quick ? 4 : Math.max(10, Math.round(10 * scale));
  const r = rng(seed + 3);
  for (let run = 0; run < runs; run++) {
    const kind = run % 2 === 0 ? "index" : "rebuild";
    const repro = `npm run torture -- --only space (run ${run}, ${kind})`;
    const ws = path.join(root, `ws-${run}`);
    await makeWorkspace(ws, { seed: seed + run, notes: 28, config: { embed: { provider: "none" } } });
    await agent(["index", "--workspace", ws]);
    const base = dirBytes(agentDir(ws));
    const mb = tiny ? 1 : 1 + Math.floor(r() * (quick ? 2 : 5));
    writeFileSync(path.join(ws, "notes-big.md"), bigNote(mb * 1_000_000));
    const grown = await agent(["index", "--workspace", ws]);
    const peak = dirBytes(agentDir(ws));
    rmSync(path.join(ws, "notes-big.md"));
    const after = await agent(kind === "index" ? ["index", "--workspace", ws] : ["index", "--rebuild", "--workspace", ws]);
    const left = dirBytes(agentDir(ws));
    tally.note(`${kind}, ${mb} MB note: .agent/ ${kb(base)} → ${kb(peak)} with it → ${kb(left)} after it was deleted`);
    tally.measure(`.agent/ KB after a deleted ${kind === "index" ? "note + index" : "note + rebuild"}`, Math.round(left / 1024));
    if (grown.code !== 0 || after.code !== 0) tally.fail(`agent index failed: ${(grown.stderr + after.stderr).slice(0, 200)}`, repro);
    else if (left > Math.max(base * 1.5, base + 512 * 1024)) tally.fail(`.agent/ stayed at ${kb(left)} (it was ${kb(base)} before the ${mb} MB note, ${kb(peak)} with it)`, repro);
    else tally.pass();
    rmSync(ws, { recursive: true, force: true });
  }
  return tally;
}

const kb = (b) => `${Math.round(b / 1024)} KB`;

function dirBytes(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    n += e.isDirectory() ? dirBytes(p) : statSync(p).size;
  }
  return n;
}

function bigNote(bytes) {
  let s = "# Big\n\n";
  for (let i = 0; s.length < bytes; i++) s += `## Section ${i}\n\nThe warehouse item ${i} went to shelf ${i % 97} on day ${i % 31}, with notes on the compressor and dock ${i}.\n\n`;
  return s;
}
