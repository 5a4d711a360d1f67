/**
 * A person the question names by title and initial ("what did dr o say", "mrs g") whom the
 * notes also name in full ("ES mtg w/ Dr Okafor"): the initial also searches the name. The
 * notes say it both ways, the full name in the note of the meeting and the initial in a
 * hurried one after; the question's initial alone matched only the hurried one.
 *
 * General, not a list of people: the title and the initial must stand side by side in the
 * question, and a chunk must write the same title before a capitalised name beginning with
 * that letter (one phrase query of the keyword index per title and initial).
 */
import type { DB } from "../../store/open.js";
import type { WorkspaceForm } from "../query/query.js";
import { sql } from "./sql.js";

const TITLES = new Set(["dr", "mr", "mrs", "ms", "miss", "prof"]);
const NAME_MIN = 3;
const MAX_CHUNKS = 8;

/** The initials of the question, after a title, that also search the full names the notes write after it. */
export function initialForms(db: DB, text: string): WorkspaceForm[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const out: WorkspaceForm[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const title = words[i]!;
    const initial = words[i + 1]!;
    if (!TITLES.has(title) || !/^\p{L}$/u.test(initial)) continue;
    const names = fullNames(db, title, initial);
    if (names.length > 0) out.push({ word: initial, terms: names });
  }
  return out;
}

function fullNames(db: DB, title: string, initial: string): string[] {
  // The statement typed-names.ts also runs (one prepared statement per text: plucked there too).
  const texts = sql(db, "SELECT text FROM chunks WHERE id IN (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)").pluck().all(`{heading body} : "${title} ${initial}" *`, MAX_CHUNKS) as string[];
  const named = new RegExp(`(?<![\\p{L}\\p{N}])${title}\\.?\\s+(${initial.toUpperCase()}\\p{Ll}{${NAME_MIN - 1},})`, "giu");
  const out = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(named)) {
      // The name as written: capitalised, its first letter the initial ("Okafor", not "on call").
      if (m[1]![0] === initial.toUpperCase()) out.add(m[1]!.toLowerCase());
    }
  }
  return [...out];
}
