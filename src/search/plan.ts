/**
 * The search plan: everything a search needs to know about its query, read once from the
 * string and the caller's options, then handed to every stage (pipeline/run.ts lists them) and to
 * every caller that needs the query's words (rerank, boot). Nothing after this module parses
 * the query string again.
 *
 * A plan is immutable. Two things are learnt after it is made, and each gives a new plan:
 * which embedder answered (`withVectors`: the effective mode, the vector weight, the cosine
 * level) and which quoted phrases no note contains (`relaxing`: the relaxed-phrase retry).
 */
import type { SessionType } from "../workspace/privacy.js";
import { checkQuerySize } from "./bound.js";
import type { SearchConfig } from "./config.js";
import { iso, todayIn, type Tense } from "./dates/calendar.js";
import { tenseOf, withoutAheadFrame } from "./query/date-tense.js";
import { resolveDates, type DateRange } from "./dates/dates.js";
import type { ScopedFilters, SearchFilters } from "./filters.js";
import { operatorSpans, parseQuery, withoutOperators, type ParsedQuery, type Respelling, type WorkspaceForm } from "./query/query.js";

import { impossibleDates } from "./dates/impossible.js";
import { asksWhen } from "./dates/when.js";
import { providerOf, VECTOR_FLOORS } from "./weights.js";

export type SearchMode = "hybrid" | "keyword" | "vector";

export interface SearchOptions {
  limit?: number;
  filters?: SearchFilters;
  explain?: boolean;
  /** Overrides search.mode for one query. */
  mode?: SearchMode;
  /** Raises the floor: results scoring below this (0..1) are left out (`--min-score`). */
  minScore?: number;
  /** Each result carries its chunk's whole text (what a reranking model reads). */
  withText?: boolean;
  /**
   * The query is text, not search syntax: quotes and a leading minus are ordinary characters
   * (no must-match phrase, no exclusion). What an assistant's prompt is searched with: the
   * person wrote it to the assistant, not to the search.
   */
  literal?: boolean;
}

export interface PlanOptions extends SearchOptions {
  /** Privacy scope of the caller: group and isolated sessions never get private files. */
  session?: SessionType;
  /** Overrides search.rerank.enabled for one query. */
  rerank?: boolean;
}

/** How the query's date phrase ("last week") is used. */
export interface DateReading {
  /** The days it names, and the words that named them; null when the query names no time. */
  range: (DateRange & { text: string }) | null;
  /** "boost": notes of that time rank higher; "filter": only they are searched (search.dates.mode). */
  mode: "boost" | "filter";
  /** The question asks for a time ("when did …", "how long …"): see when.ts. */
  asksWhen: boolean;
  /** Which way the question looks for a date without a year (date-tense.ts); null: the nearer day. */
  tense: Tense | null;
  /**
   * "dated": the notes written in those days. "mentions": the days are after today (or today
   * and days after it), so few notes are dated then; the notes that name a day of them are
   * searched too.
   */
  searched: "dated" | "mentions";
  /** Dates the query writes that no calendar has ("31 February"): searched as words, and said so (dates/impossible.ts). */
  impossible: readonly string[];
}

/** The relevance floor's levels for this query (the measures are taken per result, floor.ts). */
export interface FloorLevels {
  enabled: boolean;
  keywordCoverage: number;
  /** Cosine a result needs to be evidence by meaning alone; null when vectors cannot be evidence here. */
  vectorCosine: number | null;
  /** The embedding provider the cosine level belongs to. */
  vectorModel: string | null;
  minScore: number | null;
}

/** What the embedder said, once asked: known only after the plan is made. */
export interface VectorReading {
  /** Whether the query has a vector (an embedder answered and the query has words to embed). */
  hasVector: boolean;
  /** Model id the index's vectors (or the query's) were made with: it picks the cosine level. */
  model: string | null;
  /** Share of the vector list in fusion (search.fusion.vectorWeight, or the provider's default). */
  weight: number;
}

export interface VectorSettings extends VectorReading {
  /**
   * The cosine at which the model's similarity counts as evidence (search.floor.vectorCosine,
   * else the model's calibrated level): the floor's vector level outside keyword mode, and
   * what fusion scales by with search.fusion.scaleByCosine.
   */
  level: number | null;
}

