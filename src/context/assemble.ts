/**
 * Context assembly: the system prompt an assistant injects at the start of a session.
 * Pure — file contents and search results come in as data, the prompt and a report of what
 * was included, cut, missing or withheld come out — so it can be tested without a disk and
 * reused by the CLI, the heartbeat and anything else.
 *
 * Order is fixed: AGENTS, SOUL, TOOLS, IDENTITY, USER, HEARTBEAT, MEMORY, today's note,
 * yesterday's note, then search results. Budgets: each file is cut to `perFileChars`, and
 * the whole text never exceeds `totalChars`; what does not fit is cut or left out from the
 * end of that order, always visibly: a cut file ends (or, for a daily note, starts) with a
 * [TRUNCATED ...] marker naming the file to read for the rest, and one last [OMITTED ...]
 * line names the files left out entirely (room for it is kept in reserve).
 * Long files keep their beginning, except daily notes, which keep their end (they are
 * append-only, so the newest entries are at the bottom).
 *
 * Privacy: only `main` sessions (the person's own, one-to-one) see MEMORY.md, USER.md, daily
 * notes and search results from private files; `group` and `isolated` sessions never do,
 * and the text does not even mention those files.
 */
import { BOOTSTRAP_FILES } from "../workspace/kinds.js";

import type { SessionType } from "../workspace/privacy.js";
import { isPrivatePath } from "../workspace/privacy.js";
export { isPrivatePath, SESSION_TYPES, type SessionType } from "../workspace/privacy.js";

export type BootstrapFile = (typeof BOOTSTRAP_FILES)[number];

/** One search result, as the caller got it from `engine.search` (only these fields are used). */
export interface MemoryHit {
  path: string;
  startLine: number;
  endLine: number;
  heading?: string;
  date?: string | null;
  snippet: string;
  /** A later statement replaced one of its lines: it is listed after the current ones, saying by what. */
  supersededBy?: { path: string; line: number; date: string | null };
}

export interface DailyNote {
  /** "YYYY-MM-DD". */
  date: string;
  label: "today" | "yesterday";
  /** The note's text, or null when there is no note for that day. */
  text: string | null;
}

export interface ContextFiles {
  /** Each bootstrap file's text, or null (or absent) when the file does not exist. */
  bootstrap: Partial<Record<BootstrapFile, string | null>>;
  /** Today's and yesterday's notes, in that order. */
  daily: DailyNote[];
  /** Bootstrap files that exist but hold nothing the person wrote (the template's placeholders). */
  untouched?: BootstrapFile[];
}

export interface AssembleOptions {
  session: SessionType;
  perFileChars: number;
  totalChars: number;
  /** The task or query the memories were searched for (shown in their heading). */
  query?: string;
  /** Search results, best first; the caller runs the search. */
  memories?: MemoryHit[];
  /** Folder prefixed to paths in markers (the workspace), so the model can open the file. */
  root?: string;
  /**
   * From the evolution system (issue #6): the latest personality snapshot's narrative, shown
   * as "## Who you are now" right after SOUL.md; and memories ranked for the query, shown as
   * "## Memories" after the daily notes (before search results). Items marked private are
   * withheld from group and isolated sessions.
   */
  identity?: { text: string; private: boolean };
  experience?: { legend: string; memories: ExperienceItem[] };
}

/** One memory line for the "## Memories" section (formatted by the caller). */
export interface ExperienceItem {
  id: number;
  line: string;
  private: boolean;
}

/** "template": the file holds only the shipped template's placeholders, so it is left out. */
export type EntryStatus = "included" | "truncated" | "missing" | "omitted" | "withheld" | "template";

export interface ContextEntry {
  /** Workspace-relative path ("AGENTS.md", "memory/2026-11-21.md"), or "search" for the results. */
  path: string;
  status: EntryStatus;
  /** Characters of the file's text that made it into the prompt, and the file's length. */
  shownChars: number;
  totalChars: number;
  /** Why it was cut, left out or withheld. */
  reason?: string;
}

export interface ContextReport {
  session: SessionType;
  budget: { perFileChars: number; totalChars: number };
  entries: ContextEntry[];
  included: string[];
  truncated: string[];
  missing: string[];
  omitted: string[];
  withheld: string[];
  memories: { given: number; shown: number; withheld: number; duplicate: number };
  /** Issue #6: whether the identity narrative went in, and which memories were shown (their ids). */
  experience: { identity: "none" | "included" | "truncated" | "withheld" | "omitted"; given: number; shown: number; withheld: number; shownIds: number[] };
}

