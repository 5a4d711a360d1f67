/**
 * Statements that hold a value: the raw material of supersession (supersede.ts). A statement
 * is one sentence of a note line or of a person's transcript turn that names a value — a
 * number with what it counts ("45 sources", "1,200 calls per day"), an amount ("$4,000"), a
 * share ("78%"), a duration or size with its unit ("250ms"), a calendar date ("April 5",
 * "2026-11-23") or a time of day ("4:30 PM") — with the words around each value, which say
 * what the value is of (its slot: "the kitchen start date", "my Zotero library").
 *
 * Pure: text in, statements out; no I/O, no model. Code (fenced blocks, lines that look like
 * code) is left out: a number in a code sample is not a fact about the person. Nor does a
 * value count when it is asked, supposed, denied or quoted, or is a list entry's quantity
 * (statement-mood.ts): the sentence stays (a denial is half a contradiction), its value goes.
 */

import { MONEY_SAID, moneySaid } from "./money-words.js";
import type { Todo } from "./statement-mood.js";
import { withoutReasons } from "./reason-clauses.js";
import { STATED_MOODS, asksWhether, deniesOwnPast, isListEntry, todoOf, isQuestion, moodAt, statedMatches, unquoted } from "./statement-mood.js";
import { namedAsEarlier } from "./earlier-value.js";
import { saysDifference } from "./differences.js";
import { setWhat } from "./set-to.js";
import { withoutAsides } from "./label-words.js";
import { revisedEntries } from "./list-intro.js";
import { takenBack, weekdayOf } from "./taken-back.js";
import { AREA, areaUnit, unitSpelled } from "./units.js";
import { EMAIL, GLUED_ADDRESS, IPV4, STREET_ADDRESS, contactNorm, isContact, type ContactType } from "./contact-values.js";
import { impliedSlot } from "./slot-synonyms.js";
import { HOURS_RANGE, hoursRange } from "./time-ranges.js";
import { DOTTED_TIME, dottedTime } from "./dotted-times.js";
import { choiceOf } from "./choices.js";
import { keyValueOf, readHandEdit, type KeyValue, type Struck } from "./hand-edits.js";
import { tableRows, type TableRow } from "./table-rows.js";
import { HANDED_OVER, roleHolders, type RoleHolder } from "./role-holders.js";
import { answering } from "./own-answers.js";

/**
 * `day`: a day of the month said with its weekday and no month ("thurs 8th", "Fri 16th"); compared only with another such day.
 * `hours`: hours written as a range ("8-5 weekdays", "6-7pm"; time-ranges.ts): "08:00-17:00".
 * `weekly`: the weekdays something recurs on ("every Tuesday", "Saturdays", "Mon-Wed"): a schedule, which changes only when moved.
 * `name`: who holds a role, said with a title right after the role ("teacher Mrs Patel", "new GP, Dr Shah"); only with its role word next to it.
 * `phone`: a phone number ("07700 900412", "+44 113 496 0000", "555-123-4567"); its kind names its slot, so only whose it is must match.
 * `email`, `ip`, `address`: an e-mail, IPv4 or street address ("ana@example.org", "192.168.1.52", "9 Cliff Road", "Oudegracht 218"; contact-values.ts); as a phone number.
 */
export type ValueType = "count" | "money" | "percent" | "measure" | "date" | "day" | "time" | "hours" | "weekly" | "phone" | "name" | ContactType;

export interface StatedValue {
  type: ValueType;
  /** What the number counts or measures ("source", "word", "ms"); "" for dates, times, money, shares. */
  unit: string;
  /** Comparable form: "1200", "04-05", "16:30", "usd 4000". */
  norm: string;
  /** As written, for display ("1,200 calls"). */
  text: string;
  /** Content words around the value in its sentence: what it is about. */
  context: string[];
  /** The few content words right next to it ("snack budget", "major project"): what it is of. */
  near: string[];
  /** How it is said (statement-mood.ts): a fact, a plan or one occasion; absent in statements stored before it was read (a fact). */
  mood?: "fact" | "plan" | "event";
  /** Said as what it was ("the PA was an 8 kW rig"; said-apart.ts), not what it is now. Absent when not, and in statements stored before it was read. */
  former?: boolean;
  /** An amount said with VAT added ("inc VAT") or before it ("+ VAT"; vat-basis.ts). Absent when neither is written. */
  vat?: "ex" | "inc";
}

