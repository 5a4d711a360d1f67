/**
 * USE-lite's SentencePiece tokenizer, the same algorithm as @energetic-ai/embeddings' (itself
 * the tfjs-models one), reimplemented so counting tokens for windows needs neither TF.js nor
 * the model in the calling thread, and so the model's workers do not pay the library's
 * version: it copies the rest of the text at every position (quadratic in a window's length;
 * measured 1.4-1.6 CPU ms a 128-token window against 0.13-0.15 here, and its copies are most of
 * a worker's garbage besides TF.js's own). This one walks the trie from an index.
 * test/embed/use-lite.test.ts checks it against the library's output.
 */

export type Vocabulary = [piece: string, score: number][];

/** Text to piece ids. */
export type Encode = (input: string) => number[];

/**
 * The encoder over one vocabulary. Self-contained (no imports, no outer names): the worker
 * thread's source is a string, and this function goes into it as its own text
 * (`makeSentencePieceEncoder.toString()`), so the windows and the model read one tokenizer.
 */
export function makeSentencePieceEncoder(vocabulary: Vocabulary): Encode {
  const SEPARATOR = "\u2581";
  // Entries 0-5 are <unk>, <s>, </s> and three extra ids, never matched as text.
  const RESERVED = 6;
  interface TrieNode {
    children: Map<string, TrieNode>;
    /** Set on the node that ends a piece. */
    piece?: { length: number; score: number; index: number };
  }
  const root: TrieNode = { children: new Map() };
  for (let i = RESERVED; i < vocabulary.length; i++) {
    const [piece, score] = vocabulary[i]!;
    let node = root;
    const symbols = Array.from(piece);
    for (const s of symbols) {
      let child = node.children.get(s);
      if (!child) {
        child = { children: new Map() };
        node.children.set(s, child);
      }
      node = child;
    }
    node.piece = { length: symbols.length, score, index: i };
  }
  return (input) => {
    const normalized = input.normalize("NFKC");
    const text = normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized;
    const symbols = Array.from(text);
    const n = symbols.length;
    // ends[e] lists the pieces ending at e, in ascending start order, as the library visits them.
    const ends: { start: number; score: number; index: number }[][] = Array.from({ length: n + 1 }, () => []);
    for (let i = 0; i < n; i++) {
      let node = root.children.get(symbols[i]!);
      let found = false;
      for (let j = i; j < n && node; j++) {
        if (node.piece) {
          ends[i + node.piece.length]!.push({ start: i, score: node.piece.score, index: node.piece.index });
          found = true;
        }
        node = j + 1 < n ? node.children.get(symbols[j + 1]!) : undefined;
      }
      // An unknown symbol becomes piece 0 of length one, scored 0.
      if (!found) ends[i + 1]!.push({ start: i, score: 0, index: 0 });
    }
    const best = new Array<number>(n + 1).fill(0);
    const words = new Array<number>(n + 1).fill(0);
    for (let e = 0; e <= n; e++) {
      for (const w of ends[e]!) {
        const score = w.score + best[w.start]!;
        // The library's tie-break, kept exactly: an unset (0) best always yields, later wins ties.
        if (best[e] === 0 || score >= best[e]!) {
          best[e] = score;
          words[e] = w.index;
        }
      }
    }
    const results: number[] = [];
    let at = n;
    while (at > 0) {
      results.push(words[at]!);
      // Steps back by the piece's UTF-16 length, as the library does.
      at -= vocabulary[words[at]!]![0].length;
    }
    const merged: number[] = [];
    let previousUnknown = false;
    for (const id of results) {
      if (!(previousUnknown && id === 0)) merged.push(id);
      previousUnknown = id === 0;
    }
    return merged.reverse();
  };
}

export class UseLiteTokenizer {
  readonly encode: Encode;

  constructor(vocabulary: Vocabulary) {
    this.encode = makeSentencePieceEncoder(vocabulary);
  }
}
