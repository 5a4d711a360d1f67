/**
 * A table written again under other headings: "| Field | Who | Rent |" with "| Dol (4 ac) | Wye
 * Valley Pony Club | £75/acre |", later "| Field | Tenant | £/acre |" with "| Dol | Wye Valley
 * Pony Club | 80 |". The rows speak of one thing (the first column is headed the same, and the
 * keys are the same once a bracket is left off), but neither the header nor the key is written
 * the same, so table-rows.ts and row-heads.ts, which key rows by both, see two tables. The later
 * row replaces the latest earlier one when their figures differ; a row whose figures are the
 * same (£90/acre written as 90) says the same again and replaces nothing. Only rows of two
 * files (two rows of one table are two things side by side), with as many columns. Pure.
 */
import type { Link, PlacedStatement } from "./supersede.js";
import type { TableRow } from "./table-rows.js";

const head = (t: TableRow) => t.table.split(" | ");
/** A key without what its bracket adds ("dol (4 ac)" → "dol"). */
const bare = (key: string) => key.replace(/\s*\([^()]*\)\s*/g, " ").trim();
/** The numbers of a row's other cells, in order ("wye valley pony club | £75/acre" → "75"). */
const figures = (t: TableRow) => (t.cells.replace(/\([^()]*\)/g, " ").match(/\d+(?:[.,]\d+)*/g) ?? []).map((x) => x.replace(/,/g, "")).join(" ");

/** Whether two rows are one thing's in two tables headed otherwise. */
function sameThingRetabled(o: TableRow, n: TableRow): boolean {
  const [ho, hn] = [head(o), head(n)];
  if (o.table === n.table || ho.length !== hn.length || ho[0] !== hn[0]) return false;
  return bare(o.key) !== "" && bare(o.key) === bare(n.key);
}

export function retabledUpdates(all: readonly PlacedStatement[]): Link[] {
  const rows = all.filter((s) => s.st.row !== undefined).sort((a, b) => a.order - b.order);
  const out: Link[] = [];
  for (const [i, n] of rows.entries()) {
    const rn = n.st.row!;
    if (n.st.mark?.key === "still-true" || figures(rn) === "") continue;
    const o = rows
      .slice(0, i)
      .filter((x) => x.path !== n.path && x.order < n.order && sameThingRetabled(x.st.row!, rn))
      .at(-1);
    if (!o || o.st.mark?.key === "still-true" || figures(o.st.row!) === "" || figures(o.st.row!) === figures(rn)) continue;
    out.push({ older: o.id, newer: n.id, kind: "update", slot: `${head(rn)[0]} ${bare(rn.key)}`, by: "guess", strength: 1, rule: "table-row" });
  }
  return out;
}
