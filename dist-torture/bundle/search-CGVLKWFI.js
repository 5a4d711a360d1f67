import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  viaDaemon,
  withDaemonOption
} from "./chunk-UVXRVTYK.js";
import "./chunk-C7XSXXD5.js";
import {
  parseDateOption,
  parsePositiveInt,
  printJson,
  queryFrom,
  standard,
  warn,
  withEngine
} from "./chunk-EENKQGIA.js";
import {
  SEARCH_SOURCES
} from "./chunk-RVKSXO2E.js";
import {
  ANNOTATION_KEYS,
  isAnnotationKey
} from "./chunk-SOHIBQDK.js";
import {
  Option
} from "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/search.js
function register(program) {
  withDaemonOption(standard(program.command("search").description("search the agent's memory: keywords + meaning, recent notes first (reindexes changed files first)").argument("<query...>", 'what to look for, in plain words; dates like "last week" or "in March" narrow it').option("-n, --limit <n>", "number of results (default: search.limit, 10)", parsePositiveInt("--limit")).option("--explain", "show how each score was made").addOption(new Option("--source <source>", "only 'memory' (markdown), 'sessions' (transcripts) or 'reflections' (the engine's own reports, left out by default)").choices([...SEARCH_SOURCES])).option("--min-score <x>", "raise the relevance floor: only results scoring at least this (0..1)", parseScore).addOption(new Option("--mode <mode>", "default: search.mode").choices(["hybrid", "keyword", "vector"])).option("--from <date>", "only notes dated on or after YYYY-MM-DD", parseDateOption("--from")).option("--to <date>", "only notes dated on or before YYYY-MM-DD", parseDateOption("--to")).option("--project <name>", "only chunks annotated project:: NAME (matched fuzzily)").option("--annotation <key::value>", "only chunks with this annotation (ctx, project, meeting, mode); repeatable", collectAnnotation, []))).action(async (words, opts) => {
    const query = queryFrom(words, 'agent search "what did we decide about the database"');
    if (opts.from && opts.to && opts.from > opts.to)
      throw new UsageError(`--from ${opts.from} is after --to ${opts.to}`);
    {
      const filters = {
        ...opts.source ? { source: opts.source } : {},
        ...opts.from ? { dateFrom: opts.from } : {},
        ...opts.to ? { dateTo: opts.to } : {},
        ...opts.project ? { project: opts.project } : {},
        ...opts.annotation && opts.annotation.length > 0 ? { annotations: parseAnnotationFilters(opts.annotation) } : {}
      };
      const options = {
        ...opts.limit ? { limit: opts.limit } : {},
        explain: opts.explain ?? false,
        filters,
        ...opts.mode ? { mode: opts.mode } : {},
        ...opts.minScore !== void 0 ? { minScore: opts.minScore } : {}
      };
      const res = await viaDaemon(opts, "search", { query, options }) ?? await withEngine(opts, (engine) => engine.search(query, options));
      if (res.vectors.warning)
        warn(res.vectors.warning);
      if (opts.json) {
        return printJson(res);
      }
      if (res.vectors.missing > 0 && res.mode !== "keyword") {
        warn(`${res.vectors.missing} chunk(s) have no vectors yet and are found by keywords only; run \`agent index\` to embed them`);
      }
      if (res.dateRange)
        process.stdout.write(`dates: "${res.dateRange.text}" \u2192 ${res.dateRange.from}..${res.dateRange.to} (${res.dateRange.mode})
`);
      if (res.results.length === 0) {
        process.stdout.write(`no results for "${query}"${res.reason ? `: ${res.reason}` : ""}
`);
        return;
      }
      res.results.forEach((r, i) => process.stdout.write(formatResult(r, i + 1)));
    }
  });
}
function parseScore(v) {
  const x = Number(v);
  if (!Number.isFinite(x) || x < 0 || x > 1)
    throw new UsageError(`--min-score must be a number from 0 to 1, got "${v}"`);
  return x;
}
function formatResult(r, n) {
  const where = `${r.path}:${r.startLine}-${r.endLine}`;
  const date = r.date ? `  ${r.date}` : "";
  let out = `${n}. ${where}${date}  score ${r.score.toFixed(3)}
`;
  if (r.heading)
    out += `   ${r.heading}
`;
  if (r.annotations)
    out += `   ${Object.entries(r.annotations).map(([k, vs]) => vs.map((v) => `${k}:: ${v}`).join("  ")).join("  ")}
`;
  out += `   ${r.snippet}
`;
  if (r.explain) {
    const e = r.explain;
    const f = (x) => x !== 0 && Math.abs(x) < 1e-3 ? x.toExponential(2) : x.toFixed(3);
    out += `   explain: keyword ${f(e.keyword)}${e.bm25 === null ? " (no match)" : ` (bm25 ${f(e.bm25)})`}, vector ${f(e.vector)}${e.cosine === null ? " (not a neighbour)" : ` (cos ${f(e.cosine)})`} \u2192 fused ${f(e.fused)} = ${f(1 - e.vectorWeight)}\xB7kw + ${f(e.vectorWeight)}\xB7vec; \xD7 decay ${f(e.decay)} \xD7 date ${f(e.dateBoost)}${e.dateMatch ? " (in range)" : ""} = ${f(e.final)}; MMR penalty ${f(e.mmrPenalty)}
`;
  }
  return out;
}
function collectAnnotation(value, prev) {
  return [...prev, value];
}
function parseAnnotationFilters(specs) {
  const out = {};
  for (const spec of specs) {
    const m = /^\s*(\w+)\s*(?:::|=)\s*(.+?)\s*$/.exec(spec);
    if (!m || !isAnnotationKey(m[1].toLowerCase())) {
      throw new UsageError(`--annotation must look like "project::pharmacy" with a key among ${ANNOTATION_KEYS.join(", ")}, got "${spec}"`);
    }
    out[m[1].toLowerCase()] = m[2];
  }
  return out;
}
export {
  parseAnnotationFilters,
  register
};
//# sourceMappingURL=search-CGVLKWFI.js.map
