import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  templateDir
} from "./chunk-QHBY2DEB.js";
import {
  estimateTokens
} from "./chunk-EQ5JI7WZ.js";
import {
  isProcessAlive
} from "./chunk-DDYDWEWT.js";
import {
  recoverInterruptedSwaps,
  swapFile
} from "./chunk-FEQ2CM7F.js";
import {
  swapDir
} from "./chunk-U66UVQVN.js";

// dist/jobs/reflect/diff.js
var MAX_TRACE_CELLS = 2e7;
function diffLines(a, b) {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre])
    pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf])
    suf++;
  const ops = [];
  for (let i = 0; i < pre; i++)
    ops.push({ kind: "equal", line: a[i], a: i, b: i });
  const midA = a.slice(pre, a.length - suf);
  const midB = b.slice(pre, b.length - suf);
  for (const op of myers(midA, midB)) {
    ops.push({
      kind: op.kind,
      line: op.line,
      ...op.a !== void 0 ? { a: op.a + pre } : {},
      ...op.b !== void 0 ? { b: op.b + pre } : {}
    });
  }
  for (let i = 0; i < suf; i++) {
    const ai = a.length - suf + i;
    const bi = b.length - suf + i;
    ops.push({ kind: "equal", line: a[ai], a: ai, b: bi });
  }
  return ops;
}
function myers(a, b) {
  const n = a.length;
  const m = b.length;
  if (n === 0)
    return b.map((line, i) => ({ kind: "insert", line, b: i }));
  if (m === 0)
    return a.map((line, i) => ({ kind: "delete", line, a: i }));
  const max = n + m;
  const off = max + 1;
  const width = 2 * max + 3;
  const v = new Int32Array(width);
  const trace = [];
  let found = -1;
  outer: for (let d = 0; d <= max; d++) {
    if ((d + 1) * width > MAX_TRACE_CELLS)
      break;
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x2 = k === -d || k !== d && v[off + k - 1] < v[off + k + 1] ? v[off + k + 1] : v[off + k - 1] + 1;
      let y2 = x2 - k;
      while (x2 < n && y2 < m && a[x2] === b[y2]) {
        x2++;
        y2++;
      }
      v[off + k] = x2;
      if (x2 >= n && y2 >= m) {
        found = d;
        break outer;
      }
    }
  }
  if (found < 0) {
    return [
      ...a.map((line, i) => ({ kind: "delete", line, a: i })),
      ...b.map((line, i) => ({ kind: "insert", line, b: i }))
    ];
  }
  const rev = [];
  let x = n;
  let y = m;
  for (let d = found; d >= 0; d--) {
    const vd = trace[d];
    const k = x - y;
    const prevK = k === -d || k !== d && vd[off + k - 1] < vd[off + k + 1] ? k + 1 : k - 1;
    const prevX = vd[off + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      rev.push({ kind: "equal", line: a[x], a: x, b: y });
    }
    if (d > 0) {
      if (x === prevX)
        rev.push({ kind: "insert", line: b[prevY], b: prevY });
      else
        rev.push({ kind: "delete", line: a[prevX], a: prevX });
    }
    x = prevX;
    y = prevY;
  }
  return rev.reverse();
}
function toLines(text) {
  if (text === "")
    return { lines: [], keys: [] };
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const endsWithNewline = lines[lines.length - 1] === "";
  if (endsWithNewline)
    lines.pop();
  const keys = lines.map((l, i) => i === lines.length - 1 && !endsWithNewline ? `${l}\0no-eol` : l);
  return { lines, keys };
}
function diffStats(oldText, newText) {
  const ops = diffLines(toLines(oldText).keys, toLines(newText).keys);
  return {
    added: ops.filter((o) => o.kind === "insert").length,
    removed: ops.filter((o) => o.kind === "delete").length
  };
}
function unifiedDiff(oldText, newText, opts = {}) {
  const ctx = opts.context ?? 3;
  const A = toLines(oldText);
  const B = toLines(newText);
  const ops = diffLines(A.keys, B.keys);
  if (ops.every((o) => o.kind === "equal"))
    return "";
  const hunks = [];
  for (let i = 0; i < ops.length; i++) {
    if (ops[i].kind === "equal")
      continue;
    const start = Math.max(0, i - ctx);
    let j = i;
    while (j + 1 < ops.length && ops[j + 1].kind !== "equal")
      j++;
    const end = Math.min(ops.length - 1, j + ctx);
    const last = hunks[hunks.length - 1];
    if (last && start <= last.end + 1)
      last.end = end;
    else
      hunks.push({ start, end });
    i = j;
  }
  const out = [`--- ${opts.fromFile ?? "a"}`, `+++ ${opts.toFile ?? "b"}`];
  for (const h of hunks) {
    const slice = ops.slice(h.start, h.end + 1);
    let aBefore = 0;
    let bBefore = 0;
    for (let i = 0; i < h.start; i++) {
      if (ops[i].kind !== "insert")
        aBefore++;
      if (ops[i].kind !== "delete")
        bBefore++;
    }
    const aLen = slice.filter((o) => o.kind !== "insert").length;
    const bLen = slice.filter((o) => o.kind !== "delete").length;
    out.push(`@@ -${range(aBefore, aLen)} +${range(bBefore, bLen)} @@`);
    for (const op of slice) {
      const sign = op.kind === "equal" ? " " : op.kind === "delete" ? "-" : "+";
      const noEol = op.kind === "insert" ? B.keys[op.b].endsWith("\0no-eol") : A.keys[op.a].endsWith("\0no-eol");
      out.push(sign + (op.kind === "insert" ? B.lines[op.b] : A.lines[op.a]));
      if (noEol)
        out.push("\\ No newline at end of file");
    }
  }
  return out.join("\n") + "\n";
}
function range(before, len) {
  if (len === 0)
    return `${before},0`;
  if (len === 1)
    return `${before + 1}`;
  return `${before + 1},${len}`;
}

