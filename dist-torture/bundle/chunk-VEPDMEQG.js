import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  annotationsOf,
  datedChunks,
  keywordSearch,
  loadCandidates
} from "./chunk-RVKSXO2E.js";
import {
  chunkMarkdown,
  makeSnippet,
  parseQuery,
  templateLines
} from "./chunk-DCOOZYPX.js";
import {
  parseAnnotations,
  uniqueAnnotations
} from "./chunk-SOHIBQDK.js";
import {
  classify,
  isIndexable,
  isPrivatePath,
  parseSessionText
} from "./chunk-P4TWOYVN.js";
import {
  openStateDb
} from "./chunk-LTX5SA6R.js";
import {
  cjkBigrams,
  estimateTokens
} from "./chunk-EQ5JI7WZ.js";
import {
  vectorWeightFor
} from "./chunk-6GL6RHDK.js";
import {
  EMBED_CACHE_FILE,
  EmbeddingCache,
  embedWithCache
} from "./chunk-ALMWBFSW.js";
import {
  dataVersion,
  fileIdentity,
  openIndexDb,
  recoverIndexDb,
  removeRebuildLeftovers,
  resetIndexInPlace,
  vectorTableSql
} from "./chunk-UXHALSJY.js";
import {
  isProcessAlive
} from "./chunk-DDYDWEWT.js";
import {
  recoverInterruptedSwaps
} from "./chunk-FEQ2CM7F.js";
import {
  configFor,
  readConfigCache
} from "./chunk-IH6GUBBK.js";
import {
  agentDir,
  indexDbPath,
  isInside,
  stateDbPath,
  swapDir,
  toRel
} from "./chunk-U66UVQVN.js";
import {
  cosine
} from "./chunk-AKCMT4GJ.js";
import {
  isAbortError
} from "./chunk-AWOS4YYZ.js";

// dist/engine/engine.js
import { existsSync } from "node:fs";
import path4 from "node:path";

// dist/indexer/embed-pending.js
function embedText(c) {
  return c.heading ? `${c.heading}
${c.text}` : c.text;
}
async function embedPending(vectors, embedder, cache, opts = {}) {
  const batchChunks = opts.batchChunks ?? 32;
  const total = Math.min(vectors.countPending(), opts.maxChunks ?? Infinity);
  const res = { embedded: 0, cacheHits: 0, computed: 0, remaining: 0, interrupted: false };
  opts.onProgress?.({ done: 0, total, cached: 0 });
  while (res.embedded < total) {
    if (opts.signal?.aborted) {
      res.interrupted = true;
      break;
    }
    const batch = vectors.pending(Math.min(batchChunks, total - res.embedded));
    if (batch.length === 0)
      break;
    const windows = batch.map((c) => embedder.windows(embedText(c)));
    const flat = windows.flat();
    let out;
    try {
      out = await embedWithCache(embedder, cache, flat, opts.signal ? { signal: opts.signal } : {});
    } catch (e) {
      if (!isAbortError(e))
        throw e;
      res.interrupted = true;
      break;
    }
    res.cacheHits += out.hits;
    res.computed += out.misses;
    let at = 0;
    const items = batch.map((c, i) => {
      const n = windows[i].length;
      const vs = out.vectors.slice(at, at + n);
      at += n;
      return { chunkId: c.id, hash: c.hash, heading: c.heading, vectors: vs };
    });
    vectors.insert(items);
    res.embedded += batch.length;
    opts.onProgress?.({ done: res.embedded, total, cached: res.cacheHits });
  }
  res.remaining = vectors.countPending();
  return res;
}

// dist/indexer/indexer.js
import { lstatSync as lstatSync2 } from "node:fs";
import path2 from "node:path";

// dist/workspace/read.js
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync, fstatSync } from "node:fs";
var SNIFF_BYTES = 8192;
var MiB = 1024 * 1024;
function readForIndex(abs, rel, maxBytes) {
  let fd;
  try {
    fd = openSync(abs, "r");
  } catch (e) {
    return { ok: false, reason: `${rel}: cannot be read (${errCode(e)}); skipped \u2014 check its permissions` };
  }
  try {
    const size = fstatSync(fd).size;
    const hasher = createHash("sha256");
    const keepBytes = Math.min(size, maxBytes);
    const kept = Buffer.alloc(keepBytes);
    const block = Buffer.alloc(Math.min(Math.max(size, 1), 4 * MiB));
    let pos = 0;
    for (; ; ) {
      const n = readSync(fd, block, 0, block.length, pos);
      if (n === 0)
        break;
      hasher.update(block.subarray(0, n));
      if (pos < keepBytes)
        block.copy(kept, pos, 0, Math.min(n, keepBytes - pos));
      pos += n;
    }
    const hash = hasher.digest("hex");
    const total = pos;
    const utf16 = utf16Bom(kept);
    if (utf16 !== null)
      return decodeUtf16(kept, utf16, { rel, hash, total, maxBytes });
    const sniff = kept.subarray(0, Math.min(SNIFF_BYTES, kept.length));
    if (sniff.includes(0)) {
      return { ok: false, reason: `${rel}: looks like a binary file (NUL bytes); skipped \u2014 only text is indexed` };
    }
    const warnings = [];
    let bytes = kept.subarray(0, Math.min(keepBytes, total));
    const capped = total > maxBytes;
    if (capped) {
      const lastNl = bytes.lastIndexOf(10);
      if (lastNl > 0)
        bytes = bytes.subarray(0, lastNl + 1);
      warnings.push(`${rel}: ${(total / MiB).toFixed(1)} MB is over the ${(maxBytes / MiB).toFixed(1)} MB limit; only the first ${(bytes.length / MiB).toFixed(1)} MB is indexed (split the file, or raise index.maxFileBytes in agent.config.json)`);
    }
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder("utf-8").decode(bytes);
      warnings.push(`${rel}: not valid UTF-8; indexed with replacement characters (the file is unchanged \u2014 re-save it as UTF-8 to fix)`);
    }
    if (text.charCodeAt(0) === 65279)
      text = text.slice(1);
    return { ok: true, text, hash, size: total, capped, warnings };
  } catch (e) {
    return { ok: false, reason: `${rel}: cannot be read (${errCode(e)}); skipped` };
  } finally {
    closeSync(fd);
  }
}
function utf16Bom(bytes) {
  if (bytes.length >= 2 && bytes[0] === 255 && bytes[1] === 254)
    return "utf-16le";
  if (bytes.length >= 2 && bytes[0] === 254 && bytes[1] === 255)
    return "utf-16be";
  return null;
}
function decodeUtf16(kept, encoding, f) {
  const warnings = [];
  const bytes = kept.subarray(0, kept.length - kept.length % 2);
  let text;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder(encoding).decode(bytes);
    warnings.push(`${f.rel}: not valid ${encoding.toUpperCase()}; indexed with replacement characters (the file is unchanged \u2014 re-save it as UTF-8 to fix)`);
  }
  if (text.charCodeAt(0) === 65279)
    text = text.slice(1);
  if (text.includes("\0")) {
    return { ok: false, reason: `${f.rel}: looks like a binary file (NUL characters in ${encoding.toUpperCase()} text); skipped \u2014 only text is indexed` };
  }
  const capped = f.total > f.maxBytes;
  if (capped) {
    const lastNl = text.lastIndexOf("\n");
    if (lastNl > 0)
      text = text.slice(0, lastNl + 1);
    warnings.push(`${f.rel}: ${(f.total / MiB).toFixed(1)} MB is over the ${(f.maxBytes / MiB).toFixed(1)} MB limit; only the first part is indexed (split the file, or raise index.maxFileBytes in agent.config.json)`);
  }
  return { ok: true, text, hash: f.hash, size: f.total, capped, warnings };
}
function sha256(text) {
  return createHash("sha256").update(text).digest("hex");
}
function errCode(e) {
  if (e && typeof e === "object" && "code" in e && typeof e.code === "string") {
    return e.code;
  }
  return e instanceof Error ? e.message : String(e);
}

// dist/workspace/scan.js
import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
function ignoredDir(name) {
  return name.startsWith(".") || name === "node_modules";
}
function scanWorkspace(workspace, opts) {
  const root = realpathSync(workspace);
  const allowLinks = opts.allowHardLinks;
  const linked = (rel, st) => {
    if (allowLinks || st.nlink <= 1)
      return false;
    skipped.push({ rel, reason: `${rel}: has ${st.nlink} hard links (one may be a file outside the workspace); skipped \u2014 set index.allowHardLinks in agent.config.json to index it` });
    return true;
  };
  const files = [];
  const skipped = [];
  const seenDirs = /* @__PURE__ */ new Set();
  const walk = (dir, relDir) => {
    let real;
    try {
      real = realpathSync(dir);
    } catch {
      return;
    }
    if (seenDirs.has(real))
      return;
    seenDirs.add(real);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      skipped.push({ rel: relDir + "/", reason: `${relDir}/: folder cannot be read (${errCode(e)}); skipped` });
      return;
    }
    for (const ent of entries) {
      const abs = dir + path.sep + ent.name;
      const rel = relDir === "" ? ent.name : `${relDir}/${ent.name}`;
      if (ent.isDirectory()) {
        if (!ignoredDir(ent.name))
          walk(abs, rel);
        continue;
      }
      if (ent.isSymbolicLink()) {
        let target;
        let st;
        try {
          target = realpathSync(abs);
          st = statSync(abs);
        } catch (e) {
          if (isIndexable(rel))
            skipped.push({ rel, reason: `${rel}: broken symlink (${errCode(e)}); skipped` });
          continue;
        }
        if (!isInside(root, target)) {
          if (isIndexable(rel) || st.isDirectory()) {
            skipped.push({ rel, reason: `${rel}: symlink points outside the workspace (${target}); skipped \u2014 memory only reads files inside the workspace` });
          }
          continue;
        }
        if (st.isDirectory()) {
          if (!ignoredDir(ent.name))
            walk(abs, rel);
          continue;
        }
        if (st.isFile() && isIndexable(rel) && !linked(rel, st))
          files.push({ rel, abs, size: st.size, mtimeMs: st.mtimeMs });
        continue;
      }
      if (!isIndexable(rel))
        continue;
      if (!ent.isFile()) {
        skipped.push({ rel, reason: `${rel}: not a regular file; skipped` });
        continue;
      }
      try {
        const st = lstatSync(abs);
        if (!linked(rel, st))
          files.push({ rel, abs, size: st.size, mtimeMs: st.mtimeMs });
      } catch (e) {
        skipped.push({ rel, reason: `${rel}: cannot be read (${errCode(e)}); skipped` });
      }
    }
  };
  walk(path.resolve(workspace), "");
  files.sort((a, b) => a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
  return { files, skipped };
}

