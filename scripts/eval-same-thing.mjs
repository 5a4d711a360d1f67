#!/usr/bin/env node
// node scripts/eval-same-thing.mjs [--json] [--grid small|full]
// The phrasing-free change rule (src/indexer/same-thing.ts), measured leave-one-set-out: its
// thresholds are chosen on three of the four blind changed-facts sets (changes, changes2,
// changes3, changes4) together with BEAM's labelled links and the hand-labelled pairs (eval-links.mjs),
// and the chosen thresholds are then measured on the third set, which took no part in the
// choice; each set is held out in turn. A setting may be chosen only when it makes no false
// update link, supersedes no added fact and links no value said again unchanged on the tuning
// sets, adds no update link on BEAM that BEAM does not label, changes no contradiction link
// there, and makes no false link among the labelled pairs. Of those, the one linking the most
// tuning-set changes; of equals, the strictest.
// Prints, for each rotation, the held-out set's figures with the rule off and with it on.
// Needs dist/ (npm run build). Prints numbers; never a test.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SAME_THING } from "../dist/indexer/same-thing.js";
import { runChanges } from "./eval-changes.mjs";
import { scoreBeam, scorePairs } from "./eval-links.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SETS = ["changes", "changes2", "changes3", "changes4"];
const VALUE_TYPES = ["count", "money", "percent", "measure", "phone", "name"];
const WHEN_TYPES = ["time", "date", "day", "weekly"];
const full = process.argv.includes("--grid") && process.argv[process.argv.indexOf("--grid") + 1] === "full";

const grid = [];
for (const minSharedWeight of full ? [1, 2, 3, 4, 6, 8] : [1, 3, 6])
  for (const minShare of full ? [0.1, 0.2, 0.3, 0.4, 0.5, 0.6] : [0.1, 0.25, 0.4])
    for (const minShared of [1, 2])
      for (const when of [false, true]) for (const nearNamed of [true, false]) for (const changeSaid of [true, false]) grid.push({ minSharedWeight, minShare, minShared, when, nearNamed, changeSaid });

const setTo = (c) => {
  SAME_THING.minSharedWeight = c.minSharedWeight;
  SAME_THING.minShare = c.minShare;
  SAME_THING.minShared = c.minShared;
  SAME_THING.nearNamed = c.nearNamed;
  SAME_THING.changeSaid = c.changeSaid;
  SAME_THING.types = new Set(c === OFF ? [] : c.when ? [...VALUE_TYPES, ...WHEN_TYPES] : VALUE_TYPES);
};
const OFF = { minSharedWeight: Infinity, minShare: 1, minShared: 99, when: false, nearNamed: true, changeSaid: true };

async function figures(set) {
  const r = await runChanges({ set });
  const m = r.metrics;
  return { linked: r.changes.filter((c) => c.linked).length, of: r.changes.length, falseLinks: m.falseLinks, added: m.addedSuperseded, unchanged: m.unchangedLinked, currentFirst: m.currentFirst, contradictions: m.contradictionsReported, wrong: r.falseLinks };
}

const pairs = JSON.parse(readFileSync(path.join(HERE, "..", "test", "fixtures", "supersession", "pairs.json"), "utf8")).pairs;
const beamData = path.join(HERE, "..", "..", "shared", "eval-data", "beam", "100K");
function guards() {
  const b = scoreBeam(beamData);
  const p = scorePairs(pairs);
  return { beamUpdateLinks: b.update?.links, beamUpdateWrong: (b.update?.links ?? 0) - (b.update?.right ?? 0), beamContradictionLinks: b.contradiction?.links, pairsWrong: p.wrong.length, pairsUpdateRecall: p.update.recall };
}

