/**
 * Two kinds of one thing are two things: "waiting staff £14.50 an hour" and "bar staff are £16
 * an hour" give two rates, not one rate changed. Each names the thing (staff) with a word of
 * its kind right before it (waiting, bar), and neither sentence says the other's kind. A newer
 * sentence that says something changed is left to the other rules ("the new bar staff rate").
 * The pairs are read once, when the statement is stored (linking reads no text). Pure.
 */
import { contentWords, type Statement } from "./statements.js";

/** Consecutive content words inside one clause ("waiting staff" → "wait staff"): a kind and its thing. */
export function kindPairsOf(text: string): string[] {
  const out = new Set<string>();
  for (const clause of text.split(/[.,;:!?()[\]"“”|/—–]+/u)) {
    const tokens = clause.split(/\s+/u).filter((t) => t !== "");
    // Each token's words read once: every token but the ends is both a kind and a thing.
    const words = tokens.map((t) => contentWords(t));
    for (let i = 0; i + 1 < tokens.length; i++) {
      const a = words[i]!;
      const b = words[i + 1]!;
      // A possessive names a holder, not a kind (told-apart.ts reads it).
      if (a.length === 1 && b.length === 1 && !/['’]s?$/u.test(tokens[i]!)) out.add(`${a[0]} ${b[0]}`);
    }
  }
  return [...out];
}

/** A statement with its kind-and-thing pairs (as it was, when it has none). */
export function withKinds<T extends Statement>(st: T): T {
  const kinds = kindPairsOf(st.text);
  return kinds.length === 0 ? st : { ...st, kinds };
}

/** Whether the two name one thing by two kinds, neither saying the other's, and the newer says nothing changed. */
export function kindsApart(o: Statement, n: Statement): boolean {
  if (n.change || !Array.isArray(o.kinds) || !Array.isArray(n.kinds)) return false;
  // Asked of every pair of statements that share a slot: the pairs are compared as they are
  // stored ("kind thing"), without splitting them into new arrays on every call.
  for (const a of o.kinds) {
    const i = a.indexOf(" ");
    for (const b of n.kinds) {
      const j = b.indexOf(" ");
      if (a.length - i !== b.length - j || !a.endsWith(b.slice(j))) continue;
      const ka = a.slice(0, i);
      const kb = b.slice(0, j);
      if (ka !== kb && !n.words.includes(ka) && !o.words.includes(kb)) return true;
    }
  }
  return false;
}