// dist/indexer/session-chunk.js
function localDate(ts) {
  const d = new Date(ts);
  if (Number.isNaN(d.getTime()))
    return null;
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
function chunkSession(id, text, opts) {
  const parsed = parseSessionText(id, text);
  const chunks = [];
  let cur = null;
  const flush = () => {
    if (!cur)
      return;
    const body = cur.lines.join("\n");
    chunks.push({
      startLine: cur.start,
      endLine: cur.end,
      heading: cur.thread ? `session ${id} > ${cur.thread}` : `session ${id}`,
      text: body,
      tokens: estimateTokens(body),
      date: cur.date
    });
    cur = null;
  };
  for (const turn of parsed.turns) {
    const line = `${turn.role}: ${turn.content.replace(/\s*\n\s*/g, " ")}`;
    const t = estimateTokens(line) + 1;
    const thread = turn.thread ?? "";
    if (cur && (cur.thread !== thread || cur.tokens + t > opts.targetTokens))
      flush();
    if (!cur)
      cur = { thread, lines: [], start: turn.line, end: turn.line, tokens: 0, date: localDate(turn.ts) };
    cur.lines.push(line);
    cur.end = turn.line;
    cur.tokens += t;
  }
  flush();
  return { chunks, problems: parsed.problems.map((p) => `line ${p.line}: ${p.reason}`) };
}

// dist/indexer/indexer.js
var CHUNKER_VERSION = 3;
var BATCH_MS = 400;
var Indexer = class {
  workspace;
  store;
  config;
  now;
  constructor(workspace, store, config, opts = {}) {
    this.workspace = workspace;
    this.store = store;
    this.config = config;
    this.now = opts.now ?? Date.now;
  }
  /** Full pass: every file in the workspace, and removal of files that are gone. */
  sync(opts = {}) {
    const t0 = performance.now();
    const chunking = JSON.stringify({ v: CHUNKER_VERSION, tokens: this.config.chunkTokens, overlap: this.config.overlapTokens });
    const rechunk = this.store.getMeta("chunking") !== chunking;
    if (rechunk)
      opts = { ...opts, force: true };
    const scan = scanWorkspace(this.workspace, { allowHardLinks: this.config.allowHardLinks });
    const summary = { scanned: scan.files.length, indexed: [], removed: [], unchanged: 0, problems: [], chunks: 0, ms: 0 };
    const seen = /* @__PURE__ */ new Set();
    const known = this.store.fileStats();
    const todo = [];
    const force = opts.force ?? false;
    scan.files.forEach((f, i) => {
      seen.add(f.rel);
      const row = known.get(f.rel);
      if (!force && row && row.size === f.size && row.mtimeMs === f.mtimeMs) {
        summary.unchanged++;
        opts.onProgress?.({ done: i + 1, total: scan.files.length, path: f.rel });
      } else
        todo.push({ f, isNew: row === void 0, at: i });
    });
    let next = 0;
    while (next < todo.length) {
      const started = performance.now();
      this.store.batch(() => {
        do {
          const { f, isNew, at } = todo[next++];
          this.syncOne(f, summary, force, isNew ? null : void 0);
          opts.onProgress?.({ done: at + 1, total: scan.files.length, path: f.rel });
        } while (next < todo.length && performance.now() - started < BATCH_MS);
      });
    }
    const skipped = new Set(scan.skipped.map((s) => s.rel));
    const gone = [...known.keys()].filter((p) => !seen.has(p) && !skipped.has(p));
    if (scan.skipped.length > 0 || gone.length > 0) {
      this.store.batch(() => {
        for (const s of scan.skipped) {
          seen.add(s.rel);
          this.store.deleteFile(s.rel);
          this.recordProblem(summary, { path: s.rel, severity: "skipped", message: s.reason });
        }
        for (const p of gone) {
          this.store.deleteFile(p);
          summary.removed.push(p);
        }
      });
    }
    for (const p of this.store.problems())
      if (!seen.has(p.path))
        this.store.clearProblem(p.path);
    if (summary.indexed.length > 0 || summary.removed.length > 0 || this.store.getMeta("last_sync_at") === void 0) {
      this.store.setMeta("last_sync_at", String(this.now()));
    }
    if (rechunk)
      this.store.setMeta("chunking", chunking);
    summary.chunks = opts.countChunks === false ? -1 : this.store.counts().chunks;
    summary.ms = performance.now() - t0;
    return summary;
  }
  /**
   * Brings specific paths up to date (the watcher's entry point): a path that no longer
   * exists is removed; anything else is checked like in `sync`.
   */
  syncPaths(rels) {
    const t0 = performance.now();
    const summary = { scanned: 0, indexed: [], removed: [], unchanged: 0, problems: [], chunks: 0, ms: 0 };
    const list = [...new Set(rels)].filter((rel) => isIndexable(rel));
    let next = 0;
    while (next < list.length) {
      const started = performance.now();
      this.store.batch(() => {
        do
          this.syncPath(list[next++], summary);
        while (next < list.length && performance.now() - started < BATCH_MS);
      });
    }
    summary.chunks = this.store.counts().chunks;
    summary.ms = performance.now() - t0;
    return summary;
  }
  syncPath(rel, summary) {
    const abs = path2.join(this.workspace, rel);
    let st;
    try {
      st = lstatSync2(abs);
    } catch {
      if (this.store.deleteFile(rel))
        summary.removed.push(rel);
      this.store.clearProblem(rel);
      return;
    }
    summary.scanned++;
    if (st.isSymbolicLink() || !st.isFile()) {
      const one = scanWorkspace(this.workspace, { allowHardLinks: this.config.allowHardLinks });
      const f = one.files.find((x) => x.rel === rel);
      const skip = one.skipped.find((x) => x.rel === rel);
      if (f)
        this.syncOne(f, summary, false);
      else if (skip) {
        this.store.deleteFile(rel);
        this.recordProblem(summary, { path: rel, severity: "skipped", message: skip.reason });
      }
      return;
    }
    this.syncOne({ rel, abs, size: st.size, mtimeMs: st.mtimeMs }, summary, false);
  }
  /** `known`: the file's row when the caller has it (null: known to be absent). */
  syncOne(f, summary, force, known) {
    const existing = known === void 0 ? this.store.getFile(f.rel) : known ?? void 0;
    if (!force && existing && existing.size === f.size && existing.mtime_ms === f.mtimeMs) {
      summary.unchanged++;
      return;
    }
    const read = readForIndex(f.abs, f.rel, this.config.maxFileBytes);
    if (!read.ok) {
      if (existing)
        this.store.deleteFile(f.rel);
      this.recordProblem(summary, { path: f.rel, severity: "skipped", message: read.reason });
      return;
    }
    if (!force && existing && existing.hash === read.hash) {
      this.store.touchFile(f.rel, f.size, f.mtimeMs);
      summary.unchanged++;
      return;
    }
    const cls = classify(f.rel);
    const warnings = [...read.warnings];
    if (cls.problem)
      warnings.push(cls.problem);
    let chunks;
    let date = cls.date;
    if (cls.kind === "session") {
      const id = path2.basename(f.rel, ".jsonl");
      const res = chunkSession(id, read.text, { targetTokens: this.config.chunkTokens });
      if (res.problems.length > 0) {
        warnings.push(`${f.rel}: ${res.problems.length} transcript line(s) skipped (${res.problems.slice(0, 3).join("; ")}); the rest is indexed`);
      }
      chunks = res.chunks.map((c) => toNewChunk(c, c.date));
      date = res.chunks[0]?.date ?? null;
    } else {
      chunks = chunkMarkdown(read.text, {
        targetTokens: this.config.chunkTokens,
        overlapTokens: this.config.overlapTokens,
        boilerplate: templateLines(f.rel)
      }).map((c) => toNewChunk(c));
    }
    if (read.text.trim() === "")
      warnings.push(`${f.rel}: empty file; nothing to index`);
    this.store.replaceFile({ path: f.rel, kind: cls.kind, source: cls.source, date, size: f.size, mtimeMs: f.mtimeMs, hash: read.hash, capped: read.capped }, chunks, this.now());
    summary.indexed.push(f.rel);
    if (warnings.length > 0) {
      this.recordProblem(summary, { path: f.rel, severity: "warning", message: warnings.join(" | ") });
    } else {
      this.store.clearProblem(f.rel);
    }
  }
  recordProblem(summary, p) {
    summary.problems.push(p);
    this.store.setProblem(p.path, p.severity, p.message, this.now());
  }
};
function toNewChunk(c, date) {
  const chunk = {
    startLine: c.startLine,
    endLine: c.endLine,
    heading: c.heading,
    text: c.text,
    hash: sha256(c.text),
    tokens: c.tokens,
    cjk: cjkBigrams(c.heading + "\n" + c.text).join(" ")
  };
  const annotations = uniqueAnnotations(parseAnnotations(c.heading + "\n" + c.text));
  if (annotations.length > 0)
    chunk.annotations = annotations.map((a) => ({ key: a.key, value: a.value, norm: a.norm }));
  if (date !== void 0)
    chunk.date = date;
  return chunk;
}

// dist/indexer/status.js
function indexStatus(workspace, store, opts) {
  const rows = store.allFiles();
  const byPath = new Map(rows.map((r) => [r.path, r]));
  const scan = scanWorkspace(workspace, opts);
  const stale = [];
  const onDisk = /* @__PURE__ */ new Set();
  for (const f of scan.files) {
    onDisk.add(f.rel);
    const row = byPath.get(f.rel);
    if (!row || row.size !== f.size || row.mtime_ms !== f.mtimeMs) {
      if (!row && store.problems().some((p) => p.path === f.rel && p.severity === "skipped"))
        continue;
      stale.push(f.rel);
    }
  }
  const byKind = {};
  for (const r of rows)
    byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
  const last = store.getMeta("last_sync_at");
  const counts = store.counts();
  return {
    files: counts.files,
    chunks: counts.chunks,
    byKind,
    lastSyncAt: last ? Number(last) : null,
    stale,
    missing: rows.filter((r) => !onDisk.has(r.path)).map((r) => r.path),
    problems: store.problems().map((p) => ({ path: p.path, severity: p.severity, message: p.message }))
  };
}

// dist/indexer/watch.js
import path3 from "node:path";
function watchWorkspace(workspace, opts) {
  const debounceMs = opts.debounceMs ?? 250;
  const pending = /* @__PURE__ */ new Set();
  let rescan = false;
  let timer = null;
  let running = Promise.resolve();
  let closed = false;
  let watcher = null;
  const started = import("./esm-GFYQNJ6B.js").then(({ watch }) => {
    const w = watch(workspace, {
      ignoreInitial: true,
      // chokidar's atomic mode folds unlink+add within 100 ms into one change event.
      atomic: true,
      ignored: (p) => {
        const rel = toRel(workspace, p);
        if (rel === "")
          return false;
        return rel.split("/").some((seg) => seg.startsWith(".") || seg === "node_modules");
      }
    });
    watcher = w;
    return w;
  });
  const flush = () => {
    timer = null;
    if (pending.size === 0 && !rescan || closed)
      return;
    const batch = { paths: [...pending].sort(), rescan };
    pending.clear();
    rescan = false;
    running = running.then(async () => {
      try {
        await opts.onBatch(batch);
      } catch (e) {
        opts.onError?.(e);
      }
    });
  };
  const schedule = () => {
    if (timer)
      clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };
  const onPath = (p) => {
    const rel = toRel(workspace, path3.resolve(workspace, p));
    if (!isIndexable(rel))
      return;
    pending.add(rel);
    schedule();
  };
  const onDir = () => {
    rescan = true;
    schedule();
  };
  const ready = started.then((w) => new Promise((resolve) => {
    w.on("add", onPath).on("change", onPath).on("unlink", onPath);
    w.on("addDir", onDir).on("unlinkDir", onDir);
    w.on("error", (e) => opts.onError?.(e));
    w.once("ready", () => resolve());
  }));
  return {
    ready,
    busy() {
      if (watcher === null)
        return true;
      const w = watcher;
      return (w._throttled?.get("watch")?.size ?? 0) > 0 || (w._throttled?.get("readdir")?.size ?? 0) > 0 || (w._pendingUnlinks?.size ?? 0) > 0;
    },
    settle() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      return running;
    },
    async close() {
      closed = true;
      if (timer)
        clearTimeout(timer);
      await (await started).close();
      await running;
    }
  };
}

