#!/usr/bin/env node
// npm run demo: a sample workspace in a temp folder, indexed and searched, offline. It also has
// SOUL versions, a pending proposal, memories and job runs (made through the engine with a
// scripted model), so the daemon's web page has everything to show:
// `npm run demo -- --ui` then starts the daemon with HTTP and prints the page's login link.
import "./lib/state-home.mjs";
import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { Engine } from "../dist/index.js";
import { buildUiWorkspace } from "./lib/ui-workspace.mjs";
import { dailyNote, isoDate, rng } from "./sample-notes.mjs";
import { cliCommand } from "./lib/cli-command.mjs";

const t0 = performance.now();
const ws = path.join(mkdtempSync(path.join(os.tmpdir(), "agent-demo-")), "assistant");
await buildUiWorkspace(ws);
const r = rng(42);
for (let i = 0; i < 21; i++) {
  const date = isoDate("2026-09-01", i);
  writeFileSync(path.join(ws, "memory", `${date}.md`), dailyNote(date, r));
}
writeFileSync(
  path.join(ws, "memory", "2026-10-30.md"),
  "# 2026-10-30\n\n## VPS migration\n\n- Decided: the VPS moves from Hetzner to Netcup in November; Hetzner's price went up 30%.\n- Ana will copy the backups first.\n\n## 私事\n\n- 来週、東京で記憶検索について話す。\n",
);
mkdirSync(path.join(ws, "sessions"), { recursive: true });
writeFileSync(
  path.join(ws, "sessions", "2026-10-31-main.jsonl"),
  [
    { role: "user", content: "Remind me what Ana prefers for dinner?", ts: "2026-10-31T18:02:00Z" },
    { role: "assistant", content: "Ana prefers Thai food, and she is vegetarian.", ts: "2026-10-31T18:02:04Z" },
    { role: "user", content: "Great, book the Thai place on Friday.", ts: "2026-10-31T18:03:10Z" },
  ].map((o) => JSON.stringify(o)).join("\n") + "\n",
);

const engine = Engine.open({ workspace: ws });
const summary = engine.indexing.index();
console.log(`workspace: ${ws}`);
console.log(`indexed ${summary.indexed.length} files into ${summary.chunks} chunks in ${summary.ms.toFixed(0)} ms (keyword search works now)`);
const t1 = performance.now();
const emb = await engine.indexing.embed({ onProgress: (p) => process.stderr.write(`\r  embedding ${p.done}/${p.total} chunks`) });
process.stderr.write("\n");
console.log(emb.provider ? `vectors: ${emb.embedded} chunks embedded with ${emb.modelId} in ${((performance.now() - t1) / 1000).toFixed(1)} s (${emb.reason})\n` : `vectors: none (${emb.reason}); keyword-only\n`);

for (const q of ["what did we decide about the VPS", "what food does Ana like", "記憶検索", "follow up about the router firmware", "what happened on the VPS in late October"]) {
  const res = await engine.search(q, { limit: 3 });
  console.log(`search: ${q}${res.dateRange ? `   [dates ${res.dateRange.from}..${res.dateRange.to}]` : ""}`);
  for (const x of res.results) {
    console.log(`  ${x.path}:${x.startLine}-${x.endLine}${x.date ? "  " + x.date : ""}  score ${x.score.toFixed(3)}`);
    console.log(`    ${x.snippet}`);
  }
  console.log("");
}
const st = engine.indexing.status();
console.log(`status: ${st.files} files, ${st.chunks} chunks, ${st.stale.length} stale, ${st.problems.length} problems`);
engine.close();
// The command as this reader can type it: `agent` once `npm link` put this clone on the PATH.
const agent = cliCommand(new URL("../dist/cli/main.js", import.meta.url).pathname);
console.log(`demo finished in ${((performance.now() - t0) / 1000).toFixed(2)} s — try: ${agent} search "VPS" --workspace ${ws} --explain`);
if (process.argv.includes("--ui")) {
  // The web page lives in the daemon: start it with HTTP, then ask it for a login link (`agent ui`).
  const cli = new URL("../dist/cli/main.js", import.meta.url).pathname;
  const daemon = spawn(process.execPath, [cli, "daemon", "--http", "--port", "0", "--workspace", ws], { stdio: ["ignore", "pipe", "inherit"], detached: true });
  let out = "";
  daemon.stdout.on("data", (c) => {
    out += c;
    if (/watching for changes/.test(out) && !out.includes("\u0000")) {
      out += "\u0000";
      const ui = spawn(process.execPath, [cli, "ui", "--print-url", "--workspace", ws], { stdio: ["ignore", "pipe", "inherit"] });
      ui.stdout.on("data", (u) => console.log(`\nweb page (the link works once; Ctrl-C stops the daemon): ${String(u).trim()}\nanother link later: ${agent} ui --workspace ${ws}`));
    }
  });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => daemon.kill("SIGTERM"));
  await new Promise((resolve) => daemon.once("exit", resolve));
} else {
  console.log(`the web page: ${agent} daemon --http --workspace ${ws}   then   ${agent} ui --workspace ${ws}   (or: npm run demo -- --ui)`);
}
