/**
 * A person or thing the profile names two ways: "Leah's mum = Carol", "Carol is Leah's mum",
 * "the Octavia is a Skoda". The daily notes use the name ("ordered Carol's present", "Octavia
 * failed its MOT"), the question the relation it has to someone ("what are we getting leahs
 * mum for her 60th") or its kind ("when is the skoda's mot"), and only MEMORY.md or a profile
 * file ties the two together: the notes holding the answer matched neither word of the question.
 *
 * When MEMORY.md or a profile file writes a name as someone's relation, in one of the shapes
 * below, and the question says that relation of that someone as two adjacent words ("leahs
 * mum", "leah's mum"), both words also search the name: a note writing the name holds both.
 * When a file writes "the X is a Y" of two capitalised names, a question word Y also searches X.
 * When a line opens with a role and gives it a name ("Accountant: Bev Laing", "- carers:
 * Brightwater Care", "Mentor = Clive"), a question word that role also searches the names: the
 * notes say "Bev call re VAT", the question "what did the accountant say about the vat".
 *
 * General, not a list of relations: the definition must be in those files, written with the
 * names capitalised, in one line; the question must say the owner and the relation side by
 * side ("leahs dads number" learns nothing from Leah's mum). A kind must be capitalised too
 * (a make, a breed as a name): "Hannah is a nurse" leaves "nurse" alone, the new nurse of a
 * question being anyone. Only those files are read, once while the index is unchanged, and only
 * for a search allowed to read them (workspace-forms.ts).
 */
import { keptWhileUnchanged } from "../../store/data-version.js";
import type { DB } from "../../store/open.js";
import type { ParsedQuery, WorkspaceForm } from "../query/query.js";
import { profileTexts } from "./profile-texts.js";
import { GENERIC } from "../query/generic.js";

/** What the profile files define: a relation of an owner ("leah mum") and a kind ("skoda"), each with the names it stands for. */
interface ProfileNames {
  relations: ReadonlyMap<string, readonly string[]>;
  kinds: ReadonlyMap<string, readonly string[]>;
}

const NAME = String.raw`\p{Lu}\p{Ll}+`;
/** Names joined in one definition: "Sue + Mike", "Sue and Mike", "Sue & Mike". */
const NAMES = String.raw`${NAME}(?:\s*(?:\+|&|and)\s*${NAME})*`;
const OWNED = String.raw`(${NAME})['’]s\s+(\p{Ll}{2,})`;
const IS = String.raw`\s*(?:=|:|\bis\b|\bare\b|[-–—])\s*`;
const START = String.raw`(?<![\p{L}\p{N}'’])`;
const END = String.raw`(?![\p{L}\p{N}'’])`;
/** "Leah's mum = Carol", "Leah's mum is Carol", "Leah's mum: Carol", "Leah's mum Carol", "Leah's mum (Carol)". */
const RELATION_FIRST = new RegExp(`${START}${OWNED}(?:${IS}|\\s+|\\s*\\(\\s*)(${NAMES})${END}`, "gu");
/** "Carol is Leah's mum", "Carol = Leah's mum", "Carol (Leah's mum)". */
const NAME_FIRST = new RegExp(`${START}(${NAMES})(?:${IS}|\\s*\\(\\s*)${OWNED}${END}`, "gu");
/** "the Octavia is a Skoda", "Octavia is a Skoda". */
const KIND = new RegExp(`${START}(${NAME})\\s+is\\s+an?\\s+(${NAME})${END}`, "gu");

/**
 * A role a line opens with (after a list's bullet), a colon or an equals sign, and a run of
 * capitalised names: "Accountant: Bev Laing", "  - carers: Brightwater Care, 8am + 6pm".
 * The line's opening only: mid-line, "x: Y" is as often a time or a label as a role.
 */
const ROLE = new RegExp(String.raw`^[\s\-*+•>]*(\p{L}\p{Ll}{2,})\s*[:=]\s*(${NAME}(?:[ \t]+${NAME})*)${END}`, "u");

/** Words capitalised before a name that are no name of their own ("Dr Adeyemi") and days and months ("Bins: Tuesday"). */
const NOT_NAMES = new Set(
  "mr mrs ms mx dr st mt fr sr jr monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december".split(" "),
);

