/**
 * The opt-in second stage of search: the configured local model reads the first stage's
 * results and grades each one, and results are reordered by its grades (and, if asked,
 * those it calls unrelated are dropped). Keyword and vector scores only say a note shares
 * the question's words or sense; a language model can tell a note that answers from one
 * that retells the same event or shares only a name, which is where first-stage misses are.
 *
 * The prompt, the reply parsing and the reordering are pure; the call is made by the caller.
 */
import { parseLenientJson } from "../../llm/lenient-json.js";
import { estimatePromptTokens } from "../../llm/context.js";
import type { CompletionRequest, LLMProvider } from "../../llm/types.js";
import { makeSnippet } from "../text/snippet.js";

/** Below this a passage is cut to too little to judge; a window that cannot hold that refuses. */
const MIN_PASSAGE_CHARS = 200;

/** The question a model judges passages by, and its words (the plan's `questionWords`), which long passages are cut around. */
export interface RerankQuestion {
  text: string;
  words: readonly string[];
}

/** 2: answers the question or states what it asks; 1: same subject, no answer; 0: unrelated. */
export type Grade = 0 | 1 | 2;

export interface RerankPassage {
  path: string;
  date: string | null;
  heading: string;
  /** What the model reads: the whole chunk when the search carried it, else the snippet. */
  text?: string;
  snippet: string;
}

