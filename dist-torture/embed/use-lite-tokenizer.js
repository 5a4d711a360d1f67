/**
 * USE-lite's SentencePiece tokenizer, the same algorithm as @energetic-ai/embeddings' (itself
 * the tfjs-models one), reimplemented so counting tokens for windows needs neither TF.js nor
 * the model in the calling thread: the model runs on worker threads (use-lite-pool.ts). The
 * library's version copies the rest of the text at every position (quadratic); this one walks
 * the trie from an index. test/embed/use-lite.test.ts checks it against the library's output.
 */
const SEPARATOR = "\u2581";
/** Entries 0-5 are <unk>, <s>, </s> and three extra ids, never matched as text. */
const RESERVED = 6;
export class UseLiteTokenizer {
    vocabulary;
    root = { children: new Map() };
    constructor(vocabulary) {
        this.vocabulary = vocabulary;
        for (let i = RESERVED; i < vocabulary.length; i++) {
            const [piece, score] = vocabulary[i];
            let node = this.root;
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
    }
    encode(input) {
        const normalized = input.normalize("NFKC");
        const text = normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized;
        const symbols = Array.from(text);
        const n = symbols.length;
        // ends[e] lists the pieces ending at e, in ascending start order, as the library visits them.
        const ends = Array.from({ length: n + 1 }, () => []);
        for (let i = 0; i < n; i++) {
            let node = this.root.children.get(symbols[i]);
            let found = false;
            for (let j = i; j < n && node; j++) {
                if (node.piece) {
                    ends[i + node.piece.length].push({ start: i, score: node.piece.score, index: node.piece.index });
                    found = true;
                }
                node = j + 1 < n ? node.children.get(symbols[j + 1]) : undefined;
            }
            // An unknown symbol becomes piece 0 of length one, scored 0.
            if (!found)
                ends[i + 1].push({ start: i, score: 0, index: 0 });
        }
        const best = new Array(n + 1).fill(0);
        const words = new Array(n + 1).fill(0);
        for (let e = 0; e <= n; e++) {
            for (const w of ends[e]) {
                const score = w.score + best[w.start];
                // The library's tie-break, kept exactly: an unset (0) best always yields, later wins ties.
                if (best[e] === 0 || score >= best[e]) {
                    best[e] = score;
                    words[e] = w.index;
                }
            }
        }
        const results = [];
        let at = n;
        while (at > 0) {
            results.push(words[at]);
            // Steps back by the piece's UTF-16 length, as the library does.
            at -= this.vocabulary[words[at]][0].length;
        }
        const merged = [];
        let previousUnknown = false;
        for (const id of results) {
            if (!(previousUnknown && id === 0))
                merged.push(id);
            previousUnknown = id === 0;
        }
        return merged.reverse();
    }
}
//# sourceMappingURL=use-lite-tokenizer.js.map