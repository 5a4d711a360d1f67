#!/usr/bin/env node
// npm run eval:changes [-- --set changes|changes2|changes3|changes4|changes5|changes6|changes7|changes8|changes9|changes10|changes11] [--mode keyword|hybrid] [--json] [--show]
// node scripts/eval-changes.mjs [--set changes|changes2|changes3|changes4|changes5|changes6|changes7|changes8|changes9|changes10|changes11] [--mode keyword|hybrid] [--json] [--show] [--standing-saved-now]
// Changed facts in one person's own notes, each set written blind before reading the linker or
// the ranking, and kept out of tuning: a rule is never adjusted to it, only checked on it.
//   changes   scripts/eval-changes/: Priya's four weeks of daily notes, MEMORY.md and USER.md
//   changes2  scripts/eval-changes2/: Dana's daily notes, MEMORY.md, USER.md and her captured
//             assistant conversations (sessions/*.jsonl; a turn is labelled by its content)
//   changes3  scripts/eval-changes3/: Eleanor's allotment-society month: hand corrections in daily
//             notes (strike-through, "update:"/"edit:" lines, "(was 3pm)"), tables, a stale
//             MEMORY.md, and changes said to Claude Code and Codex in answer to their questions
//   changes4  scripts/eval-changes4/: Jonah's touring month as a sound engineer: changes said to
//             OpenCode and OpenClaw (answers to their questions, corrections of them, a long turn),
//             no change word, relative dates, numbers in words; an OpenClaw group chat that must
//             never become his memory
//   changes5  scripts/eval-changes5/: Ines's move from a Bristol PhD to a Utrecht postdoc: changes
//             said to Claude Code and Codex inside work sessions (a value the assistant states and
//             the person confirms with a bare "yep", one line inside a pasted stack trace), list
//             lines and table rows, a date moved by a relative phrase, a change given as a
//             difference, an address and an e-mail replaced, one value in two units
//   changes6  scripts/eval-changes6/: Gareth's month as a self-employed plumber running a youth
//             football team: changes said to OpenCode (his invoicing scripts) and OpenClaw, one
//             confirmed from the club's OpenClaw group chat (which must never become his memory),
//             a value changed twice in one turn, a heading, a checkbox, a time range, a percentage,
//             a count in words, a typo corrected; values restated in another format must not link
//   changes7  scripts/eval-changes7/: Nadia's month as a wedding and event caterer: who said it in
//             Claude Code and Codex sessions (a date the assistant proposed and she rejected, a
//             value it got wrong and she corrected, a deposit it proposed and she accepted), a time
//             quoted from a venue's email, a change as a difference ("pushed back a week", "up by
//             £30"), a table row, "X is off. Doing Y instead", a plan replaced by what happened
//   changes8  scripts/eval-changes8/: Halina's month as a freelance translator letting two flats:
//             who said it in OpenCode and OpenClaw (a fee the assistant proposed and she accepted,
//             hours it guessed and she rejected with another value, a due day it got wrong and she
//             corrected, a tenant's figure in an OpenClaw group chat that must never replace hers),
//             a date quoted from a client's e-mail, a change given only as a percentage, "two days
//             later", a range narrowed to one time, a name replaced, a plan cancelled then
//             reinstated, a typo in a correction, 250 g -> 0.2 kg beside 1.5 bar = 1500 mbar
//   changes9  scripts/eval-changes9/: Siobhan's month as a smallholder with twins: who said it in
//             Claude Code and Codex (a cutoff the assistant proposed and she accepted with "go on
//             then", a price it proposed and she rejected, an MOT date it got wrong, a price given
//             only as the answer to its question), a new value with no change word, A -> B -> A,
//             a question she answers herself, a recurring day changed, one of two children or
//             vehicles changed, "a dozen" -> "fifteen", a price with and without VAT (the same
//             price: unchanged), a table row under other headings
//   changes10 scripts/eval-changes10/: Adaeze's month as an ICU night nurse, part-time MSc student
//             and her father's carer: who said it in OpenCode (a close date the assistant proposed
//             and she accepted, a rate it read from a config and she corrected) and OpenClaw (a date
//             it proposed and she rejected with another, a count it stated and she corrected), a
//             later negation ("not on warfarin any more"), hours in words, places and people
//             replaced by name, a recurring day changed, one of two table rows, A -> B -> A
//   changes11 scripts/eval-changes11/: Marek's month as a tramping lorry driver in a brass band,
//             selling his late mother's house: who said it in Claude Code (a concert date it proposed
//             from the notes and he declined with another, a practice time it proposed and he
//             accepted) and Codex (a council tax figure it read back and he corrected to £0, a final
//             price given only as the answer to its question), a price changed only relatively
//             ("3k off"), "pushed back a week", a later negation, an amount in words, A -> B -> A
// The workspace is copied to a temp folder, MEMORY.md/USER.md/SOUL.md dated as labels.json says
// (--standing-saved-now: MEMORY.md, USER.md and TOOLS.md saved at the set's "now" instead, after
// every note, as a line added today leaves them; their lines are then never seen changing),
// indexed by the real engine at a frozen "now", and measured without a model as judge:
//   current first   for each changed fact's questions: the new line's result at rank 1, and the
//                   old line's result below it (or absent)
//   linked          an "update" link from the old line to the new one (directly or by a chain),
//                   and the old line's result carrying supersededBy (what --json prints)
//   as of           the same question --as-of a day between the two: the old line first
//   false links     every "update" link that is not a labelled change, read one by one:
//                   added facts (both sides must stay current), contradictions (reported, not
//                   replaced), and any other
//   contradictions  the labelled pairs among `agent health`'s contradictions (either order)
//   unchanged       a value said again as it was (labels.json "unchanged"): no update link between
// Needs dist/ (npm run build). Prints numbers; never a test.
import "./lib/state-home.mjs";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";
import { searchOptions } from "../dist/contract/options.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SETS = { changes: "eval-changes", changes2: "eval-changes2", changes3: "eval-changes3", changes4: "eval-changes4", changes5: "eval-changes5", changes6: "eval-changes6", changes7: "eval-changes7", changes8: "eval-changes8", changes9: "eval-changes9", changes10: "eval-changes10", changes11: "eval-changes11" };

