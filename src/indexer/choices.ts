/**
 * A choice made and then made otherwise: "we're going for the green zellige" … later "we went
 * with the blue tiles in the end, the green was 6 weeks out". Neither names a value the slot
 * rules can compare, but the later one says its choice is final ("in the end", "after all",
 * "instead", "changed our minds") and names the earlier choice beside its own: the earlier
 * choice is given up. Conservative: the later choice must name a word of the earlier chosen
 * thing outside its own choice, and choose nothing the earlier one chose. Pure.
 */
/** The words of choosing, and the thing chosen after them (up to the clause's end). */
const CHOOSING = /\b(?:going for|gone for|went for|go for|going with|gone with|went with|go with|decided on|settled on|opted for|chose|chosen|picked|plumped for)\s+(?:the\s+|a\s+|an\s+|our\s+|my\s+)?([^,;:.!?()]+)/i;
/** Words that say a choice is the one that holds, after another was in the running. */
const FINAL = /\b(?:in the end|after all|instead|changed (?:my|our|their) minds?|eventually|finally)\b/i;
/** A choice a sentence makes: the text of the thing chosen, and whether it is said to be final. */
export interface ChoiceText {
  thing: string;
  final: boolean;
}

/** The choice a sentence makes, or null. A question chooses nothing: the stop ending the choice's own stretch is no "?". */
export function choiceOf(sentence: string): ChoiceText | null {
  const m = CHOOSING.exec(sentence);
  if (!m) return null;
  // "we went with the blue ones. can you redo the total?": a question typed after it in lower case asks something else.
  if (/^[^.!?]*\?/.test(sentence.slice(m.index))) return null;
  // "… in the end", "… instead" end the thing chosen, not name it.
  return { thing: m[1]!.split(FINAL)[0] ?? "", final: FINAL.test(sentence) };
}

/** Whether a later final choice gives up an earlier one: it names the earlier chosen thing beside its own, and chooses none of it. */
export function givesUpChoice(older: { chose: readonly string[] }, newer: { chose: readonly string[]; final: boolean; words: readonly string[] }): boolean {
  if (!newer.final) return false;
  const mine = new Set(newer.chose);
  if (older.chose.some((w) => mine.has(w))) return false;
  return older.chose.some((w) => newer.words.includes(w));
}