export interface SearchPlan {
  /** The query as the caller wrote it. */
  readonly query: string;
  /** The query without its date words: what keywords see (search syntax included). */
  readonly text: string;
  /** What the embedder reads: `text` without exclusions and quote marks; "" for a date-only query. */
  readonly embedText: string;
  /** `text` parsed: words and their forms and spellings, phrases, exclusions, FTS5 expressions. */
  readonly parsed: ParsedQuery;
  /** The query is read as text only: no phrases, no exclusions (SearchOptions.literal). */
  readonly literal: boolean;
  /** Quoted phrases no note contains, searched as plain words instead (see `relaxing`). */
  readonly relaxed: readonly string[];
  /** Query words no note contains, and the nearest indexed terms searched for them (see `withSpellings`). */
  readonly spellings: readonly Respelling[];
  /** Query words the notes also write another way, and those ways (see `withForms`). */
  readonly forms: readonly WorkspaceForm[];
  /** The words of the whole question, date words included: what a reranking model's passages and boot's snippets are cut around. */
  readonly questionWords: readonly string[];
  readonly dates: DateReading;
  /** The mode asked for; after `withVectors`, the mode that can run (keyword when the query has no vector). */
  readonly mode: SearchMode;
  readonly vectors: VectorSettings;
  /** Results the stages return (with `rerank`, the model's candidates: it reads that many). */
  readonly limit: number;
  /** Candidates each list offers, and how many of the best MMR reorders. */
  readonly pool: number;
  /** The caller's filters, with a date range in filter mode narrowed to it, and the privacy scope. */
  readonly filters: Readonly<ScopedFilters>;
  readonly floor: Readonly<FloorLevels>;
  /** Whether the caller may see private files (MEMORY.md, USER.md, daily notes, transcripts): main sessions only. */
  readonly privateFiles: boolean;
  readonly session: SessionType;
  /** Set when a second-stage model reorders the results (search.rerank, `--rerank`). */
  readonly rerank: RerankPlan | null;
  readonly explain: boolean;
  /** Each result carries its chunk's whole text (the caller asked, or a reranking model reads it). */
  readonly withText: boolean;
  /** The settings the stages and score factors read. */
  readonly config: SearchConfig;
  /** The plan with these phrases searched as plain words: the retry when no note contains them. */
  relaxing(phrases: readonly string[]): SearchPlan;
  /** The plan once the embedder answered (or did not). */
  withVectors(v: VectorReading): SearchPlan;
  /** The plan with these words also searched as their nearest indexed terms (typos.ts): the candidates stage learns them. */
  withSpellings(spellings: readonly Respelling[]): SearchPlan;
  /** The plan with these words also searched as the other ways the notes write them (workspace-forms.ts). */
  withForms(forms: readonly WorkspaceForm[]): SearchPlan;
}

/** What the second stage does with the first stage's results. */
export interface RerankPlan {
  /** Results the caller gets after reranking. */
  limit: number;
  /** Whether they keep their whole text (the caller asked for it). */
  keepText: boolean;
}

export interface PlanEnvironment {
  nowMs: number;
  config: SearchConfig;
}

/** Reads the query and the options into a plan. Pure: "now" and the settings are passed in. */
export function planSearch(query: string, opts: PlanOptions, env: PlanEnvironment): SearchPlan {
  checkQuerySize(query);
  const cfg = env.config;
  const tense = tenseOf(query) ?? null;
  const literal = opts.literal === true;
  const split = splitDates(query, env.nowMs, cfg, tense, literal);
  const { embedText, range } = split;
  const text = literal ? split.text : withoutAheadFrame(split.text, query, asksWhen(query));
  const searched = range !== null && aheadOf(range, todayIso(env.nowMs, cfg)) ? "mentions" : "dated";
  const dateMode: "filter" | "boost" = cfg.dates.mode === "filter" ? "filter" : "boost";
  const session = opts.session ?? "main";
  const filters: ScopedFilters = { ...opts.filters };
  // Private files are out of scope for a group or isolated session: a condition of every candidate query.
  if (session !== "main") filters.publicOnly = true;
  // A day to come has no notes of its own: filtering to it would leave nothing to find.
  if (range && dateMode === "filter" && searched === "dated") {
    filters.dateFrom = maxStr(filters.dateFrom, range.from);
    filters.dateTo = minStr(filters.dateTo, range.to);
  }
  const asked = opts.limit ?? cfg.limit;
  // A date-only query ("what happened yesterday") has no question for a model to judge by.
  const rerank = (opts.rerank ?? cfg.rerank.enabled) && embedText !== "" ? { limit: asked, keepText: opts.withText === true } : null;
  // The model reads `candidates` results, whole: the first stage returns that many, with text.
  const limit = rerank ? Math.max(asked, cfg.rerank.candidates) : asked;
  const mode = opts.mode ?? cfg.mode;
  const minScore = opts.minScore ?? cfg.floor.minScore ?? null;
  const fields: PlanFields = {
    query,
    text,
    embedText,
    parsed: parseQuery(text, undefined, undefined, literal),
    literal,
    relaxed: [],
    spellings: [],
    forms: [],
    questionWords: query.trim() === "" ? [] : parseQuery(query).words,
    dates: { range, mode: dateMode, asksWhen: cfg.dates.whenBoost > 1 && asksWhen(query), tense, searched, impossible: cfg.dates.mode === "off" ? [] : impossibleDates(query) },
    mode,
    vectors: { hasVector: false, model: null, weight: 0, level: null },
    limit,
    pool: limit * cfg.candidateMultiplier,
    filters,
    floor: { enabled: cfg.floor.enabled, keywordCoverage: cfg.floor.keywordCoverage, vectorCosine: null, vectorModel: null, minScore },
    privateFiles: session === "main",
    session,
    rerank,
    explain: opts.explain === true,
    withText: rerank !== null || opts.withText === true,
    config: cfg,
  };
  return makePlan(fields);
}