export interface AssembledContext {
  text: string;
  chars: number;
  report: ContextReport;
}

/** Below this many characters of room a file is left out rather than cut to a stub. */
const MIN_USEFUL_CHARS = 120;
/** Room kept at the end for the line that names the files left out (at most a tenth of the budget). */
const OMITTED_RESERVE = 240;

/**
 * The stages, in the order of the prompt:
 *   1. header      "# Workspace context (… session)"
 *   2. bootstrap   AGENTS, SOUL (then the identity narrative), TOOLS, IDENTITY, USER, HEARTBEAT, MEMORY
 *   3. daily       today's and yesterday's notes (main sessions only)
 *   4. experience  the memories ranked for the query ("## Memories")
 *   5. search      the search results ("## Relevant memories")
 *   6. omitted     one line naming the files that did not fit
 */
export function assembleContext(files: ContextFiles, opts: AssembleOptions): AssembledContext {
  if (!Number.isInteger(opts.perFileChars) || opts.perFileChars < 1) throw new Error("perFileChars must be a positive whole number");
  if (!Number.isInteger(opts.totalChars) || opts.totalChars < 1) throw new Error("totalChars must be a positive whole number");
  const draft = new Draft(opts);
  addBootstrap(draft, files);
  addDaily(draft, files.daily);
  const experience = addExperience(draft);
  const memories = addSearchResults(draft);
  addOmittedLine(draft);
  const { text, entries } = draft;
  const pick = (s: EntryStatus) => entries.filter((e) => e.status === s).map((e) => e.path);
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
      experience,
    },
  };
}

/** The prompt as it grows, and what each stage did. */
class Draft {
  text: string;
  readonly entries: ContextEntry[] = [];
  /** Files shown whole: a search result from one of them would only repeat it. */
  readonly shownWhole = new Set<string>();
  readonly experience: ContextReport["experience"] = { identity: "none", given: 0, shown: 0, withheld: 0, shownIds: [] };
  readonly main: boolean;
  /** Kept free for the one line that lists what did not fit, so that line always fits. */
  private readonly reserve: number;

  constructor(readonly opts: AssembleOptions) {
    this.main = opts.session === "main";
    this.text = `# Workspace context (${opts.session} session)\n`;
    if (this.text.length > opts.totalChars) this.text = this.text.slice(0, opts.totalChars);
    this.reserve = Math.min(OMITTED_RESERVE, Math.floor(opts.totalChars / 10));
  }

  room(): number {
    return this.opts.totalChars - this.reserve - this.text.length;
  }

  display(rel: string): string {
    return this.opts.root ? joinPath(this.opts.root, rel) : rel;
  }

  /** "## label" and the file, whole, cut to fit (at its head or its tail), or left out. */
  addFile(rel: string, label: string, content: string | null, keep: "head" | "tail"): void {
    const opts = this.opts;
    const heading = `\n## ${label}\n`;
    if (content === null) {
      const block = `${heading}[MISSING] expected at ${this.display(rel)}\n`;
      if (block.length <= this.room()) this.text += block;
      this.entries.push({ path: rel, status: "missing", shownChars: 0, totalChars: 0, reason: "file does not exist" });
      return;
    }
    const body = normalize(content);
    const cap = Math.min(opts.perFileChars, this.room() - heading.length - 1);
    if (body.length <= cap) {
      this.text += `${heading}${body}\n`;
      this.shownWhole.add(rel);
      this.entries.push({ path: rel, status: "included", shownChars: body.length, totalChars: body.length });
      return;
    }
    const overTotal = cap < opts.perFileChars;
    if (cap >= MIN_USEFUL_CHARS) {
      const cut = truncate(body, cap, keep, rel, this.display(rel));
      this.text += `${heading}${cut.text}\n`;
      this.entries.push({
        path: rel,
        status: "truncated",
        shownChars: cut.shown,
        totalChars: body.length,
        reason: overTotal ? `the total budget (${opts.totalChars} characters) ran out` : `longer than ${opts.perFileChars} characters per file`,
      });
      return;
    }
    this.entries.push({ path: rel, status: "omitted", shownChars: 0, totalChars: body.length, reason: `the total budget (${opts.totalChars} characters) ran out` });
  }

  /** The query as the memory headings show it: ` for "…"`, or nothing. */
  forQuery(): string {
    const q = this.opts.query;
    return q !== undefined && q.trim() !== "" ? ` for "${oneLine(q, 200)}"` : "";
  }
}

