#!/usr/bin/env node
// npm run eval:links [-- --data DIR] [--json] [--show N]
// How often the supersession linker (src/indexer/supersede.ts, with value-clash.ts's value
// clashes, run on statements.ts's statements as the indexer stores them) links the right
// things: precision and recall, without a model as judge.
//
// 1. The hand-labelled pairs (test/fixtures/supersession/pairs.json: realistic personal
//    notes, written for this and NOT taken from BEAM). Every pair's two lines go into ONE pool,
//    each pair on its own two consecutive days (its first line the older), as a person's daily
//    notes would be, so the rarity weights come from a corpus and a link across two pairs is
//    possible (and counted false).
//      precision = update links joining a pair labelled "update" (older → newer) / all update links
//      recall    = pairs labelled "update" that got their link / pairs labelled "update"
//    Contradiction pairs ("contradiction") are counted the same way with contradiction links.
// 2. BEAM (../shared/eval-data/beam/100K, never copied into the project): each conversation's
//    user turns, stamped as eval-beam.mjs stamps them, go through the same two functions.
//      update precision = update links whose older turn is a knowledge-update question's
//                         original message and whose newer turn is that question's updated
//                         message / all update links made in the conversation
//      update recall    = knowledge-update questions with such a link / those questions
//    and the same for contradiction links against contradiction questions' two statements
//    (either order). This precision is a LOWER bound: BEAM labels only the changes it asks
//    about, and a conversation may restate or change other facts. --show N prints N of the
//    links it counts false, to judge by eye.
// Needs dist/ (npm run build). Prints numbers; never a test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { extractStatements, turnStatements } from "../dist/indexer/statements.js";
import { linkWithClashes } from "../dist/indexer/value-clash.js";
// Statements as the index stores them (every reading of the sentence the linker uses), not only their fixed values.
import { derived as withFixedValues } from "../dist/indexer/truth.js";
import { anchorDate } from "./eval-beam.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DAY = 86_400_000;

function parseArgs(argv) {
  const o = { data: path.join(HERE, "..", "..", "shared", "eval-data", "beam", "100K"), json: false, show: 0, pairs: path.join(HERE, "..", "test", "fixtures", "supersession", "pairs.json") };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json") o.json = true;
    else if (a === "--data") o.data = argv[++i];
    else if (a === "--pairs") o.pairs = argv[++i];
    else if (a === "--show") o.show = Number(argv[++i]);
    else throw new Error(`unknown option ${a}; see the top of scripts/eval-links.mjs`);
  }
  return o;
}

const ratio = (a, b) => (b === 0 ? null : Math.round((1000 * a) / b) / 1000);

/** The labelled pairs in one pool; returns precision/recall per kind and the false links. */
export function scorePairs(pairs) {
  const placed = [];
  const owner = new Map();
  let id = 0;
  pairs.forEach((p, i) => {
    [p.older, p.newer].forEach((text, side) => {
      const day = Date.parse("2026-01-01T12:00:00Z") + (2 * i + side) * DAY;
      for (const st of extractStatements(text)) {
        placed.push({ id, path: `memory/pair-${i}-${side}.md`, order: day + st.line, st: withFixedValues(st) });
        owner.set(id++, { pair: i, side, text: st.text });
      }
    });
  });
  const links = linkWithClashes(placed);
  const out = {};
  const wrong = [];
  for (const kind of ["update", "contradiction"]) {
    const made = links.filter((l) => l.kind === kind);
    const right = made.filter((l) => {
      const o = owner.get(l.older);
      const n = owner.get(l.newer);
      return o.pair === n.pair && o.side !== n.side && pairs[o.pair].label === kind && (kind === "contradiction" || o.side === 0);
    });
    for (const l of made) if (!right.includes(l)) wrong.push({ kind, older: owner.get(l.older).text, newer: owner.get(l.newer).text, slot: l.slot, label: pairs[owner.get(l.older).pair].why });
    const wanted = pairs.map((p, i) => ({ p, i })).filter(({ p }) => p.label === kind);
    const found = wanted.filter(({ i }) => right.some((l) => owner.get(l.older).pair === i));
    out[kind] = { links: made.length, right: right.length, precision: ratio(right.length, made.length), recall: ratio(found.length, wanted.length), labelled: wanted.length };
  }
  const byWhy = {};
  for (const p of pairs) if (p.label === "none") byWhy[p.why] = (byWhy[p.why] ?? 0) + 1;
  return { pairs: pairs.length, ...out, notLinkedKinds: byWhy, wrong };
}

const flat = (ids) => (Array.isArray(ids) ? ids.flat(Infinity) : []).filter((x) => Number.isInteger(x));

