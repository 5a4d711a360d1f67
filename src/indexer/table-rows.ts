/**
 * Rows of markdown tables: a table kept up to date by writing it again ("Allocations as of 20
 * June") says a thing's new values in a row that repeats the thing's key, not in a sentence.
 * A row is keyed by its table's header and its first cell ("plot | holder | size | rent", "7");
 * a later row of a table with the same header and the same key, whose other cells differ,
 * replaces the latest earlier one. A row that says the same cells again links nothing.
 *
 * A first cell that says when (a weekday, a date, a time) keys a log or a plan, where each row is
 * its own occasion: such rows never replace each other. Linking is in hand-links.ts. Pure.
 */

/** Where a row stands: its table (the header's cells) and its key (the first cell). */
export interface TableRow {
  table: string;
  key: string;
  /** The other cells, normalised: what changes. */
  cells: string;
}

const cellsOf = (line: string): string[] | null => {
  const t = line.trim();
  if (!t.startsWith("|")) return null;
  return t.replace(/^\|/, "").replace(/\|\s*$/, "").split("|").map((c) => c.trim().toLowerCase().replace(/\s+/g, " "));
};
const isSeparator = (cells: readonly string[]) => cells.every((c) => /^:?-{2,}:?$/.test(c));
/** A key that says when: "mon", "tuesday", "2026-11-23", "3 june", "14:00". */
const WHEN_KEY = /^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?|\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)? [a-z]{3,9}|[a-z]{3,9} \d{1,2}(?:st|nd|rd|th)?|\d{1,2}[:.]\d{2}\s*(?:[ap]m)?|\d{1,2}\s*[ap]m)$/;

/** The body rows of the tables in `lines`, by 0-based line index. */
export function tableRows(lines: readonly string[]): Map<number, TableRow> {
  const out = new Map<number, TableRow>();
  let header: string | null = null;
  lines.forEach((line, i) => {
    const cells = cellsOf(line);
    if (cells === null) {
      header = null;
      return;
    }
    const next = cellsOf(lines[i + 1] ?? "");
    if (next !== null && isSeparator(next) && !isSeparator(cells)) {
      header = cells.join(" | ");
      return;
    }
    if (header === null || isSeparator(cells) || cells.length < 2) return;
    const key = cells[0]!;
    if (key === "" || WHEN_KEY.test(key)) return;
    out.set(i, { table: header, key, cells: cells.slice(1).join(" | ") });
  });
  return out;
}
