/**
 * A parsed request as the engine's call takes it. Without the schema library (the CLI uses
 * this on its hot path): the types come from requests.ts as types only.
 */
import type { PlanOptions } from "../search/plan.js";
import type { SearchFilters } from "../search/filters.js";
import type { AskRequest, BootRequest, ContextRequest, ReadRequest, SearchRequest } from "./requests.js";

/** Leaves out the fields that were not given, so the engine sees exactly what the caller set. */
export function given<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** `engine.search(req.query, searchOptions(req))`: the contract's flat fields onto the engine's options and filters. */
export function searchOptions(r: Omit<SearchRequest, "query">): PlanOptions {
  const filters: SearchFilters = given({
    source: r.source,
    dateFrom: r.from,
    // "As of" a day is the notes up to that day: what a later note replaced was still current then.
    dateTo: r.asOf !== undefined && (r.to === undefined || r.asOf < r.to) ? r.asOf : r.to,
    asOf: r.asOf,
    project: r.project,
    annotations: r.annotations && Object.keys(r.annotations).length > 0 ? (r.annotations as Record<string, string>) : undefined,
  });
  return given({
    limit: r.limit,
    explain: r.explain,
    mode: r.mode,
    minScore: r.minScore,
    rerank: r.rerank,
    session: r.session,
    filters: Object.keys(filters).length > 0 ? filters : undefined,
  });
}

/** `(await engine.assist()).boot(req.query ?? "", bootOptions(req))`. */
export function bootOptions(r: BootRequest): Omit<BootRequest, "query"> {
  const { query: _query, ...rest } = r;
  return given(rest);
}

/** `(await engine.assist()).ask(req.question, askOptions(req))`. */
export function askOptions(r: AskRequest): Omit<AskRequest, "question"> {
  const { question: _question, ...rest } = r;
  return given(rest);
}

export function contextOptions(r: ContextRequest): ContextRequest {
  return given(r);
}

/** `(await engine.assist()).readFile(req.path, readOptions(req))`. */
export function readOptions(r: ReadRequest): Omit<ReadRequest, "path"> {
  const { path: _path, ...rest } = r;
  return given(rest);
}

/**
 * A query string (the web page's GET parameters) as a request object: the named number and
 * true/false fields read as such when they look like one (anything else goes on to be refused
 * by the schema with the contract's sentence), `annotations.KEY=value` into the annotations
 * object, empty values left out (an empty filter box is no filter).
 */
export function fromQueryString(q: URLSearchParams, kinds: { numbers?: readonly string[]; flags?: readonly string[] } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const ann: Record<string, string> = {};
  for (const [k, v] of q.entries()) {
    if (v === "") continue;
    if (k.startsWith("annotations.")) ann[k.slice("annotations.".length)] = v;
    else if (kinds.numbers?.includes(k) && v.trim() !== "" && Number.isFinite(Number(v))) out[k] = Number(v);
    else if (kinds.flags?.includes(k) && (v === "true" || v === "false" || v === "1" || v === "0")) out[k] = v === "true" || v === "1";
    else out[k] = v;
  }
  if (Object.keys(ann).length > 0) out.annotations = ann;
  return out;
}