function userStatements(chat) {
  const placed = [];
  const msgOf = new Map();
  let id = 0;
  let prev = null;
  chat.forEach((batch) => {
    const turns = [];
    const walk = (t) => (Array.isArray(t) ? t.forEach(walk) : turns.push(t));
    walk(batch.turns);
    const anchor = batch.time_anchor ?? turns.find((t) => t.time_anchor)?.time_anchor;
    const day = anchorDate(anchor) ?? (prev ? new Date(Date.parse(`${prev}T00:00:00Z`) + DAY).toISOString().slice(0, 10) : "2024-01-01");
    prev = day;
    const start = Date.parse(`${day}T08:00:00Z`);
    turns.forEach((t, i) => {
      if (t.role === "assistant") return;
      for (const st of turnStatements(String(t.content ?? ""), i + 1)) {
        placed.push({ id, path: `sessions/beam-b${batch.batch_number}.jsonl`, order: start + i * 60000, st: withFixedValues(st) });
        msgOf.set(id++, { msg: t.id, text: st.text });
      }
    });
  });
  return { placed, msgOf };
}

/** Link precision/recall on BEAM's knowledge-update and contradiction questions. */
export function scoreBeam(data) {
  if (!existsSync(data)) return { skipped: `no BEAM data at ${data}` };
  const tally = { update: { links: 0, right: 0, asked: 0, found: 0 }, contradiction: { links: 0, right: 0, asked: 0, found: 0 } };
  const wrong = [];
  const convs = readdirSync(data).filter((d) => existsSync(path.join(data, d, "chat.json"))).sort((a, b) => Number(a) - Number(b));
  for (const c of convs) {
    const chat = JSON.parse(readFileSync(path.join(data, c, "chat.json"), "utf8"));
    const probes = JSON.parse(readFileSync(path.join(data, c, "probing_questions.json"), "utf8"));
    const { placed, msgOf } = userStatements(chat);
    const links = linkWithClashes(placed);
    const pairsOf = {
      update: (probes.knowledge_update ?? []).map((q) => [flat(q.source_chat_ids?.original_info), flat(q.source_chat_ids?.updated_info)]),
      contradiction: (probes.contradiction_resolution ?? []).map((q) => [flat(q.source_chat_ids?.first_statement), flat(q.source_chat_ids?.second_statement)]),
    };
    for (const kind of ["update", "contradiction"]) {
      const pairs = pairsOf[kind].filter(([a, b]) => a.length > 0 && b.length > 0 && !a.some((x) => b.includes(x)));
      const joins = (l, [a, b]) => {
        const o = msgOf.get(l.older).msg;
        const n = msgOf.get(l.newer).msg;
        return (a.includes(o) && b.includes(n)) || (kind === "contradiction" && a.includes(n) && b.includes(o));
      };
      const made = links.filter((l) => l.kind === kind);
      const t = tally[kind];
      t.links += made.length;
      t.asked += pairs.length;
      t.found += pairs.filter((p) => made.some((l) => joins(l, p))).length;
      for (const l of made) {
        if (pairs.some((p) => joins(l, p))) t.right++;
        else wrong.push({ conv: c, kind, older: msgOf.get(l.older).text, newer: msgOf.get(l.newer).text, slot: l.slot });
      }
    }
  }
  const res = { conversations: convs.length };
  for (const [k, t] of Object.entries(tally)) res[k] = { links: t.links, right: t.right, precision: ratio(t.right, t.links), recall: ratio(t.found, t.asked), asked: t.asked };
  return { ...res, wrong };
}

function show(title, r, n) {
  for (const kind of ["update", "contradiction"]) {
    const k = r[kind];
    console.log(`  ${title.padEnd(8)} ${kind.padEnd(14)} precision ${k.precision ?? "n/a"}  recall ${k.recall ?? "n/a"}  (${k.right}/${k.links} links right; ${k.labelled ?? k.asked} labelled)`);
  }
  for (const w of r.wrong.slice(0, n)) console.log(`    ✗ ${w.kind} [${w.slot}]${w.label ? ` (${w.label})` : ""}\n      old: ${w.older.slice(0, 160)}\n      new: ${w.newer.slice(0, 160)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const o = parseArgs(process.argv.slice(2));
  const pairs = JSON.parse(readFileSync(o.pairs, "utf8")).pairs;
  const labelled = scorePairs(pairs);
  const beam = scoreBeam(o.data);
  if (o.json) console.log(JSON.stringify({ labelled: { ...labelled, wrong: labelled.wrong.length }, beam: beam.skipped ? beam : { ...beam, wrong: beam.wrong.length } }, null, 2));
  else {
    console.log(`supersession links — labelled pairs (${labelled.pairs}) and BEAM`);
    show("labelled", labelled, o.show);
    if (beam.skipped) console.log(`  beam — skipped: ${beam.skipped}`);
    else show("beam", beam, o.show);
  }
}
