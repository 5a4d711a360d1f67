/**
 * What `agent search` prints for the engine's answer: the same lines whether the answer came
 * from this process's engine (commands/search.ts) or from the daemon through the thin client
 * (thin/search.ts). Node built-ins and types only, so the thin client stays small. What goes
 * to stdout is one string, written at once: the thin client writes it without a stream.
 */
import type { FloorExplanation, NearMiss, SearchResult } from "../search/search.js";
import type { SearchReport } from "../search/report.js";
import { warnLine as warn } from "./open-engine.js";

/** Prints a search's answer: warnings on stderr, the results (or with `json` the whole answer) on stdout, in one write. */
export function printSearch(res: SearchReport, query: string, json: boolean): void {
  for (const w of searchWarnings(res, json)) warn(w);
  process.stdout.write(searchText(res, query, json));
}

/** The warnings a search's answer carries, for stderr: all of them are said before any result. */
export function searchWarnings(res: SearchReport, json: boolean): string[] {
  const out: string[] = [];
  if (res.vectors.warning) out.push(res.vectors.warning);
  if (json) return out;
  if (res.vectors.pending && res.mode !== "keyword") {
    out.push(`${res.vectors.missing} chunk(s) have no vectors yet and are found by keywords only; ${res.vectors.pending}`);
  }
  if (res.rerank?.error) out.push(`reranking failed, results are in search order: ${res.rerank.error}`);
  return out;
}

/** What a search prints on stdout: the results as lines, or with `json` the engine's whole answer. */
export function searchText(res: SearchReport, query: string, json: boolean): string {
  // The engine's whole answer, exactly what the MCP memory_search tool returns.
  if (json) return JSON.stringify(res, null, 2) + "\n";
  let out = "";
  if (res.rerank && !res.rerank.error) out += `reranked by ${res.rerank.model}: ${res.rerank.graded} of ${res.rerank.candidates} graded, ${res.rerank.dropped} unrelated left out (${(res.rerank.ms / 1000).toFixed(1)} s)\n`;
  if (res.dateRange) {
    const r = res.dateRange;
    const looked = r.reading.tense === "nearest" ? "no tense: the nearer day" : `the question looks ${r.reading.tense}`;
    const searched = r.reading.searched === "mentions" ? "notes that mention it" : "notes of that time";
    out += `dates: "${r.text}" → ${r.from}..${r.to} (${r.mode}; ${looked}; ${searched})\n`;
  }
  for (const notice of res.dateNotices ?? []) out += `dates: ${notice}\n`;
  if (res.spellings) out += `spelling: ${res.spellings.map((s) => `${s.word} → ${(s.shown ?? s.terms).join(", ")}`).join("; ")}\n`;
  if (res.syntax) {
    const q = (xs: string[]) => xs.map((x) => `"${x}"`).join(", ");
    const parts = [
      ...(res.syntax.phrases.length > 0 ? [`must contain ${q(res.syntax.phrases)}`] : []),
      ...(res.syntax.excluded.length > 0 ? [`must not contain ${q(res.syntax.excluded)}`] : []),
      ...(res.syntax.relaxed.length > 0 ? [`no note contains ${q(res.syntax.relaxed)}, searched as plain words`] : []),
    ];
    out += `phrases: ${parts.join("; ")}\n`;
  }
  const floor = res.explain?.floor;
  if (floor) out += formatFloor(floor);
  if (res.results.length === 0) out += `no results for "${query}"${res.reason ? `: ${res.reason}` : ""}\n`;
  res.results.forEach((r, i) => (out += formatResult(r, i + 1)));
  if (floor && floor.nearMisses.length > 0) out += formatNearMisses(floor);
  return out;
}

const GRADE_WORDS = ["unrelated", "same subject", "answers"] as const;