function addBootstrap(draft: Draft, files: ContextFiles): void {
  for (const name of BOOTSTRAP_FILES) {
    if (!draft.main && isPrivatePath(name)) {
      draft.entries.push({ path: name, status: "withheld", shownChars: 0, totalChars: 0, reason: `private: ${draft.opts.session} sessions never see it` });
      continue;
    }
    if (files.untouched?.includes(name)) {
      draft.entries.push({ path: name, status: "template", shownChars: 0, totalChars: 0, reason: "only the template's placeholders: nothing written in it yet" });
      continue;
    }
    draft.addFile(name, name, files.bootstrap[name] ?? null, "head");
    if (name === "SOUL.md" && draft.opts.identity !== undefined) addIdentity(draft, draft.opts.identity);
  }
}

/** "## Who you are now": the narrative whole, or cut at a sentence to fit, or left out. */
function addIdentity(draft: Draft, identity: { text: string; private: boolean }): void {
  const { opts, experience } = draft;
  const body = oneLine(identity.text, Number.MAX_SAFE_INTEGER);
  if (body === "") return;
  if (!draft.main && identity.private) {
    experience.identity = "withheld";
    draft.entries.push({ path: "identity", status: "withheld", shownChars: 0, totalChars: body.length, reason: `private: it names memories ${opts.session} sessions never see` });
    return;
  }
  const heading = "\n## Who you are now\n";
  const cap = Math.min(opts.perFileChars, draft.room() - heading.length - 1);
  if (cap < MIN_USEFUL_CHARS) {
    experience.identity = "omitted";
    draft.entries.push({ path: "identity", status: "omitted", shownChars: 0, totalChars: body.length, reason: `the total budget (${opts.totalChars} characters) ran out` });
    return;
  }
  let shown = body;
  if (body.length > cap) {
    const cut = body.slice(0, cap);
    const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
    shown = end > 0 ? cut.slice(0, end + 1) : `${cut.slice(0, cap - 1).trimEnd()}…`;
  }
  draft.text += `${heading}${shown}\n`;
  experience.identity = shown === body ? "included" : "truncated";
  draft.entries.push({ path: "identity", status: experience.identity, shownChars: shown.length, totalChars: body.length });
}

function addDaily(draft: Draft, daily: ContextFiles["daily"]): void {
  for (const note of daily) {
    const rel = `memory/${note.date}.md`;
    if (!draft.main) {
      draft.entries.push({ path: rel, status: "withheld", shownChars: 0, totalChars: 0, reason: `private: ${draft.opts.session} sessions never see daily notes` });
      continue;
    }
    // No note for a day is normal (nothing was written), not a missing workspace file.
    if (note.text === null) continue;
    draft.addFile(rel, `${rel} (${note.label})`, note.text, "tail");
  }
}

function addExperience(draft: Draft): ContextReport["experience"] {
  const { opts, experience } = draft;
  if (opts.experience === undefined || opts.experience.memories.length === 0) return experience;
  const visible = opts.experience.memories.filter((m) => draft.main || !m.private);
  experience.given = opts.experience.memories.length;
  experience.withheld = experience.given - visible.length;
  if (visible.length === 0) return experience;
  let block = `\n## Memories${draft.forQuery()}\n(${opts.experience.legend})\n`;
  for (const m of visible) {
    const line = oneLine(m.line, Math.min(opts.perFileChars, 600));
    if (block.length + line.length + 1 > draft.room()) break;
    block += `${line}\n`;
    experience.shownIds.push(m.id);
  }
  experience.shown = experience.shownIds.length;
  if (experience.shown > 0) draft.text += block;
  draft.entries.push(listEntry("experience", experience.shown, visible.length, "memories"));
  return experience;
}

function addSearchResults(draft: Draft): ContextReport["memories"] {
  const opts = draft.opts;
  const memories = { given: opts.memories?.length ?? 0, shown: 0, withheld: 0, duplicate: 0 };
  if (!opts.memories || opts.memories.length === 0) return memories;
  const lines: string[] = [];
  // The newer word first: what a later note replaced comes after everything still current.
  const ordered = [...opts.memories.filter((h) => !h.supersededBy), ...opts.memories.filter((h) => h.supersededBy)];
  for (const hit of ordered) {
    // The engine searches a group session's scope only; a caller handing in private hits
    // still never gets them into such a prompt.
    if (!draft.main && isPrivatePath(hit.path)) {
      memories.withheld++;
      continue;
    }
    if (draft.shownWhole.has(hit.path)) {
      memories.duplicate++;
      continue;
    }
    lines.push(formatHit(hit));
  }
  if (lines.length === 0) return memories;
  let block = `\n## Relevant memories${draft.forQuery()}\n`;
  let shown = 0;
  for (const line of lines) {
    const perLine = line.length > opts.perFileChars ? `${line.slice(0, Math.max(0, opts.perFileChars - 1))}…` : line;
    if (block.length + perLine.length + 1 > draft.room()) break;
    block += `${perLine}\n`;
    shown++;
  }
  if (shown > 0) draft.text += block;
  memories.shown = shown;
  draft.entries.push(listEntry("search", shown, lines.length, "results"));
  return memories;
}

