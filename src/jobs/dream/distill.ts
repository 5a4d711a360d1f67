/**
 * The dream's one model call per candidate, as two pure functions: the prompt, and the
 * reading of the reply. Small local models (1-3 B) rarely answer in the asked shape: they
 * open with "Sure! Here is the fact:", use markdown bullets or bold, quote the line, wrap
 * JSON in a code fence, or explain themselves after. The parser takes at most ONE line out
 * of that, or a decline; whether the line may be proposed is decided by the checks after
 * (lines.ts, gate.ts), never here.
 */
import type { CompletionRequest } from "../../llm/types.js";
import { parseLenientJson } from "../../llm/lenient-json.js";
import { cleanLine } from "./lines.js";

export const DECLINE = "NOT DURABLE";

export interface DistillPromptInput {
  /** The source lines, as they are in the note (junk lines already left out). */
  source: string[];
  /** Where they come from, for the model's sense of time ("memory/2026-04-10.md"). */
  origin: string;
  /** The queries that kept recalling it (they say what the person looks for). */
  queries: string[];
  /** MEMORY.md's existing fact lines, so the model does not repeat one. */
  existing: string[];
  maxChars: number;
  maxTokens: number;
  temperature: number;
  signal?: AbortSignal;
}

export function buildDistillPrompt(i: DistillPromptInput): CompletionRequest {
  const system = [
    "You keep a person's long-term memory file. From a passage of their notes, write at most ONE durable fact worth knowing in every future conversation:",
    "a preference, a decision, a lasting fact about a person, project, place or setup.",
    `Rules: one plain sentence, at most ${i.maxChars} characters, using the passage's own words; no commands, code, dates of the day, times or headings;`,
    `nothing the memory file already says. If the passage holds nothing durable (a one-off task, chatter, a log), answer exactly: ${DECLINE}`,
    "Answer with the line only, starting with FACT: — no preamble, no explanation.",
  ].join("\n");
  const parts = [
    `Passage (${i.origin}):`,
    ...i.source.map((l) => `> ${l}`),
    "",
    i.queries.length > 0 ? `It kept coming up when searching for: ${i.queries.slice(0, 5).map((q) => `"${q}"`).join(", ")}` : "",
    i.existing.length > 0 ? `The memory file already says:\n${i.existing.slice(0, 40).map((l) => `- ${l}`).join("\n")}` : "The memory file has no facts yet.",
    "",
    `Your answer (FACT: ... or ${DECLINE}):`,
  ].filter((x) => x !== "");
  return {
    system,
    messages: [{ role: "user", content: parts.join("\n") }],
    maxTokens: i.maxTokens,
    temperature: i.temperature,
    ...(i.signal ? { signal: i.signal } : {}),
  };
}

export type DistillReply = { kind: "fact"; line: string } | { kind: "declined" } | { kind: "unusable"; reason: string };

const PREAMBLE = /^(?:sure|okay|ok|certainly|of course|absolutely|great|here(?:'s| is| are)|based on|from the passage|after reading|the (?:durable )?fact(?: is)?|i (?:would|will|think|can))\b/i;
const AFTERWORD = /^(?:this|that|these|note|explanation|reason|why|because|i hope|let me know|\(|the passage|it is durable|it's durable)\b/i;

/** At most one fact line out of a small model's reply, or its decline. */
export function parseDistillReply(text: string): DistillReply {
  const t = text.replace(/\r/g, "").trim();
  if (t === "") return { kind: "unusable", reason: "empty reply" };
  const fromJson = jsonFact(t);
  if (fromJson !== undefined) return fromJson;
  const lines = t.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !/^(?:```|~~~)/.test(l));
  const marked = lines.find((l) => /^(?:[-*•]\s*)?\**\s*(?:durable\s+)?fact\s*\**\s*[:\-–]/i.test(l));
  if (marked !== undefined) {
    const line = cleanLine(marked);
    return line === "" || isDecline(line) ? { kind: "declined" } : { kind: "fact", line };
  }
  if (isDecline(t)) return { kind: "declined" };
  const body = lines.filter((l) => !(PREAMBLE.test(cleanLine(l)) && /[:!]\s*$/.test(l)) && !/^#{1,6}\s/.test(l));
  const first = body.find((l) => !PREAMBLE.test(cleanLine(l)) || !/[:!]\s*$/.test(l));
  if (first === undefined) return { kind: "unusable", reason: "no line in the reply" };
  const line = cleanLine(first);
  if (AFTERWORD.test(line) && body.length > 1) return { kind: "unusable", reason: "the reply explains instead of stating a fact" };
  return line === "" ? { kind: "unusable", reason: "no line in the reply" } : { kind: "fact", line };
}

function isDecline(s: string): boolean {
  return /\bnot[\s_-]*durable\b|\bnothing (?:durable|worth)|\bno durable fact\b/i.test(s);
}

/** {"fact": "..."} / {"fact": null} / {"durable": false} in or out of a code fence; undefined when the reply is not JSON. */
function jsonFact(t: string): DistillReply | undefined {
  if (!/^\s*(?:```|\{)/.test(t) && !/```(?:json)?\s*\n\s*\{/.test(t)) return undefined;
  const j = parseLenientJson(t);
  if (!j.ok || typeof j.value !== "object" || j.value === null || Array.isArray(j.value)) return undefined;
  const o = j.value as Record<string, unknown>;
  if (o.durable === false) return { kind: "declined" };
  const v = o.fact ?? o.line ?? o.memory ?? o.text;
  if (v === null || v === "" || (typeof v === "string" && isDecline(v))) return { kind: "declined" };
  if (typeof v !== "string") return { kind: "unusable", reason: "the JSON reply has no fact string" };
  const line = cleanLine(v.split("\n")[0]!);
  return { kind: "fact", line };
}
