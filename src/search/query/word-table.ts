/**
 * A generated word table kept as one string, "|head word…|head word…|", with its groups in
 * code-unit order of their heads (the generators sort them; test/search/word-table.test.ts
 * checks the tables). A look-up is a binary search over the string's characters: a handful of
 * short scans, where `indexOf` walked the whole 18–42 KB for every word not in it (~80 µs on
 * the larger table; a query's words are looked up dozens of times a search), and building a
 * map of it would cost milliseconds on a cold process's first search, a hot path.
 */
/** Heads whose answers a table keeps at most. */
const MAX_FOUND = 20_000;

export class WordTable {
  private table: string | null = null;

  /** `source` is read only on the first look-up: a process that never asks pays nothing. */
  constructor(private readonly source: () => string) {}

  /**
   * Each head's answer once found: a warm host's distinct queries share most of their words,
   * and each is looked up several times a search (every lemma guess of every word). Bounded:
   * a host asked ever-new words starts afresh.
   */
  private readonly found = new Map<string, readonly string[] | null>();

  /** The words grouped after `head` (none when no group starts with it). Shared: not to be changed by the caller. */
  get(head: string): readonly string[] | undefined {
    let v = this.found.get(head);
    if (v === undefined) {
      if (this.found.size >= MAX_FOUND) this.found.clear();
      this.found.set(head, (v = this.lookUp(head) ?? null));
    }
    return v ?? undefined;
  }

  private lookUp(head: string): string[] | undefined {
    const t = (this.table ??= `|${this.source().replace(/\s*\n\s*/g, "")}|`);
    // lo and hi are each a group's "|"; a group starting with `head`, if any, lies between them.
    let lo = 0;
    let hi = t.length - 1;
    while (lo < hi) {
      const start = t.lastIndexOf("|", (lo + hi) >> 1);
      const end = t.indexOf("|", start + 1);
      const space = t.indexOf(" ", start + 1);
      const at = t.slice(start + 1, space < 0 || space > end ? end : space);
      if (at === head) return t.slice(start + 1, end).split(" ").slice(1);
      if (at < head) lo = end;
      else hi = start;
    }
    return undefined;
  }

  /** Every group's head, in order (for the tests). */
  heads(): string[] {
    return this.source().replace(/\s*\n\s*/g, "").split("|").filter((g) => g !== "").map((g) => g.split(" ")[0]!);
  }
}