// dist/search/dates.js
var OPEN_START = "1000-01-01";
var MAYBE_DATE = /\d|today|tonight|yesterday|tomorrow|morning|afternoon|evening|night|week|month|year|ago|day|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/i;
function resolveDates(query, now, opts = {}) {
  if (!MAYBE_DATE.test(query))
    return { matches: [], range: null, rest: removeMatches(query, []) };
  const ctx = { today: todayIn(now, opts.timeZone), weekStartsOn: opts.weekStartsOn ?? 1 };
  const matches = applyRanges(query, pickMatches(query, findCandidates(query, ctx)), ctx, opts, now);
  return { matches, range: union(matches), rest: removeMatches(query, matches) };
}
var MS_PER_DAY = 864e5;
function dayOf(y, m, d) {
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}
function ymd(day) {
  const dt = new Date(day * MS_PER_DAY);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}
function daysInMonth(y, m) {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
function isValidDate(y, m, d) {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}
function weekdayOf(day) {
  return ((day + 4) % 7 + 7) % 7;
}
function weekStart(day, ctx) {
  return day - (weekdayOf(day) - ctx.weekStartsOn + 7) % 7;
}
function weekSpan(day, ctx) {
  const s = weekStart(day, ctx);
  return [s, s + 6];
}
function monthSpan(day, offset) {
  const { y, m } = ymd(day);
  const index = y * 12 + (m - 1) + offset;
  const yy = Math.floor(index / 12);
  const mm = index % 12 + 1;
  return [dayOf(yy, mm, 1), dayOf(yy, mm, daysInMonth(yy, mm))];
}
function yearSpan(y) {
  return [dayOf(y, 1, 1), dayOf(y, 12, 31)];
}
function addMonths(day, n) {
  const { y, m, d } = ymd(day);
  const index = y * 12 + (m - 1) + n;
  const yy = Math.floor(index / 12);
  const mm = index % 12 + 1;
  return dayOf(yy, mm, Math.min(d, daysInMonth(yy, mm)));
}
var formatters = /* @__PURE__ */ new Map();
function todayIn(now, timeZone) {
  if (Number.isNaN(now.getTime()))
    throw new RangeError("resolveDates: `now` is an invalid Date");
  const key = timeZone ?? "";
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US-u-ca-gregory-nu-latn", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric"
    });
    formatters.set(key, fmt);
  }
  let y = 0;
  let m = 0;
  let d = 0;
  for (const p of fmt.formatToParts(now)) {
    if (p.type === "year")
      y = Number(p.value);
    else if (p.type === "month")
      m = Number(p.value);
    else if (p.type === "day")
      d = Number(p.value);
  }
  return dayOf(y, m, d);
}
function iso(day) {
  const { y, m, d } = ymd(day);
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
var WEEKDAYS = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6
};
var WEEKDAY_ABBRS = {
  sun: 0,
  mon: 1,
  tue: 2,
  tues: 2,
  wed: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
  sat: 6
};
var MONTHS = {
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12
};
var SAFE_MONTHS = [
  "january",
  "february",
  "april",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december"
];
var NUMBER_WORDS = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12
};
function alt(words) {
  return [...words].sort((a, b) => b.length - a.length).join("|");
}
var WEEKDAY = alt(Object.keys(WEEKDAYS));
var WEEKDAY_ABBR = alt(Object.keys(WEEKDAY_ABBRS));
var MONTH = alt(Object.keys(MONTHS));
var SAFE_MONTH = alt(SAFE_MONTHS);
var COUNT = `\\d{1,4}|${alt(Object.keys(NUMBER_WORDS).filter((w) => w !== "a" && w !== "an"))}`;
var DAY_OF_MONTH = `(\\d{1,2})(?:st|nd|rd|th)?`;
var YEAR = `([12]\\d{3})`;
var NOT_WORD_BEFORE = "(?<![\\p{L}\\p{N}])";
var DATE_CONTEXT = `(?<=${NOT_WORD_BEFORE}(?:in|during|throughout|from|of)\\s+)`;
function num(word) {
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()] ?? Number.NaN;
}
function monthNum(word) {
  return MONTHS[word.toLowerCase()] ?? Number.NaN;
}
function direction(word) {
  switch (word?.toLowerCase()) {
    case "last":
    case "previous":
    case "past":
      return -1;
    case "next":
    case "coming":
      return 1;
    default:
      return 0;
  }
}
function unit(word) {
  const u = word.toLowerCase().replace(/s$/, "");
  return u === "week" || u === "month" || u === "year" ? u : "day";
}
function relativeDay(offset) {
  return (_m, ctx) => [ctx.today + offset, ctx.today + offset];
}
function calendarPeriod(u, offset, ctx) {
  const t = ctx.today;
  switch (u) {
    case "day":
      return [t + offset, t + offset];
    case "week":
      return weekSpan(t + 7 * offset, ctx);
    case "month":
      return monthSpan(t, offset);
    case "year":
      return yearSpan(ymd(t).y + offset);
  }
}
function rollingWindow(u, n, ctx) {
  if (!(n >= 1))
    return null;
  const t = ctx.today;
  switch (u) {
    case "day":
      return [t - (n - 1), t];
    case "week":
      return [t - (7 * n - 1), t];
    case "month":
      return [addMonths(t, -n) + 1, t];
    case "year":
      return [addMonths(t, -12 * n) + 1, t];
  }
}
function weekday(wd, modifier, ctx) {
  const t = ctx.today;
  const dow = weekdayOf(t);
  let day;
  const mod = modifier?.toLowerCase();
  if (mod === "this")
    day = weekStart(t, ctx) + (wd - ctx.weekStartsOn + 7) % 7;
  else if (direction(mod) === -1)
    day = t - ((dow - wd + 7) % 7 || 7);
  else if (direction(mod) === 1)
    day = t + ((wd - dow + 7) % 7 || 7);
  else
    day = t - (dow - wd + 7) % 7;
  return [day, day];
}
function namedMonth(m, modifier, ctx) {
  if (Number.isNaN(m))
    return null;
  const { y, m: cur } = ymd(ctx.today);
  const mod = modifier?.toLowerCase();
  let year;
  if (mod === "this")
    year = y;
  else if (direction(mod) === -1)
    year = m < cur ? y : y - 1;
  else if (direction(mod) === 1)
    year = m > cur ? y : y + 1;
  else
    year = m <= cur ? y : y - 1;
  return [dayOf(year, m, 1), dayOf(year, m, daysInMonth(year, m))];
}
function dayOfMonth(d, m, yearText, ctx) {
  if (yearText !== void 0) {
    const y = Number(yearText);
    return isValidDate(y, m, d) ? [dayOf(y, m, d), dayOf(y, m, d)] : null;
  }
  for (let y = ymd(ctx.today).y, tries = 0; tries < 9; y--, tries++) {
    if (!isValidDate(y, m, d))
      continue;
    const day = dayOf(y, m, d);
    if (day <= ctx.today)
      return [day, day];
  }
  return null;
}
function thisWeekendSaturday(ctx) {
  const dow = weekdayOf(ctx.today);
  return dow === 0 ? ctx.today - 1 : ctx.today + (6 - dow);
}
var RULES = [
  // --- days relative to today
  { example: "today", pattern: "today|tonight|this\\s+(?:morning|afternoon|evening)", resolve: relativeDay(0) },
  { example: "yesterday", pattern: "yesterday|last\\s+night", resolve: relativeDay(-1) },
  { example: "the day before yesterday", pattern: "(?:the\\s+)?day\\s+before\\s+yesterday", resolve: relativeDay(-2) },
  { example: "tomorrow", pattern: "tomorrow", resolve: relativeDay(1) },
  { example: "the day after tomorrow", pattern: "(?:the\\s+)?day\\s+after\\s+tomorrow", resolve: relativeDay(2) },
  // --- calendar periods: "last week" is Mon–Sun of the previous week, not the last 7 days
  {
    example: "last week",
    pattern: "(this|last|next|previous|coming)\\s+(week|month|year)",
    resolve: (m, ctx) => calendarPeriod(unit(m[2]), direction(m[1]), ctx)
  },
  // --- "3 days ago" is one day; "2 weeks ago" / "a month ago" are that whole week / month
  {
    example: "3 days ago",
    pattern: `(${COUNT}|an?)\\s+(days?|weeks?|months?|years?)\\s+ago`,
    resolve: (m, ctx) => {
      const n = num(m[1]);
      return n >= 1 ? calendarPeriod(unit(m[2]), -n, ctx) : null;
    }
  },
  // --- rolling windows ending today
  {
    example: "in the last 7 days",
    pattern: `(?:the\\s+)?(?:last|past)\\s+(${COUNT})\\s+(days?|weeks?|months?|years?)`,
    resolve: (m, ctx) => rollingWindow(unit(m[2]), num(m[1]), ctx)
  },
  {
    example: "over the past week",
    pattern: "(?:the\\s+)?past\\s+(day|week|month|year)",
    resolve: (m, ctx) => rollingWindow(unit(m[1]), 1, ctx)
  },
  // --- weekdays; abbreviations only with a modifier or "on" (they double as words)
  {
    example: "last Tuesday",
    pattern: `(?:(this|last|next|previous|past|coming)\\s+)?(${WEEKDAY})`,
    resolve: (m, ctx) => weekday(WEEKDAYS[m[2].toLowerCase()], m[1], ctx)
  },
  {
    example: "on tue",
    pattern: `(?:(this|last|next|previous)\\s+|(?<=${NOT_WORD_BEFORE}on\\s+))(${WEEKDAY_ABBR})`,
    resolve: (m, ctx) => weekday(WEEKDAY_ABBRS[m[2].toLowerCase()], m[1], ctx)
  },
  // --- weekends (always Sat–Sun)
  {
    example: "last weekend",
    pattern: "(?:(this|last|next|previous|coming)|the)\\s+weekend",
    resolve: (m, ctx) => {
      const sat = thisWeekendSaturday(ctx);
      const dow = weekdayOf(ctx.today);
      const offset = m[1] === void 0 ? dow === 6 || dow === 0 ? 0 : -1 : direction(m[1]);
      return [sat + 7 * offset, sat + 7 * offset + 1];
    }
  },
  // --- ISO dates; not glued to other digits/dashes ("2023-05-081", "x-2023-05")
  {
    example: "2023-05-08",
    pattern: `(?<![-/.])${YEAR}-(\\d{2})-(\\d{2})(?!-\\d)`,
    resolve: (m) => {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return isValidDate(y, mo, d) ? [dayOf(y, mo, d), dayOf(y, mo, d)] : null;
    }
  },
  {
    example: "2023-05",
    pattern: `(?<![-/.])${YEAR}-(\\d{2})(?!-\\d)`,
    resolve: (m) => {
      const [y, mo] = [Number(m[1]), Number(m[2])];
      return mo >= 1 && mo <= 12 ? [dayOf(y, mo, 1), dayOf(y, mo, daysInMonth(y, mo))] : null;
    }
  },
  // A bare year is a date only after a preposition: "in 2023", not "the 2023 budget plan".
  {
    example: "in 2023",
    pattern: `${DATE_CONTEXT}((?:19|20)\\d{2})`,
    resolve: (m) => yearSpan(Number(m[1]))
  },
  // --- month names with a day and/or year: the number makes even "May"/"March" a date
  {
    example: "May 8th, 2023",
    pattern: `(${MONTH})\\s+${DAY_OF_MONTH}(?:,?\\s+${YEAR})?`,
    resolve: (m, ctx) => dayOfMonth(Number(m[2]), monthNum(m[1]), m[3], ctx)
  },
  {
    example: "the 8th of May 2023",
    pattern: `(?:the\\s+)?(\\d{1,2})(st|nd|rd|th)?\\s+(of\\s+)?(${MONTH})(?:,?\\s+${YEAR})?`,
    resolve: (m, ctx) => {
      const [, day, ordinal, of, month, year] = m;
      const ambiguous = /^(?:may|march)$/.test(month) && !ordinal && !of && !year;
      return ambiguous ? null : dayOfMonth(Number(day), monthNum(month), year, ctx);
    }
  },
  {
    example: "March 2023",
    pattern: `(${MONTH}),?\\s+${YEAR}`,
    resolve: (m) => {
      const [mo, y] = [monthNum(m[1]), Number(m[2])];
      return [dayOf(y, mo, 1), dayOf(y, mo, daysInMonth(y, mo))];
    }
  },
  // --- month names alone
  {
    example: "in May",
    pattern: `${DATE_CONTEXT}(${MONTH})`,
    resolve: (m, ctx) => namedMonth(monthNum(m[1]), void 0, ctx)
  },
  { example: "January", pattern: `(${SAFE_MONTH})`, resolve: (m, ctx) => namedMonth(monthNum(m[1]), void 0, ctx) },
  {
    // "May"/"March" alone: only as a proper noun — capitalised and not opening a sentence
    // ("notes March", but not "March forward" / "May I ask") — or as the whole query.
    example: "VPS notes March",
    pattern: "(may|march)",
    resolve: (m, ctx) => {
      const word = m[1];
      const before = m.input.slice(0, m.index).trim();
      const wholeQuery = before === "" && m.input.slice(m.index + word.length).trim() === "";
      const properNoun = /^[A-Z]/.test(word) && before !== "" && !/[.!?]$/.test(before);
      return wholeQuery || properNoun ? namedMonth(monthNum(word), void 0, ctx) : null;
    }
  },
  {
    // "this may" / "the next may be" are nearly always the verb, so only "last" takes the
    // ambiguous names; "next"/"this" take the unambiguous ones.
    example: "last March",
    pattern: `(last)\\s+(${MONTH})|(next|this)\\s+(${SAFE_MONTH})`,
    resolve: (m, ctx) => namedMonth(monthNum(m[2] ?? m[4]), m[1] ?? m[3], ctx)
  },
  // --- parts of a month: "early May", "mid-November 2022", "the end of June"
  {
    example: "early May 2023",
    pattern: `(early|mid|late|(?:the\\s+)?(?:beginning|start|middle|end)\\s+of)[\\s-]+(${MONTH})(?:,?\\s+${YEAR})?`,
    resolve: (m, ctx) => monthPart(m[1], monthNum(m[2]), m[3], ctx)
  },
  {
    example: "the end of the month",
    pattern: "(?:the\\s+)?(beginning|start|end)\\s+of\\s+(?:the|this)\\s+(week|month|year)",
    resolve: (m, ctx) => {
      const u = unit(m[2]);
      const [from, to] = calendarPeriod(u, 0, ctx);
      const end = m[1].toLowerCase() === "end";
      if (u === "month")
        return end ? [from + 20, to] : [from, from + 9];
      if (u === "year")
        return end ? [monthSpan(to, -3)[0], to] : [from, monthSpan(from, 3)[1]];
      return end ? [to - 2, to] : [from, from + 2];
    }
  },
  {
    example: "the second week of November",
    pattern: `(?:the\\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+week\\s+of\\s+(${MONTH})(?:,?\\s+${YEAR})?`,
    resolve: (m, ctx) => {
      const month = monthSpanNamed(monthNum(m[2]), m[3], ctx);
      if (!month)
        return null;
      const n = ORDINAL_WEEKS[m[1].toLowerCase()];
      return n < 0 ? [month[1] - 6, month[1]] : [month[0] + 7 * (n - 1), month[0] + 7 * (n - 1) + 6];
    }
  },
  {
    example: "the week before 16 November 2023",
    pattern: `(?:the\\s+)?week\\s+(of|before|after)\\s+(?:the\\s+)?((?:${MONTH})\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+[12]\\d{3})?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTH})(?:,?\\s+[12]\\d{3})?|[12]\\d{3}-\\d{2}-\\d{2})`,
    resolve: (m, ctx) => {
      const day = singleDay(m[2], ctx);
      if (day === null)
        return null;
      const rel = m[1].toLowerCase();
      if (rel === "of")
        return weekSpan(day, ctx);
      return rel === "before" ? [day - 7, day - 1] : [day + 1, day + 7];
    }
  },
  {
    example: "earlier this week",
    pattern: "earlier\\s+this\\s+(week|month|year)|earlier\\s+(today)",
    resolve: (m, ctx) => m[2] ? [ctx.today, ctx.today] : [calendarPeriod(unit(m[1]), 0, ctx)[0], ctx.today]
  },
  {
    example: "this past weekend",
    pattern: "this\\s+past\\s+(weekend|week)",
    resolve: (m, ctx) => {
      if (m[1].toLowerCase() === "week")
        return rollingWindow("week", 1, ctx);
      const sat = thisWeekendSaturday(ctx);
      const dow = weekdayOf(ctx.today);
      const s = dow === 6 || dow === 0 ? sat : sat - 7;
      return [s, s + 1];
    }
  },
  {
    example: "a couple of days ago",
    pattern: "(?:a\\s+)?couple\\s+(?:of\\s+)?(days|weeks|months)\\s+ago",
    resolve: (m, ctx) => calendarPeriod(unit(m[1]), -2, ctx)
  }
];
var ORDINAL_WEEKS = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  last: -1
};
function monthSpanNamed(m, yearText, ctx) {
  if (Number.isNaN(m))
    return null;
  if (yearText === void 0)
    return namedMonth(m, void 0, ctx);
  const y = Number(yearText);
  return [dayOf(y, m, 1), dayOf(y, m, daysInMonth(y, m))];
}
function monthPart(part, m, yearText, ctx) {
  const month = monthSpanNamed(m, yearText, ctx);
  if (!month)
    return null;
  const p = part.toLowerCase();
  if (p === "early" || /beginning|start/.test(p))
    return [month[0], month[0] + 9];
  if (p === "mid" || /middle/.test(p))
    return [month[0] + 10, month[0] + 19];
  return [month[0] + 20, month[1]];
}
var DAY_RULE_EXAMPLES = /* @__PURE__ */ new Set(["May 8th, 2023", "the 8th of May 2023", "2023-05-08"]);
var DAY_RULES = () => RULES.filter((r) => DAY_RULE_EXAMPLES.has(r.example));
function singleDay(text, ctx) {
  for (const rule of DAY_RULES()) {
    const re = new RegExp(`^(?:${rule.pattern})$`, "iu");
    const m = re.exec(text.trim());
    if (!m)
      continue;
    const span = rule.resolve(m, ctx);
    if (span && span[0] === span[1])
      return span[0];
  }
  return null;
}
var COMPILED = RULES.map((r) => ({
  rule: r,
  re: new RegExp(`${NOT_WORD_BEFORE}(?:${r.pattern})(?:['\u2019]s)?(?![\\p{L}\\p{N}])`, "giu")
}));
var MIN_DAY = dayOf(1e3, 1, 1);
var MAX_DAY = dayOf(9999, 12, 31);
function findCandidates(query, ctx) {
  const out = [];
  for (const { rule, re } of COMPILED) {
    re.lastIndex = 0;
    for (let m = re.exec(query); m !== null; m = re.exec(query)) {
      const span = rule.resolve(m, ctx);
      if (span && span[0] >= MIN_DAY && span[1] <= MAX_DAY) {
        out.push({ start: m.index, end: m.index + m[0].length, span });
      }
    }
  }
  return out;
}
function pickMatches(query, cands) {
  cands.sort((a, b) => a.start - b.start || b.end - a.end);
  const out = [];
  let end = 0;
  for (const c of cands) {
    if (c.start < end)
      continue;
    const range = { from: iso(c.span[0]), to: iso(c.span[1]) };
    out.push({ text: query.slice(c.start, c.end), range, start: c.start, end: c.end });
    end = c.end;
  }
  return out;
}
var RANGE_BEFORE = /(?<![\p{L}\p{N}])(since|after|from|before|until|till|up\s+to|prior\s+to|between)\s+(?:the\s+)?$/iu;
var RANGE_JOIN = /^\s*(?:and|to|until|till|through|thru|-|–)\s*$/iu;
var YEAR_IN = /(?<!\d)([12]\d{3})(?!\d)/;
function applyRanges(query, matches, ctx, opts, now) {
  const out = [];
  const today = iso(ctx.today);
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i];
    const prevEnd = out.length > 0 ? out[out.length - 1].end : 0;
    const pre = RANGE_BEFORE.exec(query.slice(prevEnd, m.start));
    const next = matches[i + 1];
    const word = pre?.[1]?.toLowerCase().replace(/\s+/g, " ");
    if (pre && next && (word === "between" || word === "from") && RANGE_JOIN.test(query.slice(m.end, next.start))) {
      let first = m.range;
      if (!YEAR_IN.test(m.text) && YEAR_IN.test(next.text)) {
        const again = resolveDates(`${m.text} ${YEAR_IN.exec(next.text)[1]}`, now, opts).matches;
        if (again.length === 1 && again[0].text.length > m.text.length)
          first = again[0].range;
      }
      const start2 = prevEnd + pre.index;
      const from = first.from < next.range.from ? first.from : next.range.from;
      const to = next.range.to > first.to ? next.range.to : first.to;
      out.push({ text: query.slice(start2, next.end), range: { from, to }, start: start2, end: next.end });
      i++;
      continue;
    }
    if (!pre || word === "between" || word === "from") {
      out.push(m);
      continue;
    }
    const start = prevEnd + pre.index;
    let range;
    if (word === "since")
      range = { from: m.range.from, to: maxIso(today, m.range.from) };
    else if (word === "after") {
      const from = iso(dayFromIso(m.range.to) + 1);
      range = { from, to: maxIso(today, from) };
    } else if (word === "before" || word === "prior to")
      range = { from: OPEN_START, to: iso(dayFromIso(m.range.from) - 1) };
    else
      range = { from: OPEN_START, to: m.range.to };
    out.push({ text: query.slice(start, m.end), range, start, end: m.end });
  }
  return out;
}
function dayFromIso(s) {
  return Date.parse(`${s}T00:00:00Z`) / MS_PER_DAY;
}
function maxIso(a, b) {
  return a > b ? a : b;
}
function union(matches) {
  if (matches.length === 0)
    return null;
  let { from, to } = matches[0].range;
  for (const { range } of matches) {
    if (range.from < from)
      from = range.from;
    if (range.to > to)
      to = range.to;
  }
  return { from, to };
}
var DANGLING = /(?<![\p{L}\p{N}])(?:on|in|at|during|over|within|from|throughout|around|for|of)\s+$/iu;
function removeMatches(query, matches) {
  const pieces = [];
  let pos = 0;
  for (const m of matches) {
    const before = query.slice(pos, m.start);
    const dangling = DANGLING.exec(before);
    pieces.push(dangling ? before.slice(0, dangling.index) : before);
    pos = m.end;
  }
  pieces.push(query.slice(pos));
  let out = "";
  for (const raw of pieces) {
    const p = raw.trim();
    if (p === "")
      continue;
    out = out === "" || /^[,.;:!?)]/.test(p) ? out + p : `${out} ${p}`;
  }
  return out.replace(/\s+/g, " ").replace(/^[\s,;:]+|[\s,;:]+$/g, "");
}

