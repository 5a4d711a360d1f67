import { Option, type Command } from "commander";
import { searchOptions } from "../../contract/options.js";
import type { SearchRequest } from "../../contract/requests.js";
import { ANNOTATION_KEYS, checkChoice, checkDate, checkFraction, checkRequired, checkWhole, isAnnotationKey, MAX_LIMIT, rangeProblem, refuse, RequestError, say, SEARCH_MODES, SEARCH_SOURCES } from "../../contract/rules.js";
import { UsageError } from "../../engine/errors.js";
import type { FloorExplanation, NearMiss, SearchResult } from "../../search/search.js";
import type { SearchReport } from "../../search/report.js";
import { printJson, standard, warn, withCancel, withEngine, type WorkspaceOpts } from "../common.js";
import { viaDaemon, withDaemonOption, type DaemonRouting } from "../remote.js";

/** The flags, already checked by the contract's rules: each is one field of a search request. */
interface SearchCmdOpts extends WorkspaceOpts, DaemonRouting {
  limit?: number;
  explain?: boolean;
  source?: SearchRequest["source"];
  minScore?: number;
  mode?: SearchRequest["mode"];
  from?: string;
  to?: string;
  asOf?: string;
  project?: string;
  annotation?: string[];
  rerank?: boolean;
}

