import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  cjkBigrams,
  estimateTokens
} from "./chunk-EQ5JI7WZ.js";
import {
  STOP_WORDS
} from "./chunk-JKQF62IV.js";

// dist/indexer/boilerplate.js
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
var TEMPLATE_DIR = fileURLToPath(new URL("../../workspace-template/", import.meta.url));
var cache = /* @__PURE__ */ new Map();
function norm(line) {
  return line.replace(/\s+/g, " ").trim();
}
var listings = /* @__PURE__ */ new Map();
function templateFiles(templateDir) {
  let files = listings.get(templateDir);
  if (files === void 0) {
    try {
      files = new Set(readdirSync(templateDir, { recursive: true, encoding: "utf8" }).map((f) => f.split(path.sep).join("/")));
    } catch {
      files = /* @__PURE__ */ new Set();
    }
    listings.set(templateDir, files);
  }
  return files;
}
function templateLines(rel, templateDir = TEMPLATE_DIR) {
  const key = `${templateDir}\0${rel}`;
  if (cache.has(key))
    return cache.get(key);
  let lines = null;
  if (!rel.includes("..") && rel.endsWith(".md") && templateFiles(templateDir).has(rel)) {
    try {
      const text = readFileSync(path.join(templateDir, rel), "utf8");
      lines = new Set(text.split(/\r?\n/).map(norm).filter((l) => l !== ""));
    } catch {
      lines = null;
    }
  }
  cache.set(key, lines);
  return lines;
}
var HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
var EMPTY_ITEM = /^(?:[-*+]|\d+[.)])(?:\s+\[[ xX]?\])?\s*$/;
function isBoilerplate(text, template) {
  if (template === null)
    return false;
  for (const raw of text.split("\n")) {
    const line = norm(raw);
    if (line === "" || HEADING.test(line) || EMPTY_ITEM.test(line) || template.has(line))
      continue;
    return false;
  }
  return true;
}

// dist/indexer/chunk.js
var ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
var FENCE = /^ {0,3}(`{3,}|~{3,})/;
function sections(lines) {
  const out = [];
  const stack = [];
  let fence = null;
  let cur = { heading: "", from: 0, to: 0 };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = FENCE.exec(line);
    if (f) {
      if (fence === null)
        fence = f[1][0];
      else if (f[1][0] === fence)
        fence = null;
    }
    const h = fence === null ? ATX.exec(line) : null;
    if (h) {
      cur.to = i;
      const headingOnly = i > 0 && ATX.test(lines[cur.from]) && lines.slice(cur.from + 1, i).every((l) => l.trim() === "");
      const from = headingOnly ? cur.from : i;
      if (!headingOnly && cur.to > cur.from)
        out.push(cur);
      const level = h[1].length;
      while (stack.length > 0 && stack[stack.length - 1].level >= level)
        stack.pop();
      stack.push({ level, title: h[2].trim() });
      cur = { heading: stack.map((s) => s.title).join(" > "), from, to: i };
    }
  }
  cur.to = lines.length;
  if (cur.to > cur.from)
    out.push(cur);
  return out;
}
function chunkMarkdown(text, opts) {
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "")
    lines.pop();
  const lineTokens = lines.map((l) => estimateTokens(l) + 1);
  const chunks = [];
  const emit = (from, to, heading) => {
    while (from < to && lines[from].trim() === "")
      from++;
    while (to > from && lines[to - 1].trim() === "")
      to--;
    if (to <= from)
      return;
    const body = lines.slice(from, to).join("\n");
    if (opts.boilerplate && isBoilerplate(body, opts.boilerplate))
      return;
    chunks.push({ startLine: from + 1, endLine: to, heading, text: body, tokens: estimateTokens(body) });
  };
  for (const sec of sections(lines)) {
    let start = sec.from;
    let tokens = 0;
    let i = sec.from;
    while (i < sec.to) {
      const t = lineTokens[i];
      if (tokens + t > opts.targetTokens && i > start) {
        emit(start, i, sec.heading);
        let back = i;
        let overlap = 0;
        while (back - 1 > start && overlap + lineTokens[back - 1] <= opts.overlapTokens) {
          back--;
          overlap += lineTokens[back];
        }
        start = back;
        tokens = overlap;
      }
      tokens += t;
      i++;
    }
    emit(start, sec.to, sec.heading);
  }
  return chunks;
}

// dist/search/query.js
var WORD = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;
var CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
function parseQuery(q) {
  const all = [];
  for (const m of q.normalize("NFKC").toLowerCase().matchAll(WORD)) {
    const w = m[0].replace(/’/g, "'");
    if (CJK_CHAR.test(w))
      continue;
    all.push(w);
  }
  const content = all.filter((w) => !STOP_WORDS.has(w));
  const terms = dedupe(content.length > 0 ? content : all);
  const cjk = dedupe(cjkBigrams(q.normalize("NFKC")));
  const parts = [...terms.flatMap(ftsTerms), ...cjk.map((b) => `cjk:${quote(b)}`)];
  return {
    terms,
    cjk,
    match: dedupe(parts).join(" OR "),
    stopWordsOnly: content.length === 0 && all.length > 0,
    ftsOf: (t) => ftsTerms(t)[0]
  };
}
function ftsTerms(word) {
  const parts = word.split(/['\-]/).filter((p) => p !== "");
  if (parts.length <= 1)
    return [quote(word)];
  return [quote(parts.join(" "))];
}
function quote(s) {
  return `"${s.replace(/"/g, '""')}"`;
}
function dedupe(xs) {
  return [...new Set(xs)];
}

// dist/search/snippet.js
function makeSnippet(text, terms, maxChars = 280) {
  const sentences = splitSentences(text);
  if (sentences.length === 0)
    return "";
  const stems = terms.map((t) => t.toLowerCase().slice(0, Math.max(4, Math.min(t.length, 6))));
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const lower = s.toLowerCase();
    const score = stems.reduce((n, st) => n + (lower.includes(st) ? 1 : 0), 0);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  let from = best;
  let to = best + 1;
  let len = sentences[best].length;
  if (len > maxChars)
    return cutAtWord(sentences[best], maxChars);
  for (; ; ) {
    const next = to < sentences.length ? sentences[to].length + 1 : Infinity;
    const prev = from > 0 ? sentences[from - 1].length + 1 : Infinity;
    if (len + next <= maxChars) {
      len += next;
      to++;
    } else if (len + prev <= maxChars) {
      len += prev;
      from--;
    } else
      break;
  }
  return sentences.slice(from, to).join(" ");
}
function splitSentences(text) {
  return text.split(/\n+/).filter((line) => !/^ {0,3}#{1,6}\s/.test(line)).map((line) => line.replace(/<!--.*?-->/g, "").replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, "")).flatMap((line) => line.split(/(?<=[.!?。！？])\s+(?=\S)/u)).map((s) => s.replace(/\s+/g, " ").trim()).filter((s) => s !== "");
}
function cutAtWord(s, max) {
  const cut = s.slice(0, max - 1);
  const sp = cut.lastIndexOf(" ");
  return (sp > max * 0.6 ? cut.slice(0, sp) : cut) + "\u2026";
}

export {
  templateLines,
  chunkMarkdown,
  parseQuery,
  makeSnippet
};
//# sourceMappingURL=chunk-DCOOZYPX.js.map
