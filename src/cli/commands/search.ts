import { Option, type Command } from "commander";
import { searchOptions } from "../../contract/options.js";
import type { SearchRequest } from "../../contract/requests.js";
import { ANNOTATION_KEYS, checkChoice, checkDate, checkFraction, checkRequired, checkWhole, isAnnotationKey, MAX_LIMIT, rangeProblem, refuse, RequestError, say, SEARCH_MODES, SEARCH_SOURCES } from "../../contract/rules.js";
import { UsageError } from "../../engine/errors.js";
import type { SearchReport } from "../../search/report.js";
import { standard, withCancel, withEngine, type WorkspaceOpts } from "../common.js";
import { printSearch } from "../search-print.js";
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
      printSearch(res, req.query, opts.json === true);
    }
  });
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
