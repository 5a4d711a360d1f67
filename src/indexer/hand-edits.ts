/**
 * Corrections people make by hand in their own notes, read without a model:
 *
 *   struck out     "Committee meets ~~Thursday~~ Friday evenings": the struck words are the
 *                  value given up; the sentence says what holds now, and it replaces the
 *                  earlier statement that said the struck value about the same thing.
 *   key: value     "Ruth's new address: 14 Canal Wharf": a line that names what it gives before a
 *                  colon; said again with another value, and its key or value saying it changed
 *                  ("new address:", "… now"), it replaces the earlier line under the same name.
 *   labelled       "update: the trough key is with Bernice now", "edit (9th): …", "correction: …"
 *                  opening a line: the person says this line corrects something said before,
 *                  the earlier statement it shares the most rare words with.
 *
 * Reading (`readHandEdit`) happens when a sentence becomes a statement (statements.ts): the
 * struck text and the label leave the sentence, so a struck value is never read as a current
 * one. Linking (hand-links.ts) reads only what a statement stores. Pure.
 */

/** What a sentence struck out: its content words and its values ("day:13", "money:£32"). */
export interface Struck {
  words: string[];
  values: string[];
}

/** A sentence with its hand edits taken out, and what they said. */
export interface HandEdit {
  /** The sentence without struck text and without its label. */
  text: string;
  /** The struck-out text's words and values; absent when nothing is struck. */
  struck?: Struck;
  /** The sentence opens with a label saying it corrects something ("update:", "edit:"). */
  labelled: boolean;
}

const STRUCK = /~~([^~]+)~~/g;
/** "update:", "Edit -", "edit (9th):", "correction:", "UPD:" opening a sentence. */
const LABEL = /^\s*(?:update[sd]?|upd|edit(?:ed)?|correction|corrected)\b(?:\s*\([^)]{0,24}\))?\s*[:–—-]\s*/i;

/** Hand edits of one sentence; `words` and `values` read the struck text as statements.ts reads any text. */
export function readHandEdit(sentence: string, words: (t: string) => string[], values: (t: string) => string[]): HandEdit {
  const struckText: string[] = [];
  const unstruck = sentence.replace(STRUCK, (_m, t: string) => {
    struckText.push(t);
    return " ";
  });
  const label = LABEL.exec(unstruck);
  const text = (label ? unstruck.slice(label[0].length) : unstruck).replace(/\s{2,}/g, " ").trim();
  const all = struckText.join(" , ");
  const struck = struckText.length > 0 ? { words: [...new Set(words(all))], values: [...new Set(values(all))] } : undefined;
  return { text, ...(struck && (struck.words.length > 0 || struck.values.length > 0) ? { struck } : {}), labelled: label !== null };
}

/** What a "key: value" sentence names and gives. */
export interface KeyValue {
  /** The content words before the colon, the words of changing left out ("new address" → address). */
  key: string[];
  /** The text after it, lower case, punctuation and spaces folded. */
  value: string;
  /** The key says its value changed ("new address:", "updated number:"), or the value does ("… now", "(was …)"). */
  changed: boolean;
}

/** "Ruth's address: 3 Harewood Mews", "Mobile: 07700 900418": a short name without digits or emphasis (a transcript's "**Tim**:" is a speaker), a colon, a short value. */
const KEY_VALUE = /^([^:\d*_]{2,40}):\s+(\S.{0,79})$/;
/** A key that says its value is a new one: "new address", "current mobile". */
const KEY_CHANGED = /\b(?:new|current|latest|updated|revised|changed|corrected)\b/i;
/** A value that says it changed: "… now", "(was …)". A "new" inside the value is a new thing ("inkwell: new brief"), not a new value. */
const VALUE_CHANGED = /\bnow\b|\(was\b/i;
/** Words that say a value changed, not what it is of: "new address", "updated number". */
const CHANGED_WORDS = new Set(["current", "latest", "updat", "revis", "chang", "correct"]);

const MAX_KEY_WORDS = 4;
const MAX_VALUE_WORDS = 8;

/** The key and value of a sentence said as "key: value"; null when it is not one. */
export function keyValueOf(sentence: string, words: (t: string) => string[]): KeyValue | null {
  const m = KEY_VALUE.exec(sentence.trim());
  // A record is short: "Ruth's address: 14 Canal Wharf, Leeds". A long run after a colon is a
  // sentence said after a speaker's name or a heading ("Mel: I'm now into pottery, …"), not a value.
  if (!m || m[1]!.trim().split(/\s+/).length > MAX_KEY_WORDS || m[2]!.trim().split(/\s+/).length > MAX_VALUE_WORDS) return null;
  const key = [...new Set(words(m[1]!))].filter((w) => !CHANGED_WORDS.has(w)).sort();
  const value = m[2]!.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  return key.length === 0 || value === "" ? null : { key, value, changed: KEY_CHANGED.test(m[1]!) || VALUE_CHANGED.test(m[2]!) };
}