function formatResult(r: SearchResult, n: number): string {
  const where = `${r.path}:${r.startLine}-${r.endLine}`;
  const date = r.date ? `  ${r.date}` : "";
  const grade = r.grade !== undefined ? `  grade ${r.grade} (${GRADE_WORDS[r.grade]})` : r.relevance !== undefined ? `  relevance ${r.relevance.toFixed(3)}` : "";
  // A conversation summary is the model's reading of a transcript, not the person's words: said so.
  const derived = r.kind === "summary" ? "  (conversation summary, derived)" : "";
  let out = `${n}. ${where}${date}  score ${r.score.toFixed(3)}${grade}${derived}\n`;
  if (r.heading) out += `   ${r.heading}\n`;
  if (r.supersededBy) out += `   replaced on ${r.supersededBy.date} by ${r.supersededBy.path}:${r.supersededBy.line}${r.supersededBy.movedTo ? `, moved to ${r.supersededBy.movedTo}` : ""}\n`;
  if (r.contradicts) out += `   contradicted by ${r.contradicts.map((c) => `${c.path}:${c.line} (${c.date})`).join(", ")}\n`;
  if (r.annotations) out += `   ${Object.entries(r.annotations).map(([k, vs]) => vs.map((v) => `${k}:: ${v}`).join("  ")).join("  ")}\n`;
  out += `   ${r.snippet}\n`;
  if (r.explain) {
    const e = r.explain;
    const f = (x: number) => (x !== 0 && Math.abs(x) < 0.001 ? x.toExponential(2) : x.toFixed(3));
    out +=
      `   explain: keyword ${f(e.keyword)}${e.bm25 === null ? (e.dateTerm > 0 ? ` (date term ${f(e.dateTerm)})` : " (no match)") : ` (bm25 ${f(e.bm25)}${e.listItem ? " of its best list item" : ""}${e.dateTerm > 0 ? ` + date term ${f(e.dateTerm)}` : ""})`}` +
      `, vector ${f(e.vector)}${e.cosine === null ? " (not a neighbour)" : ` (cos ${f(e.cosine)})`}` +
      ` → fused ${f(e.fused)} = ${f(1 - e.vectorWeight)}·kw + ${f(e.vectorWeight)}·vec` +
      `; × decay ${f(e.decay)} × date ${f(e.dateBoost)}${e.dateMatch ? " (in range)" : ""}${e.whenBoost !== 1 ? ` × when ${f(e.whenBoost)} (${e.whenBoost > 1 ? "states a time" : "undated, states no time"})` : ""}${e.amountBoost !== undefined && e.amountBoost !== 1 ? ` × amount ${f(e.amountBoost)} (states an amount)` : ""}${e.measureBoost !== undefined && e.measureBoost !== 1 ? ` × measure ${f(e.measureBoost)} (states a measure)` : ""}${e.coverageFactor !== 1 ? ` × coverage ${f(e.coverageFactor)}` : ""} = ${f(e.final)}` +
      `; MMR penalty ${f(e.mmrPenalty)}\n` +
      `   floor: ${e.evidence.length === 0 ? "no evidence (the floor is off)" : e.evidence.map((ev) => evidenceWords(ev, e.coverage, e.matched, e.cosine)).join(", ")}\n`;
  }
  return out;
}

/** The floor as this query applied it: its tests, how many candidates passed, and each term's weight. */
function formatFloor(fl: FloorExplanation): string {
  const tests = [`keyword coverage ≥ ${fl.keywordCoverage}`, ...(fl.vectorCosine !== null ? [`cosine ≥ ${fl.vectorCosine} (${fl.vectorModel})`] : [])];
  if (fl.dateOnly) return `floor: the query is only a date; its notes are the answer (${fl.passed} listed)\n`;
  const levels = fl.enabled ? tests.join(" or ") : "off";
  const min = fl.minScore !== null ? `, and score ≥ ${fl.minScore}` : "";
  let out = `floor: ${levels}${min}; ${fl.passed} of ${fl.candidates} candidate(s) passed\n`;
  if (fl.terms.length > 0) out += `terms: ${fl.terms.map((t) => `${t.term} (${t.forms ? `or ${t.forms.join(", ")}; ` : ""}in ${t.df} chunk${t.df === 1 ? "" : "s"}, idf ${t.idf.toFixed(3)})`).join(", ")}\n`;
  return out;
}

function formatNearMisses(fl: FloorExplanation): string {
  const lines = fl.nearMisses.map((m) => `   ${m.path}:${m.startLine}-${m.endLine}  score ${m.score.toFixed(3)}  ${shortfall(m, fl)}\n`);
  return `below the floor (best ${fl.nearMisses.length}):\n${lines.join("")}`;
}

/** Why a near miss was left out, in the floor's own measures. */
function shortfall(m: NearMiss, fl: FloorExplanation): string {
  if (m.evidence.length > 0 && fl.minScore !== null) return `score < --min-score ${fl.minScore} (evidence: ${m.evidence.join(", ")})`;
  const kw = m.matched.length === 0 ? "no query word" : `coverage ${m.coverage.toFixed(3)} < ${fl.keywordCoverage} (${m.matched.join(", ")})`;
  const vec = m.cosine === null || fl.vectorCosine === null ? "" : `, cos ${m.cosine.toFixed(3)} < ${fl.vectorCosine}`;
  return kw + vec;
}

function evidenceWords(ev: string, coverage: number, matched: string[], cos: number | null): string {
  if (ev === "keyword") return `keyword (coverage ${coverage.toFixed(3)}: ${matched.join(", ")})`;
  if (ev === "vector") return `vector (cos ${cos === null ? "?" : cos.toFixed(3)})`;
  if (ev === "date") return matched.length > 0 ? `date (of the time the query names, with ${matched.join(", ")})` : "date (of the time the query names)";
  return "phrase (contains the quoted phrase)";
}
