/**
 * A table written again in a later note, its row for a thing keyed anew because what it is of
 * changed: "| Rent (Biltstraat) | €1,450 |", later "| Rent (Oudegracht) | €1,525 |" under the
 * same header. The key's head (before its bracket) names the thing; the bracket says which one
 * it is now. The later row replaces the earlier when the heads are the same, the brackets
 * differ, the other cells differ, it is in another file (two rows of one table are two
 * things side by side), and the earlier key is never written again after it (a thing kept
 * beside the new one is still there). Same-key rows are table-rows.ts's. Pure.
 */
import type { Link, PlacedStatement } from "./supersede.js";

/** "rent (biltstraat)" → "rent"; null for a key without a bracket. */
const headOf = (key: string): string | null => {
  const m = /^(.+?)\s*\([^()]+\)\s*$/.exec(key);
  return m ? m[1]! : null;
};

export function rowHeadUpdates(all: readonly PlacedStatement[]): Link[] {
  const byHead = new Map<string, PlacedStatement[]>();
  for (const s of all) {
    const r = s.st.row;
    const head = r ? headOf(r.key) : null;
    if (!r || head === null) continue;
    const k = `${r.table}\u0000${head}`;
    (byHead.get(k) ?? byHead.set(k, []).get(k)!).push(s);
  }
  const out: Link[] = [];
  for (const rows of byHead.values()) {
    rows.sort((a, b) => a.order - b.order);
    for (let i = 1; i < rows.length; i++) {
      const o = rows[i - 1]!;
      const n = rows[i]!;
      const [ro, rn] = [o.st.row!, n.st.row!];
      if (ro.key === rn.key || ro.cells === rn.cells || o.path === n.path || o.st.mark?.key === "still-true") continue;
      if (rows.slice(i).some((x) => x.st.row!.key === ro.key)) continue;
      out.push({ older: o.id, newer: n.id, kind: "update", slot: `${ro.table.split(" | ")[0]} ${headOf(ro.key)}`, by: "guess", strength: 1, rule: "table-row" });
    }
  }
  return out;
}
