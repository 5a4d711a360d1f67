/**
 * The indexer's truth stage: after a file's chunks are written, its statements (the
 * sentences that hold a value or deny something, statements.ts); after a pass that changed
 * anything, the links between all statements (supersede.ts, value-clash.ts) are found again. Both are
 * derived from the files and rebuilt with the index; nothing here writes a note.
 *
 * Whose words count: the person's. A transcript's user turns and the notes the person keeps
 * (daily notes and other dated notes, and the standing files MEMORY.md, USER.md and TOOLS.md, each line as of when it was first seen: standing-dates.ts); an assistant's replies are left out (they
 * echo and propose, they do not state the person's facts), and undated reference notes are
 * too (nothing says which of two undated notes is the newer).
 */
import { parseSessionText } from "../workspace/sessions.js";
import type { DB } from "../store/open.js";
import type { IndexStore } from "../store/index-store.js";
import { readForIndex } from "../workspace/read.js";
import type { ScannedFile } from "../workspace/scan.js";
import { allStatements, clearStatements, fileStatementTimes, replaceLinks, setStatementTimes, writeStatements, type StoredStatement } from "../store/statements.js";
import { contentWords, extractStatements, turnStatements, type Statement } from "./statements.js";
import type { PlacedStatement } from "./supersede.js";
import { withDayAhead } from "./weekday-ahead.js";
import { linkWithClashes, withFixedValues } from "./value-clash.js";
import { readReply, withFigures } from "./replies.js";
import { withSaidApart } from "./said-apart.js";
import { isStanding } from "./standing-files.js";
import { withEventYears } from "./event-years.js";
import { withToldApart } from "./told-apart.js";
import { confirmedStatements } from "./confirmed.js";
import { withInsteadOf } from "./named-old.js";
import { dateStanding, placeUnobserved, seenTimes, type SeenTimes } from "./standing-dates.js";
import { withOneBreath } from "./one-breath.js";
import { withStartDates } from "./start-dates.js";
import { withTodoCount } from "./ticked-todos.js";
import { withTypoFix } from "./typo-fixes.js";
import { withCalledOff } from "./called-off.js";
import { withEffectiveFrom } from "./effective-from.js";
import { withKinds } from "./kinds-apart.js";
import { withSwitched } from "./switched.js";
import { withBareCount } from "./bare-counts.js";
import { withRating } from "./ratings.js";
import { withPlanState } from "./called-off-plans.js";
import { withLaterThan } from "./later-than.js";
import { withShareChange } from "./percent-change.js";
import { withEverySecondWeek } from "./every-other.js";
import { withWindow } from "./narrowed-window.js";
import { withEstimates } from "./estimates.js";
import { withVatBasis } from "./vat-basis.js";
import { withRecordLine } from "./records-given-up.js";
import { withNowadays } from "./these-days.js";
import { withPlaces } from "./moved-places.js";
import { withDoseNames } from "./medicines.js";
import { withHandedOn } from "./handed-on.js";
import { withStillSaid } from "./still-said.js";
import { withNoLonger } from "./no-longer.js";
import { withPlaceNow } from "./place-now.js";
import { withBest } from "./new-best.js";

export interface TruthFile {
  rel: string;
  kind: string;
  /** The file's date (daily notes, dated notes), or null. */
  date: string | null;
  text: string;
  /** The file's last change, ms: when a standing file's new lines were said. */
  mtimeMs: number;
  /**
   * A standing file's statements as stored before this read (null or absent: never read, every
   * line unobserved), and whether a line not among them is new since (`dateStanding`).
   */
  before?: { seen: SeenTimes | null; fresh: boolean };
}

/** What a standing file's lines keep from the index before it is read again (`indexed`: the index has a row for it). */
export function standingBefore(db: DB, rel: string, indexed: boolean): TruthFile["before"] {
  if (!isStanding(rel)) return undefined;
  return { seen: indexed ? seenTimes(fileStatementTimes(db, rel)) : null, fresh: true };
}

/** A statement with everything read from its sentence when it is stored, so that linking reads no text (also what eval scripts link). */
export function derived(st: Statement): Statement {
  // The values a sentence holds for a slot of one value (a birthday, a car's registration) go with it: the clash rule reads no text.
  return withDayAhead(withShareChange(withPlanState(withLaterThan(withTodoCount(withBareCount(withRating(withSwitched(withKinds(withEffectiveFrom(withCalledOff(withTypoFix(withStartDates(withToldApart(withFigures(withInsteadOf(withOneBreath(withSaidApart(withEventYears(withFixedValues(withEverySecondWeek(withWindow(withEstimates(withVatBasis(withRecordLine(withNowadays(withDoseNames(withHandedOn(withStillSaid(withNoLonger(withPlaceNow(withBest(withPlaces(st)))))))))))))))))))))))))))))))));
}

