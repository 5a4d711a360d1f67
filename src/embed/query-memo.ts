/**
 * An engine's memory of the query vectors it computed lately, by exact query text.
 * An assistant asks the same thing again (a retried turn, the same question from two fronts,
 * a user re-running a search with another flag), and each time the model ran again: on
 * USE-lite ~14 ms of CPU and a round trip to its worker, most of a warm hybrid answer. The
 * vector of a text is a function of the model and the text alone, so a remembered one is the
 * very vector the model would give (a copy of its bits). Only single-text query calls are
 * remembered: notes' windows go through the embedding cache (cache.ts) and batches are
 * indexing work. The engine decorates the embedder it selects, in place, so whoever holds
 * it (the daemon, an MCP stdio server, a library user, the engine's jobs) sees one embedder
 * with all its other methods as they were.
 *
 * A query is redacted here first (the same rules as every captured text): a key typed into a
 * search would otherwise go to the embedding model (an Ollama server may be another machine)
 * and be kept here as the memory's key. Its placeholder embeds instead, and a query with the key
 * and one with its placeholder are one remembered query.
 */
import { redact } from "../shared/redact.js";
import type { EmbedOptions, Embedder } from "./types.js";

/** How many query vectors are kept (512-d float32: 2 KB each, so 256 KB at most for USE-lite). */
export const QUERY_MEMO_SIZE = 128;

const MEMO = Symbol("query memo");

type Memoised = Embedder & { [MEMO]?: Map<string, Float32Array> };

/** Makes `e` remember its last `size` query vectors (least recently used goes first); idempotent. */
export function rememberQueries(e: Embedder, size = QUERY_MEMO_SIZE): void {
  const m = e as Memoised;
  if (m[MEMO] !== undefined) return;
  const kept = new Map<string, Float32Array>(); // insertion order is recency: a hit moves to the end
  m[MEMO] = kept;
  // Query texts being computed now, by text (a failed call is forgotten: the next one tries again).
  const inFlight = new Map<string, Promise<Float32Array[]>>();
  const embed = e.embed.bind(e);
  m.embed = async (typed: string[], opts?: EmbedOptions): Promise<Float32Array[]> => {
    const texts = opts?.kind === "query" ? typed.map(redact) : typed;
    const text = texts.length === 1 && opts?.kind === "query" ? texts[0]! : undefined;
    if (text === undefined) return embed(texts, opts);
    const hit = kept.get(text);
    if (hit !== undefined) {
      kept.delete(text);
      kept.set(text, hit);
      // A copy: the caller owns what it is given, and may scale or reuse it.
      return [hit.slice()];
    }
    // The same query already on its way to the model (the engine starts a search's query as
    // soon as it is planned, and the pipeline asks for it again): one model call, both wait on it.
    const going = inFlight.get(text);
    if (going !== undefined) return (await going).map((v) => v.slice());
    const call = embed(texts, opts);
    // Copied before the first caller gets the rows (this reaction comes first): it may change them.
    const shared = call.then((rows) => rows.map((r) => r.slice()));
    shared.catch(() => undefined);
    inFlight.set(text, shared);
    let out: Float32Array[];
    try {
      out = await call;
    } finally {
      inFlight.delete(text);
    }
    const v = out[0];
    if (v !== undefined && out.length === 1) {
      kept.set(text, v.slice());
      if (kept.size > size) kept.delete(kept.keys().next().value!);
    }
    return out;
  };
}

/** Whether `e` remembers its queries (and so joins a second call for a query on its way): see rememberQueries. */
export function remembersQueries(e: Embedder): boolean {
  return (e as Memoised)[MEMO] !== undefined;
}

/** How many query vectors `e` remembers now (0 when it does not remember any). */
export function rememberedQueries(e: Embedder): number {
  return (e as Memoised)[MEMO]?.size ?? 0;
}
