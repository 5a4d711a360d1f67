/**
 * A short excerpt of a chunk for a result list: the sentence that matches the most query
 * terms, widened with neighbouring sentences up to `maxChars`, always cut at sentence
 * boundaries (or, for one huge sentence, at a word boundary with an ellipsis).
 */
export function makeSnippet(text: string, terms: string[], maxChars = 280): string {
  const sentences = sentencesOf(text);
  if (sentences.length === 0) return "";
  const stems = terms.map((t) => t.toLowerCase().slice(0, Math.max(4, Math.min(t.length, 6))));
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const lower = s.toLowerCase();
    const score = stems.reduce((n, st) => n + (lower.includes(st) ? 1 : 0), 0);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  let from = best;
  let to = best + 1;
  let len = sentences[best]!.length;
  if (len > maxChars) return cutAtWord(sentences[best]!, maxChars);
  // Widen forwards first (the answer usually follows the matching sentence), then back.
  for (;;) {
    const next = to < sentences.length ? sentences[to]!.length + 1 : Infinity;
    const prev = from > 0 ? sentences[from - 1]!.length + 1 : Infinity;
    if (len + next <= maxChars) {
      len += next;
      to++;
    } else if (len + prev <= maxChars) {
      len += prev;
      from--;
    } else break;
  }
  return sentences.slice(from, to).join(" ");
}

const HEADING = /^ {0,3}#{1,6}\s/;
const COMMENT = /<!--.*?-->/g;
const LIST_MARK = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const SENTENCE_END = /(?<=[.!?。！？])\s+(?=\S)/u;

/**
 * `splitSentences`, kept per text in this process (bounded): a host presents the same chunks
 * query after query, and splitting a chunk again by its four patterns was most of a result's
 * making. The arrays are shared: never change one.
 */
const sentencesOfText = new Map<string, readonly string[]>();
function sentencesOf(text: string): readonly string[] {
  let s = sentencesOfText.get(text);
  if (s === undefined) {
    s = splitSentences(text);
    if (sentencesOfText.size >= 20_000) sentencesOfText.clear();
    sentencesOfText.set(text, s);
  }
  return s;
}

/**
 * The text's sentences, one line's after another. One loop into one array: the chain of
 * array methods it replaces made an array per step, and a text whose lines came to nothing
 * handed the next step an array of another kind, for which V8 threw away the optimised code
 * of every search's result building.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    // Headings are shown beside the snippet already; comments are markup, not content.
    if (HEADING.test(line)) continue;
    for (const part of line.replace(COMMENT, "").replace(LIST_MARK, "").split(SENTENCE_END)) {
      const s = part.replace(/\s+/g, " ").trim();
      if (s !== "") out.push(s);
    }
  }
  return out;
}

function cutAtWord(s: string, max: number): string {
  const cut = s.slice(0, max - 1);
  const sp = cut.lastIndexOf(" ");
  return (sp > max * 0.6 ? cut.slice(0, sp) : cut) + "…";
}
