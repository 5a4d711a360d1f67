/**
 * Other forms of a question's words that the workspace itself shows, found in stage 2 (facts.ts)
 * and searched beside the word from then on (`plan.withForms`): the word the notes write two
 * of the question's words as (joined-words.ts), the short name a note defines for a
 * name (nicknames.ts), the name the profile gives someone's relation or a kind ("Carol" for "leahs mum",
 * profile-names.ts), the numbered phrase of an ordinal ("night 2" for "second night",
 * ordinal-forms.ts), the base of a sibilant's "-es" form ("otis" for "otises", sibilant-forms.ts), and the full name of a title's initial ("Dr Okafor" for "dr o", initials.ts). Unlike a respelling (typos.ts) the word itself is in the notes: it
 * keeps its own forms and still counts as written.
 */
import type { DB } from "../../store/open.js";
import type { ParsedQuery, WorkspaceForm } from "../query/query.js";
import type { DocFrequencies } from "./evidence.js";
import { joinedWords } from "./joined-words.js";
import { initialForms } from "./initials.js";
import { nicknames } from "./nicknames.js";
import { ordinalForms } from "./ordinal-forms.js";
import { profileNames } from "./profile-names.js";
import { sibilantForms } from "./sibilant-forms.js";

/**
 * Every kind, one entry per word; `respelled`: words already searched as their nearest terms, left
 * alone. `privateFiles`: whether the search may read MEMORY.md and the profile (a main session),
 * where short names and relations are defined: a group session's search learns nothing from them.
 */
export function workspaceForms(db: DB, text: string, q: ParsedQuery, df: DocFrequencies, respelled: ReadonlySet<string>, privateFiles: boolean): WorkspaceForm[] {
  const byWord = new Map<string, Set<string>>();
  const found = [...joinedWords(text, q, df, respelled), ...(privateFiles ? [...nicknames(db, q, respelled), ...profileNames(db, text, q, respelled)] : []), ...ordinalForms(text, q, df, respelled), ...sibilantForms(q, df, respelled), ...initialForms(db, text)];
  for (const f of found) {
    const terms = byWord.get(f.word) ?? new Set<string>();
    for (const t of f.terms) if (t !== f.word) terms.add(t);
    byWord.set(f.word, terms);
  }
  return [...byWord].filter(([, t]) => t.size > 0).map(([word, t]) => ({ word, terms: [...t] }));
}