export interface RerankPromptOptions {
  /**
   * Longest passage text sent, in characters. A longer one is cut to the sentences around
   * the one sharing most words with the question (the snippet rule, at this length).
   */
  maxPassageChars: number;
  maxTokens?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const SYSTEM = [
  "You judge search results from a person's notes and past conversations.",
  "For each numbered passage, decide whether it helps answer the question:",
  "2 = it answers the question or states the fact the question asks for;",
  "1 = it is about the same subject but does not answer;",
  "0 = it is unrelated.",
  "Judge only what the passage says. Reply with JSON only, one entry per passage, in this form:",
  '{"grades": [{"id": 1, "grade": 2}, {"id": 2, "grade": 0}]}',
].join("\n");

/**
 * What constrained decoding (Ollama `format`, llama-cpp grammar) holds the reply to: one
 * entry per passage, ids among the passages' numbers, grades 0-2. A model under a grammar
 * then cannot skip a passage or invent one.
 */
export function rerankSchema(count: number): Record<string, unknown> {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  return {
    type: "object",
    properties: {
      grades: {
        type: "array",
        minItems: count,
        maxItems: count,
        items: {
          type: "object",
          properties: { id: { type: "integer", enum: ids }, grade: { type: "integer", enum: [0, 1, 2] } },
          required: ["id", "grade"],
        },
      },
    },
    required: ["grades"],
  };
}

/** One call grades every passage: a small model on a CPU pays its prompt once, not per passage. */
export function buildRerankRequest(question: RerankQuestion, passages: RerankPassage[], opts: RerankPromptOptions): CompletionRequest {
  const terms = [...question.words];
  const blocks = passages.map((p, i) => {
    const where = [p.path, p.date, p.heading].filter((x) => x !== null && x !== "").join(" · ");
    return `[${i + 1}] (${where})\n${clip(p.text ?? p.snippet, terms, opts.maxPassageChars)}`;
  });
  const req: CompletionRequest = {
    system: SYSTEM,
    messages: [{ role: "user", content: `Question: ${question.text.trim()}\n\nPassages:\n\n${blocks.join("\n\n")}\n\nGrade all ${passages.length} passages.` }],
    jsonSchema: rerankSchema(passages.length),
    // About 12 tokens per entry, plus room for a model that talks before its JSON.
    maxTokens: opts.maxTokens ?? 64 + 16 * passages.length,
    temperature: 0,
  };
  if (opts.timeoutMs !== undefined) req.timeoutMs = opts.timeoutMs;
  if (opts.signal) req.signal = opts.signal;
  return req;
}

function clip(text: string, terms: string[], max: number): string {
  const t = text.trim();
  return t.length <= max ? t : makeSnippet(t, terms, max);
}

export type RerankReply =
  | { ok: true; grades: Map<number, Grade>; /** What was read leniently, for --explain. */ notes: string[] }
  | { ok: false; reason: string };

/**
 * Grades by passage number (1-based) from what small local models really send: the asked-for
 * JSON, possibly fenced or wrapped in prose or a <think> block; a bare array; an object keyed
 * by number; grades as words ("relevant", "not relevant") or on a 0-10 scale; or one line per
 * passage ("[2] 0 - unrelated"). Numbers outside 1..count are ignored.
 */
export function parseRerankReply(text: string, count: number): RerankReply {
  const notes: string[] = [];
  // An unclosed <think> (the reply was cut off while reasoning) holds no grades either.
  const body = text.replace(/<think>[\s\S]*?(<\/think>|$)/gi, () => {
    notes.push("skipped the model's <think> block");
    return "";
  });
  const raw = readJson(body, notes);
  let pairs: [number, number][] = raw === null ? [] : pairsOf(raw);
  if (pairs.length === 0) {
    // A reply cut off by maxTokens mid-object still holds the entries written before the cut.
    pairs = entryPairs(body);
    if (pairs.length > 0) notes.push("read the complete entries of a JSON reply that does not parse");
  }
  if (pairs.length === 0) {
    pairs = linePairs(body);
    if (pairs.length > 0) notes.push("read the grades line by line");
  }
  const inRange = pairs.filter(([id]) => Number.isInteger(id) && id >= 1 && id <= count);
  if (inRange.length < pairs.length) notes.push(`ignored ${pairs.length - inRange.length} grade(s) for passages that do not exist`);
  if (inRange.length === 0) return { ok: false, reason: `no grades in the reply: "${excerpt(text)}"` };
  // A model that answered on another scale (0-10, 1-5) is mapped onto 0..2 by its own top.
  const top = Math.max(...inRange.map(([, g]) => g));
  const scale = top > 2 ? (top <= 5 ? 5 : top <= 10 ? 10 : 100) : 2;
  if (scale !== 2) notes.push(`the model graded on a 0-${scale} scale; mapped onto 0-2`);
  const grades = new Map<number, Grade>();
  for (const [id, g] of inRange) {
    if (grades.has(id)) continue;
    grades.set(id, Math.max(0, Math.min(2, Math.round((g / scale) * 2))) as Grade);
  }
  return { ok: true, grades, notes };
}

function readJson(text: string, notes: string[]): unknown {
  const unfenced = /```[\w-]*\s*\n?([\s\S]*?)(?:```|$)/.exec(text)?.[1] ?? text;
  const t = unfenced.trim();
  // A bare array: parseLenientJson reads objects only.
  const a = t.indexOf("[");
  const o = t.indexOf("{");
  if (a >= 0 && (o < 0 || a < o)) {
    const end = t.lastIndexOf("]");
    if (end > a) {
      try {
        return JSON.parse(t.slice(a, end + 1)) as unknown;
      } catch {
        // not JSON after all: try the object reader
      }
    }
  }
  const r = parseLenientJson(text);
  if (!r.ok) return null;
  notes.push(...r.repairs);
  return r.value;
}

/** [passage number, grade] pairs out of any of the JSON shapes models use. */
function pairsOf(v: unknown): [number, number][] {
  if (Array.isArray(v)) {
    const out: [number, number][] = [];
    v.forEach((item, i) => {
      if (typeof item === "object" && item !== null && !Array.isArray(item)) {
        const o = item as Record<string, unknown>;
        const id = idOf(o.id ?? o.passage ?? o.index ?? o.n ?? o.number ?? o.doc);
        const g = gradeOf(o.grade ?? o.score ?? o.relevance ?? o.rating ?? o.label ?? o.relevant);
        if (id !== null && g !== null) out.push([id, g]);
      } else {
        // [2, 0, 1]: grades in passage order.
        const g = gradeOf(item);
        if (g !== null) out.push([i + 1, g]);
      }
    });
    return out;
  }
  if (typeof v !== "object" || v === null) return [];
  const o = v as Record<string, unknown>;
  for (const key of ["grades", "results", "scores", "passages", "ratings", "judgments", "judgements"]) {
    if (key in o) return pairsOf(o[key]);
  }
  // {"1": 2, "2": 0} or {"passage 1": "relevant"}
  const out: [number, number][] = [];
  for (const [k, val] of Object.entries(o)) {
    const id = idOf(k);
    const g = gradeOf(val);
    if (id !== null && g !== null) out.push([id, g]);
  }
  return out;
}