export interface Statement {
  /** 1-based line of the file the sentence is on. */
  line: number;
  /** The sentence, as written (trimmed, at most 300 characters). */
  text: string;
  /** Every content word of the sentence (lower case, crude stem). */
  words: string[];
  values: StatedValue[];
  /** The sentence denies something ("never", "not", "no longer"): the other half of a contradiction. */
  negated: boolean;
  /** The content words of what a "never …" clause denies ("never used Zotero" → used, zotero); empty when none. */
  denied: string[];
  /** The alternatives the denied clause joins with "or" ("never attended any webinars or workshops"); absent when none. */
  deniedOr?: EitherOr[];
  /** The sentence says something changed ("moved to", "now", "increased", "new"): a replacement is likelier. */
  change: boolean;
  /** On a checkbox line: its task still open or ticked off (ticked-todos.ts). Absent on other lines, and in statements stored before it was read. */
  todo?: Todo;
  /**
   * The sentence says a thing was moved, put off or called off ("it's been rescheduled",
   * "postponed", "cancelled", "no longer"), with or without the new value: what an older
   * statement said of that thing may be out of date. Absent in statements stored before it was read.
   */
  announced?: boolean;
  /**
   * What the move is of: the content words next to the words announcing it ("parents' evening
   * pushed back a week" → parent, even, week), six on either side. Absent when nothing is
   * announced, and in statements stored before it was read.
   */
  moved?: string[];
  /** The sentence asks whether or what ("Have you ever gone camping?"), not how (statement-mood.ts `asksWhether`): it says nothing happened. Absent when it does not, and in statements stored before it was read. */
  asks?: boolean;
  /**
   * A number the sentence corrects ("it's 38 not 32", "£45, not £40"): `from` the number given up,
   * `to` the one that holds, digits only; or a value taken back in the same breath ("Saturday,
   * sorry, Friday": a weekday's three letters, taken-back.ts). Absent when none, and in statements stored before it was read.
   */
  corrects?: { from: string; to: string }[];
  /**
   * A named choice the sentence gives up for another ("scratch that, not the Bosch … the Beko
   * instead" → bosch): the stems of the names after its "not". Absent when none, and in statements stored before it was read.
   */
  givesUp?: string[];
  /** A choice the sentence makes ("going for the green zellige"): the stems of the thing chosen, and whether it is said to be final ("in the end"). Absent when none, and in statements stored before it was read. */
  chose?: { words: string[]; final: boolean };
  /** The person's own mark on the line: `supersedes:: <words of the old statement>` or `still-true::`. */
  mark?: { key: "supersedes" | "still-true"; value: string };
  /** What the sentence struck out ("~~Thursday~~ Friday"): the value given up (hand-edits.ts). Absent when none, and in statements stored before it was read. */
  struck?: Struck;
  /** The sentence opens with a correction's label ("update:", "edit:"; hand-edits.ts). Absent when not, and in statements stored before it was read. */
  labelled?: boolean;
  /** The sentence is said as "key: value" (hand-edits.ts). Absent when not, and in statements stored before it was read. */
  keyValue?: KeyValue;
  /** Who holds a role, said without a title ("Anita Rowe is treasurer now"; role-holders.ts), with whether the sentence says it passed to them. Absent when none, and in statements stored before it was read. */
  holds?: { holders: RoleHolder[]; handedOver: boolean };
  /** The table row the line is (table-rows.ts). Absent when none, and in statements stored before it was read. */
  row?: TableRow;
  /** The sentence's numbers and weekdays in a short form (replies.ts): what a later "no, it's …" to the assistant names the old value by. Absent when none, and in statements stored before it was read. */
  figures?: string[];
  /**
   * A turn saying no to what the assistant just asked or said (replies.ts): the asked words, the values said no to, the one said
   * instead; `guess` when the question put a new value of the assistant's own ("… 9:00 to 11:30 now?"): the kind of the one given;
   * `what`, when the value said no to was the assistant's proposal, the words naming what it was setting (proposal-replies.ts).
   */
  reply?: { words: string[]; was: string[]; now: string; guess?: StatedValue["type"]; what?: string[] };
  /** Numbers the sentence gives up for a new one ("4pm instead of 5"; named-old.ts). Absent when none. */
  instead?: { from: string; to: string }[];
  /** Reference numbers the sentence names a thing by ("invoice HP-014", "policy PI-55821"; said-apart.ts). Absent when none. */
  refs?: string[];
  /** The years of happenings the sentence tells ("the pavilion was built in 1987"; event-years.ts). Absent when none. */
  years?: { kind: string; year: string; thing: string[] }[];
  /** Gives a weekday as the day its thing is still to come ("Physio: Thursday at 9:15"; weekday-ahead.ts); absent when not. */
  dayAhead?: boolean;
  /** What the sentence sets to a new amount ("the organisers cut talks to 12 minutes" → talk; set-to.ts). Absent when none. */
  sets?: string[];
  /** The things the sentence names with their holders ("my flight", "Sam's flight"; told-apart.ts). Absent when none. */
  owned?: { owner: string; words: string[] }[];
  /** The things of a numbered series it names ("chapter 4"; told-apart.ts). Absent when none. */
  numbered?: string[];
  /** The homes or plots of a person's own it names by a letter ("flat a"; told-apart.ts). Absent when none. */
  lettered?: string[];
  /** Consecutive content words naming a thing by its kind ("wait staff", "bar staff"; kinds-apart.ts). Absent when none. */
  kinds?: string[];
  /** What the sentence says was switched to another ("switched the meat order to …" → meat, order; switched.ts). Absent when none. */
  switched?: string[];
  /** A count said bare ("the hen party is 14 now", "final numbers: 104"; bare-counts.ts). Absent when none. */
  bareCount?: string;
  /** The sentence calls a plan off ("cancel the Arran weekend on the 11th"; called-off-plans.ts). Absent when not. */
  callsOff?: boolean;
  /** What the sentence says is back on ("Arran is back on"; called-off-plans.ts). Absent when none. */
  backOn?: string[];
  /** What the sentence says rose or fell by a share ("my word rate goes up 10%" → word, rate; percent-change.ts). Absent when none. */
  byShare?: string[];
  /** Gives its values as what holds "these days" ("pickup's 4:15 these days"; these-days.ts). Absent when not. */
  nowadays?: boolean;
  /** Said as "label: value" with no figures ("Collection point for the Hay customers: the Swan car park."; records-given-up.ts). Absent when not. */
  record?: { label: string[]; value: string[] };
  /** The places the sentence names ("party at the Magpie Café" → magpi, café; places.ts). Absent when none. */
  places?: string[];
  /** The place the sentence says a thing moved to ("moved to the Fisherman's Arms"; places.ts). Absent when none. */
  movedTo?: string[];
  /** Each dose's medicine, the word right before it ("metformin 500mg"; medicines.ts). Absent when none. */
  doseNames?: { norm: string; unit: string; word: string }[];
  /** A named person said gone or away while another takes over what they did ("Helen's off on sabbatical, so Kwame is taking over"; handed-on.ts). Absent when not. */
  handedOn?: { from: string };
  /** The things it says are over ("not on warfarin any more" → warfarin; no-longer.ts). Absent when none. */
  noLonger?: string[];
  /** Where it says a thing meets now ("study group meets in Broadcasting Place now"; places.ts). Absent when none. */
  placeNow?: { thing: string[]; place: string[] };
  /** Gives its values as another's word with no change said ("… 75%, says the L&D form"; sourced-values.ts). Absent when not. */
  toldBy?: boolean;
  /** Gives a time of something that happens over and over ("carer at 7.30 for dad mornings"; routine-times.ts). Absent when not. */
  routine?: boolean;
  /** How it speaks of a personal best: "new" beaten, "best" one given (new-best.ts). Absent when neither. */
  best?: "new" | "best";
  /** The figures it says are still so ("ethics form still 12th" → 12; still-said.ts). Absent when none. */
  stillSaid?: string[];
  /** A standing file's line first seen in a later read of the file: its time is when it was written (standing-dates.ts). Absent otherwise. */
  observed?: boolean;
  /** A standing file's line never seen changing: the save it was first read from, its latest possible time (standing-dates.ts). Absent otherwise. */
  savedBy?: number;
}

const STOP = new Set(
  ("a an the and or but if then so of to in on at by for with from into onto about as is are was were be been being am do does did done " +
    "have has had having i me my mine we our us you your he she it its they them their this that these those there here what which who whom " +
    "whose when where why how all any both each few more most other some such no nor not only own same than too very can will just should " +
    "could would may might must shall now also still yet already ever never up down out over under again further once new old recent recently " +
    "currently actually really kinda sort like want need trying try help make sure know think get got going im ive id ill dont cant wont " +
    "thats its lets please thanks thank yeah okay ok hi hello around about approximately roughly nearly total totally per each every day " +
    // How people feel about a fact is not what the fact is about.
    "kinda sorta gonna wanna worried worry stressed stress curious wondering wonder considering thinking feel feeling felt pretty best way good great figure able hope hoping glad happy excited anxious").split(/\s+/),
);

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100 };
/** Month names as the value readers write them (three letters), and their pattern. */
export const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const WEEKDAY_RE = "(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)";
/**
 * Two weekdays joined ("Mon + Tue", "Wednesday and Thursday") right after or before a plural of
 * what happens on them ("long days", "swimming lessons", "pickups"): the days a thing recurs on.
 * Alone ("off Mon and Tue next week") they are two days, not a schedule.
 */
