#!/usr/bin/env node
// node scripts/eval-health.mjs [--sets changes,everyday,heldout..heldout6,locomo,beam] [--show] [--json]
// How many contradictions `agent health` reports on every workspace the evaluations build: the
// blind changes set, the newcomer sets (everyday, heldout..heldout6), the LoCoMo conversations
// and BEAM's 100K conversations. Each is indexed by the real engine in keyword mode (the links
// do not depend on the embedder) at its fixed "now", and the contradictions counted; --show
// prints every pair (path:line and text of both sides, and what it is about), one pair a line
// group, so two builds' outputs can be compared with diff and every new pair read by hand.
// A false report is a pair a reader would not call two incompatible statements: the script
// cannot tell, it only lists. Needs dist/ (npm run build). Prints numbers; never a test.
import "./lib/state-home.mjs";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";
import { writeConversation } from "./eval-beam.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHARED = path.resolve(HERE, "..", "..", "shared", "eval-data");
const SHARED_DATA = existsSync(SHARED) ? SHARED : "/work/shared/eval-data";
const NEWCOMER = ["everyday", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6"];
const ALL = ["changes", ...NEWCOMER, "locomo", "beam"];

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sets = (value("--sets") ?? ALL.join(",")).split(",").filter((s) => s !== "");

/** The contradictions of one workspace, indexed in keyword mode at `now`. */
async function contradictionsOf(ws, now) {
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }, null, 2));
  const engine = Engine.open({ workspace: ws, ...(now ? { now: () => now } : {}) });
  try {
    engine.indexing.index();
    return (await engine.indexing.health()).contradictions;
  } finally {
    await engine.close();
  }
}

/** Each workspace of a set: {name, build(dir) → now (ms) or undefined}. */
function workspacesOf(set) {
  if (set === "changes") {
    const data = path.join(HERE, "eval-changes");
    const labels = JSON.parse(readFileSync(path.join(data, "labels.json"), "utf8"));
    return [{ name: "changes", build: (ws) => {
      cpSync(path.join(data, "workspace"), ws, { recursive: true });
      for (const [file, when] of Object.entries(labels.fileDates ?? {})) utimesSync(path.join(ws, file), new Date(when), new Date(when));
      return Date.parse(labels.now);
    } }];
  }
  if (NEWCOMER.includes(set)) {
    const data = path.join(HERE, set === "everyday" ? "eval-everyday" : `eval-${set}`);
    const now = Date.parse(JSON.parse(readFileSync(path.join(data, "questions.json"), "utf8")).now);
    return [{ name: set, build: (ws) => (cpSync(path.join(data, "workspace"), ws, { recursive: true }), now) }];
  }
  if (set === "locomo") {
    const root = path.join(SHARED_DATA, "locomo", "workspaces");
    if (!existsSync(root)) return [];
    return readdirSync(root).filter((c) => existsSync(path.join(root, c, "memory"))).sort().map((c) => ({ name: `locomo/${c}`, build: (ws) => (cpSync(path.join(root, c), ws, { recursive: true }), undefined) }));
  }
  if (set === "beam") {
    const root = path.join(SHARED_DATA, "beam", "100K");
    if (!existsSync(root)) return [];
    const convs = readdirSync(root).filter((d) => existsSync(path.join(root, d, "chat.json"))).sort((a, b) => Number(a) - Number(b));
    return convs.map((c) => ({ name: `beam/${c}`, build: (ws) => writeConversation(JSON.parse(readFileSync(path.join(root, c, "chat.json"), "utf8")), ws).now }));
  }
  throw new Error(`unknown set "${set}": one of ${ALL.join(", ")}`);
}

const side = (s) => `${s.path}:${s.line} (${s.date}) ${JSON.stringify(s.text.slice(0, 140))}`;

const out = [];
for (const set of sets) {
  for (const w of workspacesOf(set)) {
    const ws = mkdtempSync(path.join(os.tmpdir(), "agent-eval-health-"));
    try {
      const now = w.build(ws);
      const found = await contradictionsOf(ws, now);
      out.push({ workspace: w.name, contradictions: found.length, pairs: found });
      if (!flag("--json")) {
        console.log(`${w.name}: ${found.length}`);
        if (flag("--show")) for (const c of found) console.log(`  [${c.about}]\n    ${side(c.a)}\n    vs ${side(c.b)}`);
      }
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  }
}
if (flag("--json")) console.log(JSON.stringify(out, null, 2));
else console.log(`total: ${out.reduce((t, w) => t + w.contradictions, 0)} contradictions in ${out.length} workspaces`);
