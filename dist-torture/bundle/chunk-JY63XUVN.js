import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  appendVerified
} from "./chunk-FEQ2CM7F.js";
import {
  addDays,
  zonedDate,
  zonedTime
} from "./chunk-UWHEQYUJ.js";
import {
  isInside,
  toRel
} from "./chunk-U66UVQVN.js";

// dist/workspace/safe-read.js
import { closeSync, fstatSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
var PathRefusedError = class extends Error {
  requested;
  constructor(requested, reason) {
    super(`refused "${requested}": ${reason}`);
    this.requested = requested;
    this.name = "PathRefusedError";
  }
};
var NOT_READABLE = "no such file in the workspace, or not one that can be read here (only regular files inside the workspace, outside .agent/)";
var MAX_READ_BYTES = 20 * 1024 * 1024;
function isEngineRel(rel) {
  const r = rel.toLowerCase();
  return r === ".agent" || r.startsWith(".agent/");
}
function resolveWorkspaceFile(workspace, requested, opts) {
  if (typeof requested !== "string" || requested.trim() === "")
    throw new PathRefusedError(String(requested), "empty path");
  if (requested.includes("\0"))
    throw new PathRefusedError(requested, "the path contains a NUL byte");
  if (requested.split(/[\\/]+/).some((seg) => seg === "..")) {
    throw new PathRefusedError(requested, '".." is not allowed: give a path inside the workspace');
  }
  let realWs;
  try {
    realWs = realpathSync(workspace);
  } catch {
    throw new Error(`workspace ${workspace} does not exist`);
  }
  const abs = path.resolve(workspace, requested);
  const lexWs = isInside(workspace, abs) ? workspace : isInside(realWs, abs) ? realWs : null;
  if (lexWs === null)
    throw new PathRefusedError(requested, "outside the workspace");
  if (isEngineRel(toRel(lexWs, abs)))
    throw new PathRefusedError(requested, NOT_READABLE);
  let real;
  try {
    real = realpathSync(abs);
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR")
      throw new PathRefusedError(requested, NOT_READABLE);
    if (code === "ELOOP")
      throw new PathRefusedError(requested, "a symlink loop");
    throw new Error(`${requested}: cannot be read (${code ?? e.message})`);
  }
  if (!isInside(realWs, real))
    throw new PathRefusedError(requested, NOT_READABLE);
  const rel = toRel(realWs, real);
  if (isEngineRel(rel))
    throw new PathRefusedError(requested, NOT_READABLE);
  const st = statSync(real);
  if (!st.isFile())
    throw new Error(`${requested}: not a regular file`);
  if (st.nlink > 1 && !opts.allowHardLinks) {
    throw new PathRefusedError(requested, `it has ${st.nlink} hard links, and another of them may be a file outside the workspace; set index.allowHardLinks to true in agent.config.json to serve such files`);
  }
  return { abs: real, rel, size: st.size, dev: st.dev, ino: st.ino };
}
function readLines(workspace, requested, from = 1, count, opts) {
  const f = resolveWorkspaceFile(workspace, requested, opts);
  if (f.size > MAX_READ_BYTES)
    throw new Error(`${f.rel}: larger than ${MAX_READ_BYTES} bytes; not read`);
  let buf;
  const fd = openSync(f.abs, "r");
  try {
    const st = fstatSync(fd);
    if (st.dev !== f.dev || st.ino !== f.ino || st.nlink > 1 && !opts.allowHardLinks) {
      throw new PathRefusedError(requested, "the file changed while it was being opened; try again");
    }
    const size = Math.min(st.size, MAX_READ_BYTES);
    buf = Buffer.alloc(size);
    let off = 0;
    while (off < size) {
      const n2 = readSync(fd, buf, off, size - off, off);
      if (n2 === 0)
        break;
      off += n2;
    }
    buf = buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
  if (buf.includes(0))
    throw new Error(`${f.rel}: a binary file; only text files can be read`);
  const all = buf.toString("utf8").replace(/\r\n?/g, "\n").split("\n");
  if (all.length > 0 && all[all.length - 1] === "")
    all.pop();
  const start = Math.max(1, Math.floor(from));
  const n = Math.max(0, Math.floor(count));
  const lines = all.slice(start - 1, start - 1 + n);
  return { rel: f.rel, from: start, to: start + lines.length - 1, totalLines: all.length, lines };
}
function numberLines(r) {
  const width = String(Math.max(r.to, 1)).length;
  return r.lines.map((l, i) => `${String(r.from + i).padStart(width, " ")}| ${l}`).join("\n");
}

// dist/workspace/daily.js
import { closeSync as closeSync2, lstatSync, mkdirSync, openSync as openSync2, readSync as readSync2, realpathSync as realpathSync2 } from "node:fs";
import path2 from "node:path";
function dailyRel(date) {
  return `memory/${date}.md`;
}
function lastDays(today, n) {
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(today, -i));
}
function readDailyNote(workspace, date, read) {
  try {
    const r = readLines(workspace, dailyRel(date), 1, Number.MAX_SAFE_INTEGER, read);
    return r.lines.join("\n") + (r.lines.length > 0 ? "\n" : "");
  } catch {
    return null;
  }
}
function readDailyNotes(workspace, dates, read) {
  return dates.map((date) => ({ date, text: readDailyNote(workspace, date, read) }));
}
function dailyFileInfo(workspace, date, read) {
  const rel = dailyRel(date);
  try {
    const f = resolveWorkspaceFile(workspace, rel, read);
    return { date, path: rel, exists: true, bytes: f.size };
  } catch {
    return { date, path: rel, exists: false, bytes: 0 };
  }
}
var AppendRefusedError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "AppendRefusedError";
  }
};
var CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
var LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function appendTextProblem(text, what = "the text") {
  const c = CONTROL.exec(text);
  if (c) {
    const code = c[0].charCodeAt(0);
    const name = code === 0 ? "a NUL byte" : `the control character U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
    return `${what} contains ${name} at character ${c.index + 1}; only text (with tabs and newlines) can be appended to a note`;
  }
  const s = LONE_SURROGATE.exec(text);
  if (s)
    return `${what} is not valid Unicode (a lone surrogate at character ${s.index + 1}); only valid text can be appended to a note`;
  return null;
}
function cleanAppendText(text) {
  return text.replace(/\r\n?/g, "\n").replace(new RegExp(CONTROL.source, "g"), "").replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}
function decodeAppendBytes(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppendRefusedError("the text is not valid UTF-8; nothing was written \u2014 send it as UTF-8");
  }
}
function checkDailyAppend(file, rel, entry, limits, bodyBytes = Buffer.byteLength(entry, "utf8")) {
  if (bodyBytes > limits.maxAppendBytes) {
    throw new AppendRefusedError(`the text is ${bodyBytes} bytes, over the ${limits.maxAppendBytes}-byte limit for one append (index.maxAppendBytes in agent.config.json); nothing was written \u2014 append it in smaller parts`);
  }
  let size = 0;
  try {
    size = lstatSync(file).size;
  } catch (e) {
    if (e.code !== "ENOENT")
      throw e;
  }
  const after = size + Buffer.byteLength(entry, "utf8");
  if (after > limits.maxFileBytes) {
    throw new AppendRefusedError(`${rel} would grow to ${after} bytes, past index.maxFileBytes (${limits.maxFileBytes} bytes), and what lies beyond that limit is not searchable; nothing was written \u2014 raise index.maxFileBytes in agent.config.json or keep the note shorter`);
  }
}
function appendDailyNote(input) {
  const raw = typeof input.text === "string" ? input.text : decodeAppendBytes(input.text);
  const body = raw.replace(/\r\n?/g, "\n").replace(/\s+$/, "");
  if (body.trim() === "")
    throw new AppendRefusedError("nothing to append: the text is empty");
  const problem = appendTextProblem(body) ?? (input.title !== void 0 ? appendTextProblem(input.title.replace(/\s+/g, " "), "the title") : null);
  if (problem)
    throw new AppendRefusedError(`${problem}; nothing was written`);
  const limits = input.limits;
  const date = zonedDate(input.now, input.timeZone);
  const rel = dailyRel(date);
  const file = path2.join(input.workspace, rel);
  mkdirSync(path2.dirname(file), { recursive: true });
  if (!isInside(realpathSync2(input.workspace), realpathSync2(path2.dirname(file)))) {
    throw new Error(`${path2.dirname(rel)}/ points outside the workspace; nothing was written`);
  }
  const state = noteState(file);
  const title = oneLine(input.title ?? "note", 120) || "note";
  let entry = "";
  if (!state.exists)
    entry += `# ${date}
`;
  else if (!state.endsWithNewline)
    entry += "\n";
  entry += `
## ${zonedTime(input.now, input.timeZone)} \u2014 ${title}

${body}
`;
  checkDailyAppend(file, rel, entry, limits, Buffer.byteLength(body, "utf8"));
  (input.append ?? appendVerified)(file, entry);
  return { path: rel, date, chars: entry.length, created: !state.exists };
}
function noteState(file) {
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if (e.code === "ENOENT")
      return { exists: false, endsWithNewline: true };
    throw e;
  }
  if (!st.isFile())
    throw new Error(`${file} is not a regular file (a link or folder?); notes are appended only to plain daily notes`);
  if (st.size === 0)
    return { exists: true, endsWithNewline: true };
  const fd = openSync2(file, "r");
  try {
    const b = Buffer.alloc(1);
    readSync2(fd, b, 0, 1, st.size - 1);
    return { exists: true, endsWithNewline: b[0] === 10 };
  } finally {
    closeSync2(fd);
  }
}
function oneLine(s, max) {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}\u2026` : t;
}

export {
  readLines,
  numberLines,
  dailyRel,
  lastDays,
  readDailyNote,
  readDailyNotes,
  dailyFileInfo,
  cleanAppendText,
  checkDailyAppend,
  appendDailyNote,
  noteState
};
//# sourceMappingURL=chunk-JY63XUVN.js.map
