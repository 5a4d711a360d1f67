/**
 * A name the person's profile shortens: "Brother Arun (Aru)", "with Hannah (Han)". People
 * write the full name once, in MEMORY.md or USER.md, and the short one in every daily note
 * after ("Aru's graduation", "I owe Han £38"); a question typed with the full name ("when is
 * aruns graduation") matched only the one line defining it. When MEMORY.md or a profile file
 * writes a question word as a capitalised name followed by a shorter capitalised name in
 * brackets that begins with the same two letters, the question word also searches the short name.
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
      for (const m of text.matchAll(/(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)\s*\((\p{Lu}\p{Ll}+)\)/gu)) {
        const name = m[1]!.toLowerCase();
        const short = m[2]!.toLowerCase();
        if (name.length < NAME_MIN || short.length >= name.length || short.length < SHORT_MIN || !name.startsWith(short.slice(0, SHORT_MIN))) continue;
        const list = out.get(name) ?? [];
        if (!list.includes(short)) list.push(short);
        out.set(name, list);
      }
    }
    return out;
  });
}