function stored(st: Statement, ord: number): StoredStatement {
  const { line, text, ...rest } = derived(st);
  return { line, ord, text, data: JSON.stringify(rest) };
}

/**
 * A person's turn's statements; a turn saying no to what the assistant just asked or said
 * carries that, on its first statement, or on a statement of its own when it states nothing
 * by itself ("no, it's 4471 now").
 */
function replyStatements(content: string, line: number, assistant: string): Statement[] {
  const said = turnStatements(content, line);
  const reply = assistant === "" ? null : readReply(assistant, content);
  if (!reply) return said;
  const [first, ...others] = said;
  const own: Statement = first ?? { line, text: content.slice(0, 300), words: [...new Set(contentWords(content))], values: [], negated: false, denied: [], change: false };
  return [{ ...own, reply }, ...others];
}

/** The statements of one file, each with when it was said; none for files that hold no statements of the person's. */
export function fileStatements(f: TruthFile): StoredStatement[] {
  // A conversation's summary is a model's retelling, not the person's words: it states nothing of theirs.
  if (f.kind === "summary") return [];
  if (f.kind === "session") {
    const out: StoredStatement[] = [];
    // The assistant's last words before a turn: what a "no" in it answers (replies.ts).
    let assistant = "";
    let assistantLine = 0;
    for (const t of parseSessionText(f.rel, f.text).turns) {
      if (t.role === "assistant") [assistant, assistantLine] = [t.content, t.line];
      if (t.role !== "user") continue;
      const ord = Date.parse(t.ts);
      const answered = assistant;
      assistant = "";
      if (Number.isNaN(ord)) continue;
      // A bare yes makes the value the assistant checked the person's (confirmed.ts), on the assistant's line.
      for (const st of [...confirmedStatements(answered, t.content, assistantLine), ...replyStatements(t.content, t.line, answered)]) out.push(stored(st, ord));
    }
    return out;
  }
  if (f.date !== null) {
    // A day's lines in their order: a later line of the same day is the later word.
    const day = Date.parse(`${f.date}T12:00:00Z`);
    if (Number.isNaN(day)) return [];
    return extractStatements(f.text).map((st) => stored(st, day + st.line));
  }
  if (isStanding(f.rel)) return dateStanding(extractStatements(f.text), f.before?.seen ?? null, f.mtimeMs, f.before?.fresh ?? false).map((x) => stored(x.st, x.ord));
  return [];
}

/** Stores a file's statements under its chunks (just written). */
export function recordStatements(db: DB, f: TruthFile): void {
  writeStatements(db, f.rel, fileStatements(f));
}

/** Finds every link again from the stored statements. */
export function relink(db: DB): number {
  const placed: PlacedStatement[] = allStatements(db).map((r) => {
    const rest = JSON.parse(r.data) as Omit<Statement, "line" | "text">;
    return { id: r.id, path: r.path, order: r.ord, st: { line: 0, text: "", ...rest } };
  });
  const { links, moved } = placeUnobserved(placed, linkWithClashes);
  setStatementTimes(db, moved);
  replaceLinks(db, links);
  return links.length;
}

/**
 * Bump when the statement or link rules change (statements.ts, statement-mood.ts,
 * supersede.ts, value-clash.ts): an index built by earlier rules has its statements derived again from the
 * files on the next full pass, without re-chunking or embedding anything.
 */
export const TRUTH_RULES_VERSION = 23;
const TRUTH_META = "truth_rules";

/** Whether the index's statements were derived by other rules than these. */
export function truthRulesStale(store: IndexStore): boolean {
  return store.getMeta(TRUTH_META) !== String(TRUTH_RULES_VERSION);
}

/**
 * Statements derived again for every indexed file this pass did not already re-index, read
 * from disk as the index reads them; then the rules' version is recorded. A file that cannot
 * be read now keeps its old statements (the next pass that reads it replaces them).
 */
export function rederiveStatements(store: IndexStore, files: readonly ScannedFile[], skip: ReadonlySet<string>, maxBytes: number): number {
  let n = 0;
  store.batch(() => {
    for (const f of files) {
      if (skip.has(f.rel)) continue;
      const row = store.getFile(f.rel);
      if (!row) continue;
      const read = readForIndex(f.abs, f.rel, maxBytes);
      if (!read.ok) continue;
      // Read before clearing: new rules must not re-date every line of a standing file.
      const before = standingBefore(store.db, f.rel, true);
      clearStatements(store.db, f.rel);
      recordStatements(store.db, { rel: f.rel, kind: row.kind, date: row.date, text: read.text, mtimeMs: f.mtimeMs, before: before && { ...before, fresh: false } });
      n++;
    }
    store.setMeta(TRUTH_META, String(TRUTH_RULES_VERSION));
  });
  return n;
}
