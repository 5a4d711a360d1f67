import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/workspace/kinds.js
var BOOTSTRAP_FILES = ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "MEMORY.md"];
var DAILY = /^memory\/(\d{4})-(\d{2})-(\d{2})\.md$/;
function isIndexable(rel) {
  if (rel.endsWith(".md"))
    return true;
  return /^sessions\/[^/]+\.jsonl$/.test(rel);
}
function isRealDate(y, m, d) {
  if (m < 1 || m > 12 || d < 1)
    return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
function classify(rel) {
  if (/^sessions\/[^/]+\.jsonl$/.test(rel))
    return { kind: "session", source: "sessions", date: null };
  if (rel === "SOUL.md")
    return { kind: "soul", source: "memory", date: null };
  if (rel === "MEMORY.md")
    return { kind: "memory", source: "memory", date: null };
  if (BOOTSTRAP_FILES.includes(rel))
    return { kind: "bootstrap", source: "memory", date: null };
  if (rel.startsWith("reflections/"))
    return { kind: "reflection", source: "reflections", date: null };
  const m = DAILY.exec(rel);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (isRealDate(y, mo, d))
      return { kind: "daily", source: "memory", date: `${m[1]}-${m[2]}-${m[3]}` };
    return {
      kind: "note",
      source: "memory",
      date: null,
      problem: `${rel}: ${m[1]}-${m[2]}-${m[3]} is not a real date; indexed as an undated note (rename it to memory/YYYY-MM-DD.md to date it)`
    };
  }
  return { kind: "note", source: "memory", date: null };
}