// dist/search/fuse.js
function scaler(kind, values) {
  if (kind === "minmax")
    return minMax(values);
  const hi = values.length === 0 ? 0 : Math.max(...values);
  return hi <= 0 ? () => 0 : (x) => Math.max(0, x / hi);
}
function minMax(values) {
  if (values.length === 0)
    return () => 0;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (hi - lo < 1e-12)
    return () => 1;
  return (x) => (x - lo) / (hi - lo);
}
function fuse(cands, opts) {
  if (opts.method === "rrf")
    return rrf(cands, opts.rrfK ?? 60);
  const kw = scaler(opts.keywordNorm ?? "max", cands.filter((c) => c.keyword !== void 0).map((c) => c.keyword));
  const vec = scaler(opts.vectorNorm ?? "minmax", cands.filter((c) => c.vector !== void 0).map((c) => c.vector));
  const w = opts.vectorWeight;
  return cands.map((c) => {
    const keywordNorm = c.keyword === void 0 ? 0 : kw(c.keyword);
    const vectorNorm = c.vector === void 0 ? 0 : vec(c.vector);
    return { id: c.id, keywordNorm, vectorNorm, fused: (1 - w) * keywordNorm + w * vectorNorm };
  });
}
function rrf(cands, k) {
  const rank = (key) => {
    const sorted = cands.filter((c) => c[key] !== void 0).sort((a, b) => b[key] - a[key]);
    return new Map(sorted.map((c, i) => [c.id, 1 / (k + i + 1)]));
  };
  const kr = rank("keyword");
  const vr = rank("vector");
  const max = 2 / (k + 1);
  return cands.map((c) => {
    const keywordNorm = (kr.get(c.id) ?? 0) / (1 / (k + 1));
    const vectorNorm = (vr.get(c.id) ?? 0) / (1 / (k + 1));
    return { id: c.id, keywordNorm, vectorNorm, fused: ((kr.get(c.id) ?? 0) + (vr.get(c.id) ?? 0)) / max };
  });
}

