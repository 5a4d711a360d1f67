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
    for (let i = 0; i + 1 < tokens.length; i++) {
      const a = contentWords(tokens[i]!);
      const b = contentWords(tokens[i + 1]!);
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
  const split = (p: string) => p.split(" ") as [string, string];
  for (const [ka, thing] of o.kinds.map(split)) {
    for (const [kb, thingB] of n.kinds.map(split)) {
      if (thing !== thingB || ka === kb) continue;
      if (!n.words.includes(ka) && !o.words.includes(kb)) return true;
    }
  }
  return false;
}