const WEEKDAY_PAIR = `\\b${WEEKDAY_RE}\\s*(?:\\+|&|\\/|and)\\s*${WEEKDAY_RE}\\b`;
/** Words ending in "s" that are no plural. */
const NOT_PLURAL = "(?!(?:does|goes|was|has|this|its|his|hers|yes|plus|always|perhaps)\\b)";
const WEEKDAY_PAIR_OF = new RegExp(`(?<=\\b${NOT_PLURAL}\\p{L}{3,}s:?\\s+)${WEEKDAY_PAIR}|${WEEKDAY_PAIR}(?=\\s+(?:\\p{L}+\\s+)?${NOT_PLURAL}\\p{L}{3,}s\\b)`, "giu");
const WEEKDAY_PLURAL_RE = "\\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s\\b";
export const MONTH_RE = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
/** Units written glued to or right after a number; a word after a number that is not here is what it counts. */
const MEASURES = new Set(["ms", "s", "sec", "secs", "second", "minute", "min", "mins", "hour", "hr", "hrs", "week", "month", "year", "kb", "mb", "gb", "tb", "km", "m", "cm", "mm", "kg", "g", "lb", "lbs", "mph", "kmh"]);
/** Size units written short ("12 kW", "5 ha"): a measure in its one form (units.ts). */
const SIZE_UNIT_WORDS = new Set(["kw", "mw", "ha"]);
/** "I've never …", "I have not …": a denial of something the person did or has. */
const DENIAL = /\b(?:never|have not|haven't|has not|hasn't|did not|didn't|no longer)\b\s+(?:actually\s+|ever\s+|really\s+|once\s+)?(.*)$/i;
/** Words people use when a fact changes: a sentence with one of them may replace an older one more readily. */
const CHANGE = /\b(now|new|newly|moved?|moving|changed?|changing|resched\w*|postponed?|delayed|brought forward|put (?:back|forward) (?:to|by|a|until|till)|pushed|extended|increased?|decreased?|reduced|raised|lowered|dropped|grew|grown|up from|down from|updated?|adjusted|revised|shifted|bumped|instead|actually|corrected?|reached|switched|replaced|no longer|anymore|turns out|latest|current(?:ly)?|rebook(?:ed)?|rearranged|taken over|took over)\b|\bback (?:to|on(?: for)?) (?=[£$€]?\d)|\b(?:got|granted|given|approved|agreed)\s+(?:(?:the|an|a|my)\s+)?extension\b|\bextension\s+(?:until|till)\b|\b(?:given|assigned|allocated) (?:Mrs?|Ms|Miss|Dr|Prof)\.? [A-Z]|\b(?:(?:going|goes|gone|went) |(?:put|puts|putting) (?:(?:the|their|his|her|its|our|my) (?:[a-z'’-]+ ){1,2})?)(?:up|down) to (?=[$€£\d]|(?:a|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b)/i;
/** A thing moved, put off or called off: the words that announce it even when no new value follows. */
const ANNOUNCED = /\b(?:resched\w*|postpon\w*|moved|delayed|pushed (?:back|out)|put off|put (?:back|forward) (?:to|by|a|until|till)\b|brought forward|cancell?ed|called off|pull(?:ed|ing)? out of|changed (?:my|our) minds?|no longer|not happening anymore)\b/i;
/** "moved her to the 20th", "put him off": who was moved says nothing of what. */
const OBJECT_PRONOUNS = new Set(["her", "him", "his", "hers", "them"]);

/** Content words on either side of a move's announcement that can name what moved. */
const MOVED_REACH = 6;

/** The content words next to the first announcement of a move: what moved, as the sentence names it. */
function movedThing(sentence: string): string[] {
  const m = ANNOUNCED.exec(sentence);
  if (!m) return [];
  // Before it, the subject ("the dentist rang, they've moved her"); after it, only its own clause ("pushed back a week, Miss Hart off sick").
  const after = sentence.slice(m.index + m[0].length).split(/[,;:!?]|\s(?:but|so|and|because|which|how|hope)\s/)[0] ?? "";
  const words = (t: string) => contentWords(t).filter((w) => !OBJECT_PRONOUNS.has(w));
  return [...new Set([...words(sentence.slice(0, m.index)).slice(-MOVED_REACH), ...words(after).slice(0, MOVED_REACH)])];
}

/** Whether a sentence announces that a thing moved, was put off or called off, with or without a new value. */
export function announcesChange(sentence: string): boolean {
  return ANNOUNCED.test(sentence);
}
/** "I'm not sure if …", "I don't know whether …": doubt, which denies nothing. */
const UNSURE = /\b(?:not (?:sure|certain|quite sure)|(?:don't|do not) know (?:if|whether|how|what|which))\b/gi;
const MARK = /(?<![\p{L}\p{N}_])(supersedes|still-true)::[ \t]*([^\n]*)$/iu;
const NEGATION = /\b(never|not|no longer|don't|doesn't|didn't|haven't|hasn't|hadn't|isn't|wasn't|aren't|weren't|won't|cannot|can't)\b/i;

/** Forms of verbs of three letters, which the length guards of `stem` leave apart ("use" / "used" / "using"). */
const SHORT_VERB_FORMS = new Map(["use", "used", "uses", "using"].map((w) => [w, "use"]));

/** Lower case, letters and digits only, a crude plural/verb stem: good enough to say two sentences talk of the same thing. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -3) + "y";
  else if (w.length > 3 && w.endsWith("es") && /(ch|sh|x|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  // "use", "used", "using": a verb too short for the rules below keeps one stem.
  if (SHORT_VERB_FORMS.has(w)) return SHORT_VERB_FORMS.get(w)!;
  // "completed", "completing", "complete" → "complet": tense must not hide a shared verb.
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  // "weekly" → "week", "monthly" → "month": the same slot said two ways.
  else if (w.length > 5 && w.endsWith("ly")) w = w.slice(0, -2);
  // "arrival", "arriving" → "arriv"; "approval", "approve" → "approv": a noun made with "-al" from a verb is the verb.
  else if (w.length > 6 && /(?:iv|ov|os|ew|us)al$/.test(w)) w = w.slice(0, -2);
  // "optimization", "optimize" → "optimiz": the thing done and the doing are one word.
  else if (w.length > 8 && /[iy]zation$/.test(w)) w = w.slice(0, -5);
  // "management", "manage" → "manag": the same for a noun made with "-ment" from a verb ending in "e".
  else if (w.length > 9 && /[^aeiou][aeiou][^aeiou]ement$/.test(w)) w = w.slice(0, -5);
  return w;
}

/** "£6.50/hr", "£38/mo", "2 wks": a period written short after a number or a slash is the word written out ("an hour", "a month"); "HR" alone is no hour. */
const TIME_ABBREVIATIONS = new Map([["hr", "hour"], ["hrs", "hour"], ["mo", "month"], ["mth", "month"], ["wk", "week"], ["wks", "week"], ["yr", "year"], ["yrs", "year"]]);
const PERIOD_SHORT = /([\d/]\s?)(hrs?|mo|mth|wks?|yrs?)\b/g;

/**
 * Content words of a text: no stop words, no numbers, at least 3 characters. With `heads`, a
 * "day" that names a kind of the noun after it ("day rate", "day job") is kept: what a value is
 * of (its slot words) needs it, while a search's words are better without it.
 */
export function contentWords(text: string, heads = false): string[] {
  const out: string[] = [];
  // A hyphen or an underscore parts words as the keyword index parts them ("patent-related" →
  // patent, related; "PARTS_MARKUP" → parts, markup), so a statement's words and a query's terms meet.
  const tokens = text.toLowerCase().replace(PERIOD_SHORT, (_m, p: string, x: string) => `${p}${TIME_ABBREVIATIONS.get(x) ?? x}`).split(/[^\p{L}\p{N}']+/u);
  for (let i = 0; i < tokens.length; i++) {
    const w = tokenWord(tokens[i]!);
    if (w === null) continue;
    if (w === STOP_DAY) {
      // "day rate", "day job": "day" naming a kind of the noun after it is that noun's head word, not a stop word.
      const next = tokens[i + 1] ?? "";
      if (heads && next.length >= 3 && !STOP.has(next) && !/\d/.test(next)) out.push(stem("day"));
      continue;
    }
    out.push(w);
  }
  return out;
}

/** What `tokenWord` gives "day" when it is a stop word: kept only as the head of the word after it. */
const STOP_DAY = Symbol("stop-day");

/**
 * One token's content word (stemmed), null for none. A token's word depends on the token alone
 * (but "day", which depends on the next), so each is read once and kept: texts repeat their words.
 */
function tokenWord(raw: string): string | null | typeof STOP_DAY {
  const kept = TOKEN_WORDS.get(raw);
  if (kept !== undefined) return kept;
  const w = readTokenWord(raw);
  // Bounded: a long-lived process reads an open-ended vocabulary.
  if (TOKEN_WORDS.size >= 100_000) TOKEN_WORDS.clear();
  TOKEN_WORDS.set(raw, w);
  return w;
}
const TOKEN_WORDS = new Map<string, string | null | typeof STOP_DAY>();

function readTokenWord(raw: string): string | null | typeof STOP_DAY {
  // "they've", "she'd", "we're": a stop word with its verb is still a stop word.
  if (/['’]/.test(raw) && STOP.has(raw.split(/['’]/)[0]!)) return null;
  const w = raw.replace(/'s$/, "").replace(/[''_]/g, "");
  if (w.length < 3 || /\d/.test(w) || NUMBER_WORDS[w] !== undefined) return null;
  if (STOP.has(w)) return w === "day" ? STOP_DAY : null;
  return stem(w);
}

interface Found {
  type: ValueType;
  unit: string;
  norm: string;
  start: number;
  end: number;
}

const PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => Omit<Found, "start" | "end"> | null }[] = [
  // maya@pinesmgmt.co.uk / 192.168.1.52 / 22 Mill Lane, Sheffield S3 8GG: contact values (contact-values.ts), before the numbers inside them are read
  { re: EMAIL, read: (m) => ({ type: "email", unit: "", norm: contactNorm("email", m[0]) }) },
  { re: IPV4, read: (m) => ({ type: "ip", unit: "", norm: m[0] }) },
  { re: STREET_ADDRESS, read: (m) => ({ type: "address", unit: "", norm: contactNorm("address", m[0]) }) },
  { re: GLUED_ADDRESS, read: (m) => ({ type: "address", unit: "", norm: contactNorm("address", m[0]) }) },
  // 2026-11-23
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, read: (m) => ({ type: "date", unit: "", norm: `${m[2]}-${m[3]}` }) },
  // 07700 900412 / +44 113 496 0000 / (555) 123-4567: nine to thirteen digits grouped as phone numbers are
  // (before counts and times, which would read "0113 496" as a count)
  { re: /(?<![\w+])(?:(?:\+\d{1,3}[ -]?|0|\(\d{3}\) ?)\d{2,4}(?:[ -]?\d{3,4}){1,2}|\d{3}-\d{3}-\d{4})\b/g, read: (m) => phone(m[0]) },
  // teacher Mrs Patel / Dr Shah: a titled name (whether a role names it is read with the words next to it)
  { re: /\b(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.? ([A-Z][\p{L}'-]+)/gu, read: (m) => ({ type: "name", unit: "", norm: m[1]!.toLowerCase().replace(/'s$/, "") }) },
  // April 5 / April 5th, 2024
  // ... but not "March 07:10": a month before a clock time ("Thu 1 March 07:10") is no "March 7".
  { re: new RegExp(`\\b${MONTH_RE}\\.? (\\d{1,2})(?:st|nd|rd|th)?\\b(?![:.]\\d)`, "gi"), read: (m) => monthDay(m[1]!, m[2]!) },
  // 5 April / 5th of April
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_RE}\\b`, "gi"), read: (m) => monthDay(m[2]!, m[1]!) },
  // thurs 8th / Fri 16th: a weekday and an ordinal, as notes name a day of this month (after the dates, which take "Fri 16th Feb")
  // ("I sat 3rd", "she sat 2nd": a verb, not Saturday)
  { re: /(?<!\b(?:i|we|he|she|they|you) )\b(?:mon|tues?|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday)?\.?,? (?:the )?(\d{1,2})(?:st|nd|rd|th)\b/gi, read: (m) => dayOfMonth(m[1]!) },
  // "moved her to the 20th", "back on the 1st.", "due on the 1st of the month": a day of this month (or of every
  // month) said with "the" after a word saying when, and ending its phrase ("for the 3rd time" is a count of times, not a day)
  { re: /\b(?<=(?:on|to|for|till|until|by|from|since|before|after) )the (\d{1,2})(?:st|nd|rd|th)\b(?=\s*(?:$|[,.;:!?)]|(?:at|and|or|now|instead|because|since|so|then|but|same|as)\b|of (?:the|each|every) month\b))/gi, read: (m) => dayOfMonth(m[1]!) },
  // Mon-Wed / Monday–Friday: a run (not "from Tuesday to Thursday", which is a move) of weekdays, as a schedule names it
  { re: new RegExp(`\\b${WEEKDAY_RE}\\.?\\s?(?:-|–)\\s?${WEEKDAY_RE}\\b`, "gi"), read: (m) => weekdayRun(m[1]!, m[2]!) },
  // long days Mon + Tue / Wednesday and Thursday long days: two weekdays next to a plural of what happens on them, a schedule
  { re: WEEKDAY_PAIR_OF, read: (m) => weekdaySet(m[1] ?? m[3]!, m[2] ?? m[4]!) },
  // every Tuesday / every other Thursday / Saturdays: a day that recurs (a lone "Tuesday" is one day, not a schedule)
  { re: new RegExp(`\\b(?:(?:every|each)(?: other)? ${WEEKDAY_RE}\\b|${WEEKDAY_PLURAL_RE})`, "gi"), read: (m) => weekdayRun(m[1] ?? m[2]!, m[1] ?? m[2]!) },
  // 8-5 weekdays / 7:30-4 / 6-7pm: hours as a range (time-ranges.ts), before either side is read as a time
  { re: HOURS_RANGE, read: hoursRange },
  // 4:30 PM, 11 AM, 3.40pm (a dot, as British notes write it), 14:00
  { re: /\b(\d{1,2})(?:[:.](\d{2}))? ?([ap])\.?m\b\.?/gi, read: (m) => clock(Number(m[1]), Number(m[2] ?? 0), m[3]!.toLowerCase()) },
  { re: /\b([01]?\d|2[0-3]):([0-5]\d)\b/g, read: (m) => clock(Number(m[1]), Number(m[2]), "") },
  // carer at 7.30 / by 19.15: a dotted clock time after a word saying when (dotted-times.ts), before it is read as a count
  { re: DOTTED_TIME, read: dottedTime },
  // $4,000 / €12.50 / 4,000 dollars
  { re: /([$€£])\s?(\d[\d,]*(?:\.\d+)?)\s?(k|m|million|thousand)?\b/gi, read: (m) => ({ type: "money", unit: "", norm: `${m[1]}${scaled(m[2]!, m[3])}` }) },
  // two hundred quid / 4,000 dollars: an amount said out loud, its currency after it (money-words.ts)
  { re: MONEY_SAID, read: (m) => moneySaid(m[1]!, m[2]!) },
  // 50 sq ft / 35 square feet / 12 m²: an area's unit in its one form (units.ts)
  { re: AREA, read: (m) => ({ type: "measure", unit: areaUnit(m[2] ?? m[3] ?? m[4]!), norm: String(Number(m[1]!.replace(/,/g, ""))) }) },
  // 78% / 78 percent
  { re: /\b(\d+(?:\.\d+)?)\s?(?:%|percent\b)/gi, read: (m) => ({ type: "percent", unit: "", norm: String(Number(m[1])) }) },
  // two dozen kids / a dozen eggs: a count said in dozens is that many of the thing after it
  { re: /\b(a|half a|one|two|three|four|five|six|\d{1,3})\s+dozen\s+([a-z][a-z-]{0,20})\b(?=\s+([a-z]{3,20})\b|)/gi, read: (m) => counted(String(dozens(m[1]!)), m[2]!, m[3]) },
  // 250ms / 3 hours / 45 sources / 1,200 calls / three days
  {
    // A comma ends the number when no digit follows it: "Aug 2030, fine" counts no "fine".
    re: /\b(\d(?:[\d,]*\d)?(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\s?([a-z][a-z-]{0,20})\b(?=\s+([a-z]{3,20})\b|)/gi,
    read: (m) => counted(m[1]!, m[2]!, m[3]),
  },
];

function monthDay(month: string, day: string): Omit<Found, "start" | "end"> | null {
  const mi = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  const d = Number(day);
  if (mi < 0 || d < 1 || d > 31) return null;
  return { type: "date", unit: "", norm: `${String(mi + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

/** A weekday's name as `contentWords` leaves it ("tuesday", "mon", "thur"). */
function isWeekdayWord(w: string): boolean {
  return new RegExp(`^${WEEKDAY_RE}$`).test(w);
}

/** Two weekdays, in the week's order ("thursday", "wed" → "wed,thu"). */
function weekdaySet(a: string, b: string): Omit<Found, "start" | "end"> | null {
  const days = [a, b].map((d) => WEEKDAYS.indexOf(d.slice(0, 3).toLowerCase())).sort((x, y) => x - y);
  return days[0]! < 0 || days[0] === days[1] ? null : { type: "weekly", unit: "", norm: days.map((d) => WEEKDAYS[d]).join(",") };
}

/** The weekdays from `first` to `last` ("mon", "wed" → "mon,tue,wed"); one day when they are the same. */
function weekdayRun(first: string, last: string): Omit<Found, "start" | "end"> | null {
  const a = WEEKDAYS.indexOf(first.slice(0, 3).toLowerCase());
  const b = WEEKDAYS.indexOf(last.slice(0, 3).toLowerCase());
  if (a < 0 || b < 0 || b < a) return null;
  return { type: "weekly", unit: "", norm: WEEKDAYS.slice(a, b + 1).join(",") };
}

function phone(text: string): Omit<Found, "start" | "end"> | null {
  const digits = text.replace(/\D/g, "");
  return digits.length >= 9 && digits.length <= 13 ? { type: "phone", unit: "", norm: digits } : null;
}

function dayOfMonth(day: string): Omit<Found, "start" | "end"> | null {
  const d = Number(day);
  return d >= 1 && d <= 31 ? { type: "day", unit: "", norm: String(d) } : null;
}

function clock(h: number, min: number, ap: string): Omit<Found, "start" | "end"> | null {
  if (ap !== "" && (h < 1 || h > 12)) return null;
  const hh = ap === "p" && h < 12 ? h + 12 : ap === "a" && h === 12 ? 0 : h;
  return { type: "time", unit: "", norm: `${String(hh).padStart(2, "0")}:${String(min).padStart(2, "0")}` };
}

function scaled(num: string, suffix: string | undefined): string {
  const n = Number(num.replace(/,/g, ""));
  const k = (suffix ?? "").toLowerCase();
  const times = k === "k" || k === "thousand" ? 1e3 : k === "m" || k === "million" ? 1e6 : 1;
  return String(n * times);
}

/** How many a number of dozens is ("two" dozen → 24, "half a" → 6). */
function dozens(n: string): number {
  const k = n.toLowerCase();
  return k === "half a" ? 6 : k === "a" ? 12 : 12 * (NUMBER_WORDS[k] ?? Number(k));
}

/** A word of three or more joined by hyphens ("point-of-lay", "ready-to-wear"): a modifier of the noun after it, not what is counted. */
const COMPOUND_MODIFIER = /^[a-z]+(?:-[a-z]+){2,}$/;

function counted(num: string, word: string, next?: string): Omit<Found, "start" | "end"> | null {
  const n = NUMBER_WORDS[num.toLowerCase()] ?? Number(num.replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  // "a dozen point-of-lay pullets": the pullets are counted, as in "fifteen pullets".
  const w = COMPOUND_MODIFIER.test(word.toLowerCase()) && next !== undefined && !STOP.has(next.toLowerCase()) ? next.toLowerCase() : word.toLowerCase();
  // "3 of", "2024 and", "5 to 6": the word after is no unit; a year is a date, not a count.
  if (STOP.has(w) && w !== "day" && w !== "per") return null;
  if (MONTHS.includes(w.slice(0, 3)) && /^[a-z]+$/.test(w) && w.length <= 9) return null;
  if (/^(st|nd|rd|th|am|pm|a|p)$/.test(w)) return null;
  if (/^(19|20)\d\d$/.test(num)) return null;
  // "12 kW" and "12 kilowatts": one unit, one form (units.ts).
  const spelled = unitSpelled(w);
  if (spelled !== null || SIZE_UNIT_WORDS.has(w)) return { type: "measure", unit: spelled ?? w, norm: String(n) };
  const unit = stem(w);
  return { type: MEASURES.has(w) || MEASURES.has(unit) ? "measure" : "count", unit, norm: String(n) };
}

/**
 * A bare number that a change word leads to ("which has now reached 165", "has increased to
 * 7,"): the count of a thing named before it, not after. Only after such a word: a bare number
 * anywhere else is too often a version, a step or a score to be read as a count.
 */
const BARE_AFTER_CHANGE = /\b(?:reached|(?:increased|grown|risen|rose|gone up|climbed|jumped|dropped|decreased|fallen|fell|gone down|declined|expanded|bumped) to|now (?:at|stands at))\s+(\d[\d,]*)(?![\d.]*\d)(?!\s?(?:%|[\p{L}$€£]))/giu;
/** A plural word in the few words before a bare number: what it counts ("commits merged … reached 165"). */
const PLURAL = /^(?!.*(?:ss|us|is)$)\p{L}{3,}s$/u;

/** What a bare number after a change word counts: the nearest plural content word in the 12 words before it; null when none. */
function bareUnit(sentence: string, at: number): string | null {
  const before = sentence.slice(Math.max(0, at - 160), at).toLowerCase().split(/[^\p{L}\p{N}']+/u).slice(-12).reverse();
  const w = before.find((x) => PLURAL.test(x) && !STOP.has(x));
  return w ? stem(w) : null;
}

function bareCounts(sentence: string, taken: readonly Found[]): Found[] {
  const out: Found[] = [];
  BARE_AFTER_CHANGE.lastIndex = 0;
  for (let m = BARE_AFTER_CHANGE.exec(sentence); m !== null; m = BARE_AFTER_CHANGE.exec(sentence)) {
    const start = m.index + m[0].length - m[1]!.length;
    const end = m.index + m[0].length;
    const unit = bareUnit(sentence, m.index);
    const n = Number(m[1]!.replace(/,/g, ""));
    if (unit === null || !Number.isFinite(n) || taken.some((f) => start < f.end && f.start < end)) continue;
    out.push({ type: MEASURES.has(unit) ? "measure" : "count", unit, norm: String(n), start, end });
  }
  return out;
}

/** The values in one sentence, left to right, overlapping matches dropped (a date wins over a count). */
export function findValues(sentence: string): Found[] {
  const found: Found[] = [];
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(sentence); m !== null; m = p.re.exec(sentence)) {
      const v = p.read(m);
      if (!v) continue;
      const start = m.index;
      const end = m.index + m[0].length;
      if (found.some((f) => start < f.end && f.start < end)) continue;
      found.push({ ...v, start, end });
    }
  }
  found.push(...bareCounts(sentence, found));
  return found.sort((a, b) => a.start - b.start);
}

/** Words around a value that say what it is of: up to 10 content words before it and 5 after, within its sentence. */
function contextOf(sentence: string, f: Found): string[] {
  // A contact value is whoever's its own clause names ("router swapped; mix laptop is on 192.168.1.52"): the clause before the semicolon is another thing.
  const before = ((s: string) => (isContact(f) ? (s.split(";").pop() ?? s) : s))(sentence.slice(Math.max(0, f.start - 200), f.start));
  const after = sentence.slice(f.end, f.end + 100);
  // A stop before a lower-case word, as people type on a phone ("£7 an hour from April. fair enough
  // tbh, …"), ends what a value is about: the aside after it is about something else. What comes
  // before such a stop still counts (the subject may be there: "Kemi's tooth again. oh and the dentist …").
  // A reason told beside it ("…, the tiler can't come till Wednesday") is not what it is of (reason-clauses.ts).
  const own = withoutReasons(before, after.split(SOFT_STOP)[0] ?? "");
  const words = [...contentWords(own.before, true).slice(-10), ...contentWords(own.after, true).slice(0, 5)];
  // A schedule's other weekdays are other values of it ("every Tuesday, black bin Fridays"), not what it is about.
  const mine = f.type === "phone" && MY_NUMBER.test(before.slice(-40)) ? [MY_OWN] : [];
  return [...new Set([...words.filter((w) => w !== f.unit && !(f.type === "weekly" && isWeekdayWord(w))), ...mine])];
}

/**
 * A full word's full stop before a lower-case word: the end of a sentence typed without its
 * capital. An abbreviation's stop ("approx. 5", "e.g. the", "vs. last year") is none.
 */
const SOFT_STOP = /(?<=(?<![\p{L}.])(?!(?:approx|incl|excl|etc|est|dept|misc|vs|cf|viz|ibid|ref|mrs|mr|dr|st|no)\.)\p{L}\p{Ll}{2,}\.)\s+(?=\p{Ll}{2,}\b)/u;

/**
 * "My mobile: 07700 …", "my new number is 07700 …": the person's own phone, whose owner no
 * content word names ("my" is a stop word). Not "my dad's number" (his), nor "my work phone"
 * (a second line beside the mobile).
 */
const MY_NUMBER = /\bmy (?:new |old |own )?(?:mobile|phone|number|cell|phone number|mobile number)\b[^,;()]{0,12}$/i;
/** The owner word of the person's own phone number: no word of a note can be it. */
export const MY_OWN = "my own";

/**
 * The clause a value ends: the text after the last , ; : ! ? ( ) before it. A value that opens
 * its clause ("Gym: PureGym Kirkstall, £24.99 a month", "Day rate for freelance: £320") is
 * named by the clause before it, as a label before a colon names what follows it.
 */
function clauseBefore(text: string): string {
  // An aside in brackets is said in passing: the clause goes on around it (label-words.ts).
  const parts = withoutAsides(text).split(/[,;:!?()]/);
  const last = parts.pop() ?? "";
  // Only a clause that is nothing but the value: "$2,000 on August 30" is cut at the thousands' comma, and "000 on" is no label.
  return /\S/.test(last) || parts.length === 0 ? last : (parts.pop() ?? "");
}

/** The 3 content words before the value and 2 after, within its clause (or the clause before, when it opens its own). */
function nearOf(sentence: string, f: Found): string[] {
  const before = clauseBefore(sentence.slice(Math.max(0, f.start - 60), f.start));
  const after = sentence.slice(f.end, f.end + 40).split(/[,;:!?.()]/)[0] ?? "";
  return [...new Set([...contentWords(before, true).slice(-3), ...contentWords(after, true).slice(0, 2)].filter((w) => w !== f.unit))];
}

/** One "X or Y" of a text: each alternative's content words, stemmed (either-or.ts weighs them). */
export type EitherOr = readonly (readonly string[])[];

/** Content words after "or" read as its right-hand alternative ("or professional development events"). */
const MAX_RIGHT = 4;

/**
 * The "or" groups of a query or a denied clause. The left alternative is the one word before "or" (the words
 * before it modify both sides: "patent-related webinars or workshops"), the right one the
 * run of content words after it, up to a stop word ("or training programs on ATS" → training
 * programs). A side that is no content word ("or been to …", "or any other …") makes no group.
 */
export function eitherOr(text: string): EitherOr[] {
  const tokens = text.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter((t) => t !== "");
  const word = (t: string | undefined): string | null => (t === undefined ? null : (contentWords(t)[0] ?? null));
  const out: EitherOr[] = [];
  tokens.forEach((t, i) => {
    if (t !== "or") return;
    const left = word(tokens[i - 1]);
    const right: string[] = [];
    for (let j = i + 1; j < tokens.length && right.length < MAX_RIGHT; j++) {
      const w = word(tokens[j]);
      if (w === null) break;
      right.push(w);
    }
    if (left !== null && right.length > 0) out.push([[left], right]);
  });
  return out;
}

/**
 * Words of a denied clause that say when or how it relates, not what was never done: "never
 * … before" (what the person did is not said "before"), "patent-related webinars" (the
 * webinars are about patents). Left in, they weigh as much as the thing itself and a saying
 * of the thing falls short of the bar, while other denials that also say "before" pass it.
 */
const DENIAL_FILLER = new Set(["before", "yet", "lately", "related", "regarding", "involving"].map(stem));

/** What a "never …" clause denies: its content words up to the clause's end ("…, so", "…, but"), and the alternatives it joins with "or". */
function deniedWords(sentence: string): { denied: string[]; deniedOr?: EitherOr[] } {
  const m = DENIAL.exec(sentence);
  if (!m || !deniesOwnPast(sentence.slice(0, m.index))) return { denied: [] };
  // The clause ends at a comma, unless what follows names examples of the thing ("never used
  // any citation software, like Zotero"): those are denied too.
  const parts = m[1]!.split(/,|;|\s+(?:so|but|because|since|and I|which)\s+/);
  const examples = parts[1] !== undefined && /^\s*(?:like|such as|including|e\.g\.)\s/i.test(parts[1]) ? ` ${parts[1]}` : "";
  const clause = (parts[0] ?? "") + examples;
  const groups = eitherOr(clause);
  return { denied: [...new Set(contentWords(clause))].filter((w) => !DENIAL_FILLER.has(w)), ...(groups.length > 0 ? { deniedOr: groups } : {}) };
}

/** Sentences of a line or a turn: split after . ! ? followed by a space and a capital or digit. */
export function sentences(text: string): string[] {
  const parts = text.split(/(?<=[.!?])\s+(?=[A-Z0-9"'])|\n+/).map((s) => s.trim()).filter((s) => s !== "");
  // "flock no. UK 0 712354": "no." before a number is the number's label, not a sentence's end.
  return parts.reduce<string[]>((out, p) => {
    const last = out.at(-1);
    if (last !== undefined && /\bno\.$/i.test(last) && /^(?:[A-Z]{1,3}\s?)?\d/.test(p)) out[out.length - 1] = `${last} ${p}`;
    else out.push(p);
    return out;
  }, []);
}

/** "(unrelated, but the vet moved her jab to the 20th)": an aside in brackets, three words or more and no code signs, is prose. */
function isAside(line: string): boolean {
  const m = /^\s*\(([^()=;{}<>]*)\)[.!?]?\s*$/.exec(line);
  return m !== null && (m[1]!.match(/\p{L}{3,}/gu) ?? []).length >= 3;
}

function looksLikeCode(line: string): boolean {
  if (isAside(line)) return false;
  // Only whole lines of code: prose with an inline `call()` in it is still prose.
  return /^\s*(?:[{}[\]();]|\/\/|#include|import |from \S+ import|def |class |function |const |let |var |return |if \(|for \(|<\/?[a-z]+[\s>])/.test(line) || /[{};]\s*$/.test(line);
}

/** Drops fenced code blocks and code-looking lines, keeping every other line where it is (line numbers stay true). */
function proseLines(text: string): string[] {
  let fenced = false;
  // An HTML comment is a note to the file's tools, not something the person says: blanked, lines kept.
  const uncommented = text.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, " "));
  return uncommented.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced || looksLikeCode(line) ? "" : line;
  });
}

/** The statements of a text whose first line is file line `firstLine`. */
export function extractStatements(text: string, firstLine = 1): Statement[] {
  const out: Statement[] = [];
  // A fenced block inside one transcript turn is dropped the same way.
  const prose = proseLines(text);
  const rows = tableRows(prose);
  const revised = revisedEntries(prose);
  prose.forEach((line, i) => {
    if (line.trim() === "") return;
    // The person's mark applies to every sentence of its line.
    const m = MARK.exec(line);
    const mark = m ? { key: m[1]!.toLowerCase() as "supersedes" | "still-true", value: m[2]!.trim() } : undefined;
    const unmarked = m ? line.slice(0, m.index) : line;
    // A list entry's quantity and a quoted line's values are nobody's current facts.
    const valueless = isListEntry(unmarked) || /^\s*>/.test(unmarked);
    const plainLine = unmarked.replace(/^\s*>\s?/, "").replace(/^\s*(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/, "");
    const found: Statement[] = [];
    const said = sentences(plainLine);
    for (const [k, s] of said.entries()) {
      const own = statementOf(s, firstLine + i, mark !== undefined, valueless);
      // "so when does it start? 14 June": the question just before says what the answer is of (own-answers.ts).
      const st = own && k > 0 ? answering({ text: said[k - 1]!, words: contentWords(said[k - 1]!) }, own) : own;
      // A "key: value" record is a whole line; a colon in the first of several sentences opens a remark.
      if (st) found.push(said.length > 1 && st.keyValue ? withoutRecord(st) : st);
    }
    const row = rows.get(i);
    if (found.length === 0 && (mark || row)) found.push({ line: firstLine + i, text: plainLine.trim().slice(0, 300), words: [...new Set(contentWords(plainLine))], values: [], negated: false, denied: [], change: false });
    // A row is one statement: its first sentence carries where it stands.
    if (row && found[0]) found[0] = { ...found[0], row };
    // An entry of a list introduced as revised is said as changed (list-intro.ts); a checkbox keeps its state (ticked-todos.ts).
    const todo = todoOf(unmarked);
    for (const st of found) out.push(withRevised({ ...st, ...(mark ? { mark } : {}), ...(todo ? { todo } : {}) }, revised.has(i)));
  });
  return out;
}

const withRevised = (st: Statement, revised: boolean): Statement => (revised && !st.change ? { ...st, change: true } : st);

/** "Wifi password: Fennel42", "Gate code: 48B21": a label, a colon, and a code of letters and digits. */
const LABELLED_CODE = /^[\p{L} '’-]{3,40}:\s*(?=[\p{L}\d]*\d)(?=[\d]*\p{L})[\p{L}\d]{4,40}\.?$/u;

/** "38 not 32", "£45, not £40", "12 people not 10": a number said in place of another (at most one word between a number and its "not"). */
const CORRECTION = /(?<![\d.,])([$€£]?\d[\d,]*(?:\.\d+)?)(?:\s?[a-z]+)?,?\s+not\s+(?:the\s+)?([$€£]?\d[\d,]*(?:\.\d+)?)(?![\d:.\/-]\d)/gi;
const digitsOf = (x: string) => x.replace(/[^\d.]/g, "").replace(/\.0+$/, "");

/** The numbers a sentence corrects, read where it states (a question or a what-if corrects nothing). */
export function correctionsOf(s: string): { from: string; to: string }[] {
  return statedMatches(s, CORRECTION)
    .map((m) => ({ from: digitsOf(m[2]!), to: digitsOf(m[1]!) }))
    .filter((c) => c.from !== c.to);
}

/** The people who hold a role in a person's life, as notes name them before the person ("teacher Mrs Patel"). */
const ROLES = new Set(
  ("gp teacher tutor coach instructor doctor dentist vet consultant surgeon midwife nurse physio therapist counsellor counselor boss manager supervisor " +
    "landlord landlady agent accountant solicitor lawyer plumber electrician builder mechanic cleaner nanny childminder babysitter hairdresser barber trainer mentor headteacher")
    .split(" ")
    .map(stem),
);

/** The role words of a text, short ones too ("GP", which is no content word by its length). */
const roleWords = (text: string) => text.toLowerCase().split(/[^\p{L}]+/u).map(stem).filter((w) => ROLES.has(w));

/**
 * The roles a titled name holds: named in its clause before it ("new teacher after half term,
 * Mr Okoro" → teacher), or said right after it with "as" ("Dr Ellis as my named GP", "Ms Kaur as
 * her new vet"): what the name is of.
 */
const rolesOf = (s: string, f: Found) => [...new Set([...roleWords(clauseBefore(s.slice(Math.max(0, f.start - 80), f.start))), ...roleWords(ROLE_AFTER.exec(s.slice(f.end))?.[1] ?? "")])];
/** "… as my named GP", "… as their new class teacher": a role given to the name just said. */
const ROLE_AFTER = /^,?\s+as (?:my|our|his|her|their|the kids'?|the)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}]+)/iu;

/** Content words of a chosen thing: the few right after the words of choosing ("the blue tiles"). */
const CHOSEN_REACH = 3;

/** Words that say a choice was changed: "scratch that", "instead", "changed my mind", "the Globe now, not the Swan". */
const CHOICE_CHANGED = /\b(?:instead|scratch that|changed? (?:my|our) minds?|now,? not)\b/i;
/** "not the Bosch", "not Currys": a name (capitalised, not opening the sentence) right after "not". */
const NOT_NAME = /(?<=\S.*)\bnot (?:the |a |an |my |our )?([A-Z][\p{L}'-]{2,})/gu;

/**
 * The names a sentence gives up for another choice; none unless it says the choice changed, or
 * makes a choice ("went with KPN, not Ziggo"): then a day or a month after its "not" is when,
 * not what was given up.
 */
export function givenUp(s: string): string[] {
  if (isQuestion(s)) return [];
  const changed = CHOICE_CHANGED.test(s);
  if (!changed && choiceOf(s) === null) return [];
  const names = [...s.matchAll(NOT_NAME)].map((m) => m[1]!.replace(/'s$/, "")).filter((n) => changed || (weekdayOf(n) === null && !new RegExp(`^${MONTH_RE}$`, "i").test(n)));
  return names.map(stem).filter((w) => w.length >= 3 && !STOP.has(w));
}

/** The values of a sentence that are said as what is: not asked, supposed, denied or inside quotes. */
function statedValues(s: string): { values: (Found & { mood: "fact" | "plan" | "event" })[]; namesEarlier: boolean } {
  const out: (Found & { mood: "fact" | "plan" | "event" })[] = [];
  const found = findValues(unquoted(s));
  const kinded = found.map((f) => ({ start: f.start, kind: f.type === "count" || f.type === "measure" ? `${f.type}:${f.unit}` : f.type === "day" ? "date" : f.type }));
  let namesEarlier = false;
  for (const [i, f] of found.entries()) {
    // "…, was £480 last year": the value it had before is history beside the one it has now (earlier-value.ts).
    if (namedAsEarlier(s, kinded[i]!, kinded)) {
      namesEarlier = true;
      continue;
    }
    const mood = moodAt(s, f.start);
    if (STATED_MOODS.has(mood)) out.push({ ...f, mood: mood as "fact" | "plan" | "event" });
  }
  return { values: out, namesEarlier };
}

/** A value's words with the slot words how it is said implies ("£320 a day" → day rate; slot-synonyms.ts). */
const withImplied = (words: string[], s: string, f: Found) => [...new Set([...words, ...impliedSlot(s, f.type, f.start, f.end)])];

/**
 * A record's label names every value after its colon, not only one that opens its clause
 * ("Dentist appointment: Tuesday at 10:00": the time is the appointment's, as in "Dentist
 * appointment on Tuesday at 10:00"), so a later note that moves the appointment meets it.
 */
const withLabel = (near: string[], record: KeyValue | null, s: string, f: Found) => (record !== null && f.start > s.indexOf(":") ? [...new Set([...near, ...record.key])] : near);

/** A value's kind and form as "type:norm", for what a sentence struck out. */
const typedNorms = (t: string) => findValues(t).map((f) => `${f.type}:${f.norm}`);

function statementOf(said: string, line: number, marked: boolean, valueless = false): Statement | null {
  // What the person struck out or labelled as a correction is read apart (hand-edits.ts): a struck value is no current one.
  const edit = readHandEdit(said, (t) => contentWords(t), typedNorms);
  const s = edit.text;
  const stated = valueless ? { values: [], namesEarlier: false } : statedValues(s);
  const found = stated.values;
  const negated = NEGATION.test(s.replace(UNSURE, ""));
  const words = [...new Set(contentWords(s))];
  const keyValue = keyValueOf(s, (t) => contentWords(t));
  // A sentence without a value still counts when it says enough: it may be what a later "never …" denies; a "key: value"
  // line names its own; a line labelling a code ("Wifi password: Fennel42") may be given otherwise later (value-clash.ts).
  if (found.length === 0 && !negated && !marked && !keyValue && words.length < 3 && !LABELLED_CODE.test(s) && roleHolders(s).length === 0) return null;
  // "My mobile: 07700 900318.": a phone number with its kind is enough said.
  if (words.length < 2 && !marked && !keyValue && !found.some((f) => f.type === "phone")) return null;
  // A titled name is a value only as the holder of a role, and its role is what it is of; "Mrs Patel's on leave" names no slot.
  const values = found
    .map((f) => ({ type: f.type, unit: f.unit, norm: f.norm, text: s.slice(f.start, f.end), context: withImplied(contextOf(s, f), s, f), near: f.type === "name" ? rolesOf(s, f) : withLabel(withImplied(nearOf(s, f), s, f), keyValue, s, f), mood: f.mood }))
    .filter((v) => v.type !== "name" || v.near.length > 0);
  const announced = ANNOUNCED.test(s) ? { announced: true, moved: movedThing(s) } : {};
  const asks = asksWhether(s) ? { asks: true } : {};
  const corrects = [...correctionsOf(s), ...takenBack(s)];
  const corrected = corrects.length > 0 ? { corrects } : {};
  const gives = givenUp(s);
  if (gives.length > 0) Object.assign(corrected, { givesUp: gives });
  const choice = choiceOf(s);
  const chosen = choice ? contentWords(choice.thing).slice(0, CHOSEN_REACH) : [];
  if (choice && chosen.length > 0) Object.assign(corrected, { chose: { words: chosen, final: choice.final } });
  // A value named as what it was ("2pm (was 3pm)"), a struck one or a correction's label says the thing changed.
  // So does a difference alone ("went up by £50", differences.ts).
  const change = CHANGE.test(s) || saysDifference(s) || stated.namesEarlier || edit.struck !== undefined || edit.labelled;
  // A holder asked about or supposed is none; one said as a fact is.
  const holders = isQuestion(s) || !STATED_MOODS.has(moodAt(s, 0)) ? [] : roleHolders(s);
  const set = found.length > 0 ? setWhat(s, (t) => contentWords(t)) : [];
  const hand = {
    ...(set.length > 0 ? { sets: set } : {}),
    ...(edit.struck ? { struck: edit.struck } : {}),
    ...(edit.labelled ? { labelled: true } : {}),
    ...(keyValue ? { keyValue } : {}),
    ...(holders.length > 0 ? { holds: { holders, handedOver: HANDED_OVER.test(s) } } : {}),
  };
  return { line, text: said.length > 300 ? said.slice(0, 297) + "..." : said, words, values, negated, ...deniedWords(s), change, ...announced, ...asks, ...corrected, ...hand };
}

/**
 * Whether a statement says `words` rather than denies them: a sentence with no denial does; a
 * denying one does when its denial is about something else ("I met Kyle at a sneaker expo,
 * but I've never tried Nike Air Max" says it met Kyle). A negation it cannot place ("I don't
 * think…") says nothing either way.
 */
export function affirms(st: { negated: boolean; denied: readonly string[] }, words: readonly string[]): boolean {
  if (!st.negated) return true;
  if (!Array.isArray(st.denied) || st.denied.length === 0) return false;
  const denied = new Set(st.denied);
  return !words.some((w) => denied.has(w));
}

const withoutRecord = ({ keyValue: _record, ...st }: Statement): Statement => st;

/** A whole transcript turn is one "line" of its file: every sentence of it is on that line. */
export function turnStatements(content: string, line: number): Statement[] {
  // "Key: value" is how a note keeps a record; in a conversation a colon opens a sentence ("Mel: I'm now into pottery"), so a turn keeps none.
  return extractStatements(proseLines(content).join(" \n "), 1).map((s) => ({ ...withoutRecord(s), line }));
}
