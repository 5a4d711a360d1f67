import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/store/fts-text.js
var CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
var MAYBE_CJK = /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef\ud81b\ud82b\ud82c\ud83c\ud840-\ud8ff]/;
function cjkBigrams(text) {
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
function estimateTokens(text) {
  let cjk = 0;
  if (MAYBE_CJK.test(text))
    for (const m of text.matchAll(CJK_RUN))
      cjk += Array.from(m[0]).length;
  const rest = text.length - cjk;
  return Math.ceil(rest / 4) + cjk;
}

export {
  cjkBigrams,
  estimateTokens
};
//# sourceMappingURL=chunk-EQ5JI7WZ.js.map