// dist/context/assemble.js
var PRIVATE_BOOTSTRAP = /* @__PURE__ */ new Set(["MEMORY.md", "USER.md"]);
function isPrivatePath(rel) {
  return PRIVATE_BOOTSTRAP.has(rel) || rel.startsWith("memory/") || rel.startsWith("sessions/") || rel.startsWith("reflections/");
}
var MIN_USEFUL_CHARS = 120;
var OMITTED_RESERVE = 240;
function assembleContext(files, opts) {
  if (!Number.isInteger(opts.perFileChars) || opts.perFileChars < 1)
    throw new Error("perFileChars must be a positive whole number");
  if (!Number.isInteger(opts.totalChars) || opts.totalChars < 1)
    throw new Error("totalChars must be a positive whole number");
  const main = opts.session === "main";
  const display = (rel) => opts.root ? joinPath(opts.root, rel) : rel;
  const entries = [];
  const shownWhole = /* @__PURE__ */ new Set();
  let text = `# Workspace context (${opts.session} session)
`;
  if (text.length > opts.totalChars)
    text = text.slice(0, opts.totalChars);
  const reserve = Math.min(OMITTED_RESERVE, Math.floor(opts.totalChars / 10));
  const room = () => opts.totalChars - reserve - text.length;
  const addFile = (rel, label, content, keep) => {
    const heading = `
## ${label}
`;
    if (content === null) {
      const block = `${heading}[MISSING] expected at ${display(rel)}
`;
      if (block.length <= room())
        text += block;
      entries.push({ path: rel, status: "missing", shownChars: 0, totalChars: 0, reason: "file does not exist" });
      return;
    }
    const body = normalize(content);
    const cap = Math.min(opts.perFileChars, room() - heading.length - 1);
    if (body.length <= cap) {
      text += `${heading}${body}
`;
      shownWhole.add(rel);
      entries.push({ path: rel, status: "included", shownChars: body.length, totalChars: body.length });
      return;
    }
    const overTotal = cap < opts.perFileChars;
    if (cap >= MIN_USEFUL_CHARS) {
      const cut = truncate(body, cap, keep, rel, display(rel));
      text += `${heading}${cut.text}
`;
      entries.push({
        path: rel,
        status: "truncated",
        shownChars: cut.shown,
        totalChars: body.length,
        reason: overTotal ? `the total budget (${opts.totalChars} characters) ran out` : `longer than ${opts.perFileChars} characters per file`
      });
      return;
    }
    entries.push({
      path: rel,
      status: "omitted",
      shownChars: 0,
      totalChars: body.length,
      reason: `the total budget (${opts.totalChars} characters) ran out`
    });
  };
  const experience = { identity: "none", given: 0, shown: 0, withheld: 0, shownIds: [] };
  const addIdentity = (identity) => {
    const body = oneLine(identity.text, Number.MAX_SAFE_INTEGER);
    if (body === "")
      return;
    if (!main && identity.private) {
      experience.identity = "withheld";
      entries.push({ path: "identity", status: "withheld", shownChars: 0, totalChars: body.length, reason: `private: it names memories ${opts.session} sessions never see` });
      return;
    }
    const heading = "\n## Who you are now\n";
    const cap = Math.min(opts.perFileChars, room() - heading.length - 1);
    if (cap < MIN_USEFUL_CHARS) {
      experience.identity = "omitted";
      entries.push({ path: "identity", status: "omitted", shownChars: 0, totalChars: body.length, reason: `the total budget (${opts.totalChars} characters) ran out` });
      return;
    }
    let shown = body;
    if (body.length > cap) {
      const cut = body.slice(0, cap);
      const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
      shown = end > 0 ? cut.slice(0, end + 1) : `${cut.slice(0, cap - 1).trimEnd()}\u2026`;
    }
    text += `${heading}${shown}
`;
    experience.identity = shown === body ? "included" : "truncated";
    entries.push({ path: "identity", status: experience.identity, shownChars: shown.length, totalChars: body.length });
  };
  for (const name of BOOTSTRAP_FILES) {
    if (!main && PRIVATE_BOOTSTRAP.has(name)) {
      entries.push({ path: name, status: "withheld", shownChars: 0, totalChars: 0, reason: `private: ${opts.session} sessions never see it` });
      continue;
    }
    addFile(name, name, files.bootstrap[name] ?? null, "head");
    if (name === "SOUL.md" && opts.identity !== void 0)
      addIdentity(opts.identity);
  }
  for (const note of files.daily) {
    const rel = `memory/${note.date}.md`;
    if (!main) {
      entries.push({ path: rel, status: "withheld", shownChars: 0, totalChars: 0, reason: `private: ${opts.session} sessions never see daily notes` });
      continue;
    }
    if (note.text === null)
      continue;
    addFile(rel, `${rel} (${note.label})`, note.text, "tail");
  }
  if (opts.experience !== void 0 && opts.experience.memories.length > 0) {
    const visible = opts.experience.memories.filter((m) => main || !m.private);
    experience.given = opts.experience.memories.length;
    experience.withheld = experience.given - visible.length;
    if (visible.length > 0) {
      const q = opts.query !== void 0 && opts.query.trim() !== "" ? ` for "${oneLine(opts.query, 200)}"` : "";
      let block = `
## Memories${q}
(${opts.experience.legend})
`;
      for (const m of visible) {
        const line = oneLine(m.line, Math.min(opts.perFileChars, 600));
        if (block.length + line.length + 1 > room())
          break;
        block += `${line}
`;
        experience.shownIds.push(m.id);
      }
      experience.shown = experience.shownIds.length;
      if (experience.shown > 0)
        text += block;
      entries.push({
        path: "experience",
        status: experience.shown === visible.length ? "included" : experience.shown === 0 ? "omitted" : "truncated",
        shownChars: experience.shown,
        totalChars: visible.length,
        ...experience.shown < visible.length ? { reason: `${visible.length - experience.shown} of ${visible.length} memories did not fit in the total budget` } : {}
      });
    }
  }
  const memories = { given: opts.memories?.length ?? 0, shown: 0, withheld: 0, duplicate: 0 };
  if (opts.memories && opts.memories.length > 0) {
    const lines = [];
    for (const hit of opts.memories) {
      if (!main && isPrivatePath(hit.path)) {
        memories.withheld++;
        continue;
      }
      if (shownWhole.has(hit.path)) {
        memories.duplicate++;
        continue;
      }
      lines.push(formatHit(hit));
    }
    if (lines.length > 0) {
      const q = opts.query !== void 0 && opts.query.trim() !== "" ? ` for "${oneLine(opts.query, 200)}"` : "";
      const heading = `
## Relevant memories${q}
`;
      let block = heading;
      let shown = 0;
      for (const line of lines) {
        const perLine = line.length > opts.perFileChars ? `${line.slice(0, Math.max(0, opts.perFileChars - 1))}\u2026` : line;
        if (block.length + perLine.length + 1 > room())
          break;
        block += `${perLine}
`;
        shown++;
      }
      if (shown > 0)
        text += block;
      memories.shown = shown;
      entries.push({
        path: "search",
        status: shown === lines.length ? "included" : shown === 0 ? "omitted" : "truncated",
        shownChars: shown,
        totalChars: lines.length,
        ...shown < lines.length ? { reason: `${lines.length - shown} of ${lines.length} results did not fit in the total budget` } : {}
      });
    }
  }
  const left = entries.filter((e) => e.status === "omitted" && e.path !== "search" && e.path !== "identity" && e.path !== "experience").map((e) => e.path);
  if (left.length > 0) {
    const where = opts.root ? ` in ${opts.root}` : "";
    let line = `
[OMITTED: ${left.join(", ")} did not fit in the ${opts.totalChars}-character context budget; read ${left.length === 1 ? "it" : "them"}${where}]
`;
    const space = opts.totalChars - text.length;
    if (line.length > space)
      line = `
[OMITTED: ${left.length} file(s) did not fit in the context budget; read ${left[0]}${where} first]
`;
    if (line.length <= space)
      text += line;
  }
  const pick = (s) => entries.filter((e) => e.status === s).map((e) => e.path);
  return {
    text,
    chars: text.length,
    report: {
      session: opts.session,
      budget: { perFileChars: opts.perFileChars, totalChars: opts.totalChars },
      entries,
      included: pick("included"),
      truncated: pick("truncated"),
      missing: pick("missing"),
      omitted: pick("omitted"),
      withheld: pick("withheld"),
      memories,
      experience
    }
  };
}
function normalize(content) {
  let t = content.charCodeAt(0) === 65279 ? content.slice(1) : content;
  t = t.replace(/\r\n?/g, "\n");
  return t.replace(/\s+$/, "");
}
function truncate(body, max, keep, rel, where) {
  const total = body.length;
  const marker = (shown) => keep === "head" ? `[TRUNCATED: ${rel} continues; ${shown} of ${total} characters shown \u2014 read ${where} for the rest]` : `[TRUNCATED: the first ${total - shown} of ${total} characters of ${rel} are not shown \u2014 read ${where} for them]`;
  const avail = max - marker(total).length - 1;
  if (avail <= 0)
    return { text: marker(0).slice(0, max), shown: 0 };
  if (keep === "head") {
    let end = avail;
    const nl2 = body.lastIndexOf("\n", end);
    if (nl2 >= avail / 2)
      end = nl2;
    if (isLowSurrogate(body.charCodeAt(end)))
      end--;
    const kept2 = body.slice(0, end).replace(/\s+$/, "");
    return { text: `${kept2}
${marker(kept2.length)}`, shown: kept2.length };
  }
  let start = total - avail;
  const nl = body.indexOf("\n", start);
  if (nl >= 0 && nl - start <= avail / 2)
    start = nl + 1;
  if (isLowSurrogate(body.charCodeAt(start)))
    start++;
  const kept = body.slice(start).replace(/^\s+/, "");
  return { text: `${marker(kept.length)}
${kept}`, shown: kept.length };
}
function isLowSurrogate(code) {
  return code >= 56320 && code <= 57343;
}
function formatHit(hit) {
  const where = `${hit.path}:${hit.startLine}-${hit.endLine}`;
  const date = hit.date ? ` (${hit.date})` : "";
  const heading = hit.heading ? ` ${oneLine(hit.heading, 120)}:` : "";
  return `- ${where}${date}${heading} ${oneLine(hit.snippet, 600)}`;
}
function oneLine(s, max) {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}\u2026` : t;
}
function joinPath(root, rel) {
  const sep = root.includes("\\") && !root.includes("/") ? "\\" : "/";
  return `${root.replace(/[\\/]+$/, "")}${sep}${sep === "\\" ? rel.replace(/\//g, "\\") : rel}`;
}

// dist/workspace/sessions.js
var ROLES = /* @__PURE__ */ new Set(["user", "assistant", "system", "tool"]);
function parseSessionText(id, text) {
  const turns = [];
  const markers = [];
  const problems = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === "")
      continue;
    const line = i + 1;
    let obj;
    try {
      obj = JSON.parse(raw);
    } catch {
      problems.push({ line, reason: "not valid JSON" });
      continue;
    }
    if (typeof obj !== "object" || obj === null) {
      problems.push({ line, reason: "not a JSON object" });
      continue;
    }
    const o = obj;
    const ts = typeof o.ts === "string" ? o.ts : typeof o.timestamp === "string" ? o.timestamp : "";
    if (o.type === "compaction") {
      markers.push({ type: "compaction", ts, line });
      continue;
    }
    if (typeof o.role !== "string" || !ROLES.has(o.role)) {
      problems.push({ line, reason: 'missing or unknown "role"' });
      continue;
    }
    if (typeof o.content !== "string") {
      problems.push({ line, reason: 'missing "content" string' });
      continue;
    }
    const turn = { role: o.role, content: o.content, ts, line };
    if (typeof o.thread === "string" && o.thread !== "")
      turn.thread = o.thread;
    turns.push(turn);
  }
  return { id, turns, markers, problems };
}
function formatSessionTurn(turn) {
  const o = { role: turn.role, content: turn.content, ts: turn.ts };
  if (turn.thread)
    o.thread = turn.thread;
  return JSON.stringify(o) + "\n";
}
function isValidSessionId(id) {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(id) && !id.includes("..");
}

export {
  BOOTSTRAP_FILES,
  isIndexable,
  classify,
  parseSessionText,
  formatSessionTurn,
  isValidSessionId,
  isPrivatePath,
  assembleContext
};
//# sourceMappingURL=chunk-P4TWOYVN.js.map
