/**
 * A person's "no" to the assistant: "Is the gate code still 2580?" – "no, it's 4471 now";
 * "Added the Brudenell on Thursday 5 July" – "no, it's Tuesday not Thursday". The reply alone
 * names nothing ("it's 4471 now"): what it is about is in the assistant's words just before it.
 * So a turn that opens with a no to the assistant's yes/no question naming a value, or that
 * says "not Y" of a value the assistant just said, carries what was asked: the question's words
 * and the value said no to. It then replaces the person's own latest earlier statement that gave
 * that value and shares those words. The assistant's words are never the person's statement:
 * they only say what the "no" is about. Pure.
 */
import { contentWords, findValues, sentences, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { weekdayOf } from "./taken-back.js";
import { EMAIL } from "./contact-values.js";
import { answersWithValue } from "./value-answers.js";
import { proposalReplyUpdates, proposedThing } from "./proposal-replies.js";

/** What a reply said no to: the words of what was asked, the values said no to, and the value said instead. */
export type Reply = NonNullable<Statement["reply"]>;

/** A turn that opens by saying no ("no,", "nope -", "nah", "not any more"). */
const SAYS_NO = /^\s*(?:no|nope|nah|not any ?more)\b[\s,.!:;—–-]*/i;
/** A question to be answered yes or no: it opens with its verb ("Is the mix still …?", "Does Ada still …?", "Shall I put it as Friday?"). */
const YES_NO = /^(?:is|are|was|were|does|do|did|has|have|should|shall|will|can)\b/i;
/** A question putting a value as the new one. */
const NEW_GUESS = /\b(?:now|new|from now on|instead)\b/i;
/** "So the gym is 6 to 9 now?": a guess of a new value put as a statement to check, not in a question's order. */
const CHECKS_NEW = /^(?:so|and|ok(?:ay)?|right|just to (?:check|confirm)|to confirm)\b,?\s.*\b(?:now|new|from now on|instead)\b[^?]*\?\s*$/i;
/** "… not Thursday", "not the 5th": the value a correction says no to. */
const NOT_THIS = /\bnot\s+(?:the\s+|on\s+|at\s+)?([\p{L}\p{N}:.,£$€]+)/iu;

/**
 * The figures of a text, each as a short form two sayings of it share: a number's digits
 * ("2580", "£1,250" → "1250", "19:00" → "1900"), a weekday's three letters ("Thursday" → "thu").
 */
export function figuresOf(text: string): string[] {
  // An e-mail address is one figure, as written ("maya@pinesmgmt.co.uk"), not its letters and digits.
  const out: string[] = [...text.matchAll(EMAIL)].map((m) => m[0].toLowerCase());
  for (const m of text.replace(EMAIL, " ").matchAll(/\d+(?:[.,:]\d+)*|\p{L}+/gu)) {
    const t = m[0];
    if (/^\d/.test(t)) out.push(t.replace(/\D/g, ""));
    else {
      const day = weekdayOf(t);
      if (day !== null) out.push(day);
    }
  }
  return [...new Set(out)];
}

/** A statement's figures go with it (stored beside its values): a reply names the old value by them alone. */
export function withFigures<T extends { text: string }>(st: T): T & { figures?: string[] } {
  const figures = figuresOf(st.text);
  return figures.length > 0 ? { ...st, figures } : st;
}

/** A question after a lead-in ("Before I add the backup job: is your quota still 40 GB?", "Quick check - does…"): the question itself. */
const leadOff = (s: string) => s.trim().replace(/^[^:—–?]*(?::|\s[—–-])\s+/, "");
/** "Is that email still right?", "Is this still correct?": a yes/no question pointing back at what was just said. */
const POINTS_BACK = /\b(?:that|this|those|these|it|they)\b/i;
/** Kinds of value a question may name ("that email", "the address"), and the figures of that kind. */
const KINDS: readonly { word: RegExp; pick: (figure: string) => boolean }[] = [
  { word: /\be-?mail\b/i, pick: (f) => f.includes("@") },
];

/**
 * The assistant's last yes/no question names no value but points back at the sentence before it
 * ("Your notes have accounts@… and 22 Mill Lane. Is that email still right?"): the values said
 * no to are that sentence's, only those of the kind the question names when it names one, and
 * what was asked is both sentences' words.
 */
function askedBack(said: readonly string[]): { sentence: string; was: string[] } | null {
  const at = said.length - 1 - [...said].reverse().findIndex((s) => s.trim().endsWith("?") && YES_NO.test(s.trim()));
  if (at >= said.length || at < 1 || !POINTS_BACK.test(said[at]!)) return null;
  const previous = said[at - 1]!;
  const kind = KINDS.find((k) => k.word.test(said[at]!));
  const was = figuresOf(previous).filter((f) => kind === undefined || kind.pick(f));
  return was.length > 0 ? { sentence: `${previous} ${said[at]}`, was } : null;
}

/** A reply that opens on a value ("no, 13 left", "no, £44"): the value itself is the answer. */
const OPENS_ON_VALUE = /^\s*[£$€]?\d/;

/**
 * A value the assistant told as a fact ("You've got 18 days of annual leave left this year.")
 * and the person's "no" opening on another value ("no, 13 left"): the claim is what was said no
 * to, when it is the assistant's last sentence and names a value.
 */
function claimSaidNo(said: readonly string[], rest: string): { sentence: string; was: string[] } | null {
  const last = said.at(-1)?.trim() ?? "";
  if (!OPENS_ON_VALUE.test(rest) || last.endsWith("?")) return null;
  const was = figuresOf(last);
  return was.length > 0 ? { sentence: last, was } : null;
}

/** The assistant's sentence a reply answers: its last yes/no question naming a value, or the sentence holding the value the reply says "not" to. */
function asked(assistant: string, rest: string): { sentence: string; was: string[]; said?: true } | null {
  const said = sentences(assistant);
  const question = [...said].reverse().find((s) => s.trim().endsWith("?") && (YES_NO.test(leadOff(s)) || CHECKS_NEW.test(leadOff(s))) && figuresOf(s).length > 0);
  if (question) return { sentence: question, was: figuresOf(question) };
  const back = askedBack(said);
  if (back) return back;
  const not = NOT_THIS.exec(rest);
  const denied = not ? figuresOf(not[1]!) : [];
  if (denied.length === 0) return claimSaidNo(said, rest);
  const sentence = [...said].reverse().find((s) => figuresOf(s).some((f) => denied.includes(f)));
  return sentence ? { sentence, was: denied, said: true } : null;
}

/**
 * What a person's turn says no to, read with the assistant's turn before it; null when it says
 * no to nothing the assistant named, or gives no new value ("no, still 14" confirms).
 */
export function readReply(assistant: string, reply: string): Reply | null {
  const opening = SAYS_NO.exec(reply);
  // "£35 since March" to "Is that still right?" says no as plainly as a "no" (value-answers.ts).
  const outright = opening === null && answersWithValue(assistant, reply);
  if (!outright && (!opening || opening[0].trim() === "")) return null;
  const rest = outright ? reply : reply.slice(opening![0].length);
  const what = asked(assistant, rest);
  if (!what) return null;
  const now = figuresOf(rest).find((f) => !what.was.includes(f));
  if (now === undefined) return null;
  const words = [...new Set(contentWords(what.sentence))].filter((w) => weekdayOf(w) === null);
  if (words.length === 0) return null;
  // The kind of the value said right after the no ("No, 9:30 to 12:00": hours), for a guess said no to.
  const kind = NEW_GUESS.test(what.sentence) ? findValues(rest)[0]?.type : undefined;
  // "not 25" of a value the assistant said: what it was setting, should the value be its own proposal.
  const thing = what.said === true ? proposedThing(what.sentence, what.was) : [];
  return { words, was: what.was, now, ...(kind !== undefined ? { guess: kind } : {}), ...(thing.length > 0 ? { what: thing } : {}) };
}

/** Earlier statements a reply may replace: the person's, said before it, not marked still true, not a question. */
const before = (all: readonly PlacedStatement[], n: PlacedStatement) => all.filter((o) => o.order < n.order && o.id !== n.id && o.st.mark?.key !== "still-true" && o.st.asks !== true);

/**
 * The assistant guessed a new value the person never said ("So the pool opens 7 to 9 now?") and
 * the person said no with another: the person's own latest earlier value of that thing, of the
 * kind of the one now given (`guess`) and sharing the asked words, is what changed. Only when no
 * statement of the person's gave the guessed value (that one, said no to, is replaced above).
 */
function guessedNew(all: readonly PlacedStatement[], n: PlacedStatement, r: Reply): { o: PlacedStatement; shared: string[] } | undefined {
  let best: { o: PlacedStatement; shared: string[] } | undefined;
  for (const o of before(all, n)) {
    if ((o.st.figures ?? []).includes(r.now) || !o.st.values.some((v) => v.type === r.guess)) continue;
    const shared = r.words.filter((w) => o.st.words.includes(w));
    if (shared.length < Math.min(2, r.words.length)) continue;
    if (!best || o.order > best.o.order) best = { o, shared };
  }
  return best;
}

/**
 * Each reply replaces the latest earlier statement that gave a value it said no to, does not
 * already give the new one, and shares the asked words: all of them when the question named
 * its thing by one word, else at least two.
 */
export function replyUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const r = n.st.reply;
    if (!r) continue;
    let best: { o: PlacedStatement; shared: string[] } | undefined;
    // A guess's weekday names the thing ("So Saturday school is 9:00 to 11:30 now?"), not the value guessed: its numbers are.
    const was = typeof r.guess === "string" && r.was.some((f) => /\d/.test(f)) ? r.was.filter((f) => /\d/.test(f)) : r.was;
    for (const o of before(all, n)) {
      const figures = o.st.figures ?? [];
      if (!figures.some((f) => was.includes(f)) || figures.includes(r.now)) continue;
      const shared = r.words.filter((w) => o.st.words.includes(w));
      if (shared.length < Math.min(2, r.words.length)) continue;
      if (!best || o.order > best.o.order) best = { o, shared };
    }
    if (typeof r.guess === "string") best ??= guessedNew(all, n, r);
    if (best) out.push({ older: best.o.id, newer: n.id, kind: "update", slot: best.shared.join(" "), by: "guess", strength: 1, rule: "reply" });
    // No statement of the person's gave the value said no to: it was the assistant's proposal (proposal-replies.ts).
    else out.push(...proposalReplyUpdates(before(all, n), n));
  }
  return out;
}
