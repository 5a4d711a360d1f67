import { createHash } from "node:crypto";
import type { EmbedOptions } from "./types.js";

/**
 * Many embedding models were trained with a fixed prefix on each search query and another on
 * each passage (nomic: "search_query: " / "search_document: "), and match less well without
 * them. The family's prefixes are chosen from the model's name (and, for a GGUF file, its
 * architecture) unless the config sets them (`embed.queryPrefix`, `embed.documentPrefix`).
 * They change the vectors, so they are part of an embedder's `modelId`.
 */

export interface Prefixes {
  query: string;
  document: string;
}

export const NO_PREFIXES: Prefixes = { query: "", document: "" };

const RETRIEVAL_INSTRUCTION = "Represent this sentence for searching relevant passages: ";

/**
 * The prefixes a model family was trained with, from its name (a Hub id, an Ollama model, a
 * GGUF file's name) and, for GGUF files, its architecture. Unknown families get none, which
 * is right for MiniLM and for bge v1.5, whose query instruction is optional.
 */
export function familyPrefixes(name: string, architecture = ""): Prefixes {
  const arch = architecture.toLowerCase();
  const n = name.toLowerCase();
  if (arch === "gemma-embedding" || n.includes("embeddinggemma")) return { query: "task: search result | query: ", document: "title: none | text: " };
  if (arch.startsWith("nomic-bert") || n.includes("nomic-embed")) return { query: "search_query: ", document: "search_document: " };
  if (/qwen3[ _-]?embedding/.test(n)) {
    return { query: "Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery: ", document: "" };
  }
  if (/(^|[^a-z0-9])e5([^a-z0-9]|$)/.test(n)) return { query: "query: ", document: "passage: " };
  if (n.includes("mxbai-embed") || n.includes("arctic-embed")) return { query: RETRIEVAL_INSTRUCTION, document: "" };
  return NO_PREFIXES;
}

/** The family's prefixes, each replaced by the config's where it sets one. */
export function resolvePrefixes(family: Prefixes, overrides: { queryPrefix?: string | undefined; documentPrefix?: string | undefined }): Prefixes {
  return { query: overrides.queryPrefix ?? family.query, document: overrides.documentPrefix ?? family.document };
}

/** What to append to a modelId: nothing without prefixes (so existing indexes keep their vectors), else their hash. */
export function prefixTag(p: Prefixes): string {
  if (p.query === "" && p.document === "") return "";
  return `:p${createHash("sha256").update(JSON.stringify(p)).digest("hex").slice(0, 8)}`;
}

/** The texts as the model should read them: with the query or the document prefix. */
export function withPrefix(texts: string[], p: Prefixes, opts: EmbedOptions = {}): string[] {
  const prefix = opts.kind === "query" ? p.query : p.document;
  return prefix === "" ? texts : texts.map((t) => prefix + t);
}

/** "no prefixes", or both, quoted: for `agent status` and logs. */
export function describePrefixes(p: Prefixes): string {
  return p.query === "" && p.document === "" ? "no prefixes" : `prefixes ${JSON.stringify(p.query)} / ${JSON.stringify(p.document)}`;
}
