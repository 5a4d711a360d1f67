/**
 * What kind of saying a value is in: the filters that keep supersession conservative.
 * A value only replaces another when both are said as facts of the same kind; these read,
 * from the words around a value, the sayings that are not such facts:
 *
 * - question      "Would the roof quote drop to $2,800?"      asks, states nothing
 * - hypothetical  "If I switched, it would cost $25."          a what-if, not what is
 * - denied        "The permit does not cost $120."             says what the value is NOT
 *                 "Tue-Thu now instead of Mon-Wed"             names the value given up
 * - plan          "Going to write 2,000 words", "goal: $500"   an intention or a target
 * - event         "Ran 7 km on Saturday", "Spent $62 today"    one occasion, not a standing fact
 * - fact          everything else
 *
 * A plan is replaced by a plan and a fact by a fact (a plan and what was then done are both
 * true); an event replaces nothing and is replaced by nothing (each day's run is its own);
 * a question, a what-if or a denial holds no value at all. Quoted words (someone else's, or
 * an old letter) and list entries that are only a quantity and a thing ("- 6 eggs", a to-do
 * box) hold none either. Pure: text in, verdicts out.
 */
import { reportedMessage } from "./reported-messages.js";

export type Mood = "fact" | "plan" | "event" | "question" | "hypothetical" | "denied";

/** The moods a value is kept in; the others say nothing about what is. */
export const STATED_MOODS: ReadonlySet<Mood> = new Set<Mood>(["fact", "plan", "event"]);

