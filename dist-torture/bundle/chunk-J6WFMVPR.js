import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/embed/windows.js
function splitIntoWindows(text, opts) {
  const max = Math.max(1, Math.floor(opts.maxTokens));
  const overlap = Math.max(0, Math.min(Math.floor(opts.overlapTokens), Math.floor(max / 2)));
  const words = text.split(/\s+/).filter((w) => w !== "");
  if (words.length === 0)
    return [text];
  const memo = /* @__PURE__ */ new Map();
  const count = (w) => {
    let c = memo.get(w);
    if (c === void 0) {
      c = opts.countTokens(w);
      memo.set(w, c);
    }
    return c;
  };
  const units = [];
  const counts = [];
  for (const w of words) {
    for (const piece of fitWord(w, max, count)) {
      units.push(piece);
      counts.push(count(piece));
    }
  }
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= max)
    return [text];
  const out = [];
  let start = 0;
  while (start < units.length) {
    let end = start;
    let used = 0;
    while (end < units.length && used + counts[end] <= max)
      used += counts[end++];
    out.push(units.slice(start, end).join(" "));
    if (end >= units.length)
      break;
    let next = end;
    let back = 0;
    while (next - 1 > start && back + counts[next - 1] <= overlap)
      back += counts[--next];
    start = next;
  }
  return out;
}
function fitWord(word, max, count) {
  if (count(word) <= max)
    return [word];
  const chars = Array.from(word);
  if (chars.length <= 1)
    return [word];
  const mid = Math.ceil(chars.length / 2);
  return [
    ...fitWord(chars.slice(0, mid).join(""), max, count),
    ...fitWord(chars.slice(mid).join(""), max, count)
  ];
}
function estimateTokens(word) {
  return Math.max(1, Math.ceil(word.length / 3));
}

export {
  splitIntoWindows,
  estimateTokens
};
//# sourceMappingURL=chunk-J6WFMVPR.js.map
