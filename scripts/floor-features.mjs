#!/usr/bin/env node
// node scripts/floor-features.mjs [--sets everyday,heldout,...] [--modes bm25,hybrid] [--json FILE]
// The features the relevance floor could use, per question of the hand-written newcomer sets
// (scripts/eval-everyday, scripts/eval-heldout..heldout12), answerable against never-written:
// searched with the floor off and `explain`, the top results' measures: which of the question's
// distinctive words (not GENERIC, not in over half of 20+ chunks) the result holds and their idf,
// the coverage weighted by idf (all words, and distinctive words only), the cosine of the best
// window, the rank-1/rank-2 score gap, whether the matched words sit in one line, whether the
// result is an always-loaded file (MEMORY.md, USER.md, SOUL.md) matched on one distinctive word,
// and which distinctive words no note contains (df = 0). The last columns say what the floor
// as built does (the evidence each result earned) and whether the expected note is first.
// Looking for a rule that separates the two kinds in every set, not in one: print, then judge.
// The replay is an approximation: with the floor off, MMR orders a longer list, so "first"
// here can differ from scripts/eval-everyday.mjs by a question (heldout keyword: 5/5 here,
// 4/5 there); confirm a rule with eval-everyday.mjs once built.
import "./lib/state-home.mjs";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";
import { GENERIC } from "../dist/search/query/generic.js";
import { asksWhen } from "../dist/search/dates/when.js";
import { onlyUnderOtherModifiers, otherCompoundHeads, queryCompounds } from "../dist/search/pipeline/other-compound.js";
import { namesIn } from "../dist/search/pipeline/distinctive.js";
import { textForms } from "../dist/search/query/forms.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ALL_SETS = ["everyday", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10", "heldout11", "heldout12", "heldout13"];
const ALWAYS_LOADED = new Set(["MEMORY.md", "USER.md", "SOUL.md"]);
const arg = (flag, dflt) => (process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : dflt);

/** Chunks in the index, from one term's df and its (rounded) BM25 idf: ln(1 + (n − df + .5)/(df + .5)). */
function chunksFrom(terms) {
  const t = terms.find((x) => x.df > 0) ?? terms[0];
  if (!t) return 0;
  return Math.round((Math.exp(t.idf) - 1) * (t.df + 0.5) + t.df - 0.5);
}

function distinctiveOf(terms, n) {
  return terms.filter((t) => !GENERIC.has(t.term) && !(n >= 20 && t.df > n * 0.5));
}

/** Whether every matched word sits in one line of the chunk (a stem's prefix is enough). */
function oneLine(text, matched) {
  if (!text || matched.length === 0) return false;
  const lines = text.toLowerCase().split("\n");
  return lines.some((l) => matched.every((m) => l.includes(m.slice(0, Math.max(4, m.length - 2)))));
}

/**
 * Candidate rules, each taking back a result's keyword and date evidence: replayed on the
 * results searched with the floor off (the first result with evidence left is the answer).
 * "none" is the floor as built. "whenStatesTime" is the first try of the time test, on the
 * when factor's best sentence: it lost two answerable questions (docs/evaluation.md); the
 * floor's rule 4 (pipeline/time-stated.ts) reads every sentence holding a matched word.
 * Add a rule here to replay it on all seven sets before building it (the head-under-another-
 * modifier rule, pipeline/other-compound.ts, was replayed here first: +1 never-written, no loss).
 */