/** The report entry of a list section: how many of its lines fit. */
function listEntry(path: string, shown: number, total: number, what: string): ContextEntry {
  return {
    path,
    status: shown === total ? "included" : shown === 0 ? "omitted" : "truncated",
    shownChars: shown,
    totalChars: total,
    ...(shown < total ? { reason: `${total - shown} of ${total} ${what} did not fit in the total budget` } : {}),
  };
}

function addOmittedLine(draft: Draft): void {
  const opts = draft.opts;
  const left = draft.entries.filter((e) => e.status === "omitted" && e.path !== "search" && e.path !== "identity" && e.path !== "experience").map((e) => e.path);
  if (left.length === 0) return;
  const where = opts.root ? ` in ${opts.root}` : "";
  let line = `\n[OMITTED: ${left.join(", ")} did not fit in the ${opts.totalChars}-character context budget; read ${left.length === 1 ? "it" : "them"}${where}]\n`;
  const space = opts.totalChars - draft.text.length;
  if (line.length > space) line = `\n[OMITTED: ${left.length} file(s) did not fit in the context budget; read ${left[0]}${where} first]\n`;
  if (line.length <= space) draft.text += line;
}

/** BOM and CR removed, trailing blank space trimmed: what the model sees of a file. */
function normalize(content: string): string {
  let t = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  t = t.replace(/\r\n?/g, "\n");
  return t.replace(/\s+$/, "");
}

/**
 * Cuts `body` so that the cut text plus its marker is at most `max` characters, at a line
 * end where one is near, never inside a surrogate pair.
 */
export function truncate(
  body: string,
  max: number,
  keep: "head" | "tail",
  rel: string,
  where: string,
): { text: string; shown: number } {
  const total = body.length;
  const marker = (shown: number) =>
    keep === "head"
      ? `[TRUNCATED: ${rel} continues; ${shown} of ${total} characters shown — read ${where} for the rest]`
      : `[TRUNCATED: the first ${total - shown} of ${total} characters of ${rel} are not shown — read ${where} for them]`;
  // The marker's length depends on the numbers in it; size it for the widest case.
  const avail = max - marker(total).length - 1;
  if (avail <= 0) return { text: marker(0).slice(0, max), shown: 0 };
  if (keep === "head") {
    let end = avail;
    const nl = body.lastIndexOf("\n", end);
    if (nl >= avail / 2) end = nl;
    if (isLowSurrogate(body.charCodeAt(end))) end--;
    const kept = body.slice(0, end).replace(/\s+$/, "");
    return { text: `${kept}\n${marker(kept.length)}`, shown: kept.length };
  }
  let start = total - avail;
  const nl = body.indexOf("\n", start);
  if (nl >= 0 && nl - start <= avail / 2) start = nl + 1;
  if (isLowSurrogate(body.charCodeAt(start))) start++;
  const kept = body.slice(start).replace(/^\s+/, "");
  return { text: `${marker(kept.length)}\n${kept}`, shown: kept.length };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function formatHit(hit: MemoryHit): string {
  const where = `${hit.path}:${hit.startLine}-${hit.endLine}`;
  const date = hit.date ? ` (${hit.date})` : "";
  const heading = hit.heading ? ` ${oneLine(hit.heading, 120)}:` : "";
  const r = hit.supersededBy;
  const replaced = r ? ` (replaced${r.date ? ` on ${r.date}` : ""} by ${r.path}:${r.line}: prefer that one)` : "";
  return `- ${where}${date}${heading} ${oneLine(hit.snippet, 600)}${replaced}`;
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** root + "/" + rel without importing node:path, so this module stays pure and portable. */
function joinPath(root: string, rel: string): string {
  const sep = root.includes("\\") && !root.includes("/") ? "\\" : "/";
  return `${root.replace(/[\\/]+$/, "")}${sep}${sep === "\\" ? rel.replace(/\//g, "\\") : rel}`;
}
