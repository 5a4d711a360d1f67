/**
 * A name the workspace itself shortens: "Brother Arun (Aru)", "with Hannah (Han)". People
 * write the full name once, in MEMORY.md or a profile, and the short one in every daily note
 * after ("Aru's graduation", "I owe Han £38"); a question typed with the full name ("when is
 * aruns graduation") matched only the one line defining it. When some chunk writes a
 * question word as a capitalised name followed by a shorter capitalised name in brackets
 * that begins with the same two letters, the question word also searches the short name.
 *
 * General, not a list of nicknames: the definition must be in the notes (one phrase query of
 * the keyword index per question word), in that written shape: a name, then a clipping of it
 * in brackets. A bracket holding another word ("Dad (Tony)", "Linda (ED office)") defines
 * nothing here: it may be a second name, a place or a note, not the same person said shorter.
 */
import type { DB } from "../../store/open.js";
import type { ParsedQuery, WorkspaceForm } from "../query/query.js";
import { sql } from "./sql.js";

const NAME_MIN = 3;
const SHORT_MIN = 2;
/** Question words looked up, at most, and chunks read for each. */
const MAX_WORDS = 8;
const MAX_CHUNKS = 8;

/** The question words the workspace defines a shortened name for, each with it. */
export function nicknames(db: DB, q: ParsedQuery, skip: ReadonlySet<string>): WorkspaceForm[] {
  const out: WorkspaceForm[] = [];
  for (const word of q.terms.filter((t) => t.length >= NAME_MIN && /^\p{L}+$/u.test(t) && !skip.has(t)).slice(0, MAX_WORDS)) {
    const shorts = shortNamesOf(db, word);
    if (shorts.length > 0) out.push({ word, terms: shorts });
  }
  return out;
}

function shortNamesOf(db: DB, word: string): string[] {
  // The name, then a word starting with its first two letters: "arun ar*" finds "Arun (Aru)".
  const expr = `{heading body} : "${word} ${word.slice(0, SHORT_MIN)}" *`;
  // The statement typed-names.ts also runs (one prepared statement per text: plucked there too).
  const texts = sql(db, "SELECT text FROM chunks WHERE id IN (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)").pluck().all(expr, MAX_CHUNKS) as string[];
  const out = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)\s*\((\p{Lu}\p{Ll}+)\)/gu)) {
      const name = m[1]!.toLowerCase();
      const short = m[2]!.toLowerCase();
      if (!namesWord(name, word) || short.length >= name.length || short.length < SHORT_MIN || !name.startsWith(short.slice(0, SHORT_MIN))) continue;
      out.add(short);
    }
  }
  return [...out];
}

/** The question's word is the name, or its possessive typed without an apostrophe ("aruns"). */
function namesWord(name: string, word: string): boolean {
  return word === name || word === `${name}s`;
}
