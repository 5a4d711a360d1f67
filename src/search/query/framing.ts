/**
 * Idioms that only frame a question about what one did: "what did I get up to last weekend",
 * "what have I been up to this week". "up" and "to" are stop words, but the verb before them is
 * an everyday word the floor never takes as evidence, so "get" was left as the question's only
 * term and the question, which asks for the days' notes as "what did I do" does, came back empty.
 * The verb of the idiom is no content: with nothing else asked the query is a date's listing.
 */

/** The verbs of "… up to": what one gets, got or has been up to. */
const UP_TO_VERBS: ReadonlySet<string> = new Set(["get", "gets", "got", "getting", "been", "be"]);

/** Whether the word at `i` of the query's words is the verb of "get up to" / "been up to". */
export function framesUpTo(words: readonly string[], i: number): boolean {
  return UP_TO_VERBS.has(words[i]!) && words[i + 1] === "up" && words[i + 2] === "to";
}