const QUESTION_START = /^(?:how|what|which|who|whom|whose|why|when|where|can|could|would|should|shall|will|is|are|was|were|do|does|did|have|has|may|might|am)\b/i;
/** An explicit what-if; a bare "might" or "could" ("might conflict with other meetings") is not enough. */
const HYPOTHETICAL = /\b(?:if|suppose|supposing|imagine|assuming|what if|in case|unless|hypothetically)\b/i;
const DENIED = /\b(?:not|never|no longer|don't|doesn't|didn't|isn't|wasn't|aren't|weren't|won't|cannot|can't|nor)\b/i;
const AIM_VERBS = "(?:achieve|reach|get|keep|hit|reduce|increase|save|lose|cut|finish|write|read|run|spend|pay|raise|have)";
const PLAN = new RegExp(`(?:^\\s*plan:|\\b(?:will|(?:i|we|you|they|she|he)['’]ll|going to|gonna|plan(?:s|ned|ning)? (?:to|for|on)|hop(?:e|es|ing) to|aim(?:s|ing)? (?:to|for)|intend(?:s|ing)? to|(?:want(?:s|ed)?|trying|try|would like) to ${AIM_VERBS}|wants? it|goal|target|expect(?:s|ing)? to)\\b)`, "i");
/** "will now be", said of someone else or a thing: an arrangement as it now stands, not the person's plan ("I'll now be" is one). */
const REARRANGED = /(?<!\b(?:i|we)\s*)\b(?:will|['’]ll)\s+now\s+be\b/i;
/** A clause that opens on a simple past doing word (no "have"): one occasion ("Ran 7 km", "I spent $62"). */
const EVENT_START = /^(?:(?:i|we|just|also|then|finally|today|yesterday)\s+){0,3}(?:ran|walked|jogged|cycled|rode|swam|hiked|slept|spent|paid|bought|sold|took|ate|drank|cooked|wrote|read|did|made|earned|lifted|burned|logged|drove|watched|played|practi[sc]ed|studied|saved|won|lost|caught|sent|visited|met|called)\b/i;
/**
 * A question that asks how to do something ("What's the best way to make sure the screening
 * tool's 90% accuracy holds?", "How can I make the most of the $550 budget?"): it asks for a
 * way, not for a value, so the values in it are what it takes as given.
 */
const ASKS_HOW = /^(?:what(?:['’]s| is| are| would be)\s+(?:the\s+|some\s+)?(?:best|right|good|easiest|most \w+)\s+(?:way|ways|approach|approaches|strategy|strategies|steps?|tips?)\b|how\s+(?:can|do|should|could)\s+(?:i|we)\b)/i;
/** "… to $300", "… down to 2 hours": what a how-question aims at. */
const AIMED_AT = /\b(?:to|down to|up to|under|below|above|over|at least)\s*$/i;
/** "… was increased to $550": a change already made, which a how-question takes as given. */
const CHANGED_TO = /\b(?:increased|decreased|raised|lowered|moved|extended|changed|rescheduled|adjusted|bumped|pushed|postponed|reduced|dropped|updated|shifted|grown|risen)\s+to\s*$/i;
/** What a question takes as given follows one of these: "since", "now that", "given that". */
const GIVEN = /\b(?:since|now that|because|given that|considering that|as of)\b/i;
/** Words that tie a value to one day: what happened then, not what holds. */
const ONE_DAY = /\b(?:today|tonight|yesterday|last night|this morning|this afternoon|this evening)\b/i;

/** A clause of a sentence with where it starts and ends. */
export interface Clause {
  start: number;
  end: number;
  text: string;
}

/** The clauses of a sentence: split at ;, at " - " and at ", and/but/so/which/…" joins. */
export function clauses(sentence: string): Clause[] {
  const out: Clause[] = [];
  // ", can you help me …": the request after a statement is a clause of its own; so is ", I've got …" after a comma.
  const re = /;|\s+-\s+|,\s+(?=(?:and|but|so|while|whereas|though|although|because|since|which|now that|considering|especially)\b)|,\s+(?=(?:can|could|would|will|how|what|should|do)\s+(?:you|i|we|it)\b)|,\s+(?=(?:i|we)(?:['’](?:ve|m|d|ll)\b|\s))|\s+(?=but\b)/gi;
  let start = 0;
  for (let m = re.exec(sentence); m !== null; m = re.exec(sentence)) {
    out.push({ start, end: m.index, text: sentence.slice(start, m.index) });
    start = m.index + m[0].length;
  }
  out.push({ start, end: sentence.length, text: sentence.slice(start) });
  return out;
}

/** The sentence is a question ("Can you show me how to deploy to GitHub Pages?"): it asks, it does not say a thing happened. */
export function isQuestion(sentence: string): boolean {
  const s = sentence.trim();
  // Ends on "?", or on "?" and a trailing marker some transcripts add ("? ->-> 1,18").
  return /\?\s*(?:->[->\s\d,]*)?$/.test(s) && QUESTION_START.test(s);
}

/**
 * The sentence asks whether or what ("Have you ever gone camping?", "Can you help me defer
 * the unused components?"), not how to do a thing it takes as given ("How can I handle the
 * rate limits for my API key obtained on March 10?", "How does upgrading the internet to 200
 * Mbps impact our movie nights?"): it says nothing happened.
 */
export function asksWhether(sentence: string): boolean {
  const s = sentence.trim();
  return isQuestion(s) && !ASKS_HOW.test(s) && !/^how\b/i.test(s);
}

/** A word that opens a thing of its own: after it, the value is what the thing is, not what is denied. */
const DETERMINER = /^(?:the|my|our|your|a|an|this|that|new)$/i;

/**
 * Whether a "not" before a value denies the value: "does not cost $120", "is not $55", "didn't
 * take more than 4 weeks" do; "won't meet the new April 25 deadline" denies the meeting, and
 * the deadline it names is still a fact. The value must follow within three words, none of
 * them opening a thing of its own.
 */
export function deniesValue(before: string): boolean {
  const m = DENIED.exec(before);
  if (!m) return false;
  // The last denial word before the value is the one that could reach it.
  let last = m;
  const all = new RegExp(DENIED.source, "gi");
  for (let x = all.exec(before); x !== null; x = all.exec(before)) last = x;
  const between = before.slice(last.index + last[0].length).split(/\s+/).filter((w) => w !== "");
  return between.length <= 3 && !between.some((w) => DETERMINER.test(w));
}

/** "Tue-Thu now instead of Mon-Wed", "the Beko rather than the Bosch": the value after these is the one given up. */
const GIVEN_UP = /\b(?:instead of|rather than|in place of)\s+(?:the\s+|my\s+|our\s+)?$/i;

/** Whether the value right after `before` is named as the one given up, not as what is. */
export function replacedValue(before: string): boolean {
  return GIVEN_UP.test(before);
}

/** " so I'll …", " so we can …", " which means …": a consequence joined to a clause without a comma. */
const CONSEQUENCE = /\s(?:so|so that|which means|meaning)\s/gi;

/** Where the clause's own saying ends: at the first consequence after the value at `at` (the clause's length when none). */
function consequenceAfter(clause: string, at: number): number {
  CONSEQUENCE.lastIndex = Math.max(0, at);
  const m = CONSEQUENCE.exec(clause);
  return m ? m.index : clause.length;
}

/** The kind of saying a value at `at` in `sentence` is in. */
export function moodAt(sentence: string, at: number): Mood {
  // A question asks, except in what it takes as given ("…, since the sessions got extended to July 16?").
  if (isQuestion(sentence) && !GIVEN.test(sentence.slice(0, at))) {
    if (!ASKS_HOW.test(sentence.trim())) return "question";
    // "How can I cut my spending to $300?": the value it asks the way to is an aim.
    if (AIMED_AT.test(sentence.slice(0, at)) && !CHANGED_TO.test(sentence.slice(0, at))) return "plan";
  }
  const clause = clauses(sentence).find((c) => at >= c.start && at < c.end) ?? { start: 0, end: sentence.length, text: sentence };
  // "…is 4pm instead of 5 so I'll leave at 2": what follows "so" is what the person will do because of the value, not the value's own mood.
  const own = clause.text.slice(0, consequenceAfter(clause.text, at - clause.start));
  const text = own.trim().replace(/^(?:and|but|so|while|whereas|though|although|because|since|which|now that|considering|especially)\s+/i, "");
  if (HYPOTHETICAL.test(text)) return "hypothetical";
  // A denial reaches forward: "is not $55" denies the value, "3 books, not bad" does not.
  if (deniesValue(sentence.slice(clause.start, at)) || replacedValue(sentence.slice(0, at))) return "denied";
  // "guests will now be arriving at 12:30", "the ceremony will now be at 2": how things stand now, rearranged, not an aim.
  if (PLAN.test(text) && !REARRANGED.test(text)) return "plan";
  if (EVENT_START.test(text) || ONE_DAY.test(text)) return "event";
  return "fact";
}

/**
 * The line with quoted words blanked out (same length, so offsets stay true): a blockquote
 * line ("> …") whole, and text inside double quotes that is long enough to be a saying
 * ("the venue holds 80 guests max"), not a name ("Kind of Blue"), unless it is a message the
 * person was sent and copied in (reported-messages.ts).
 */
export function unquoted(line: string): string {
  if (/^\s*>/.test(line)) return " ".repeat(line.length);
  // A message copied in from whoever sent it is news to the person, read as said (reported-messages.ts).
  return line.replace(/(["“”])([^"“”]{12,}?)(["“”])/g, (m, _o: string, _t: string, _c: string, at: number) => (reportedMessage(line, at) ? m : " ".repeat(m.length)));
}

/** A checkbox line's state: a task still open, or ticked off (ticked-todos.ts). */
export type Todo = "open" | "done";

/** Whether a line is a checkbox ("- [ ] …", "1. [x] …"), and its state. */
export function todoOf(line: string): Todo | undefined {
  const m = /^\s*(?:[-*+]|\d+\.)\s+\[([ xX])\]/.exec(line);
  return m ? (m[1] === " " ? "open" : "done") : undefined;
}

/**
 * A list entry rather than a statement: a to-do box ("- [ ] pay $80 water bill": a thing to
 * do) or an item that opens on its quantity ("- 2 lbs chicken breast", "- 6 eggs"): a
 * shopping or packing list's line, which a later list's line does not replace.
 */
export function isListEntry(line: string): boolean {
  if (todoOf(line) !== undefined) return true;
  return /^\s*[-*+]\s+(?:[$€£]\s?)?\d[\d,.]*\s?(?:[a-z]{1,6}\s+)?[a-z]+(?:\s+[a-z]+){0,3}\s*$/i.test(line);
}

/**
 * The words before a "never" / "haven't" that make it no denial of what the person did: a
 * what-if ("I recommend it if you've never played it"), someone else's doing ("you never
 * know"), or a resolve about the time to come ("I'll never forget", "gonna keep going and
 * never quit"). Read within the clause the denial is in.
 */
const NOT_OWN_PAST = /\b(?:if|unless|whether|in case|you|you['’](?:ve|d|ll)|will|['’]ll|gonna|going to|would|could|should)\b/i;

/** Whether a denial whose clause opens with `before` is about what the person did or had until now. */
export function deniesOwnPast(before: string): boolean {
  const clause = before.split(/[,;:.!?]|\s+-\s+/).pop() ?? "";
  return !NOT_OWN_PAST.test(clause);
}

/** The matches of a global pattern in a sentence's unquoted text that are said as what is: a question or a what-if says none. */
export function statedMatches(sentence: string, re: RegExp): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  const text = unquoted(sentence);
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) if (STATED_MOODS.has(moodAt(sentence, m.index))) out.push(m);
  return out;
}