function idOf(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string") {
    const m = /(\d+)/.exec(v);
    if (m) return Number(m[1]);
  }
  return null;
}

function gradeOf(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return Math.max(0, v);
  if (typeof v === "boolean") return v ? 2 : 0;
  if (typeof v !== "string") return null;
  const s = v.trim().toLowerCase();
  const n = /^(\d+(?:\.\d+)?)(?:\s*\/\s*(\d+))?/.exec(s);
  if (n) return n[2] ? (Number(n[1]) / Number(n[2])) * 2 : Number(n[1]);
  if (/\b(not|non|ir|un)[- ]?(relevant|related|helpful)\b|\bno\b|\bnone\b|\bfalse\b|\bunrelated\b|\birrelevant\b/.test(s)) return 0;
  if (/\b(partial|partially|somewhat|related|maybe|medium|some)\b/.test(s)) return 1;
  if (/\b(yes|true|relevant|answers|high|highly|fully|direct)\b/.test(s)) return 2;
  return null;
}

/** Every {"id": N, "grade": G} entry (either order, other key names) in broken JSON. */
function entryPairs(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(/\{[^{}]*\}/g)) {
    const idm = /"?(?:id|passage|index|n|number|doc)"?\s*:\s*"?\[?(\d+)/i.exec(m[0]);
    const gm = /"?(?:grade|score|relevance|rating|label|relevant)"?\s*:\s*("[^"]*"|[\w.]+)/i.exec(m[0]);
    const g = gm ? gradeOf(gm[1]!.replace(/"/g, "")) : null;
    if (idm && g !== null) out.push([Number(idm[1]), g]);
  }
  return out;
}

/** "[2] 0", "Passage 3: 2 - answers it", "1 - relevant" */
function linePairs(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const line of text.split("\n")) {
    const m = /^\s*(?:[-*]\s*)?(?:passage|doc(?:ument)?|result)?\s*\[?#?(\d+)\]?\s*[:.)=\-–]\s*(.+)$/i.exec(line);
    if (!m) continue;
    const g = gradeOf(m[2]!.replace(/^(grade|score|relevance)\s*[:=]?\s*/i, ""));
    if (g !== null) out.push([Number(m[1]), g]);
  }
  return out;
}

function excerpt(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

/**
 * The results ordered by grade, the first stage's order kept among equal grades. A passage the
 * model did not grade counts as 1: a model that stopped early is no evidence against it.
 * With `dropUnrelated`, grade 0 is left out.
 */
export function applyGrades<T>(results: T[], grades: Map<number, Grade>, dropUnrelated: boolean): { kept: { item: T; grade: Grade | null }[]; dropped: number } {
  const graded = results.map((item, i) => ({ item, grade: grades.get(i + 1) ?? null, i }));
  const kept = graded.filter((g) => !(dropUnrelated && g.grade === 0));
  kept.sort((a, b) => (b.grade ?? 1) - (a.grade ?? 1) || a.i - b.i);
  return { kept: kept.map(({ item, grade }) => ({ item, grade })), dropped: graded.length - kept.length };
}

/** What the second stage did, in the search answer. */
export interface RerankInfo {
  /** The model that graded: provider/model (a GGUF path by its file name). */
  model: string;
  /** Results the model was given. */
  candidates: number;
  /** How many it graded (a model that stops early grades fewer). */
  graded: number;
  /** Left out as unrelated (search.rerank.dropUnrelated). */
  dropped: number;
  ms: number;
  /** What the reply parser had to read leniently. */
  notes?: string[];
  /** Set when the model could not grade: the first stage's order was kept. */
  error?: string;
}

export interface RerankSettings {
  /** How many of the results, from the top, the model reads. */
  candidates: number;
  dropUnrelated: boolean;
  maxPassageChars: number;
  timeoutMs: number;
}

/** The fields of a search answer the second stage reads and writes. */
interface Rerankable<R extends RerankPassage> {
  results: R[];
  reason?: string;
  rerank?: RerankInfo;
}

/** A reranker model that scores passages against a question (embed/cross-encoder.ts). */
export interface RelevanceScorer {
  readonly model: string;
  score(question: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
}

/**
 * The results ordered by relevance (0..1), highest first, the first stage's order kept among
 * equal scores. With `minRelevance`, those below it are left out.
 */
export function applyRelevance<T>(results: T[], relevance: number[], minRelevance: number | null): { kept: { item: T; relevance: number }[]; dropped: number } {
  const scored = results.map((item, i) => ({ item, relevance: relevance[i] ?? 0, i }));
  const kept = scored.filter((s) => minRelevance === null || s.relevance >= minRelevance);
  kept.sort((a, b) => b.relevance - a.relevance || a.i - b.i);
  return { kept: kept.map(({ item, relevance }) => ({ item, relevance })), dropped: scored.length - kept.length };
}

interface Judged<R> {
  /** The graded head, reordered and annotated. */
  kept: R[];
  graded: number;
  dropped: number;
  notes: string[];
}

/**
 * What both second stages share: the model judges the first `candidates` results, any
 * further results follow them unjudged, the answer is cut to `limit` and loses the passages'
 * text unless `keepText`. `judge` returns its verdict, or a string saying why it could not,
 * which keeps the first stage's order with `rerank.error`; an abort through `signal` is
 * rethrown.
 */
async function secondStage<R extends RerankPassage, T extends Rerankable<R>>(
  model: string,
  res: T,
  limit: number,
  candidates: number,
  opts: { signal?: AbortSignal; nowMs?: () => number; keepText?: boolean },
  judge: (head: R[], strip: (r: R) => R) => Promise<Judged<R> | string>,
): Promise<T> {
  const now = opts.nowMs ?? (() => performance.now());
  const strip = (r: R): R => {
    if (opts.keepText) return r;
    const { text: _t, ...rest } = r;
    return rest as R;
  };
  if (res.results.length === 0) return { ...res, results: [] };
  const t0 = now();
  const head = res.results.slice(0, candidates);
  const tail = res.results.slice(candidates).map(strip);
  const info: RerankInfo = { model, candidates: head.length, graded: 0, dropped: 0, ms: 0 };
  const keepFirstStage = (error: string): T => ({ ...res, results: res.results.slice(0, limit).map(strip), rerank: { ...info, ms: Math.round(now() - t0), error } });
  let verdict: Judged<R> | string;
  try {
    verdict = await judge(head, strip);
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    verdict = e instanceof Error ? e.message : String(e);
  }
  if (typeof verdict === "string") return keepFirstStage(verdict);
  info.graded = verdict.graded;
  info.dropped = verdict.dropped;
  info.ms = Math.round(now() - t0);
  if (verdict.notes.length > 0) info.notes = verdict.notes;
  const results = [...verdict.kept, ...tail].slice(0, limit);
  const out: T = { ...res, results, rerank: info };
  if (results.length === 0) out.reason = `nothing relevant: ${info.model} judged all ${info.candidates} result(s) unrelated to the question`;
  return out;
}

/**
 * Asks `llm` to grade the first `settings.candidates` of `res.results` against the question
 * and returns the answer reordered (results beyond them follow, ungraded), cut to `limit`, without the passages' text unless `keepText`. A failed call (unreachable, timeout, a reply
 * with no grades) keeps the first stage's order and says why in `rerank.error`; an abort
 * through `signal` is rethrown.
 */
export async function rerankResponse<R extends RerankPassage & { grade?: Grade }, T extends Rerankable<R>>(
  llm: Pick<LLMProvider, "name" | "model" | "complete" | "contextSize">,
  question: RerankQuestion,
  res: T,
  limit: number,
  settings: RerankSettings,
  opts: { signal?: AbortSignal; nowMs?: () => number; keepText?: boolean } = {},
): Promise<T> {
  // A GGUF model is configured as a path: its file name says which model it is.
  const model = `${llm.name}/${llm.model.split(/[\\/]/).pop()}`;
  return secondStage(model, res, limit, settings.candidates, opts, async (head, strip) => {
    const fitNotes: string[] = [];
    const build = (chars: number) => buildRerankRequest(question, head, { maxPassageChars: chars, timeoutMs: settings.timeoutMs, ...(opts.signal ? { signal: opts.signal } : {}) });
    let chars = settings.maxPassageChars;
    let req = build(chars);
    // A small window (a GGUF run at 2,048 tokens) gets shorter passages rather than a refusal,
    // down to a floor below which a passage says too little to judge.
    const window = llm.contextSize ? await llm.contextSize(opts.signal) : undefined;
    if (window !== undefined) {
      const fits = () => estimatePromptTokens(req) + (req.maxTokens ?? 0) <= window * 0.9;
      while (!fits() && chars > MIN_PASSAGE_CHARS) {
        chars = Math.max(MIN_PASSAGE_CHARS, Math.floor(chars * 0.75));
        req = build(chars);
      }
      if (chars < settings.maxPassageChars) fitNotes.push(`passages cut to ${chars} characters to fit the model's ${window}-token window`);
    }
    const reply = (await llm.complete(req)).text;
    const parsed = parseRerankReply(reply, head.length);
    if (!parsed.ok) return parsed.reason;
    const { kept, dropped } = applyGrades(head, parsed.grades, settings.dropUnrelated);
    return {
      kept: kept.map(({ item, grade }) => (grade === null ? strip(item) : { ...strip(item), grade })),
      graded: parsed.grades.size,
      dropped,
      notes: [...fitNotes, ...parsed.notes],
    };
  });
}

/**
 * The same second stage with a cross-encoder: each of the first `settings.candidates` results
 * gets a relevance in 0..1 (`relevance` on the result), results are reordered by it, and with
 * `dropUnrelated` those below `minRelevance` are left out. The passages are cut as for the LLM.
 */
export async function crossEncodeResponse<R extends RerankPassage & { relevance?: number }, T extends Rerankable<R>>(
  scorer: RelevanceScorer,
  question: RerankQuestion,
  res: T,
  limit: number,
  settings: RerankSettings & { minRelevance: number },
  opts: { signal?: AbortSignal; nowMs?: () => number; keepText?: boolean } = {},
): Promise<T> {
  return secondStage(`cross-encoder/${scorer.model}`, res, limit, settings.candidates, opts, async (head, strip) => {
    const terms = [...question.words];
    const passages = head.map((p) => clip(p.text ?? p.snippet, terms, settings.maxPassageChars));
    // The model runs in this process: a timeout stops it between batches, like a cancel.
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let scores: number[];
    try {
      scores = await scorer.score(question.text, passages, signal);
    } catch (e) {
      if (timeout.aborted && !opts.signal?.aborted) return `the reranker took longer than ${settings.timeoutMs} ms`;
      throw e;
    }
    if (scores.length !== head.length) return `the reranker gave ${scores.length} scores for ${head.length} passages`;
    const { kept, dropped } = applyRelevance(head, scores, settings.dropUnrelated ? settings.minRelevance : null);
    return { kept: kept.map(({ item, relevance }) => ({ ...strip(item), relevance: Math.round(relevance * 1e4) / 1e4 })), graded: scores.length, dropped, notes: [] };
  });
}