export function register(program: Command): void {
  withDaemonOption(standard(
      program
        .command("search")
        .description("search the agent's memory: keywords + meaning, recent notes first (reindexes changed files first)")
        .argument("<query...>", 'what to look for, in plain words; dates like "last week" or "in March" narrow it; a "quoted phrase" must appear, -word must not')
        .option("-n, --limit <n>", `number of results (default: search.limit, 10; at most ${MAX_LIMIT})`, (v) => checkWhole("limit", v, 1, MAX_LIMIT))
        .option("--explain", "show how each score was made")
        // The choices list the values for help and completion; the contract's rule checks them.
        .addOption(new Option("--source <source>", "only 'memory' (markdown), 'sessions' (transcripts) or 'reflections' (the engine's own reports, left out by default)").choices(SEARCH_SOURCES).argParser((v) => checkChoice("source", SEARCH_SOURCES, v)))
        .option("--min-score <x>", "raise the relevance floor: only results scoring at least this (0..1; a score may pass 1, up to about 2, when the date, recency and coverage factors multiply in: --explain shows them)", (v) => checkFraction("minScore", v))
        .addOption(new Option("--mode <mode>", "default: search.mode").choices(SEARCH_MODES).argParser((v) => checkChoice("mode", SEARCH_MODES, v)))
        .option("--from <date>", "only notes dated on or after YYYY-MM-DD", (v) => checkDate("from", v))
        .option("--to <date>", "only notes dated on or before YYYY-MM-DD", (v) => checkDate("to", v))
        .option("--as-of <date>", "answer with what was current on YYYY-MM-DD: later notes, and what they replaced, left out", (v) => checkDate("asOf", v))
        .option("--project <name>", "only chunks annotated project:: NAME (matched fuzzily)")
        .option("--annotation <key::value>", "only chunks with this annotation (ctx, project, meeting, mode); repeatable", collectAnnotation, [])
        .option("--rerank", "let a model judge and reorder the results: the LLM, or the cross-encoder of search.rerank.provider (default: search.rerank.enabled)")
        .option("--no-rerank", "skip the second stage even when search.rerank.enabled is set"),
  )).action(async (words: string[], opts: SearchCmdOpts) => {
    {
      const req = searchRequest(words, opts);
      const options = { explain: false, ...searchOptions(req) };
      // The running daemon answers warm when there is one; the answer is the same object. No
      // time limit on its answer: with reranking the model call can take minutes, and the
      // engine bounds it (search.rerank.timeoutMs); Ctrl-C cancels it, in the daemon too.
      const res = await withCancel(
        async (signal) =>
          (await viaDaemon<SearchReport>(opts, "search", req, { signal, timeoutMs: 0 })) ??
          (await withEngine(opts, (engine) => engine.search(req.query, { ...options, signal, front: "cli" }))),
      );
      if (res.vectors.warning) warn(res.vectors.warning);
      if (opts.json) {
        // The engine's whole answer, exactly what the MCP memory_search tool returns.
        return printJson(res);
      }
      if (res.vectors.pending && res.mode !== "keyword") {
        warn(`${res.vectors.missing} chunk(s) have no vectors yet and are found by keywords only; ${res.vectors.pending}`);
      }
      if (res.rerank?.error) warn(`reranking failed, results are in search order: ${res.rerank.error}`);
      else if (res.rerank) process.stdout.write(`reranked by ${res.rerank.model}: ${res.rerank.graded} of ${res.rerank.candidates} graded, ${res.rerank.dropped} unrelated left out (${(res.rerank.ms / 1000).toFixed(1)} s)\n`);
      if (res.dateRange) {
        const r = res.dateRange;
        const looked = r.reading.tense === "nearest" ? "no tense: the nearer day" : `the question looks ${r.reading.tense}`;
        const searched = r.reading.searched === "mentions" ? "notes that mention it" : "notes of that time";
        process.stdout.write(`dates: "${r.text}" → ${r.from}..${r.to} (${r.mode}; ${looked}; ${searched})\n`);
      }
      for (const notice of res.dateNotices ?? []) process.stdout.write(`dates: ${notice}\n`);
      if (res.spellings) process.stdout.write(`spelling: ${res.spellings.map((s) => `${s.word} → ${(s.shown ?? s.terms).join(", ")}`).join("; ")}\n`);
      if (res.syntax) {
        const q = (xs: string[]) => xs.map((x) => `"${x}"`).join(", ");
        const parts = [
          ...(res.syntax.phrases.length > 0 ? [`must contain ${q(res.syntax.phrases)}`] : []),
          ...(res.syntax.excluded.length > 0 ? [`must not contain ${q(res.syntax.excluded)}`] : []),
          ...(res.syntax.relaxed.length > 0 ? [`no note contains ${q(res.syntax.relaxed)}, searched as plain words`] : []),
        ];
        process.stdout.write(`phrases: ${parts.join("; ")}\n`);
      }
      const floor = res.explain?.floor;
      if (floor) process.stdout.write(formatFloor(floor));
      if (res.results.length === 0) process.stdout.write(`no results for "${req.query}"${res.reason ? `: ${res.reason}` : ""}\n`);
      res.results.forEach((r, i) => process.stdout.write(formatResult(r, i + 1)));
      if (floor && floor.nearMisses.length > 0) process.stdout.write(formatNearMisses(floor));
    }
  });
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
  if (r.supersededBy) out += `   replaced on ${r.supersededBy.date} by ${r.supersededBy.path}:${r.supersededBy.line}\n`;
  if (r.contradicts) out += `   contradicted by ${r.contradicts.map((c) => `${c.path}:${c.line} (${c.date})`).join(", ")}\n`;
  if (r.annotations) out += `   ${Object.entries(r.annotations).map(([k, vs]) => vs.map((v) => `${k}:: ${v}`).join("  ")).join("  ")}\n`;
  out += `   ${r.snippet}\n`;
  if (r.explain) {
    const e = r.explain;
    const f = (x: number) => (x !== 0 && Math.abs(x) < 0.001 ? x.toExponential(2) : x.toFixed(3));
    out +=
      `   explain: keyword ${f(e.keyword)}${e.bm25 === null ? (e.dateTerm > 0 ? ` (date term ${f(e.dateTerm)})` : " (no match)") : ` (bm25 ${f(e.bm25)}${e.dateTerm > 0 ? ` + date term ${f(e.dateTerm)}` : ""})`}` +
      `, vector ${f(e.vector)}${e.cosine === null ? " (not a neighbour)" : ` (cos ${f(e.cosine)})`}` +
      ` → fused ${f(e.fused)} = ${f(1 - e.vectorWeight)}·kw + ${f(e.vectorWeight)}·vec` +
      `; × decay ${f(e.decay)} × date ${f(e.dateBoost)}${e.dateMatch ? " (in range)" : ""}${e.whenBoost !== 1 ? ` × when ${f(e.whenBoost)} (states a time)` : ""}${e.coverageFactor !== 1 ? ` × coverage ${f(e.coverageFactor)}` : ""} = ${f(e.final)}` +
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

function collectAnnotation(value: string, prev: string[]): string[] {
  return [...prev, value];
}

/** The flags as a search request of the contract (--from → from, --annotation k::v → annotations.k). */
function searchRequest(words: string[], opts: SearchCmdOpts): SearchRequest {
  const req: SearchRequest = {
    query: checkRequired("query", words.join(" ")).trim(),
    ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
    ...(opts.explain ? { explain: true } : {}),
    ...(opts.mode ? { mode: opts.mode } : {}),
    ...(opts.source ? { source: opts.source } : {}),
    ...(opts.from ? { from: opts.from } : {}),
    ...(opts.to ? { to: opts.to } : {}),
    ...(opts.asOf ? { asOf: opts.asOf } : {}),
    ...(opts.project ? { project: opts.project } : {}),
    ...(opts.annotation && opts.annotation.length > 0 ? { annotations: parseAnnotationFilters(opts.annotation) } : {}),
    ...(opts.minScore !== undefined ? { minScore: opts.minScore } : {}),
    ...(opts.rerank !== undefined ? { rerank: opts.rerank } : {}),
  };
  refuse(rangeProblem(req));
  return req;
}

/** "mode::deep work" or "mode=deep work" → { mode: "deep work" }; keys ctx, project, meeting, mode. */
export function parseAnnotationFilters(specs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of specs) {
    const m = /^\s*(\w+)\s*(?:::|=)\s*(.+?)\s*$/.exec(spec);
    if (!m) throw new UsageError(`--annotation must look like "project::pharmacy" with a key among ${ANNOTATION_KEYS.join(", ")}, got "${spec}"`);
    const key = m[1]!.toLowerCase();
    if (!isAnnotationKey(key)) throw new RequestError(say.annotationKey(key));
    out[key] = m[2]!;
  }
  return out;
}