const RULES = {
  none: () => false,
  // A "when" question whose result lacks one of its distinctive words must state a time
  // where its words match (the when factor's test): "when is mum's birthday" against a line on mum.
  whenStatesTime: (q, r, dist) => asksWhen(q) && dist.some((t) => !r.explain.matched.includes(t.term)) && r.explain.whenBoost <= 1,
  // One half of a two-word compound of the question in no note, the other half matched:
  // "alarm code" against a "keysafe code", "wedding cake" against the wedding. Replayed, not
  // built: +4 never-written empty, but 6 answerable lost (the subject and its verb, "carers
  // charge", read as a compound; "mums key safe" written "keysafe"; "dads hip surgery").
  absentHalf: (q, r, dist) => absentHalves(q, dist).some(([have]) => r.explain.matched.includes(have)),
  // A modifier no note has, its head in the result only under another modifier ("oil
  // pressure" against "blood pressure"): the head counts as missing in the subject-absent count.
  // Replayed, not built: +1 never-written empty (the shop's alarm code), 3 answerable lost ("best swim
  // time", "boat safety exam" written "BSS exam", "saturday shifts at the cafe").
  absentModOther: (q, r, dist) => {
    const byTerm = new Map(dist.map((t) => [t.term, t]));
    const words = (q.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? []).map((w) => w.replace(/['’]s$/, "").replace(/['’]/g, ""));
    const m = r.explain.matched;
    let elsewhere = 0;
    for (let i = 1; i < words.length; i++) {
      const mod = byTerm.get(words[i - 1]), head = byTerm.get(words[i]);
      if (!mod || !head || mod.df > 0 || head.df === 0 || !m.includes(head.term)) continue;
      if (onlyUnderOtherModifiers(r.text ?? "", { modifier: mod.term, head: head.term })) elsewhere++;
    }
    const missing = dist.filter((t) => t.df === 0 && !m.includes(t.term)).length + elsewhere;
    return elsewhere > 0 && missing >= 2 && missing * 3 >= dist.length * 2;
  },
  // Every distinctive word of the question is in some note, and the result holds one of two
  // or more: the others are written, but about something else ("when is pinky's birthday"
  // against Jas's birthday). Replayed, not built: +3 never-written empty (heldout9), 6
  // answerable lost ("next physio session", "dentist appt", "boat insurance" written without
  // their second word).
  oneOfMany: (q, r, dist) => {
    if (dist.length < 2 || dist.some((t) => t.df === 0)) return false;
    return dist.filter((t) => r.explain.matched.includes(t.term)).length === 1;
  },
  // The result holds two or more of the question's distinctive words but no line holds two
  // of them: scattered words, not a line that answers ("the code for the yard gate").
  // Replayed, not built (keyword mode): 18 answerable lost (a note's heading or an
  // earlier line holds one word: "Seville" in the title, the flight time below).
  noTwoInLine: (q, r, dist) => {
    const held = dist.filter((t) => r.explain.matched.includes(t.term)).map((t) => t.term);
    if (held.length < 2) return false;
    const lines = (r.text ?? "").toLowerCase().split(/\n|(?<=[.!?;])\s/);
    return !lines.some((l) => held.filter((m) => l.includes(m.slice(0, Math.max(4, m.length - 2)))).length >= 2);
  },
  // Both above: loses 25 answerable questions in keyword mode.
  scattered: (q, r, dist) => RULES.oneOfMany(q, r, dist) || RULES.noTwoInLine(q, r, dist),
  // Every distinctive word the result holds stands only under another modifier than the
  // question's ("Jas's birthday" for "pinky's birthday"): it holds none of the question's thing.
  // Replayed, then built (pipeline/distinctive.ts, "generic only"): +1 never-written empty in
  // both modes, no answer lost; "none" includes it now, so it shows no change here.
  headsOnlyElsewhere: (q, r, dist) => {
    const held = dist.filter((t) => r.explain.matched.includes(t.term)).map((t) => t.term);
    if (held.length === 0) return false;
    const elsewhere = otherCompoundHeads(r.explain.matched, r.text ?? "", compoundsOf(q, dist));
    return held.every((t) => elsewhere.has(t));
  },
  // A compound of the question no result holds in one line: the compound is a thing no note has,
  // and a result needs two of the question's other distinctive words. Replayed, not built (keyword): +5
  // never-written empty, 19 answerable lost (a compound the note says in one of its words:
  // "dads hip surgery" as "hip op", "boat safety exam" as "BSS exam").
  compoundNowhere: (q, r, dist, all) => {
    const apart = compoundsOf(q, dist).filter((c) => !all.some((x) => together(x.text ?? "", c)));
    if (apart.length === 0) return false;
    const inCompound = new Set(apart.flatMap((c) => [c.modifier, c.head]));
    const others = dist.filter((t) => !inCompound.has(t.term) && r.explain.matched.includes(t.term)).length;
    return others <= 1;
  },
  // A compound of the question that some result holds apart (both words, no line with both) and
  // no result holds in one line: the words are written, the thing is not ("the yard gate"). A
  // result holding it apart, and no other distinctive word of the question, is scattered words.
  // Replayed, not built: no never-written question gained ("yard" reads as an adjective), 5
  // answerable lost (the heading holds one word: "CPC" above "28 hrs").
  compoundApart: (q, r, dist, all) => {
    const byTerm = new Set(dist.map((t) => t.term));
    const words = (q.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? []).map((w) => w.replace(/['’]s$/, "").replace(/['’]/g, ""));
    const m = r.explain.matched;
    for (let i = 1; i < words.length; i++) {
      const c = { modifier: words[i - 1], head: words[i] };
      if (c.modifier === c.head || !byTerm.has(c.modifier) || !byTerm.has(c.head) || !m.includes(c.modifier) || !m.includes(c.head)) continue;
      if (all.some((x) => together(x.text ?? "", c))) continue;
      if (dist.every((t) => t.term === c.modifier || t.term === c.head || !m.includes(t.term))) return true;
    }
    return false;
  },
  // A compound of the question whose two words the result holds only in separate items of a
  // list, neither a heading nor a line ending in ":" ("when is kasias birthday" against a
  // MEMORY.md bullet naming Kasia and another bullet giving Gethin's bday): two facts about two
  // things, and the result holds no other distinctive word of the question. Replayed, then built
  // (pipeline/list-apart.ts): +1 never-written empty in both modes (heldout10), no answer lost;
  // "none" includes it now, so it shows no change here.
  listApart: (q, r, dist) => {
    const m = r.explain.matched;
    const lines = (r.text ?? "").toLowerCase().split("\n");
    for (const c of compoundsOf(q, dist)) {
      if (!m.includes(c.modifier) || !m.includes(c.head)) continue;
      if (dist.some((t) => t.term !== c.modifier && t.term !== c.head && m.includes(t.term))) continue;
      const formsOf = (w) => [w, ...(dist.find((t) => t.term === w)?.forms ?? [])];
      const hasM = (l) => formsOf(c.modifier).some((f) => holdsWord(l, f)), hasH = (l) => formsOf(c.head).some((f) => holdsWord(l, f));
      const holding = lines.filter((l) => hasM(l) || hasH(l));
      if (holding.length === 0 || holding.some((l) => hasM(l) && hasH(l))) continue;
      if (holding.every((l) => LIST_ITEM.test(l) && !/:\s*$/.test(l))) return true;
    }
    return false;
  },
  // The thing a question asks "about" ("what did the referral vet say about bramble"), written
  // in some note, is not in the result: the result is about something else the same people did.
  // Replayed, not built: no question changes (heldout10's Bramble is in another note that holds
  // "vet" too, which is kept).
  aboutMissing: (q, r, dist) => {
    const after = /\babout\s+(.+)$/i.exec(q)?.[1];
    if (!after) return false;
    const words = (after.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? []).map((w) => w.replace(/['’]s$/, "").replace(/['’]/g, ""));
    const asked = dist.filter((t) => t.df > 0 && words.includes(t.term));
    return asked.length > 0 && asked.every((t) => !r.explain.matched.includes(t.term));
  },
  // One word of a compound of the question held without the other, the other written in some
  // note: the result is about the other thing its word names ("polo" for "the polo service").
  // headMissingThing below was built from these (pipeline/half-compound.ts, with owners and
  // initials left out too, and only when the modifier is all the result holds of the question's
  // distinctive words: without that BEAM update@10 fell 0.919 → 0.757): +2 never-written empty
  // (polo service, mum's phone pin); `heldout8`'s "roof paint cost", second, left the list
  // ("sage green for the roof").
  halfHeld: (q, r, dist) => halves(q, dist, r).length > 0,
  // The same, only when the head is the word missing ("phone" held, "pin" elsewhere).
  headMissing: (q, r, dist) => halves(q, dist, r).some((h) => h.missing === "head"),
  modMissing: (q, r, dist) => halves(q, dist, r).some((h) => h.missing === "modifier"),
  // A thing and what it belongs to, said with a preposition ("the mot on the astra", "the ferry to
  // dublin"), the object ending the phrase: the result holds the thing, not the object, which some
  // note has. Replayed (+1 never-written empty, heldout9's Astra MOT; "first" unchanged elsewhere),
  // built, then dropped: `heldout11`'s "brakes on the skoda", second, left the list (its note
  // says "Octavia"; only MEMORY.md says the Octavia is a Skoda).
  prepMissing: (q, r, dist) => {
    const df = new Map(dist.map((t) => [t.term, t.df]));
    const m = r.explain.matched;
    for (const x of q.toLowerCase().matchAll(/([\p{L}\p{N}]+) (?:on|for|at|to|of|in) (?:the |my |our |his |her )?([\p{L}\p{N}]+)(?= (?:on|for|at|to|of|in|and|this|next|last|now|today|tomorrow)\b|\s*[?.!]?\s*$)/gu)) {
      const [, a, b] = x;
      if ((df.get(a) ?? 0) > 0 && (df.get(b) ?? 0) > 0 && m.includes(a) && !m.includes(b)) return true;
    }
    return false;
  },
  // Three or more distinctive words, every one in some note, and the result holds one of them:
  // "whats the flat door code" against the locker code, or the flat's inspection. (oneOfMany,
  // the same from two words, lost "next physio session" and "dentist appt".) Replayed: +1
  // never-written empty, +1 first (heldout13), but heldout11's "who is covering my year 9 class"
  // (its note holds "covering" alone, the class written "9C") left the top three. Built only for
  // a word inside a run of three or more side by side (pipeline/scattered-words.ts), which keeps it.
  oneOfThree: (q, r, dist) => {
    if (dist.length < 3 || dist.some((t) => t.df === 0)) return false;
    return dist.filter((t) => r.explain.matched.includes(t.term)).length === 1;
  },
  // headMissing, but not when the head names an occasion ("physio session", "birthday meal"):
  // a note writes an occasion by its time and place and leaves out what kind of occasion it was.
  headMissingThing: (q, r, dist) => halves(q, dist, r).some((h) => h.missing === "head" && !OCCASIONS.has(h.head)),
  // "oneNounAbsent" (a noun no note has naming the thing asked, a result holding one
  // distinctive word at most) was replayed here before it was built into the floor
  // (pipeline/absent-thing.ts): +7 never-written empty, no answer lost; "none" includes it now.
};