// dist/search/evidence.js
function idf(n, df) {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}
function evidenceTerms(q) {
  if (q.stopWordsOnly)
    return [];
  return [
    ...q.terms.map((t) => ({ term: t, expr: `{heading body} : ${q.ftsOf(t)}` })),
    ...q.cjk.map((b) => ({ term: b, expr: `cjk : "${b.replace(/"/g, '""')}"` }))
  ];
}
var dfCache = /* @__PURE__ */ new WeakMap();
function termStats(db, terms) {
  const key = dataVersion(db);
  let cached = dfCache.get(db);
  if (!cached || cached.key !== key) {
    const n = db.prepare("SELECT count(*) AS n FROM chunks").get().n;
    cached = { key, n, df: /* @__PURE__ */ new Map() };
    dfCache.set(db, cached);
  }
  const c = cached;
  const count = db.prepare("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?");
  const stats = terms.map(({ term, expr }) => {
    let df = c.df.get(expr);
    if (df === void 0)
      c.df.set(expr, df = count.get(expr).n);
    return { term, df, idf: idf(c.n, df) };
  });
  return { n: c.n, terms: stats, total: stats.reduce((s, t) => s + t.idf, 0) };
}
function matchedTerms(db, terms, ids) {
  const out = /* @__PURE__ */ new Map();
  if (ids.length === 0 || terms.length === 0)
    return out;
  const idList = JSON.stringify(ids);
  const stmt = db.prepare("SELECT rowid AS id FROM chunks_fts WHERE chunks_fts MATCH ? AND (rowid + 0) IN (SELECT value FROM json_each(?))");
  for (const { term, expr } of terms) {
    for (const r of stmt.all(expr, idList)) {
      let s = out.get(r.id);
      if (!s)
        out.set(r.id, s = /* @__PURE__ */ new Set());
      s.add(term);
    }
  }
  return out;
}
function coverage(stats, matched) {
  if (!matched || stats.total <= 0)
    return 0;
  let got = 0;
  for (const t of stats.terms)
    if (matched.has(t.term))
      got += t.idf;
  return got / stats.total;
}
var VECTOR_FLOORS = {
  "use-lite": 0.5,
  transformers: 0.75,
  ollama: 0.75
};
function providerOf(modelId) {
  if (!modelId)
    return null;
  const m = /^[a-z0-9-]+/.exec(modelId);
  return m ? m[0] : null;
}

// dist/search/mmr.js
function mmrRerank(items, k, lambda, similarity) {
  if (lambda >= 1) {
    return [...items].sort((a, b) => b.relevance - a.relevance).slice(0, k).map((it) => ({ id: it.id, penalty: 0, mmr: it.relevance }));
  }
  const left = [...items];
  const picked = [];
  const maxSim = new Map(items.map((it) => [it.id, 0]));
  while (picked.length < k && left.length > 0) {
    let best = 0;
    let bestVal = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const it = left[i];
      const val = lambda * it.relevance - (1 - lambda) * maxSim.get(it.id);
      if (val > bestVal + 1e-12) {
        bestVal = val;
        best = i;
      }
    }
    const chosen = left.splice(best, 1)[0];
    picked.push({ id: chosen.id, penalty: (1 - lambda) * maxSim.get(chosen.id), mmr: bestVal });
    for (const it of left)
      maxSim.set(it.id, Math.max(maxSim.get(it.id), similarity(chosen.id, it.id)));
  }
  return picked;
}
function jaccard(a, b) {
  if (a.size === 0 && b.size === 0)
    return 0;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const w of small)
    if (large.has(w))
      inter++;
  return inter / (a.size + b.size - inter);
}
function wordSet(text) {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

// dist/search/recency.js
var DAY_MS = 864e5;
function ageDays(date, nowMs) {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t))
    return 0;
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return Math.max(0, (today - t) / DAY_MS);
}
function decayFactor(date, kind, nowMs, opts) {
  if (!opts.enabled || date === null)
    return 1;
  if (kind === "soul" || kind === "memory" || kind === "bootstrap")
    return 1;
  const age = ageDays(date, nowMs);
  return opts.floor + (1 - opts.floor) * Math.pow(0.5, age / opts.halfLifeDays);
}