type PlanFields = Omit<SearchPlan, "relaxing" | "withVectors" | "withSpellings" | "withForms">;

function makePlan(f: PlanFields): SearchPlan {
  const reparsed = (g: PlanFields): PlanFields => ({
    ...g,
    parsed: parseQuery(g.text, new Set(g.relaxed), new Map(g.spellings.map((s) => [s.word, s.terms])), g.literal, new Map(g.forms.map((s) => [s.word, s.terms]))),
  });
  const plan: SearchPlan = {
    ...f,
    relaxing: (phrases) => (phrases.length === 0 ? plan : makePlan(reparsed({ ...f, relaxed: [...phrases] }))),
    withVectors: (v) => makePlan(withVectorFields(f, v)),
    withSpellings: (spellings) => (spellings.length === 0 ? plan : makePlan(reparsed({ ...f, spellings: [...spellings] }))),
    withForms: (forms) => (forms.length === 0 ? plan : makePlan(reparsed({ ...f, forms: [...forms] }))),
  };
  return Object.freeze(plan);
}

function withVectorFields(f: PlanFields, v: VectorReading): PlanFields {
  const mode: SearchMode = !v.hasVector && f.mode !== "keyword" ? "keyword" : f.mode;
  const provider = providerOf(v.model);
  const level = f.config.floor.vectorCosine ?? (provider ? (VECTOR_FLOORS[provider] ?? null) : null);
  const keywordOnly = mode === "keyword";
  return { ...f, mode, vectors: { ...v, level }, floor: { ...f.floor, vectorCosine: keywordOnly ? null : level, vectorModel: keywordOnly ? null : provider } };
}

/** Splits the date expressions off a query ("... last week") against "now". */
function splitDates(query: string, nowMs: number, config: SearchConfig, tense: Tense | null, literal: boolean): { text: string; embedText: string; range: DateReading["range"] } {
  const plain = (text: string) => ({ text, embedText: literal ? literalEmbedText(text) : withoutOperators(text) });
  if (config.dates.mode === "off") return { ...plain(query), range: null };
  const opts = { ...(config.dates.timeZone ? { timeZone: config.dates.timeZone } : {}), ...(tense ? { tense } : {}) };
  // Quoted phrases and exclusions are the user's exact words: "last week" in quotes is a
  // phrase to find, and -yesterday excludes a word; neither names a time.
  const { masked, restore } = literal ? { masked: query, restore: (s: string) => s } : maskOperators(query);
  const d = resolveDates(masked, new Date(nowMs), opts);
  if (!d.range) return { ...plain(query), range: null };
  // Only the date words: nothing is left for keywords or the embedder; the date range alone
  // selects the notes (the dated listing).
  const text = restore(d.rest.trim());
  return { ...plain(text), range: { ...d.range, text: d.matches.map((m) => m.text).join(", ") } };
}

/**
 * Whether the days asked about are still to come: all after today, or today and days after it
 * ("this week" asked on its Monday), whose notes are mostly not written yet; the notes
 * that name them are searched, and today's own note with them.
 */
function aheadOf(range: { from: string; to: string }, today: string): boolean {
  return range.from > today || (range.from === today && range.to > today);
}

function todayIso(nowMs: number, config: SearchConfig): string {
  return iso(todayIn(new Date(nowMs), config.dates.timeZone));
}

/** Replaces each operator span by a placeholder of private-use characters, which no date rule reads. */
function maskOperators(query: string): { masked: string; restore: (s: string) => string } {
  const spans = operatorSpans(query);
  if (spans.length === 0) return { masked: query, restore: (s) => s };
  const taken: string[] = [];
  let masked = "";
  let pos = 0;
  for (const [start, end] of spans) {
    masked += query.slice(pos, start) + "\uE000" + String.fromCharCode(0xe100 + taken.length) + "\uE001";
    taken.push(query.slice(start, end));
    pos = end;
  }
  masked += query.slice(pos);
  return { masked, restore: (s) => s.replace(/\uE000([\uE100-\uEFFF])\uE001/g, (_m, c: string) => taken[c.charCodeAt(0) - 0xe100] ?? "") };
}

/** What the embedder reads of a literal query: its text, whitespace collapsed; "" without a letter or digit. */
function literalEmbedText(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return /[\p{L}\p{N}]/u.test(t) ? t : "";
}

/** The later of two YYYY-MM-DD bounds (an absent one loses). */
export function maxStr(a: string | undefined, b: string): string {
  return a === undefined || b > a ? b : a;
}

/** The earlier of two YYYY-MM-DD bounds (an absent one loses). */
export function minStr(a: string | undefined, b: string): string {
  return a === undefined || b < a ? b : a;
}
