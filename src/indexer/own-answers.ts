/**
 * A question the person asks and answers in one breath: "so when does the swim gala start? 14
 * June, the coach says." The answer names no thing ("14 June, the coach says"); the question
 * just before it, on the same line or in the same turn, says what it is the value of. So the
 * answer's values of the kind asked (a day or an hour for "when", an amount for "how much", a
 * count for "how many", a time for "what time") take the question's words as what they are about,
 * and are said as what holds now: a question put again and answered is the current word on it.
 * A question left unanswered, or followed by a value of another kind, adds nothing. Pure.
 */
/** What this reads of a value and a statement (statements.ts's, which calls this: named here so the two do not import each other). */
interface Value {
  type: string;
  context: string[];
  near: string[];
}
interface Said {
  text: string;
  words: string[];
  values: Value[];
  change: boolean;
  asks?: boolean;
}

/** The kinds of value each question word asks for. */
const ASKED: readonly { re: RegExp; types: readonly string[] }[] = [
  { re: /\bwhat time\b/i, types: ["time", "hours"] },
  { re: /\bwhen\b/i, types: ["date", "day", "time", "weekly"] },
  { re: /\bhow much\b/i, types: ["money"] },
  { re: /\bhow many\b/i, types: ["count"] },
];

/** The kinds of value a sentence asks for, when it is a "when / how much / how many" question; none otherwise. */
export function askedKinds(sentence: string): readonly string[] {
  if (!sentence.trim().endsWith("?")) return [];
  return ASKED.find((a) => a.re.test(sentence))?.types ?? [];
}

/** The answer with the question's words as what its values of the asked kind are of, and said as now so. */
export function answering<S extends Said>(question: { text: string; words: readonly string[] }, answer: S): S {
  const kinds = askedKinds(question.text);
  if (kinds.length === 0 || answer.asks === true || answer.text.trim().endsWith("?")) return answer;
  if (!answer.values.some((v) => kinds.includes(v.type))) return answer;
  const add = (ws: readonly string[]) => [...new Set([...ws, ...question.words])];
  // What the value is about is what was asked: the answer's own words ("by the coach's letter") say where it came from.
  const values = answer.values.map((v) => (kinds.includes(v.type) ? { ...v, context: [...new Set(question.words)], near: add(v.near) } : v));
  return { ...answer, words: add(answer.words), values, change: true };
}
