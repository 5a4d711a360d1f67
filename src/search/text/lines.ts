import { splitSentences } from "./snippet.js";

export interface WeightedTerm {
  term: string;
  /** The term's weight (its idf): a line matching rarer words is the better match. */
  weight: number;
  /** Words the term stands for (an irregular verb's forms, a word's spellings); a line holding any of them matches. Default: the term. */
  forms?: string[];
}

/**
 * The line (a sentence, or a turn of a dialogue with its `**Speaker**:` label) of `text`
 * holding the largest weight of the query's terms, ties to the earliest; null when no line
 * holds any. Terms match by the same prefix rule snippets use, enough of the word to
 * survive its inflections ("moved" for "moving"), so it needs no stemmer. `next`: the
 * sentence after it in the same line of the text, if any (an exclamation's date: exclaimed.ts).
 */
export function bestMatchingLine(text: string, terms: WeightedTerm[]): { line: string; weight: number; next?: string; holds: (s: string) => boolean } | null {
  if (terms.length === 0) return null;
  const stems = terms.map((t) => ({ stems: (t.forms ?? [t.term]).map(stemOf), weight: t.weight }));
  const holds = (s: string): boolean => stems.some((t) => t.stems.some((st) => s.toLowerCase().includes(st)));
  let best: { line: string; weight: number; next?: string; holds: (s: string) => boolean } | null = null;
  for (const textLine of text.split(/\n+/)) {
    const sentences = splitSentences(textLine);
    for (let i = 0; i < sentences.length; i++) {
      const lower = sentences[i]!.toLowerCase();
      let weight = 0;
      for (const s of stems) if (s.stems.some((st) => lower.includes(st))) weight += s.weight;
      if (weight > 0 && (best === null || weight > best.weight)) best = { line: sentences[i]!, weight, next: sentences[i + 1], holds };
    }
  }
  return best;
}

export function stemOf(term: string): string {
  return term.toLowerCase().slice(0, Math.max(4, Math.min(term.length, 6)));
}