/** The role word and the names of a role line, or null: never a name standing for itself. */
function roleOf(line: string): { role: string; names: string[] } | null {
  const m = ROLE.exec(line);
  if (!m) return null;
  const role = m[1]!.toLowerCase();
  // "Name: Gemma Whitlock" in USER.md: a slot, not a role ("whats the name of the new nurse").
  if (GENERIC.has(role) || GENERIC.has(role.replace(/s$/u, ""))) return null;
  const names = m[2]!.split(/[ \t]+/u).map((n) => n.toLowerCase()).filter((n) => !NOT_NAMES.has(n) && n !== role);
  return names.length > 0 ? { role, names } : null;
}

/** The question words the profile ties to a name, each with the names. */
export function profileNames(db: DB, text: string, q: ParsedQuery, skip: ReadonlySet<string>): WorkspaceForm[] {
  const defined = definedNames(db);
  if (defined.relations.size === 0 && defined.kinds.size === 0) return [];
  const content = new Set(q.terms);
  const words = (text.toLowerCase().replace(/’/g, "'").match(/[\p{L}\p{N}']+/gu) ?? []).map(asTerm);
  const usable = (w: string): boolean => content.has(w) && !skip.has(w);
  const out: WorkspaceForm[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const kind = usable(w) ? lookUp(defined.kinds, w) : undefined;
    if (kind) out.push({ word: w, terms: [...kind] });
    const next = words[i + 1];
    if (next === undefined || !usable(w) || !usable(next)) continue;
    const names = lookUpRelation(defined.relations, w, next);
    if (names) out.push({ word: w, terms: [...names] }, { word: next, terms: [...names] });
  }
  return out;
}

/** The query term a typed word becomes: "leah's" → "leah" (query.ts strips the possessive). */
function asTerm(word: string): string {
  return word.endsWith("'s") ? word.slice(0, -2) : word;
}

/** A word or its possessive or plural typed without an apostrophe ("skodas", "leahs", "mums"). */
function lookUp(map: ReadonlyMap<string, readonly string[]>, word: string): readonly string[] | undefined {
  return map.get(word) ?? (word.endsWith("s") ? map.get(word.slice(0, -1)) : undefined);
}

function lookUpRelation(map: ReadonlyMap<string, readonly string[]>, owner: string, relation: string): readonly string[] | undefined {
  for (const o of owner.endsWith("s") ? [owner, owner.slice(0, -1)] : [owner]) {
    const found = map.get(`${o} ${relation}`) ?? (relation.endsWith("s") ? map.get(`${o} ${relation.slice(0, -1)}`) : undefined);
    if (found) return found;
  }
  return undefined;
}

/** Every definition of MEMORY.md and the profile files, read line by line. */
function definedNames(db: DB): ProfileNames {
  return keptWhileUnchanged(db, "profile-names", () => {
    const texts = profileTexts(db);
    const relations = new Map<string, string[]>();
    const kinds = new Map<string, string[]>();
    for (const line of texts.flatMap((t) => t.split("\n"))) {
      for (const m of line.matchAll(RELATION_FIRST)) addAll(relations, `${m[1]!.toLowerCase()} ${m[2]!}`, namesOf(m[3]!), m[1]!);
      for (const m of line.matchAll(NAME_FIRST)) addAll(relations, `${m[2]!.toLowerCase()} ${m[3]!}`, namesOf(m[1]!), m[2]!);
      for (const m of line.matchAll(KIND)) addAll(kinds, m[2]!.toLowerCase(), [m[1]!.toLowerCase()], m[2]!);
      const role = roleOf(line);
      // Kept as the question types it in the singular too: "carers:" answers "the carer".
      if (role) for (const key of singularToo(role.role)) addAll(kinds, key, role.names, key);
    }
    return { relations, kinds };
  });
}

function singularToo(word: string): string[] {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? [word, word.slice(0, -1)] : [word];
}

function namesOf(list: string): string[] {
  return list.split(/\s*(?:\+|&|\band\b)\s*/u).map((n) => n.trim().toLowerCase()).filter((n) => n !== "");
}

/** Adds the names under `key`; never the owner or kind itself ("Leah's mum is Leah" defines nothing). */
function addAll(map: Map<string, string[]>, key: string, names: readonly string[], own: string): void {
  const list = map.get(key) ?? [];
  for (const n of names) if (n !== own.toLowerCase() && !list.includes(n)) list.push(n);
  if (list.length > 0) map.set(key, list);
}