setTo(OFF);
const base = { sets: Object.fromEntries(await Promise.all(SETS.map(async (s) => [s, await figures(s)]))), guards: guards() };
const results = [];
for (const c of grid) {
  setTo(c);
  const sets = {};
  for (const s of SETS) sets[s] = await figures(s);
  results.push({ c, sets, guards: null });
}
/** Clean on a set: nothing wrong added to what the rule-less linker does. */
const clean = (f) => f.falseLinks === 0 && f.added === 0 && f.unchanged === 0;
const guardsOf = (r) => {
  if (r.guards === null) {
    setTo(r.c);
    r.guards = guards();
  }
  return r.guards;
};
const guardsClean = (g) => g.beamUpdateWrong <= base.guards.beamUpdateWrong && g.beamContradictionLinks === base.guards.beamContradictionLinks && g.pairsWrong <= base.guards.pairsWrong;
const strictness = (c) => [c.when ? 0 : 1, c.changeSaid ? 1 : 0, c.nearNamed ? 1 : 0, c.minSharedWeight, c.minShare, c.minShared];
const stricter = (a, b) => {
  const x = strictness(a);
  const y = strictness(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};

const rotations = [];
for (const held of SETS) {
  const tune = SETS.filter((s) => s !== held);
  let best = null;
  let unguarded = null;
  for (const r of results) {
    if (!tune.every((s) => clean(r.sets[s]))) continue;
    const gain = tune.reduce((t, s) => t + r.sets[s].linked - base.sets[s].linked, 0);
    if (gain <= 0) continue;
    if (best && (gain < best.gain || (gain === best.gain && !stricter(r.c, best.r.c)))) continue;
    // What the choice would be if BEAM and the labelled pairs did not count: how far the sets alone carry.
    if (!unguarded || gain > unguarded.gain || (gain === unguarded.gain && stricter(r.c, unguarded.r.c))) unguarded = { r, gain };
    if (!guardsClean(guardsOf(r))) continue;
    best = { r, gain };
  }
  rotations.push({ held, tune, chosen: best ? best.r.c : null, tuneGain: best?.gain ?? 0, before: base.sets[held], after: best ? best.r.sets[held] : base.sets[held], unguarded: unguarded ? { c: unguarded.r.c, gain: unguarded.gain, held: unguarded.r.sets[held], guards: guardsOf(unguarded.r) } : null });
}

if (process.argv.includes("--json")) console.log(JSON.stringify({ base, rotations, grid: results.map((r) => ({ ...r.c, sets: Object.fromEntries(Object.entries(r.sets).map(([k, v]) => [k, { ...v, wrong: v.wrong.length }])) })) }, null, 2));
else {
  const f = (x) => `linked ${x.linked}/${x.of} · false ${x.falseLinks} · added superseded ${x.added} · unchanged linked ${x.unchanged} · current first ${x.currentFirst}`;
  console.log(`rule off: BEAM update links ${base.guards.beamUpdateLinks} (${base.guards.beamUpdateWrong} unlabelled), contradiction links ${base.guards.beamContradictionLinks}; labelled pairs false ${base.guards.pairsWrong}`);
  for (const s of SETS) console.log(`  ${s.padEnd(8)} off: ${f(base.sets[s])}`);
  for (const r of rotations) {
    const c = r.chosen;
    console.log(`\nheld out ${r.held} (tuned on ${r.tune.join(" + ")}, gain there ${r.tuneGain}): ${c ? `chosen weight>=${c.minSharedWeight} share>=${c.minShare} shared>=${c.minShared}${c.when ? " with when-values" : ""}${c.nearNamed ? "" : " without the near-word check"}${c.changeSaid ? " with a change word said" : ""}` : "no setting adds a link cleanly"}`);
    console.log(`  before: ${f(r.before)}\n  after:  ${f(r.after)}`);
    for (const w of r.after.wrong) console.log(`  false link [${w.slot}]\n      ${w.older}\n   →  ${w.newer}`);
    const u = r.unguarded;
    if (u) console.log(`  without BEAM's and the labelled pairs' say (weight>=${u.c.minSharedWeight} share>=${u.c.minShare} shared>=${u.c.minShared}${u.c.when ? " with when-values" : ""}${u.c.changeSaid ? " with a change word" : ""}, gain ${u.gain}): ${f(u.held)}; BEAM update links ${u.guards.beamUpdateLinks} (${u.guards.beamUpdateWrong} unlabelled), labelled pairs false ${u.guards.pairsWrong}`);
  }
  // How far the bare rule gets and what it gets wrong: per setting, the sum over all sets.
  const sum = (r, k) => SETS.reduce((t, s) => t + r.sets[s][k], 0);
  const linked0 = SETS.reduce((t, s) => t + base.sets[s].linked, 0);
  console.log(`\nevery setting (all sets): weight share shared when near change | +linked false added unchanged`);
  for (const r of results) console.log(`  ${r.c.minSharedWeight} ${r.c.minShare} ${r.c.minShared} ${r.c.when ? "when" : "-"} ${r.c.nearNamed ? "near" : "-"} ${r.c.changeSaid ? "change" : "-"} | +${sum(r, "linked") - linked0} ${sum(r, "falseLinks")} ${sum(r, "added")} ${sum(r, "unchanged")}`);
}
