import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/indexer/annotations.js
var ANNOTATION_KEYS = ["ctx", "project", "meeting", "mode"];
var MARKER = /(?<![\p{L}\p{N}_])(ctx|project|meeting|mode)::/giu;
function isAnnotationKey(key) {
  return ANNOTATION_KEYS.includes(key);
}
function parseAnnotationLine(line, lineNo = 1) {
  if (!line.includes("::"))
    return [];
  const found = [];
  for (const m of line.matchAll(MARKER)) {
    found.push({ key: m[1].toLowerCase(), start: m.index, end: m.index + m[0].length });
  }
  const out = [];
  found.forEach((f, i) => {
    let stop = i + 1 < found.length ? found[i + 1].start : line.length;
    const open = line[f.start - 1];
    if (open === "[" || open === "(") {
      const close = line.indexOf(open === "[" ? "]" : ")", f.end);
      if (close >= 0 && close < stop)
        stop = close;
    }
    const raw = line.slice(f.end, stop);
    const value = cleanValue(raw);
    if (value === "")
      return;
    const norm = normalizeAnnotationValue(value);
    if (norm === "")
      return;
    out.push({ key: f.key, value, norm, line: lineNo });
  });
  return out;
}
function parseAnnotations(text) {
  if (!text.includes("::"))
    return [];
  const out = [];
  text.split("\n").forEach((line, i) => out.push(...parseAnnotationLine(line, i + 1)));
  return out;
}
function uniqueAnnotations(anns) {
  const seen = /* @__PURE__ */ new Set();
  return anns.filter((a) => {
    const k = `${a.key}\0${a.norm}`;
    if (seen.has(k))
      return false;
    seen.add(k);
    return true;
  });
}
function groupAnnotations(anns) {
  const out = {};
  for (const a of anns) {
    const list = out[a.key] ??= [];
    if (!list.includes(a.value))
      list.push(a.value);
  }
  return out;
}
function cleanValue(raw) {
  let v = raw.trim();
  for (; ; ) {
    const before = v;
    v = v.replace(/-->\s*$/, "").replace(/[\s,;|]+$/, "").replace(/^[\s,;|]+/, "");
    for (const [open, close] of [["(", ")"], ["[", "]"], ["{", "}"]]) {
      if (v.endsWith(close) && count(v, open) < count(v, close))
        v = v.slice(0, -1);
    }
    if (v === before)
      break;
  }
  return v.trim();
}
function count(s, ch) {
  let n = 0;
  for (const c of s)
    if (c === ch)
      n++;
  return n;
}
function normalizeAnnotationValue(value) {
  return value.normalize("NFKC").toLowerCase().replace(/\[\[|\]\]/g, "").replace(/^#(?=\S)/, "").replace(/\s+/g, " ").trim();
}
function allowedEdits(len) {
  if (len <= 3)
    return 0;
  if (len <= 6)
    return 1;
  return 2;
}
function annotationMatches(query, value) {
  const q = normalizeAnnotationValue(query);
  const v = normalizeAnnotationValue(value);
  if (q === "" || v === "")
    return false;
  if (v.includes(q))
    return true;
  if (v.length >= 3 && q.includes(v))
    return true;
  const max = allowedEdits(q.length);
  if (max === 0)
    return false;
  const candidates = /* @__PURE__ */ new Set([v, ...v.split(/[^\p{L}\p{N}]+/u).filter((t) => t !== "")]);
  const qs = /* @__PURE__ */ new Set([q, q.replace(/[^\p{L}\p{N}]+/gu, " ").trim()]);
  for (const c of candidates)
    for (const x of qs)
      if (editDistance(x, c, max) <= max)
        return true;
  return false;
}
function editDistance(a, b, max = Infinity) {
  if (a === b)
    return 0;
  const A = Array.from(a);
  const B = Array.from(b);
  if (Math.abs(A.length - B.length) > max)
    return max + 1;
  let prev = Array.from({ length: B.length + 1 }, (_, j) => j);
  for (let i = 1; i <= A.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= B.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (A[i - 1] === B[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin)
        rowMin = v;
    }
    if (rowMin > max)
      return max + 1;
    prev = cur;
  }
  return prev[B.length];
}

export {
  ANNOTATION_KEYS,
  isAnnotationKey,
  parseAnnotations,
  uniqueAnnotations,
  groupAnnotations,
  annotationMatches
};
//# sourceMappingURL=chunk-SOHIBQDK.js.map