// dist/store/soul-versions.js
import { createHash } from "node:crypto";
function contentHash(text) {
  return createHash("sha256").update(text).digest("hex");
}
var SUMMARY_COLS = "number, created_at, content_hash, words, tokens, summary, model, session_ids, origin, run_id, restored_from";
var SoulVersionStore = class {
  db;
  constructor(db) {
    this.db = db;
  }
  /** All versions, oldest first, without their content. */
  list() {
    const rows = this.db.prepare(`SELECT ${SUMMARY_COLS} FROM soul_versions ORDER BY number`).all();
    return rows.map(toSummary);
  }
  count() {
    return this.db.prepare("SELECT count(*) AS n FROM soul_versions").get().n;
  }
  get(number) {
    const row = this.db.prepare("SELECT * FROM soul_versions WHERE number = ?").get(number);
    return row === void 0 ? void 0 : toVersion(row);
  }
  latest() {
    const row = this.db.prepare("SELECT * FROM soul_versions ORDER BY number DESC LIMIT 1").get();
    return row === void 0 ? void 0 : toVersion(row);
  }
  /** The newest `limit` versions, newest first. */
  recent(limit) {
    const rows = this.db.prepare("SELECT * FROM soul_versions ORDER BY number DESC LIMIT ?").all(limit);
    return rows.map(toVersion);
  }
  /** The newest version with this content hash, or undefined. */
  findByHash(hash) {
    const row = this.db.prepare("SELECT number FROM soul_versions WHERE content_hash = ? ORDER BY number DESC LIMIT 1").get(hash);
    return row?.number;
  }
  /** Replaces a run's details (a review of its proposal is added to them later). */
  setRunDetails(id, details) {
    this.db.prepare("UPDATE reflection_runs SET details = ? WHERE id = ?").run(JSON.stringify(details), id);
  }
  /** Records a version with the next number and returns that number. */
  insert(v) {
    const next = this.db.prepare("SELECT coalesce(max(number), 0) + 1 AS n FROM soul_versions").get().n;
    this.db.prepare(`INSERT INTO soul_versions (number, created_at, content, content_hash, words, tokens, summary, report,
           insights, model, session_ids, origin, run_id, restored_from)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(next, v.createdAt, v.content, contentHash(v.content), v.words, v.tokens, v.summary, v.report ?? null, v.insights === void 0 || v.insights === null ? null : JSON.stringify(v.insights), v.model ?? null, JSON.stringify(v.sessionIds ?? []), v.origin, v.runId ?? null, v.restoredFrom ?? null);
    return next;
  }
  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE), rolled back if it throws. */
  transaction(fn) {
    return this.db.transaction(fn).immediate();
  }
  /** Records that a run started ('tick') and returns its id. */
  startRun(startedAt, details = {}) {
    const r = this.db.prepare("INSERT INTO reflection_runs (started_at, outcome, details) VALUES (?, 'tick', ?)").run(startedAt, JSON.stringify(details));
    return Number(r.lastInsertRowid);
  }
  finishRun(id, end) {
    this.db.prepare("UPDATE reflection_runs SET outcome = ?, ended_at = ?, reason = ?, details = ? WHERE id = ?").run(end.outcome, end.endedAt, end.reason ?? null, JSON.stringify(end.details ?? {}), id);
  }
  getRun(id) {
    const row = this.db.prepare("SELECT * FROM reflection_runs WHERE id = ?").get(id);
    return row === void 0 ? void 0 : toRun(row);
  }
  /** The newest run that completed: where the next run's session window starts. */
  lastCompletedRun() {
    const row = this.db.prepare("SELECT * FROM reflection_runs WHERE outcome = 'complete' ORDER BY started_at DESC, id DESC LIMIT 1").get();
    return row === void 0 ? void 0 : toRun(row);
  }
  /** The newest `limit` runs, newest first. */
  runs(limit = 20) {
    const rows = this.db.prepare("SELECT * FROM reflection_runs ORDER BY id DESC LIMIT ?").all(limit);
    return rows.map(toRun);
  }
};
function toSummary(r) {
  return {
    number: r.number,
    author: r.origin === "reflection" ? "reflection" : "user",
    createdAt: r.created_at,
    hash: r.content_hash,
    words: r.words,
    tokens: r.tokens,
    summary: r.summary,
    model: r.model,
    sessionIds: parseJson(r.session_ids, []),
    origin: r.origin,
    runId: r.run_id,
    restoredFrom: r.restored_from
  };
}
function toVersion(r) {
  return {
    ...toSummary(r),
    content: r.content ?? "",
    report: r.report ?? null,
    insights: r.insights ? parseJson(r.insights, null) : null
  };
}
function toRun(r) {
  return {
    id: r.id,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    outcome: r.outcome,
    reason: r.reason,
    details: parseJson(r.details, {})
  };
}
function parseJson(text, fallback) {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

// dist/jobs/reflect/soul-safety.js
var LOCK_OPEN = "<!-- locked -->";
var LOCK_CLOSE = "<!-- /locked -->";
var OPEN_RE = /<!--\s*locked\s*-->/gi;
var CLOSE_RE = /<!--\s*\/\s*locked\s*-->/gi;
var HEADING_RE = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
function findLockedBlocks(text) {
  const marks = [];
  for (const m of text.matchAll(OPEN_RE))
    marks.push({ at: m.index, end: m.index + m[0].length, open: true });
  for (const m of text.matchAll(CLOSE_RE))
    marks.push({ at: m.index, end: m.index + m[0].length, open: false });
  marks.sort((x, y) => x.at - y.at);
  const blocks = [];
  const problems = [];
  let openAt;
  let depth = 0;
  for (const mark of marks) {
    if (mark.open) {
      if (depth === 0)
        openAt = mark.at;
      depth++;
    } else if (depth === 0) {
      problems.push(`line ${lineOf(text, mark.at)}: "${LOCK_CLOSE}" without an opening "${LOCK_OPEN}" (ignored)`);
    } else if (--depth === 0) {
      blocks.push(block(text, openAt, mark.end));
    }
  }
  if (depth > 0 && openAt !== void 0) {
    problems.push(`line ${lineOf(text, openAt)}: "${LOCK_OPEN}" is never closed; everything after it is treated as locked`);
    blocks.push(block(text, openAt, text.length));
  }
  return { blocks, problems };
}
function block(text, start, end) {
  return { start, end, text: text.slice(start, end), heading: headingBefore(text, start) };
}
function lineOf(text, offset) {
  let n = 1;
  for (let i = 0; i < offset; i++)
    if (text.charCodeAt(i) === 10)
      n++;
  return n;
}
function headingBefore(text, offset) {
  const lines = text.slice(0, offset).split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    if (HEADING_RE.test(lines[i]))
      return lines[i].trim();
  }
  return "";
}
function headingTitle(line) {
  const m = HEADING_RE.exec(line.trim());
  return (m ? m[2] : line).trim().toLowerCase().replace(/\s+/g, " ");
}
function findSection(text, title) {
  const want = title.trim().toLowerCase();
  const lines = text.split("\n");
  let offset = 0;
  let found;
  let end = text.length;
  for (const line of lines) {
    const m = HEADING_RE.exec(line);
    if (m) {
      const level = m[1].length;
      if (found === void 0 && headingTitle(line) === want)
        found = { start: offset, level };
      else if (found !== void 0 && level <= found.level) {
        end = offset;
        break;
      }
    }
    offset += line.length + 1;
  }
  if (found === void 0)
    return void 0;
  let stop = Math.min(end, text.length);
  while (stop > found.start && /\s/.test(text[stop - 1]))
    stop--;
  return { start: found.start, end: stop, text: text.slice(found.start, stop), level: found.level };
}
var CORE_IDENTITY = "Core Identity";
var ACTIVE_VALUES = "Active Values";
var RECENT_GROWTH = "Recent Growth";
var SOUL_LAYERS = [CORE_IDENTITY, ACTIVE_VALUES, RECENT_GROWTH];
function restoreLocked(original, proposal, opts) {
  const restored = [];
  let text = proposal;
  if (opts.lockCoreIdentity) {
    const orig = findSection(original, CORE_IDENTITY);
    if (orig !== void 0) {
      const mine = findSection(text, CORE_IDENTITY);
      if (mine === void 0) {
        const at = firstSectionStart(text);
        text = `${text.slice(0, at)}${orig.text}

${text.slice(at)}`;
        restored.push(`the locked "${CORE_IDENTITY}" section was missing and was put back`);
      } else if (mine.text !== orig.text) {
        text = text.slice(0, mine.start) + orig.text + text.slice(mine.end);
        restored.push(`the locked "${CORE_IDENTITY}" section was changed and was put back`);
      }
    }
  }
  const want = findLockedBlocks(original).blocks;
  const have = findLockedBlocks(text).blocks;
  const matched = /* @__PURE__ */ new Map();
  let from = 0;
  want.forEach((w, i) => {
    for (let j = from; j < have.length; j++) {
      if (have[j].text === w.text) {
        matched.set(i, j);
        from = j + 1;
        return;
      }
    }
  });
  if (matched.size === want.length && have.length === want.length)
    return { text, restored };
  if (have.length === want.length) {
    for (let i = want.length - 1; i >= 0; i--) {
      const h = have[i];
      if (h.text === want[i].text)
        continue;
      text = text.slice(0, h.start) + want[i].text + text.slice(h.end);
      restored.push(`locked block under "${want[i].heading || "(top)"}" was changed and was put back`);
    }
    return { text, restored };
  }
  const keep = new Set(matched.values());
  for (let j = have.length - 1; j >= 0; j--) {
    if (keep.has(j))
      continue;
    const h = have[j];
    let end = h.end;
    while (end < text.length && (text[end] === " " || text[end] === "	"))
      end++;
    if (text[end] === "\n" && (h.start === 0 || text[h.start - 1] === "\n"))
      end++;
    if (text[end] === "\n" && h.start >= 2 && text.slice(h.start - 2, h.start) === "\n\n")
      end++;
    text = text.slice(0, h.start) + text.slice(end);
    restored.push(`a locked block the original does not have was removed`);
  }
  want.forEach((w, i) => {
    if (matched.has(i))
      return;
    text = insertUnderHeading(text, w.heading, w.text);
    restored.push(`locked block under "${w.heading || "(top)"}" was missing and was put back`);
  });
  return { text, restored };
}
function firstSectionStart(text) {
  const lines = text.split("\n");
  let offset = 0;
  for (const line of lines) {
    const m = HEADING_RE.exec(line);
    if (m && m[1].length >= 2)
      return offset;
    offset += line.length + 1;
  }
  return text.length;
}
function insertUnderHeading(text, heading, blockText) {
  if (heading === "") {
    const at = firstSectionStart(text);
    return `${text.slice(0, at)}${blockText}

${text.slice(at)}`;
  }
  const title = headingTitle(heading);
  const lines = text.split("\n");
  let offset = 0;
  for (const line of lines) {
    if (HEADING_RE.test(line) && headingTitle(line) === title) {
      const after = offset + line.length + 1;
      return `${text.slice(0, after)}
${blockText}
${text.slice(after)}`;
    }
    offset += line.length + 1;
  }
  const base = text.replace(/\s*$/, "");
  return `${base}

${heading}

${blockText}
`;
}
function verifyLocked(original, proposal, opts) {
  const problems = [];
  const want = findLockedBlocks(original).blocks.map((b) => b.text);
  const have = findLockedBlocks(proposal).blocks.map((b) => b.text);
  if (want.length !== have.length) {
    problems.push(`the original has ${want.length} locked block(s), the proposal ${have.length}`);
  } else {
    want.forEach((w, i) => {
      if (have[i] !== w)
        problems.push(`locked block ${i + 1} differs from the original`);
    });
  }
  if (opts.lockCoreIdentity) {
    const orig = findSection(original, CORE_IDENTITY);
    const mine = findSection(proposal, CORE_IDENTITY);
    if (orig !== void 0 && mine?.text !== orig.text)
      problems.push(`the locked "${CORE_IDENTITY}" section differs from the original`);
  }
  return problems;
}
function contentLines(t) {
  return t.replace(/\r\n/g, "\n").split("\n").map((l) => l.replace(/\s+$/, "")).filter((l) => l.trim() !== "");
}
function changedLineShare(oldText, newText) {
  const a = contentLines(oldText);
  const b = contentLines(newText);
  if (a.length + b.length === 0)
    return 0;
  let changed = 0;
  for (const op of diffLines(a, b))
    if (op.kind !== "equal")
      changed++;
  return changed / (a.length + b.length);
}
var WORD_RE = /[\p{L}\p{N}]+(?:['’_-][\p{L}\p{N}]+)*/gu;
function blankComments(text) {
  return text.replace(/<!--[\s\S]*?-->/g, (c) => " ".repeat(c.length));
}
function countWords(text) {
  let n = 0;
  for (const _ of blankComments(text).matchAll(WORD_RE))
    n++;
  return n;
}
function estimateTokens2(text) {
  return estimateTokens(text);
}
function truncateAtSentence(text, maxWords, keepUntil = 0) {
  const total = countWords(text);
  if (total <= maxWords)
    return { text, truncated: false, words: total };
  const scan = blankComments(text);
  let limitEnd = text.length;
  let n = 0;
  for (const m of scan.matchAll(WORD_RE)) {
    if (++n === maxWords) {
      limitEnd = m.index + m[0].length;
      break;
    }
  }
  let cut = -1;
  for (const m of scan.matchAll(/[.!?…]["'’”)\]*_]*(?=\s|$)/g)) {
    if (m.index > limitEnd)
      break;
    const end = m.index + m[0].length;
    if (end >= keepUntil)
      cut = end;
  }
  let offset = 0;
  for (const line of scan.split("\n")) {
    const end = offset + line.replace(/\s+$/, "").length;
    if (end > limitEnd)
      break;
    if (/^\s*(?:[-*+]|\d+[.)])\s+\S/.test(line) && end >= keepUntil && end > cut)
      cut = end;
    offset += line.length + 1;
  }
  if (cut < 0)
    cut = Math.max(limitEnd, keepUntil);
  let out = text.slice(0, cut);
  const lines = out.split("\n");
  while (lines.length > 0 && (lines[lines.length - 1].trim() === "" || HEADING_RE.test(lines[lines.length - 1]))) {
    const candidate = lines.slice(0, -1).join("\n");
    if (candidate.length < keepUntil)
      break;
    lines.pop();
  }
  out = lines.join("\n").replace(/\s+$/, "") + "\n";
  return { text: out, truncated: true, words: countWords(out) };
}
function lockedEnd(text) {
  const blocks = findLockedBlocks(text).blocks;
  return blocks.length === 0 ? 0 : blocks[blocks.length - 1].end;
}
function missingLayers(text) {
  return SOUL_LAYERS.filter((l) => findSection(text, l) === void 0);
}
function normalizeSoul(text) {
  return text.replace(/\r\n/g, "\n").replace(/\s+$/, "") + "\n";
}
function removedLineShare(oldText, newText) {
  const a = contentLines(oldText);
  const b = contentLines(newText);
  const content = a.filter((l) => !HEADING_RE.test(l)).length;
  if (content === 0)
    return 0;
  let removed = 0;
  for (const op of diffLines(a, b))
    if (op.kind === "delete" && !HEADING_RE.test(op.line))
      removed++;
  return removed / content;
}
function requiredLockedTexts(current, newestFirst) {
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (text, from) => {
    for (const b of findLockedBlocks(text).blocks) {
      if (seen.has(b.text))
        continue;
      seen.add(b.text);
      out.push({ text: b.text, from });
    }
  };
  if (current !== void 0)
    add(current, "SOUL.md");
  for (const v of newestFirst) {
    add(v.content, `version ${v.number}`);
    if (v.byUser)
      break;
  }
  return out;
}
function droppedLocked(required, proposal) {
  return required.filter((r) => !proposal.includes(r.text));
}
function wordFloor(minWords, currentWords) {
  return currentWords === void 0 ? minWords : Math.min(minWords, currentWords);
}

// dist/jobs/reflect/history.js
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
var SOUL_FILE = "SOUL.md";
var SOUL_PROPOSAL_FILE = "SOUL.proposed.md";
function soulPath(workspace) {
  return path.join(workspace, SOUL_FILE);
}
function readSoul(workspace) {
  const file = soulPath(workspace);
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    if (e.code === "ENOENT")
      return { exists: false, text: "", fileHash: null, textHash: null, bytes: null };
    throw e;
  }
  const text = bytes.toString("utf8");
  return { exists: true, text, fileHash: contentHash(bytes), textHash: contentHash(text), bytes };
}
var templateSoulCache;
function templateSoul() {
  if (templateSoulCache === void 0) {
    const file = path.join(templateDir(), SOUL_FILE);
    templateSoulCache = existsSync(file) ? readFileSync(file, "utf8") : null;
  }
  return templateSoulCache;
}
function isTemplateSoul(text) {
  const t = templateSoul();
  return t !== null && normalizeSoul(text) === normalizeSoul(t);
}
function soulWorkDir(workspace) {
  return swapDir(workspace);
}
function commitSoul(input) {
  const swap = input.swap ?? ((file2, expected, content) => swapFile(file2, expected, content, { oldIsSaved: true, allowEmpty: input.allowEmpty ?? false, workDir: soulWorkDir(input.workspace) }));
  const file = soulPath(input.workspace);
  recoverInterruptedSwaps(file, soulWorkDir(input.workspace), isProcessAlive);
  const baseline = input.store.transaction(() => recordUserSoulIfNew(input.store, input.expected, input.now));
  let lost;
  let keptEarlier;
  let number = 0;
  try {
    input.store.transaction(() => {
      number = input.store.insert({
        ...input.version,
        content: input.content,
        words: countWords(input.content),
        tokens: estimateTokens2(input.content),
        createdAt: input.now
      });
      const res = swap(file, input.expected.bytes, input.content);
      if (res.keptEarlier !== void 0 && res.keptEarlier.length > 0)
        keptEarlier = res.keptEarlier;
      if (!res.ok) {
        lost = { detail: res.reason, ...res.kept !== void 0 ? { kept: res.kept } : {} };
        throw new SwapLost();
      }
    });
  } catch (e) {
    if (!(e instanceof SwapLost))
      throw e;
  }
  const extra = { ...baseline !== void 0 ? { baseline } : {}, ...keptEarlier !== void 0 ? { keptEarlier } : {} };
  if (lost !== void 0) {
    return { ok: false, reason: "changed", detail: lost.detail, ...lost.kept ? { kept: lost.kept } : {}, ...extra };
  }
  return { ok: true, number, ...extra };
}
var SwapLost = class extends Error {
};
function recordUserSoulIfNew(store, cur, now, message) {
  if (!cur.exists)
    return void 0;
  const latest = store.latest();
  if (latest !== void 0 && latest.hash === cur.textHash)
    return void 0;
  const known = latest === void 0 ? void 0 : store.findByHash(cur.textHash);
  return store.insert({
    createdAt: now,
    content: cur.text,
    words: countWords(cur.text),
    tokens: estimateTokens2(cur.text),
    summary: message ?? (latest === void 0 ? isTemplateSoul(cur.text) ? "baseline: the starter SOUL.md, before the first reflection" : "baseline: SOUL.md as written by hand, before the first reflection" : known !== void 0 ? `baseline: SOUL.md restored by hand to the text of version ${known}` : `baseline: SOUL.md as edited by hand after version ${latest.number}`),
    origin: "baseline"
  });
}
function rollbackSoul(opts) {
  const now = (opts.now ?? Date.now)();
  const { store } = opts;
  const target = store.get(opts.number);
  if (target === void 0) {
    const n = store.count();
    throw new Error(n === 0 ? `there are no SOUL versions yet: the first \`agent reflect\` records one` : `there is no SOUL version ${opts.number} (versions are 1 to ${n}; see \`agent soul log\`)`);
  }
  const cur = readSoul(opts.workspace);
  if (cur.exists && cur.textHash === target.hash) {
    const baseline = store.transaction(() => recordUserSoulIfNew(store, cur, now));
    return { restoredFrom: target.number, unchanged: true, ...baseline !== void 0 ? { baseline } : {} };
  }
  const res = commitSoul({
    workspace: opts.workspace,
    store,
    expected: cur,
    content: target.content,
    version: {
      summary: `rollback to version ${target.number}`,
      origin: "rollback",
      restoredFrom: target.number,
      model: null
    },
    now,
    allowEmpty: true,
    ...opts.swap ? { swap: opts.swap } : {}
  });
  if (!res.ok) {
    throw new Error(`SOUL.md changed during the rollback (${res.detail}); nothing was replaced${res.kept ? ` (a copy of the edit is in ${path.basename(res.kept)})` : ""} \u2014 run it again`);
  }
  return { restoredFrom: target.number, version: res.number, unchanged: false, ...res.baseline !== void 0 ? { baseline: res.baseline } : {} };
}
function soulLog(workspace, store) {
  {
    const versions = store.list();
    const cur = readSoul(workspace);
    const match = [...versions].reverse().find((v) => v.hash === cur.textHash);
    return {
      versions,
      current: {
        exists: cur.exists,
        matchesVersion: match?.number ?? null,
        words: countWords(cur.text),
        tokens: estimateTokens2(cur.text)
      },
      proposal: existsSync(path.join(workspace, SOUL_PROPOSAL_FILE)) ? SOUL_PROPOSAL_FILE : null
    };
  }
}
function parseSoulRef(text) {
  const t = text.trim().toLowerCase();
  if (t === "current" || t === "soul.md")
    return "current";
  const n = Number(t.replace(/^v/, ""));
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`"${text}" is not a version number (or "current" for SOUL.md on disk)`);
  return n;
}
function soulDiff(workspace, store, a, b) {
  {
    let from = a;
    let to = b;
    if (from === void 0) {
      const recent = store.recent(2);
      if (recent.length < 2) {
        throw new Error(recent.length === 0 ? "there are no SOUL versions yet: the first `agent reflect` records one" : "there is only one SOUL version: compare it with SOUL.md on disk with `agent soul diff 1 current`");
      }
      from = recent[1].number;
      to = recent[0].number;
    } else if (to === void 0) {
      const latest = store.latest();
      if (latest === void 0)
        throw new Error("there are no SOUL versions yet: the first `agent reflect` records one");
      to = latest.number;
    }
    const load = (ref) => {
      if (ref === "current") {
        const cur = readSoul(workspace);
        return { text: cur.text, label: `${SOUL_FILE} (on disk)` };
      }
      const v = store.get(ref);
      if (v === void 0)
        throw new Error(`there is no SOUL version ${ref} (see \`agent soul log\`)`);
      return { text: v.content, label: `${SOUL_FILE} version ${v.number} (${new Date(v.createdAt).toISOString().slice(0, 16).replace("T", " ")})` };
    };
    const x = load(from);
    const y = load(to);
    return { from, to, diff: unifiedDiff(x.text, y.text, { fromFile: x.label, toFile: y.label }) };
  }
}
function versionsForFloor(store, disk) {
  const latest = store.latest();
  if (disk.exists && latest !== void 0 && latest.hash !== disk.textHash)
    return [];
  return store.recent(50).map((v) => ({ number: v.number, content: v.content, byUser: v.author === "user" }));
}

export {
  diffStats,
  unifiedDiff,
  contentHash,
  SoulVersionStore,
  LOCK_OPEN,
  LOCK_CLOSE,
  findSection,
  CORE_IDENTITY,
  ACTIVE_VALUES,
  RECENT_GROWTH,
  SOUL_LAYERS,
  restoreLocked,
  verifyLocked,
  changedLineShare,
  countWords,
  estimateTokens2 as estimateTokens,
  truncateAtSentence,
  lockedEnd,
  missingLayers,
  normalizeSoul,
  removedLineShare,
  requiredLockedTexts,
  droppedLocked,
  wordFloor,
  SOUL_FILE,
  SOUL_PROPOSAL_FILE,
  soulPath,
  readSoul,
  isTemplateSoul,
  commitSoul,
  recordUserSoulIfNew,
  rollbackSoul,
  soulLog,
  parseSoulRef,
  soulDiff,
  versionsForFloor
};
//# sourceMappingURL=chunk-D3YNOGQB.js.map
