/**
 * What the embedding model reads for a chunk. Notes are embedded whole (heading path + text).
 * A transcript chunk ("role: content" per turn, one line each) is long and repetitive, and
 * most of it says little about meaning: tool calls, code, the assistant's boilerplate. It is
 * embedded as a digest instead: the person's own turns, the first words of each answer, no
 * code blocks, no tool or system lines, no line twice. The whole text stays in the keyword
 * index, so an exact name or an error string is still found; the digest is what meaning
 * search needs, in a quarter of the windows (scripts/vector-choice.mjs measures both).
 */

/** Words of an answer kept: its opening sentence or two, where it says what it did. */
export const ANSWER_WORDS = 30;
/** Words of one of the person's turns kept: a pasted log or file past this is noise. */
export const PERSON_WORDS = 80;
/** Most windows a transcript chunk gets by default (embed.transcriptWindows). */
export const TRANSCRIPT_WINDOWS = 1;

export interface VectorSource {
  heading: string;
  text: string;
  /** The file's kind (src/workspace/kinds.ts): "session" marks a transcript. */
  kind: string;
}

/** Notes: the heading path gives a short chunk its context. */
export function embedText(c: { heading: string; text: string }): string {
  return c.heading ? `${c.heading}\n${c.text}` : c.text;
}

/** The text the model reads for a chunk, and the most windows it may take (null: all). */
export function vectorInput(
  c: VectorSource,
  transcripts: "digest" | "whole" = "digest",
  windows: number = TRANSCRIPT_WINDOWS,
): { text: string; maxWindows: number | null } {
  if (c.kind !== "session" || transcripts === "whole") return { text: embedText(c), maxWindows: null };
  const digest = transcriptDigest(c.text);
  // A chunk of tool calls only still gets one vector, or it would stay pending for ever.
  if (digest === "") return { text: embedText(c), maxWindows: 1 };
  const thread = threadOf(c.heading);
  return { text: thread ? `${thread}\n${digest}` : digest, maxWindows: windows };
}

/** "session <id> > <thread>" → the thread; the session id says nothing about meaning. */
function threadOf(heading: string): string {
  const at = heading.indexOf(" > ");
  return at < 0 ? "" : heading.slice(at + 3);
}

/** The person's turns and the first words of each answer, one line each, without code or repeats. */
export function transcriptDigest(text: string): string {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split("\n")) {
    const colon = line.indexOf(": ");
    if (colon < 0) continue;
    const role = line.slice(0, colon);
    const limit = role === "user" ? PERSON_WORDS : role === "assistant" ? ANSWER_WORDS : 0;
    if (limit === 0) continue;
    const words = withoutCode(line.slice(colon + 2)).split(/\s+/).filter((w) => w !== "");
    if (words.length === 0) continue;
    const kept = words.slice(0, limit).join(" ");
    const key = kept.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(`${role}: ${kept}`);
  }
  return out.join("\n");
}

/** Text without fenced code blocks (an unclosed fence runs to the end) and long inline code. */
export function withoutCode(s: string): string {
  const parts = s.split("```");
  // Even parts are prose, odd parts are inside a fence.
  const prose = parts.filter((_, i) => i % 2 === 0).join(" ");
  return prose.replace(/`[^`]{40,}`/g, " ");
}