const ADJ = /(?:ive|al|ous|ful|ic|ical|able|ible|less|ish|ary|ory|ant|ent|ed|est|er|ern|ly|th|nd|rd|st)$/;
const COMMON_ADJ = new Set("new old big small little large great good bad best worst first second third next last other own same different main whole full real long short high low early late young free open hard easy nice fine top fast slow cheap dear hot cold warm cool wet dry dark light half".split(" "));
/** [the half some note has, the half none has] of each adjacent pair of distinctive words, no possessive or adjective modifier. */
function absentHalves(q, dist) {
  const byTerm = new Map(dist.map((t) => [t.term, t]));
  const words = (q.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? []).map((w) => ({ w: w.replace(/['’]s$/, "").replace(/['’]/g, ""), poss: /['’]s$/.test(w) }));
  const out = [];
  for (let i = 1; i < words.length; i++) {
    const m = byTerm.get(words[i - 1].w), h = byTerm.get(words[i].w);
    if (!m || !h || words[i - 1].poss || COMMON_ADJ.has(m.term) || (ADJ.test(m.term) && m.df > 0)) continue;
    if (m.df === 0 && h.df > 0) out.push([h.term, m.term]);
    if (h.df === 0 && m.df > 0) out.push([m.term, h.term]);
  }
  return out;
}

/** The question's compounds of which the result holds one word only, both words in some note. */
function halves(q, dist, r) {
  const m = r.explain.matched;
  const df = new Map(dist.map((t) => [t.term, t.df]));
  return compoundsOf(q, dist)
    .filter((c) => (df.get(c.modifier) ?? 0) > 0 && (df.get(c.head) ?? 0) > 0 && m.includes(c.modifier) !== m.includes(c.head))
    .map((c) => ({ ...c, missing: m.includes(c.modifier) ? "head" : "modifier" }));
}

const OCCASIONS = new Set("appointment appointments appt appts session sessions lesson lessons class classes meeting meetings mtg meal meals party parties op ops operation visit visits trip trips".split(" "));
const LIST_ITEM = /^\s*(?:[-*•]|\d+[.)])\s/;
/** Whether a form of the word (short forms too: "bday") starts a word of the line. */
function holdsWord(line, word) {
  return textForms(word).some((f) => new RegExp(`(?<![\\p{L}\\p{N}])${f.slice(0, Math.max(4, Math.min(f.length - 1, 6))).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "u").test(line));
}

/** The question's compounds of distinctive words (other-compound.ts). */
function compoundsOf(q, dist) {
  const absent = new Set(dist.filter((t) => t.df === 0).map((t) => t.term));
  return queryCompounds(q, new Set(dist.map((t) => t.term)), namesIn(q), absent);
}

/** Whether some line of the text holds both words of the compound (a word's first letters are enough). */
function together(text, c) {
  const has = (l, w) => l.includes(w.slice(0, Math.max(4, w.length - 2)));
  return text.toLowerCase().split("\n").some((l) => has(l, c.modifier) && has(l, c.head));
}

function judge(res, expect, rule, dist, q) {
  const kept = res.results.find((r) => {
    const ev = r.explain?.evidence ?? [];
    if (ev.length === 0) return false;
    if (!RULES[rule](q, r, dist, res.results)) return true;
    return ev.some((e) => e !== "keyword" && e !== "date");
  });
  return expect ? (kept ? expect.includes(kept.path) : false) : kept === undefined;
}

function featuresOf(res, expect) {
  const floor = res.explain?.floor;
  const terms = floor?.terms ?? [];
  const n = chunksFrom(terms);
  const dist = distinctiveOf(terms, n);
  const distTotal = dist.reduce((a, t) => a + t.idf, 0);
  const absent = dist.filter((t) => t.df === 0).map((t) => t.term);
  const [r1, r2] = res.results;
  const kept = res.results.find((r) => (r.explain?.evidence ?? []).length > 0);
  const verdicts = Object.fromEntries(Object.keys(RULES).map((k) => [k, judge(res, expect, k, dist, res.query)]));
  const f = { verdicts, n, distinctive: dist.map((t) => `${t.term}:${t.idf.toFixed(1)}${t.df === 0 ? "∅" : ""}`), absent };
  if (!r1) return { ...f, empty: true, keptRight: !expect };
  const e = r1.explain;
  const got = dist.filter((t) => e.matched.includes(t.term));
  return {
    ...f,
    top: r1.path,
    expectedFirst: expect ? expect.includes(r1.path) : null,
    keptFirst: kept ? kept.path : null,
    keptRight: expect ? (kept ? expect.includes(kept.path) : false) : kept === undefined,
    evidence: e.evidence,
    matched: e.matched,
    distMatched: got.map((t) => t.term),
    distMissed: dist.filter((t) => !e.matched.includes(t.term)).map((t) => `${t.term}${t.df === 0 ? "∅" : `(${t.df})`}`),
    coverage: e.coverage,
    distCoverage: distTotal > 0 ? got.reduce((a, t) => a + t.idf, 0) / distTotal : 1,
    cosine: e.cosine,
    whenBoost: e.whenBoost,
    gap: r2 ? r1.score - r2.score : r1.score,
    ratio: r2 && r2.score > 0 ? r1.score / r2.score : null,
    oneLine: oneLine(r1.text, e.matched),
    alwaysLoadedOneWord: ALWAYS_LOADED.has(path.basename(r1.path)) && got.length <= 1,
  };
}

async function runSet(name, mode) {
  const DATA = path.join(HERE, name === "everyday" ? "eval-everyday" : `eval-${name}`);
  const set = JSON.parse(readFileSync(path.join(DATA, "questions.json"), "utf8"));
  const ws = mkdtempSync(path.join(os.tmpdir(), "agent-floor-features-"));
  const rows = [];
  try {
    cpSync(path.join(DATA, "workspace"), ws, { recursive: true });
    const search = { mode: mode === "bm25" ? "keyword" : "hybrid", dates: { timeZone: "UTC" }, floor: { enabled: false } };
    writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ search }, null, 2));
    const engine = Engine.open({ workspace: ws, now: () => Date.parse(set.now) });
    try {
      engine.indexing.index();
      if (mode !== "bm25") await engine.indexing.embed({});
      const ask = async (q) => engine.search(q, { recall: false, explain: true, withText: true });
      for (const a of set.answerable) rows.push({ set: name, mode, kind: "answerable", q: a.q, ...featuresOf(await ask(a.q), a.expect) });
      for (const w of set.neverWritten) rows.push({ set: name, mode, kind: "never", q: w.q, ...featuresOf(await ask(w.q), null) });
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
  return rows;
}

const sets = arg("--sets", ALL_SETS.join(",")).split(",");
const modes = arg("--modes", "bm25,hybrid").split(",");
const rows = [];
for (const mode of modes) for (const s of sets) rows.push(...(await runSet(s, mode)));
const json = arg("--json", null);
if (json) writeFileSync(json, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
const num = (x, d = 2) => (x === null || x === undefined ? "  -  " : x.toFixed(d));
for (const r of rows) {
  const verdict = r.kind === "answerable" ? (r.keptRight ? "first" : "MISS ") : r.keptRight ? "empty" : "LEAK ";
  console.log(
    [r.set.padEnd(8), r.mode.padEnd(6), r.kind === "answerable" ? "A" : "N", verdict, r.q.slice(0, 46).padEnd(46), r.empty ? "(no result)" : `${path.basename(r.top).padEnd(13)} cov ${num(r.coverage)} dcov ${num(r.distCoverage)} cos ${num(r.cosine)} gap ${num(r.gap)} when ${r.whenBoost} line ${r.oneLine ? "y" : "n"} aload1 ${r.alwaysLoadedOneWord ? "y" : "n"} got [${r.distMatched.join(" ")}] miss [${r.distMissed.join(" ")}] ev [${r.evidence.join(",")}]`].join(" "),
  );
}

console.log("\nper rule and set: answerable first, never-written empty (keyword | hybrid)");
for (const rule of Object.keys(RULES)) {
  const cells = [];
  for (const s of sets) for (const mode of modes) {
    const rs = rows.filter((r) => r.set === s && r.mode === mode);
    const a = rs.filter((r) => r.kind === "answerable");
    const nv = rs.filter((r) => r.kind === "never");
    cells.push(`${s}/${mode} ${a.filter((r) => r.verdicts[rule]).length}/${a.length} ${nv.filter((r) => r.verdicts[rule]).length}/${nv.length}`);
  }
  console.log(`${rule.padEnd(16)} ${cells.join("  ")}`);
  const changed = rows.filter((r) => r.verdicts[rule] !== r.verdicts.none).map((r) => `${r.verdicts[rule] ? "+" : "-"} ${r.set}/${r.mode} ${r.q}`);
  if (changed.length) console.log("    " + changed.join("\n    "));
}