/** A transcript line's turn text (its JSON "content"); null for a line that is no turn. */
function turnText(line) {
  try {
    const o = JSON.parse(line);
    return typeof o?.content === "string" ? o.content : null;
  } catch {
    return null;
  }
}

/**
 * 1-based line of a labelled line in its file: the label must match one line exactly (in a
 * session transcript, one turn's content exactly).
 */
function locate(ws, ref) {
  const lines = readFileSync(path.join(ws, ref.file), "utf8").split("\n");
  const i = ref.file.endsWith(".jsonl") ? lines.findIndex((l) => turnText(l) === ref.text) : lines.indexOf(ref.text);
  if (i < 0) throw new Error(`labels.json: "${ref.text}" is not a line of ${ref.file}`);
  return { path: ref.file, line: i + 1, text: ref.text };
}

const holds = (r, at) => r.path === at.path && r.startLine <= at.line && at.line <= r.endLine;
const rankOf = (results, at) => {
  const i = results.findIndex((r) => holds(r, at));
  return i < 0 ? Infinity : i;
};
const same = (p, at) => p.path === at.path && p.line === at.line;

/** Does an update chain lead from `old` to `neu` (old → … → neu)? */
function chainReaches(updates, old, neu) {
  let frontier = updates.filter((l) => same(l.older, old));
  const seen = new Set();
  while (frontier.length > 0) {
    if (frontier.some((l) => same(l.newer, neu))) return true;
    const next = [];
    for (const l of frontier) {
      const k = `${l.newer.path}:${l.newer.line}`;
      if (seen.has(k)) continue;
      seen.add(k);
      next.push(...updates.filter((m) => same(m.older, l.newer)));
    }
    frontier = next;
  }
  return false;
}

const STANDING = ["MEMORY.md", "USER.md", "TOOLS.md"];

function prepare(data, labels, standingSavedNow = false) {
  const ws = mkdtempSync(path.join(os.tmpdir(), "agent-eval-changes-"));
  cpSync(path.join(data, "workspace"), ws, { recursive: true });
  const dates = { ...labels.fileDates };
  if (standingSavedNow) for (const f of STANDING) if (existsSync(path.join(ws, f))) dates[f] = labels.now;
  for (const [file, when] of Object.entries(dates)) {
    const t = new Date(when);
    utimesSync(path.join(ws, file), t, t);
  }
  return ws;
}

async function measureChanges(engine, ws, labels, mode, updates) {
  const out = [];
  for (const c of labels.changes) {
    const old = locate(ws, c.old);
    const neu = locate(ws, c.new);
    const linked = chainReaches(updates, old, neu);
    const current = [];
    for (const q of c.current) {
      const res = (await engine.search(q, { ...searchOptions({ limit: 20, mode }), recall: false })).results;
      const rn = rankOf(res, neu);
      const ro = rankOf(res, old);
      const oldRes = res.find((r) => holds(r, old) && !holds(r, neu));
      current.push({ q, rn, ro, first: rn === 0, oldBelow: ro > rn, oldMarked: oldRes ? Boolean(oldRes.supersededBy) : null, top: res.slice(0, 3).map((r) => `${r.path}:${r.startLine}${r.supersededBy ? "(replaced)" : ""}`) });
    }
    const asOf = [];
    for (const a of c.asOf) {
      const res = (await engine.search(a.q, { ...searchOptions({ limit: 20, mode, asOf: a.date }), recall: false })).results;
      const want = a.expect === "old" ? old : neu;
      const r = rankOf(res, want);
      const hit = res[r];
      asOf.push({ q: a.q, date: a.date, rank: r, first: r === 0, markedThen: hit ? Boolean(hit.supersededBy) : null, top: res.slice(0, 3).map((x) => `${x.path}:${x.startLine}`) });
    }
    out.push({ id: c.id, kind: c.kind, old, neu, linked, current, asOf });
  }
  return out;
}