// dist/search/search.js
function planQuery(query, nowMs, config) {
  if (config.dates.mode === "off")
    return { query, text: query, dateRange: null };
  const opts = config.dates.timeZone ? { timeZone: config.dates.timeZone } : {};
  const d = resolveDates(query, new Date(nowMs), opts);
  if (!d.range)
    return { query, text: query, dateRange: null };
  const text = d.rest.trim();
  return { query, text, dateRange: { ...d.range, text: d.matches.map((m) => m.text).join(", ") } };
}
function searchIndex(ctx, plan, opts = {}) {
  if (ctx.db.inTransaction)
    return searchSnapshot(ctx, plan, opts);
  return ctx.db.transaction(() => searchSnapshot(ctx, plan, opts)).deferred();
}
function searchSnapshot(ctx, plan, opts) {
  const cfg = ctx.config;
  const limit = opts.limit ?? cfg.limit;
  let mode = opts.mode ?? cfg.mode;
  if (ctx.queryVector === null && mode !== "keyword")
    mode = "keyword";
  const filters = { ...opts.filters };
  const dateMode = cfg.dates.mode === "filter" ? "filter" : "boost";
  const dateRange = plan.dateRange ? { ...plan.dateRange, mode: dateMode } : null;
  if (plan.dateRange && dateMode === "filter") {
    filters.dateFrom = maxStr(filters.dateFrom, plan.dateRange.from);
    filters.dateTo = minStr(filters.dateTo, plan.dateRange.to);
  }
  const q = parseQuery(plan.text);
  const pool = limit * cfg.candidateMultiplier;
  const model = ctx.embedModel !== void 0 ? ctx.embedModel : ctx.vectors.model()?.modelId ?? null;
  const provider = providerOf(model);
  const floorCfg = cfg.floor;
  const vectorFloor = cfg.floor.vectorCosine ?? (provider ? VECTOR_FLOORS[provider] ?? null : null);
  const minScore = opts.minScore ?? floorCfg.minScore ?? null;
  const floor = {
    enabled: floorCfg.enabled,
    keywordCoverage: floorCfg.keywordCoverage,
    vectorCosine: mode === "keyword" ? null : vectorFloor,
    vectorModel: mode === "keyword" ? null : provider,
    minScore,
    candidates: 0,
    passed: 0,
    terms: []
  };
  const respond = (results2, reason) => {
    const res = { query: plan.query, mode, dateRange, results: results2 };
    if (results2.length === 0 && reason)
      res.reason = reason;
    if (opts.explain)
      res.explain = { floor };
    return res;
  };
  if ((q.match === "" || q.stopWordsOnly) && plan.dateRange)
    return listDated(ctx, plan, filters, limit, q.terms, opts, floor, respond);
  if (q.match === "" && (mode === "keyword" || ctx.queryVector === null || plan.text.trim() === ""))
    return respond([], "the query has no words to search for");
  if (q.stopWordsOnly && floor.enabled && (mode === "keyword" || ctx.queryVector === null)) {
    return respond([], `the query has only common words (${q.terms.join(", ")}), which are no evidence; add a word the note would contain`);
  }
  const byId = /* @__PURE__ */ new Map();
  if (mode !== "vector") {
    const w = { heading: cfg.keyword.headingWeight, body: cfg.keyword.bodyWeight, cjk: 1 };
    for (const c of keywordSearch(ctx.db, q, pool, filters, w))
      byId.set(c.chunkId, { cand: c, cosine: null });
  }
  if (mode !== "keyword" && ctx.queryVector) {
    const hasFilters = Object.values(filters).some((v) => v !== void 0);
    const hits = ctx.vectors.knn(ctx.queryVector, hasFilters ? pool * 4 : pool + 20);
    const missing = hits.filter((h) => !byId.has(h.chunkId)).map((h) => h.chunkId);
    const rows = loadCandidates(ctx.db, missing, filters);
    let taken = 0;
    for (const h of hits) {
      const have = byId.get(h.chunkId);
      if (have) {
        have.cosine = h.similarity;
        continue;
      }
      const row = rows.get(h.chunkId);
      if (!row || taken >= pool)
        continue;
      byId.set(h.chunkId, { cand: row, cosine: h.similarity });
      taken++;
    }
  }
  if (byId.size === 0)
    return respond([], "no note matches any word of the query");
  const entries = [...byId.values()];
  const eterms = evidenceTerms(q);
  const stats = termStats(ctx.db, eterms);
  floor.terms = stats.terms.map((t) => ({ term: t.term, df: t.df, idf: round(t.idf) }));
  const matchedBy = matchedTerms(ctx.db, eterms, entries.map((e) => e.cand.chunkId));
  const weight = mode === "keyword" ? 0 : mode === "vector" ? 1 : ctx.vectorWeight;
  const fused = fuse(entries.map((e) => {
    const input = { id: e.cand.chunkId };
    if (e.cand.keyword !== void 0)
      input.keyword = e.cand.keyword;
    if (e.cosine !== null)
      input.vector = e.cosine;
    return input;
  }), {
    method: mode === "hybrid" ? cfg.fusion.method : "weighted",
    vectorWeight: weight,
    rrfK: cfg.fusion.rrfK,
    keywordNorm: cfg.fusion.keywordNorm,
    vectorNorm: cfg.fusion.vectorNorm
  });
  const scored = /* @__PURE__ */ new Map();
  entries.forEach((e, i) => {
    const f = fused[i];
    const decay = decayFactor(e.cand.date, e.cand.kind, ctx.nowMs, cfg.recency);
    const dateMatch = plan.dateRange !== null && e.cand.date !== null && e.cand.date >= plan.dateRange.from && e.cand.date <= plan.dateRange.to;
    const dateBoost = dateMatch && dateMode === "boost" ? cfg.dates.boost : 1;
    const m = matchedBy.get(e.cand.chunkId);
    const cov = coverage(stats, m);
    const final = f.fused * decay * dateBoost;
    const evidence = [];
    if (cov > 0 && cov >= floor.keywordCoverage)
      evidence.push("keyword");
    if (e.cosine !== null && floor.vectorCosine !== null && e.cosine >= floor.vectorCosine)
      evidence.push("vector");
    if (dateMatch && cov > 0)
      evidence.push("date");
    scored.set(e.cand.chunkId, {
      cand: e.cand,
      cosine: e.cosine,
      keywordNorm: f.keywordNorm,
      vectorNorm: f.vectorNorm,
      fused: f.fused,
      decay,
      dateMatch,
      dateBoost,
      final,
      matched: m ? eterms.map((t) => t.term).filter((t) => m.has(t)) : [],
      coverage: cov,
      evidence
    });
  });
  floor.candidates = scored.size;
  const passes = (s) => (!floor.enabled || s.evidence.length > 0) && (minScore === null || s.final >= minScore);
  const kept = [...scored.values()].filter(passes);
  floor.passed = kept.length;
  if (kept.length === 0) {
    return respond([], minScore !== null && [...scored.values()].some((s) => s.evidence.length > 0) ? `nothing relevant: no result scores at least --min-score ${minScore}` : `nothing relevant: ${scored.size} candidate(s), none above the floor (keyword coverage ${floor.keywordCoverage}${floor.vectorCosine !== null ? `, cosine ${floor.vectorCosine}` : ""})`);
  }
  const ranked = kept.sort((a, b) => b.final - a.final).slice(0, pool);
  const vecs = cfg.mmr.lambda < 1 ? loadVectors(ctx.db, ranked.map((s) => s.cand.chunkId)) : /* @__PURE__ */ new Map();
  const words = /* @__PURE__ */ new Map();
  const wordsOf = (id) => {
    let w = words.get(id);
    if (!w)
      words.set(id, w = wordSet(scored.get(id).cand.text));
    return w;
  };
  const sim = (a, b) => {
    const va = vecs.get(a);
    const vb = vecs.get(b);
    const content = va && vb ? Math.max(0, bestPairCosine(va, vb)) : jaccard(wordsOf(a), wordsOf(b));
    return scored.get(a).cand.path === scored.get(b).cand.path ? Math.max(content, cfg.mmr.sameFileSimilarity) : content;
  };
  const picks = mmrRerank(ranked.map((s) => ({ id: s.cand.chunkId, relevance: s.final })), limit, cfg.mmr.lambda, sim);
  const annotations = annotationsOf(ctx.db, picks.map((p) => p.id));
  const results = picks.map((p) => {
    const s = scored.get(p.id);
    const r = toResult(s.cand, s.final, q.terms, annotations.get(p.id));
    if (opts.explain) {
      r.explain = {
        bm25: s.cand.keyword === void 0 ? null : round(s.cand.keyword),
        keyword: round(s.keywordNorm),
        cosine: s.cosine === null ? null : round(s.cosine),
        vector: round(s.vectorNorm),
        vectorWeight: weight,
        fused: round(s.fused),
        decay: round(s.decay),
        dateMatch: s.dateMatch,
        dateBoost: s.dateBoost,
        final: round(s.final),
        mmrPenalty: round(p.penalty),
        mmr: round(p.mmr),
        terms: q.terms,
        matched: s.matched,
        coverage: round(s.coverage),
        evidence: s.evidence
      };
    }
    return r;
  });
  return respond(results);
}
function toResult(c, score, terms, ann) {
  const r = {
    path: c.path,
    startLine: c.startLine,
    endLine: c.endLine,
    heading: c.heading,
    date: c.date,
    score: round(score),
    snippet: makeSnippet(c.text, terms),
    source: c.source,
    kind: c.kind
  };
  if (ann)
    r.annotations = ann;
  return r;
}
function listDated(ctx, plan, filters, limit, terms, opts, floor, respond) {
  const range = plan.dateRange;
  const from = maxStr(filters.dateFrom, range.from);
  const to = minStr(filters.dateTo, range.to);
  const rows = from <= to ? datedChunks(ctx.db, from, to, limit, filters) : [];
  floor.candidates = rows.length;
  floor.passed = rows.length;
  if (rows.length === 0)
    return respond([], `no notes dated ${range.from === range.to ? range.from : `${range.from} to ${range.to}`}`);
  const annotations = annotationsOf(ctx.db, rows.map((r) => r.chunkId));
  return respond(rows.map((c) => {
    const decay = decayFactor(c.date, c.kind, ctx.nowMs, ctx.config.recency);
    const r = toResult(c, decay, terms, annotations.get(c.chunkId));
    if (opts.explain) {
      r.explain = {
        bm25: null,
        keyword: 0,
        cosine: null,
        vector: 0,
        vectorWeight: 0,
        fused: 1,
        decay: round(decay),
        dateMatch: true,
        dateBoost: 1,
        final: round(decay),
        mmrPenalty: 0,
        mmr: round(decay),
        terms,
        matched: [],
        coverage: 0,
        evidence: ["date"]
      };
    }
    return r;
  }));
}
function loadVectors(db, ids) {
  const out = /* @__PURE__ */ new Map();
  if (ids.length === 0)
    return out;
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vec_chunks'").get() === void 0)
    return out;
  const rows = db.prepare(`SELECT v.chunk_id AS id, e.embedding AS emb FROM chunk_vectors v JOIN vec_chunks e ON e.rowid = v.id
       WHERE v.chunk_id IN (SELECT value FROM json_each(?)) ORDER BY v.chunk_id, v.win`).all(JSON.stringify(ids));
  for (const r of rows) {
    const copy = new Uint8Array(r.emb.byteLength);
    copy.set(r.emb);
    const list = out.get(r.id) ?? [];
    list.push(new Float32Array(copy.buffer));
    out.set(r.id, list);
  }
  return out;
}
function bestPairCosine(a, b) {
  let best = -1;
  for (const x of a)
    for (const y of b)
      best = Math.max(best, cosine(x, y));
  return best;
}
function maxStr(a, b) {
  return a === void 0 || b > a ? b : a;
}
function minStr(a, b) {
  return a === void 0 || b < a ? b : a;
}
function round(x) {
  return Math.round(x * 1e6) / 1e6;
}

