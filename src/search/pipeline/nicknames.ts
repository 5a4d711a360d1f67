/**
 * A name the person's profile shortens: "Brother Arun (Aru)", "with Hannah (Han)". People
 * write the full name once, in MEMORY.md or USER.md, and the short one in every daily note
 * after ("Aru's graduation", "I owe Han £38"); a question typed with the full name ("when is
 * aruns graduation") matched only the one line defining it. When MEMORY.md or a profile file
 * writes a question word as a capitalised name followed by a shorter capitalised name in
 * brackets that begins with the same two letters, the question word also searches the short name.
 * The bracket may follow the full name, first name and surname ("Kieran Doyle (Kez)"), and a
 * short name of three letters or more needs only the first letter: British nicknames change the
 * vowel ("Kieran" → "Kez", "Terence" → "Tel"), and a two-letter clipping still needs two.
 *
 * General, not a list of nicknames: the definition must be in those files, in that written
 * shape: a name, then a clipping of it in brackets. A bracket holding another word ("Dad
 * (Tony)", "Linda (ED office)") defines nothing here: it may be a second name, a place or a
 * note, not the same person said shorter. Only those files are read, once while the index is
 * unchanged: a daily note or a transcript is where the short name is used, not defined, and
 * reading the whole index for brackets on every search doubled a large workspace's search time.
 */
import { keptWhileUnchanged } from "../../store/data-version.js";
import type { DB } from "../../store/open.js";
import type { ParsedQuery, WorkspaceForm } from "../query/query.js";
import { profileTexts } from "./profile-texts.js";

const NAME_MIN = 3;
const SHORT_MIN = 2;

/** Letters a short name must share with the start of the full one: "Han" for Hannah, "Kez" for Kieran, "Jo" for Joanne. */
function sharedStart(short: string): number {
  return short.length > SHORT_MIN ? 1 : SHORT_MIN;
}

/** Whether `short` is `name` said shorter: fewer letters, the same start. */
function shortens(name: string, short: string): boolean {
  return name.length >= NAME_MIN && short.length < name.length && short.length >= SHORT_MIN && name.startsWith(short.slice(0, sharedStart(short)));
}

/** The question words the profile defines a shortened name for, each with it. */
export function nicknames(db: DB, q: ParsedQuery, skip: ReadonlySet<string>): WorkspaceForm[] {
  const defined = definedShortNames(db);
  if (defined.size === 0) return [];
  const out: WorkspaceForm[] = [];
  for (const word of q.terms) {
    if (skip.has(word)) continue;
    // The word is the name, or its possessive typed without an apostrophe ("aruns").
    const shorts = defined.get(word) ?? (word.endsWith("s") ? defined.get(word.slice(0, -1)) : undefined);
    if (shorts) out.push({ word, terms: [...shorts] });
  }
  return out;
}

/** Every "Name (Short)" of MEMORY.md and the profile files, by the name in lower case. */
function definedShortNames(db: DB): ReadonlyMap<string, readonly string[]> {
  return keptWhileUnchanged(db, "nicknames", () => {
    const texts = profileTexts(db);
    const out = new Map<string, string[]>();
    for (const text of texts) {
      for (const m of text.matchAll(/(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)(?:[ \t]+(\p{Lu}\p{Ll}+))?[ \t]*\((\p{Lu}\p{Ll}+)\)/gu)) {
        const short = m[3]!.toLowerCase();
        // The word right before the bracket ("Brother Arun (Aru)"), else the first name before a surname.
        const name = [m[2], m[1]].map((w) => w?.toLowerCase()).find((w): w is string => w !== undefined && shortens(w, short));
        if (name === undefined) continue;
        const list = out.get(name) ?? [];
        if (!list.includes(short)) list.push(short);
        out.set(name, list);
      }
    }
    return out;
  });
}