/** Pairs that must stay current side by side: added facts, or a value said again unchanged. */
async function measureAdded(engine, ws, pairs, mode, updates) {
  const out = [];
  for (const a of pairs) {
    const x = locate(ws, a.a);
    const y = locate(ws, a.b);
    const wrong = updates.filter((l) => same(l.older, x) || same(l.older, y)).map((l) => `${l.older.path}:${l.older.line} → ${l.newer.path}:${l.newer.line} (${l.slot})`);
    const res = (await engine.search(a.q, { ...searchOptions({ limit: 20, mode }), recall: false })).results;
    out.push({ id: a.id, q: a.q, ra: rankOf(res, x), rb: rankOf(res, y), bothTop10: rankOf(res, x) < 10 && rankOf(res, y) < 10, superseded: wrong });
  }
  return out;
}

function measureContradictions(ws, labels, health, updates) {
  return labels.contradictions.map((c) => {
    const a = locate(ws, c.a);
    const b = locate(ws, c.b);
    const reported = health.contradictions.some((k) => (same(k.a, a) && same(k.b, b)) || (same(k.a, b) && same(k.b, a)));
    const asUpdate = updates.some((l) => (same(l.older, a) && same(l.newer, b)) || (same(l.older, b) && same(l.newer, a)));
    return { id: c.id, reported, asUpdate };
  });
}

/** Update links that are no labelled change (added facts and contradictions included). */
function falseLinks(ws, labels, updates) {
  const labelled = labels.changes.map((c) => [locate(ws, c.old), locate(ws, c.new)]);
  // A value that changed twice (A → B → C): a link A → C skips a step but is no false link.
  const steps = labelled.map(([older, newer]) => ({ older, newer }));
  // A link inside a labelled chain's span (old → a restatement of the new, or a restatement → new) is not false.
  const fine = (l) => chainReaches(steps, l.older, l.newer) || labelled.some(([o, n]) => (same(l.older, o) && same(l.newer, n)) || (same(l.older, o) && chainReaches(updates, l.newer, n)) || (same(l.newer, n) && chainReaches(updates, o, l.older)));
  return updates.filter((l) => !fine(l)).map((l) => ({ older: `${l.older.path}:${l.older.line} ${l.older.text}`, newer: `${l.newer.path}:${l.newer.line} ${l.newer.text}`, slot: l.slot, by: l.by }));
}