// dist/store/index-store.js
var IndexStore = class {
  db;
  s;
  constructor(db) {
    this.db = db;
    this.s = {
      getFile: db.prepare("SELECT * FROM files WHERE path = ?"),
      allFiles: db.prepare("SELECT * FROM files ORDER BY path"),
      fileStats: db.prepare("SELECT path, size, mtime_ms FROM files").raw(true),
      insertFile: db.prepare(`INSERT INTO files(path, kind, source, date, size, mtime_ms, hash, capped, chunk_count, indexed_at)
         VALUES (@path, @kind, @source, @date, @size, @mtimeMs, @hash, @capped, @chunkCount, @indexedAt)`),
      deleteFile: db.prepare("DELETE FROM files WHERE path = ?"),
      fileId: db.prepare("SELECT id FROM files WHERE path = ?"),
      touchFile: db.prepare("UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?"),
      insertChunk: db.prepare(`INSERT INTO chunks(file_id, seq, start_line, end_line, heading, text, hash, tokens, date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertFts: db.prepare("INSERT INTO chunks_fts(rowid, heading, body, cjk) VALUES (?, ?, ?, ?)"),
      insertAnnotation: db.prepare("INSERT OR IGNORE INTO chunk_annotations(chunk_id, key, value, norm) VALUES (?, ?, ?, ?)"),
      chunksOf: db.prepare("SELECT * FROM chunks WHERE file_id = ? ORDER BY seq"),
      setProblem: db.prepare("INSERT OR REPLACE INTO problems(path, severity, message, seen_at) VALUES (?, ?, ?, ?)"),
      clearProblem: db.prepare("DELETE FROM problems WHERE path = ?"),
      problems: db.prepare("SELECT * FROM problems ORDER BY path"),
      getMeta: db.prepare("SELECT value FROM meta WHERE key = ?"),
      setMeta: db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)"),
      counts: db.prepare("SELECT (SELECT COUNT(*) FROM files) AS files, (SELECT COUNT(*) FROM chunks) AS chunks")
    };
  }
  getFile(path5) {
    return this.s.getFile.get(path5);
  }
  allFiles() {
    return this.s.allFiles.all();
  }
  /**
   * Path → (size, mtime) of every indexed file: all the freshness check needs. Raw rows of
   * three columns read about 5x faster than allFiles() at 5,000 files.
   */
  /**
   * Every file's size and mtime as indexed, read once and kept until the database changes:
   * the freshness check before each search compares the disk with it.
   */
  fileStats() {
    const version = dataVersion(this.db);
    if (this.fileStatsMemo?.version === version)
      return this.fileStatsMemo.rows;
    const rows = /* @__PURE__ */ new Map();
    for (const [path5, size, mtimeMs] of this.s.fileStats.all())
      rows.set(path5, { size, mtimeMs });
    this.fileStatsMemo = { version, rows };
    return rows;
  }
  fileStatsMemo = null;
  chunksOf(fileId) {
    return this.s.chunksOf.all(fileId);
  }
  /**
   * Runs `fn` in one IMMEDIATE write transaction; inside one already, it just runs. The
   * indexer groups many files per transaction this way (one commit per file was half the time
   * of a full index); each transaction still leaves the index consistent, so a crash loses at
   * most the files of the batch in flight, which the next pass redoes.
   */
  batch(fn) {
    if (this.db.inTransaction)
      return fn();
    return this.db.transaction(fn).immediate();
  }
  /** Replaces a file's row and all its chunks atomically (deleting first removes orphans via cascade). */
  replaceFile(file, chunks, now) {
    this.batch(() => {
      if (this.s.fileId.get(file.path) !== void 0)
        this.s.deleteFile.run(file.path);
      const info = this.s.insertFile.run({
        path: file.path,
        kind: file.kind,
        source: file.source,
        date: file.date,
        size: file.size,
        mtimeMs: file.mtimeMs,
        hash: file.hash,
        capped: file.capped ? 1 : 0,
        chunkCount: chunks.length,
        indexedAt: now
      });
      const fileId = Number(info.lastInsertRowid);
      chunks.forEach((c, seq) => {
        const r = this.s.insertChunk.run(fileId, seq, c.startLine, c.endLine, c.heading, c.text, c.hash, c.tokens, c.date === void 0 ? file.date : c.date);
        this.s.insertFts.run(r.lastInsertRowid, c.heading, c.text, c.cjk);
        for (const a of c.annotations ?? [])
          this.s.insertAnnotation.run(r.lastInsertRowid, a.key, a.value, a.norm);
      });
    });
  }
  /** The file did not change in content, only in stat: remember the new stat. */
  touchFile(path5, size, mtimeMs) {
    this.s.touchFile.run(size, mtimeMs, path5);
  }
  deleteFile(path5) {
    return this.batch(() => {
      this.s.clearProblem.run(path5);
      return this.s.deleteFile.run(path5).changes > 0;
    });
  }
  setProblem(path5, severity, message, now) {
    this.s.setProblem.run(path5, severity, message, now);
  }
  clearProblem(path5) {
    this.s.clearProblem.run(path5);
  }
  problems() {
    return this.s.problems.all();
  }
  getMeta(key) {
    return this.s.getMeta.get(key)?.value;
  }
  setMeta(key, value) {
    this.s.setMeta.run(key, value);
  }
  counts() {
    return this.s.counts.get();
  }
};

// dist/store/vectors.js
var VectorStore = class {
  db;
  constructor(db) {
    this.db = db;
  }
  model() {
    const id = this.meta("embed_model");
    const dim = this.meta("embed_dim");
    if (!id || !dim || !this.hasTable())
      return null;
    return { modelId: id, dimension: Number(dim) };
  }
  /**
   * Makes the vector table match the model. Returns true when existing vectors were
   * dropped because the model (or its dimension) changed.
   */
  useModel(modelId, dimension) {
    const cur = this.model();
    if (cur && cur.modelId === modelId && cur.dimension === dimension)
      return false;
    this.db.transaction(() => {
      this.db.exec("DROP TRIGGER IF EXISTS chunk_vectors_delete; DELETE FROM chunk_vectors; DROP TABLE IF EXISTS vec_chunks;");
      this.db.exec(vectorTableSql(dimension));
      this.setMeta("embed_model", modelId);
      this.setMeta("embed_dim", String(dimension));
    }).immediate();
    return cur !== null;
  }
  /** Chunks without vectors; counted again only after the database changed (a search asks every time). */
  countPending() {
    const version = dataVersion(this.db);
    if (this.pendingMemo?.version === version)
      return this.pendingMemo.n;
    const n = this.db.prepare("SELECT count(*) AS n FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id)").get().n;
    this.pendingMemo = { version, n };
    return n;
  }
  pendingMemo = null;
  countEmbedded() {
    return this.db.prepare("SELECT count(DISTINCT chunk_id) AS n FROM chunk_vectors").get().n;
  }
  /** Chunks without vectors, oldest id first, so an interrupted run resumes in order. */
  pending(limit) {
    return this.db.prepare("SELECT c.id, c.heading, c.text, c.hash FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id) ORDER BY c.id LIMIT ?").all(limit);
  }
  /**
   * Stores each chunk's window vectors in one transaction, only if the chunk still holds the
   * text they were computed from: another connection may have re-indexed the note while the
   * model ran. Chunk ids are never reused (AUTOINCREMENT), and the text hash and heading are
   * checked in this same transaction, so a vector can never land on other text. Returns how
   * many chunks were stored.
   */
  insert(items) {
    const exists = this.db.prepare("SELECT 1 FROM chunks WHERE id = ? AND hash = ? AND heading = ?");
    const insVec = this.db.prepare("INSERT INTO chunk_vectors(chunk_id, win) VALUES (?, ?) ON CONFLICT(chunk_id, win) DO NOTHING");
    let stored = 0;
    this.db.transaction(() => {
      if (!this.hasTable())
        return;
      const insEmb = this.db.prepare("INSERT INTO vec_chunks(rowid, embedding) VALUES (?, ?)");
      for (const it of items) {
        if (!exists.get(it.chunkId, it.hash, it.heading))
          continue;
        it.vectors.forEach((v, win) => {
          const r = insVec.run(it.chunkId, win);
          if (r.changes === 0)
            return;
          insEmb.run(BigInt(r.lastInsertRowid), Buffer.from(v.buffer, v.byteOffset, v.byteLength));
        });
        stored++;
      }
    }).immediate();
    return stored;
  }
  /** The k nearest chunks (by their best window) to a normalised query vector. */
  knn(query, k) {
    if (!this.hasTable() || k <= 0)
      return [];
    const rows = this.db.prepare(`SELECT v.chunk_id AS chunkId, MIN(n.distance) AS distance
         FROM (SELECT rowid, distance FROM vec_chunks WHERE embedding MATCH ? AND k = ?) n
         JOIN chunk_vectors v ON v.id = n.rowid
         GROUP BY v.chunk_id ORDER BY distance LIMIT ?`).all(Buffer.from(query.buffer, query.byteOffset, query.byteLength), Math.min(4096, k * 3), k);
    return rows.map((r) => ({ chunkId: r.chunkId, similarity: 1 - r.distance }));
  }
  /** All window vectors of the given chunks (for MMR's similarity between results). */
  vectorsOf(chunkIds) {
    const out = /* @__PURE__ */ new Map();
    if (chunkIds.length === 0 || !this.hasTable())
      return out;
    const stmt = this.db.prepare(`SELECT v.chunk_id AS chunkId, e.embedding AS emb FROM chunk_vectors v JOIN vec_chunks e ON e.rowid = v.id WHERE v.chunk_id = ? ORDER BY v.win`);
    for (const id of chunkIds) {
      const rows = stmt.all(id);
      if (rows.length === 0)
        continue;
      out.set(id, rows.map((r) => {
        const copy = new Uint8Array(r.emb.byteLength);
        copy.set(r.emb);
        return new Float32Array(copy.buffer);
      }));
    }
    return out;
  }
  hasTable() {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vec_chunks'").get() !== void 0;
  }
  meta(key) {
    return this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key)?.value;
  }
  setMeta(key, value) {
    this.db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").run(key, value);
  }
};

// dist/engine/lazy-llm.js
var LazyProvider = class {
  config;
  name;
  model;
  inner = null;
  constructor(config) {
    this.config = config;
    this.name = config.provider;
    this.model = config.model;
  }
  get() {
    this.inner ??= import("./factory-NPKOEU7K.js").then((m) => m.createLLMProvider(this.config));
    return this.inner;
  }
  async complete(request) {
    return (await this.get()).complete(request);
  }
  async check() {
    return (await this.get()).check();
  }
  /** Forwarded so callers can refuse a prompt that cannot fit before the call. */
  async contextSize(signal) {
    const inner = await this.get();
    return inner.contextSize ? inner.contextSize(signal) : void 0;
  }
  async close() {
    if (this.inner === null)
      return;
    const p = await this.inner.catch(() => null);
    this.inner = null;
    await p?.close();
  }
};

// dist/engine/engine.js
var Engine = class _Engine {
  workspace;
  config;
  now;
  /** Things that happened while opening (an index rebuilt, moved aside...). */
  notices = [];
  /** Told of each notice as it happens (the CLI prints them as warnings). */
  onNotice;
  /**
   * Set by a host whose watcher keeps the index in step with the disk (the daemon): awaited
   * before each search that does not pass `refresh`; true means the index has every change
   * and the stat scan is skipped, false means scan as usual.
   */
  freshness;
  idx = null;
  stateDb = null;
  selection = null;
  /** An embedder handed in by the caller is the caller's to close. */
  ownsEmbedder = true;
  cache = null;
  provider = null;
  ownsProvider = true;
  /** Embedding runs one at a time per Engine: two would fetch the same pending chunks. */
  embedQueue = Promise.resolve();
  closed = false;
  jobService = null;
  constructor(opts) {
    this.workspace = opts.workspace;
    this.now = opts.now ?? Date.now;
    this.config = opts.config ?? configFor(this.workspace);
    if (opts.embedder !== void 0) {
      const e = opts.embedder;
      this.ownsEmbedder = false;
      this.selection = Promise.resolve(e ? { embedder: e, reason: `${e.provider} (given by the caller)` } : { embedder: null, reason: "embeddings off (given by the caller)" });
    }
    if (opts.llm !== void 0 && isProvider(opts.llm)) {
      this.provider = opts.llm;
      this.ownsProvider = false;
    } else if (opts.llm !== void 0) {
      const o = opts.llm;
      this.llmOverrides = { ...o.provider !== void 0 ? { provider: o.provider } : {}, ...o.model !== void 0 ? { model: o.model } : {} };
    }
  }
  llmOverrides = {};
  static open(opts) {
    return new _Engine(typeof opts === "string" ? { workspace: opts } : opts);
  }
  /**
   * `open`, for callers that start cold (the CLI, the daemon): the config comes from the
   * validated-config cache when the file has not changed, and the validator (with its schema
   * library) is loaded only when it has.
   */
  static async load(opts) {
    const o = typeof opts === "string" ? { workspace: opts } : opts;
    if (o.config)
      return new _Engine(o);
    const config = readConfigCache(o.workspace) ?? (await import("./config-M3XBNND4.js")).loadAgentConfig(o.workspace);
    return new _Engine({ ...o, config });
  }
  get indexPath() {
    return indexDbPath(this.workspace);
  }
  get statePath() {
    return stateDbPath(this.workspace);
  }
  // ---- owned resources ---------------------------------------------------------------
  /** The state database (.agent/state.db), opened on first use and kept for the engine's life. */
  state() {
    if (this.stateDb === null || !this.stateDb.open)
      this.stateDb = openStateDb(this.statePath);
    return this.stateDb;
  }
  /** Whether the state database exists yet (read-only commands create no files). */
  hasState() {
    return this.stateDb !== null || existsSync(this.statePath);
  }
  /** The configured LLM provider with this process's overrides, created (not loaded) on first use. */
  llm() {
    this.provider ??= new LazyProvider({ ...this.config.llm, ...this.llmOverrides });
    return this.provider;
  }
  /** The embedder the config selects (loaded once per Engine), or null for keyword-only. */
  async embedder() {
    if (!this.selection) {
      this.selection = import("./select-EZ62MRYP.js").then((m) => m.chooseEmbedder(this.config.embed, { baseDir: this.workspace }));
    }
    return this.selection;
  }
  /** The embedder itself, for jobs that need one only sometimes (memory formation, recall). */
  async embedderOrNull() {
    return (await this.embedder()).embedder;
  }
  /** The embedding cache (embeddings.db), opened on first use; memory recall shares it. */
  embeddingCacheOrNull() {
    return this.embeddingCache();
  }
  /** What every job is handed: nothing is opened twice, nothing is loaded before it is used. */
  jobDeps() {
    return {
      workspace: this.workspace,
      config: this.config,
      state: () => this.state(),
      existingState: () => this.hasState() ? this.state() : null,
      now: this.now,
      llm: () => this.llm(),
      embedder: () => this.embedderOrNull(),
      embedCache: () => this.embeddingCacheOrNull()
    };
  }
  // ---- assistants: context, boot, notes ---------------------------------------------
  /** The system prompt for a session (identical for the CLI, MCP and the daemon). */
  async context(req = {}) {
    return (await import("./assist-DFLB2VBI.js")).context(this, req);
  }
  /** Brain boot: relevant history plus recent activity, deduplicated, with dates. */
  async boot(query, req = {}) {
    return (await import("./assist-DFLB2VBI.js")).boot(this, query, req);
  }
  /** Numbered lines of a workspace file; refuses paths outside it, .agent/, and (for group sessions) private files. */
  async readFile(rel, req = {}) {
    return (await import("./assist-DFLB2VBI.js")).readFile(this, rel, req);
  }
  /** Appends to today's daily note, checked and verified. */
  async appendNote(text, title) {
    const r = (await import("./assist-DFLB2VBI.js")).appendNote(this, text, title);
    if (this.freshness !== void 0)
      this.syncPaths([r.path]);
    return r;
  }
  /** Appends a turn to a session transcript (what reflection and the flush read). */
  async logTurn(input) {
    return (await import("./assist-DFLB2VBI.js")).logTurn(this, input);
  }
  /** The local model answers a question from the notes, with citations (`agent ask`, MCP ask). */
  async ask(question, req = {}) {
    return (await import("./assist-DFLB2VBI.js")).ask(this, question, req);
  }
  /** Conversations of `agent ask`, newest first. */
  async conversations(limit = 20) {
    return (await import("./assist-DFLB2VBI.js")).conversations(this, limit);
  }
  /** Today's date (YYYY-MM-DD) in the context time zone. */
  async today() {
    return (await import("./assist-DFLB2VBI.js")).today(this);
  }
  /** The last `days` daily notes, newest first (the MCP daily resources). */
  async dailyNotes(days) {
    return (await import("./assist-DFLB2VBI.js")).dailyNotes(this, days);
  }
  async dailyFiles(days) {
    return (await import("./assist-DFLB2VBI.js")).dailyFiles(this, days);
  }
  // ---- jobs -------------------------------------------------------------------------
  /**
   * The one job runner (reflect, flush, heartbeat, evolve): manual runs, cron and the
   * daemon's schedule all go through it, so every run is recorded and cancelled the same way.
   * Options only count for the first call (the daemon passes its log).
   */
  async jobs(opts = {}) {
    if (this.jobService === null) {
      const { JobService } = await import("./runner-OAGYC7VR.js");
      this.jobService = new JobService(this.jobDeps(), opts);
    }
    return this.jobService;
  }
  /** Runs one job now and records it (what `agent reflect|flush|heartbeat|evolve` do). */
  async runJob(name, args, opts = {}) {
    return (await this.jobs()).run(name, args, opts);
  }
  /** Memories, personality snapshots, export and import of the state. */
  async evolution() {
    const { EvolutionService } = await import("./evolution-2OA7HV7F.js");
    return new EvolutionService(this);
  }
  // ---- SOUL.md ------------------------------------------------------------------------
  /** SOUL.md's versions and proposals (log, diff, rollback, proposed, accept, reject, save). */
  async soul() {
    const { SoulService } = await import("./soul-KBBNJPFD.js");
    return new SoulService(this);
  }
  // ---- the engine looking at itself -------------------------------------------------
  /** The configured LLM and embedder, and whether each works (`agent models`). */
  async models() {
    return (await import("./admin-VHGKOAV2.js")).models(this);
  }
  /** The effective configuration with where each value came from (`agent config`). */
  async configView() {
    return (await import("./admin-VHGKOAV2.js")).configView(this.config);
  }
  /**
   * Every check a user needs (config, databases, embedder, LLM, daemon, freshness). Static:
   * it must run, and say what is wrong, even when the config does not load.
   */
  static async doctor(workspace, opts = {}) {
    return (await import("./admin-VHGKOAV2.js")).doctor(workspace, (config) => new _Engine({ ...opts, workspace, config }));
  }
  /**
   * Puts the newest good backup of state.db (or the one named) in place of a damaged one;
   * the damaged file is kept beside it. Stop the daemon first.
   */
  static async restoreState(workspace, opts = {}) {
    return (await import("./backup-TU2WR6GB.js")).restoreStateBackup(stateDbPath(workspace), opts);
  }
  // ---- index -------------------------------------------------------------------------
  /**
   * A SOUL.md swap cut short by a kill -9 leaves a second hard link to SOUL.md in .agent/swap/
   * (and the indexer skips files with several links): tidy that up before indexing.
   */
  recoverSwaps() {
    for (const message of recoverInterruptedSwaps(path4.join(this.workspace, "SOUL.md"), swapDir(this.workspace), isProcessAlive)) {
      const n = { message };
      this.notices.push(n);
      this.onNotice?.(n);
    }
  }
  /** Incremental text index of the whole workspace; `force` re-reads every file. Vectors come after, from `embed()`. */
  index(opts = {}) {
    this.recoverSwaps();
    return this.recovering(() => this.index_().indexer.sync(opts));
  }
  /**
   * Throws away the index and builds it again from the markdown (vectors come back from the
   * cache). In place, inside the same file: a daemon or watcher that has it open keeps
   * reading and writing the live index.
   */
  rebuild(opts = {}) {
    this.recoverSwaps();
    return this.recovering(() => {
      const idx = this.index_();
      resetIndexInPlace(idx.db);
      const summary = idx.indexer.sync(opts);
      removeRebuildLeftovers(this.indexPath);
      return summary;
    });
  }
  /**
   * Progressive indexing's second stage: vectors for every chunk that lacks them, in
   * batches, each committed as it completes, so an interruption (signal) loses nothing.
   */
  embed(opts = {}) {
    const run = this.embedQueue.then(() => this.embedNow(opts));
    this.embedQueue = run.catch(() => void 0);
    return run;
  }
  async embedNow(opts) {
    const sel = await this.embedder();
    if (!sel.embedder) {
      return { embedded: 0, cacheHits: 0, computed: 0, remaining: this.index_().vectors.countPending(), interrupted: false, provider: null, modelId: null, reason: sel.reason, modelChanged: false };
    }
    const e = sel.embedder;
    await e.init?.(opts.signal ? { signal: opts.signal } : {});
    const modelChanged = this.index_().vectors.useModel(e.modelId, e.dimension);
    const res = await embedPending(this.index_().vectors, e, this.embeddingCache(), opts);
    return { ...res, provider: e.provider, modelId: e.modelId, reason: sel.reason, modelChanged };
  }
  /** Re-checks specific workspace-relative paths (the watcher's entry point). */
  syncPaths(rels) {
    return this.recovering(() => this.index_().indexer.syncPaths(rels));
  }
  status() {
    return this.recovering(() => {
      const model = this.index_().vectors.model();
      return {
        ...indexStatus(this.workspace, this.index_().store, { allowHardLinks: this.config.index.allowHardLinks }),
        vectors: { modelId: model?.modelId ?? null, embedded: this.index_().vectors.countEmbedded(), missing: this.index_().vectors.countPending() }
      };
    });
  }
  /** `agent status`: the index, its age, the vectors and the embedder the config selects. */
  async statusReport() {
    const s = this.status();
    const sel = await this.embedder();
    return {
      workspace: this.workspace,
      index: this.indexPath,
      ...s,
      ageMs: s.lastSyncAt === null ? null : this.now() - s.lastSyncAt,
      embedder: { provider: sel.embedder?.provider ?? null, modelId: sel.embedder?.modelId ?? null, reason: sel.reason }
    };
  }
  // ---- search ------------------------------------------------------------------------
  /**
   * Reconciles the index with the disk (stat each file, re-read only what changed), then
   * searches: a search right after a hand edit never returns the old text. Chunks without
   * vectors yet are found by keywords; `vectors.missing` says how many, and nothing but the
   * query itself is embedded here (`agent index` or the daemon embeds the rest).
   */
  async search(query, opts = {}) {
    const session = opts.session ?? "main";
    if (session !== "main") {
      const limit = opts.limit ?? this.config.search.limit;
      const { session: _s, ...rest } = opts;
      const res2 = await this.search(query, { ...rest, limit: limit * 4 });
      const results = res2.results.filter((r) => !isPrivatePath(r.path)).slice(0, limit);
      return { ...res2, results };
    }
    const trusted = opts.refresh === void 0 && this.freshness !== void 0 && await this.freshness();
    const sync = opts.refresh === false || trusted ? { indexed: [], removed: [] } : this.recovering(() => this.index_().indexer.sync({ countChunks: false }));
    const mode = opts.mode ?? this.config.search.mode;
    const plan = planQuery(query, this.now(), this.config.search);
    let queryVector = null;
    let info = { provider: null, modelId: null, reason: "keyword mode", missing: 0 };
    if (mode !== "keyword") {
      const sel = await this.embedder();
      info = { provider: null, modelId: null, reason: sel.reason, missing: 0 };
      if (sel.warning)
        info.warning = sel.warning;
      if (sel.embedder && plan.text.trim() !== "") {
        const e = sel.embedder;
        await e.init?.();
        this.index_().vectors.useModel(e.modelId, e.dimension);
        queryVector = (await e.embed([e.windows(plan.text)[0] ?? plan.text]))[0] ?? null;
        info = { provider: e.provider, modelId: e.modelId, reason: sel.reason, missing: this.index_().vectors.countPending() };
      }
    }
    const weight = vectorWeightFor(this.config.search, info.provider);
    const res = this.recovering(() => searchIndex({ db: this.index_().db, vectors: this.index_().vectors, config: this.config.search, nowMs: this.now(), queryVector, vectorWeight: weight }, plan, opts));
    return { ...res, refreshed: { indexed: sync.indexed, removed: sync.removed }, vectors: info };
  }
  /** Keeps the index (text, then vectors) in step with the disk until the watcher is closed. */
  watch(opts = {}) {
    const watchOpts = {
      onBatch: async ({ paths, rescan }) => {
        const s = rescan ? this.index() : this.syncPaths(paths);
        opts.onSync?.(s);
        if (opts.embed && s.indexed.length > 0 && !opts.signal?.aborted) {
          opts.onEmbed?.(await this.embed(opts.signal ? { signal: opts.signal } : {}));
        }
      }
    };
    if (opts.debounceMs !== void 0)
      watchOpts.debounceMs = opts.debounceMs;
    if (opts.onError)
      watchOpts.onError = opts.onError;
    return watchWorkspace(this.workspace, watchOpts);
  }
  // ---- life cycle --------------------------------------------------------------------
  /** Closes the databases and frees the models this engine created. Safe to call twice. */
  async close() {
    if (this.closed)
      return;
    this.closed = true;
    if (this.idx?.db.open)
      this.idx.db.close();
    if (this.stateDb?.open)
      this.stateDb.close();
    this.cache?.close();
    this.cache = null;
    const waits = [];
    if (this.ownsProvider && this.provider)
      waits.push(this.provider.close().catch(() => void 0));
    if (this.ownsEmbedder && this.selection)
      waits.push(this.selection.then((s) => s.embedder?.close()).catch(() => void 0));
    await Promise.all(waits);
  }
  embeddingCache() {
    if (!this.cache) {
      const dir = this.config.embed.cacheDir ? path4.resolve(this.workspace, this.config.embed.cacheDir) : agentDir(this.workspace);
      this.cache = new EmbeddingCache(path4.join(dir, EMBED_CACHE_FILE));
    }
    return this.cache;
  }
  /** The index database and what works on it, opened on first use (a `log` or `jobs` never opens it). */
  index_() {
    if (this.idx === null) {
      const { db, notices } = openIndexDb(this.indexPath);
      const openedAs = fileIdentity(this.indexPath);
      this.notices.push(...notices);
      for (const n of notices)
        this.onNotice?.(n);
      const store = new IndexStore(db);
      this.idx = { db, store, vectors: new VectorStore(db), indexer: new Indexer(this.workspace, store, this.config.index, { now: this.now }), openedAs };
    }
    return this.idx;
  }
  /**
   * Damage inside the file only shows when a page is read. The index is derived, so the
   * answer is to move the damaged file aside, rebuild from the markdown, and retry once.
   */
  recovering(fn) {
    try {
      return fn();
    } catch (e) {
      const code = e.code;
      if (code !== "SQLITE_CORRUPT" && code !== "SQLITE_NOTADB")
        throw e;
      const idx = this.idx;
      this.idx = null;
      const rec = idx ? recoverIndexDb(this.indexPath, idx.db, idx.openedAs) : { notices: [] };
      for (const n of rec.notices)
        this.notices.push({ message: `${n.message} (${code})` });
      this.index_().indexer.sync();
      return fn();
    }
  }
};
function isProvider(v) {
  return typeof v === "object" && v !== null && typeof v.complete === "function";
}

export {
  watchWorkspace,
  Engine
};
//# sourceMappingURL=chunk-VEPDMEQG.js.map
