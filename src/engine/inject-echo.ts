/**
 * The answer, not the echo: whether a captured conversation found for a prompt holds anything
 * that could answer it, pure. The person asks their assistants the same question again and
 * again; each time the question is captured, and the next time it is the best keyword match
 * for itself. A question is no evidence for its own answer, and neither is an assistant reply
 * that says it does not know. Notes (markdown) are never echoes: the person wrote them.
 *
 * A transcript chunk's text is one "role: content" line per turn (src/indexer/session-chunk.ts).
 * It is kept when one of its lines is evidence: the person stating something (not asking), or
 * an assistant or tool line that is not a non-answer, sharing a content word with the prompt.
 */
import { STOP_WORDS } from "../search/query/stopwords.js";

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const LINE = /^(user|assistant|tool|system): ?(.*)$/;

/** An interrogative opening ("which …", "do you remember …") or a question mark at the end. */
const QUESTION_START = /^(?:(?:and|so|hey|ok|okay|please|also|but)[,\s]+)?(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|do|does|did|can|could|would|will|should|have|has|had|remind me|tell me|any idea|remember)\b/i;

/** Replies that say nothing about the world: "I don't know", "I have no record of that". */
const NON_ANSWER = /\b(?:i (?:do not|don't|can't|cannot|couldn't|could not) (?:know|find|recall|remember|see|tell)|(?:no|not any) (?:record|memory|memories|note|notes|information|mention)s?\b|i'?m not sure|i have no (?:idea|way)|nothing (?:relevant|stored|about)|not (?:stored|mentioned) (?:anywhere|in))/i;

/** Whether a line of the person's is a question (no statement in it). */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  if (t === "") return true;
  const sentences = t.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== "");
  // A question only when every sentence asks: "The key is under the mat. Can you note it?" states something.
  return sentences.every((s) => /\?\s*["'”’)]*$/.test(s) || QUESTION_START.test(s.trim()));
}

/** Whether a reply is a non-answer ("I don't know which supplier you chose"). */
export function isNonAnswer(text: string): boolean {
  return NON_ANSWER.test(text) || isQuestion(text);
}

/** The prompt's content words, lower-cased (stop words out; all words when only stop words). */
export function contentWords(text: string): Set<string> {
  const all = [...text.normalize("NFKC").toLowerCase().matchAll(WORD)].map((m) => m[0].replace(/’/g, "'"));
  const content = all.filter((w) => !STOP_WORDS.has(w) && w.length > 1);
  // A crude stem (the first five letters) so "suppliers" meets "supplier"; a false match only keeps a hit.
  return new Set((content.length > 0 ? content : all).map((w) => (w.length > 5 ? w.slice(0, 5) : w)));
}

/**
 * Whether a transcript chunk is only an echo of the prompt: no line in it is evidence that
 * shares a word with the prompt (the person's own questions and the assistant's "I don't
 * know" are not evidence). A chunk that is not "role: content" lines is never an echo.
 */
export function isEcho(chunkText: string, prompt: string): boolean {
  const wanted = contentWords(prompt);
  let sawTurn = false;
  for (const raw of chunkText.split("\n")) {
    const m = LINE.exec(raw.trim());
    if (!m) continue;
    sawTurn = true;
    const [, role, content] = m as unknown as [string, string, string];
    // A tool line is a call ("Bash: grep supplier"), not a fact.
    const evidence = role === "user" ? !isQuestion(content) : role !== "tool" && !isNonAnswer(content);
    if (!evidence) continue;
    for (const w of contentWords(content)) if (wanted.has(w)) return false;
  }
  return sawTurn;
}