export async function runChanges({ set = "changes", mode = "keyword", cache, config = {}, standingSavedNow = false } = {}) {
  if (!SETS[set]) throw new Error(`unknown set "${set}": ${Object.keys(SETS).join(" or ")}`);
  const data = path.join(HERE, SETS[set]);
  const labels = JSON.parse(readFileSync(path.join(data, "labels.json"), "utf8"));
  const now = Date.parse(labels.now);
  const m = mode === "bm25" ? "keyword" : mode;
  const ws = prepare(data, labels, standingSavedNow);
  try {
    const search = { dates: { timeZone: "UTC" }, ...(config.search ?? {}) };
    writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ search, ...(cache ? { embed: { cacheDir: cache } } : {}) }, null, 2));
    const engine = Engine.open({ workspace: ws, now: () => now });
    try {
      engine.indexing.index();
      if (m !== "keyword") {
        const res = await engine.indexing.embed({});
        if (res.provider === null) throw new Error(`mode ${mode} needs an embedder, but none is available: ${res.reason}`);
      }
      const links = engine.indexing.links();
      const updates = links.filter((l) => l.kind === "update");
      const health = await engine.indexing.health();
      const changes = await measureChanges(engine, ws, labels, m, updates);
      const added = await measureAdded(engine, ws, labels.added, m, updates);
      const unchanged = await measureAdded(engine, ws, labels.unchanged ?? [], m, updates);
      const contradictions = measureContradictions(ws, labels, health, updates);
      const wrong = falseLinks(ws, labels, updates);
      const share = (xs, f) => (xs.length === 0 ? 0 : Math.round((1000 * xs.filter(f).length) / xs.length) / 1000);
      const cur = changes.flatMap((c) => c.current);
      const asOf = changes.flatMap((c) => c.asOf);
      const marked = cur.filter((q) => q.oldMarked !== null);
      return {
        dataset: set,
        who: labels.who ?? "Priya",
        mode: m,
        changes,
        added,
        unchanged,
        contradictions,
        falseLinks: wrong,
        metrics: {
          currentFirst: share(cur, (q) => q.first),
          currentTop3: share(cur, (q) => q.rn < 3),
          oldBelow: share(cur, (q) => q.oldBelow),
          oldAbove: share(cur, (q) => q.ro < q.rn),
          linked: share(changes, (c) => c.linked),
          oldResultMarked: share(marked, (q) => q.oldMarked),
          oldResultsSeen: marked.length,
          asOfFirst: share(asOf, (a) => a.first),
          asOfTop3: share(asOf, (a) => a.rank < 3),
          addedSuperseded: added.filter((a) => a.superseded.length > 0).length,
          addedBothTop10: share(added, (a) => a.bothTop10),
          unchangedLinked: unchanged.filter((a) => a.superseded.length > 0).length,
          contradictionsReported: share(contradictions, (c) => c.reported),
          contradictionsAsUpdate: contradictions.filter((c) => c.asUpdate).length,
          falseLinks: wrong.length,
          updateLinks: updates.length,
        },
      };
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

export function printChanges(out, show = false) {
  const n = (r) => (r === Infinity ? "-" : String(r + 1));
  console.log(`\n${out.dataset} (${out.who}: ${out.changes.length} changed facts, ${out.added.length} added-to, ${out.unchanged.length} unchanged, ${out.contradictions.length} contradictions), mode ${out.mode}`);
  for (const c of out.changes) {
    for (const q of c.current) console.log(`  ${q.first ? "✓" : "✗"} ${c.id}: "${q.q}"  new@${n(q.rn)} old@${n(q.ro)}${q.oldMarked === null ? "" : q.oldMarked ? " old marked" : " old UNMARKED"}${show ? `  → ${q.top.join(", ")}` : ""}`);
    for (const a of c.asOf) console.log(`  ${a.first ? "✓" : "✗"} ${c.id}: "${a.q}" --as-of ${a.date}  then-current@${n(a.rank)}${a.markedThen ? " (shown as replaced)" : ""}${show ? `  → ${a.top.join(", ")}` : ""}`);
    console.log(`    ${c.linked ? "linked" : "NOT linked"}: ${c.old.path}:${c.old.line} → ${c.neu.path}:${c.neu.line}`);
  }
  for (const a of out.added) console.log(`  ${a.superseded.length === 0 ? "✓" : "✗"} added ${a.id}: ${a.superseded.length === 0 ? "both current" : `SUPERSEDED ${a.superseded.join("; ")}`}; "${a.q}" ${n(a.ra)}/${n(a.rb)}`);
  for (const a of out.unchanged) console.log(`  ${a.superseded.length === 0 ? "✓" : "✗"} unchanged ${a.id}: ${a.superseded.length === 0 ? "not linked" : `LINKED ${a.superseded.join("; ")}`}; "${a.q}" ${n(a.ra)}/${n(a.rb)}`);
  for (const c of out.contradictions) console.log(`  ${c.reported ? "✓" : "✗"} contradiction ${c.id}: ${c.reported ? "reported" : "not reported"}${c.asUpdate ? " (linked as an update)" : ""}`);
  for (const l of out.falseLinks) console.log(`  false link [${l.by}, ${l.slot}]\n      ${l.older}\n   →  ${l.newer}`);
  const m = out.metrics;
  console.log(`  current first ${m.currentFirst} (top 3 ${m.currentTop3}), old below ${m.oldBelow}, old above ${m.oldAbove}; linked ${m.linked}; old result marked ${m.oldResultMarked} of ${m.oldResultsSeen} seen`);
  console.log(`  as-of first ${m.asOfFirst} (top 3 ${m.asOfTop3}); added facts superseded ${m.addedSuperseded}/${out.added.length} (both in top 10 ${m.addedBothTop10}); unchanged linked ${m.unchangedLinked}/${out.unchanged.length}; contradictions reported ${m.contradictionsReported} (${m.contradictionsAsUpdate} linked as updates); false update links ${m.falseLinks} of ${m.updateLinks}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (k, d) => (process.argv.includes(k) ? process.argv[process.argv.indexOf(k) + 1] : d);
  const out = await runChanges({ set: arg("--set", "changes"), mode: arg("--mode", "keyword"), standingSavedNow: process.argv.includes("--standing-saved-now") });
  if (process.argv.includes("--json")) process.stdout.write(JSON.stringify(out) + "\n");
  else printChanges(out, process.argv.includes("--show"));
}
