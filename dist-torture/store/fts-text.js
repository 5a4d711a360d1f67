/**
 * How text is shaped for the FTS5 tables, shared by the indexer (writing) and search
 * (querying) so both sides always agree.
 */
// Han, Hiragana, Katakana, Hangul: scripts written without spaces between words.
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
/**
 * A cheap superset of CJK_RUN: the UTF-16 ranges (BMP blocks, and the high surrogates of the
 * astral blocks) where those scripts live. Text without any of them skips the Unicode-property
 * scan, which was 7% of a full index of English notes. test/store/fts-text.test.ts checks
 * every code point CJK_RUN matches is caught here.
 */
const MAYBE_CJK = /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef\ud81b\ud82b\ud82c\ud83c\ud840-\ud8ff]/;
export function mayContainCjk(text) {
    return MAYBE_CJK.test(text);
}
/**
 * Overlapping character bigrams of every CJK run ("記憶検索" → "記憶 憶検 検索"), plus
 * single characters for runs of length one. Bigrams find 2-character words, the most
 * common CJK word length, which a trigram index cannot.
 */
export function cjkBigrams(text) {
    const out = [];
    if (!MAYBE_CJK.test(text))
        return out;
    for (const m of text.matchAll(CJK_RUN)) {
        const chars = Array.from(m[0]);
        if (chars.length === 1) {
            out.push(chars[0]);
            continue;
        }
        for (let i = 0; i + 1 < chars.length; i++)
            out.push(chars[i] + chars[i + 1]);
    }
    return out;
}
export function hasCjk(text) {
    if (!MAYBE_CJK.test(text))
        return false;
    CJK_RUN.lastIndex = 0;
    return new RegExp(CJK_RUN.source, "u").test(text);
}
/**
 * Rough token count for sizing chunks: about 4 characters per token for Latin text (the
 * usual BPE/WordPiece ratio), one token per CJK character.
 */
export function estimateTokens(text) {
    let cjk = 0;
    if (MAYBE_CJK.test(text))
        for (const m of text.matchAll(CJK_RUN))
            cjk += Array.from(m[0]).length;
    const rest = text.length - cjk;
    return Math.ceil(rest / 4) + cjk;
}
//# sourceMappingURL=fts-text.js.map