/**
 * MEMORY.md as the dream writes it: read, append fact lines under one section, and keep
 * every version in the state database so an accept can be undone. The person's lines are
 * never reordered or rewritten: an append inserts new lines at the end of the section (or
 * adds the section at the end of the file), everything else stays byte for byte.
 *
 * Write order, as for SOUL.md (jobs/reflect/history.ts): MEMORY.md as it is on disk is
 * recorded first when no version has its text (hand edits are history too), then the new
 * version is inserted and the file swapped by compare-and-swap against the bytes the change
 * was computed from, in one transaction. A hand edit that lands meanwhile makes the swap
 * fail; the change is then computed again from the edited file, so the edit is kept.
 */
import path from "node:path";
import { isProcessAlive } from "../../shared/process.js";
import { sleepSync } from "../../shared/sleep.js";
import { contentHash } from "../../store/soul-versions.js";
import type { MemoryOrigin, MemoryVersionStore } from "../../store/dream-proposals.js";
import { checkWriteTarget, NO_HARD_LINKS, readWorkspaceFile, type LinkRule } from "../../workspace/guard.js";
import { swapDir } from "../../workspace/paths.js";
import { recoverInterruptedSwaps, swapFile, type SwapOptions, type SwapResult } from "../../workspace/safe-write.js";

export const MEMORY_FILE = "MEMORY.md";

export interface MemoryOnDisk {
  exists: boolean;
  text: string;
  bytes: Buffer | null;
}

/**
 * MEMORY.md under the workspace's one rule (guard.ts): a link out of the workspace, a second
 * hard link (unless allowed), a FIFO or a device is refused with an error naming it, so its
 * text never reaches MEMORY.md's versions and a FIFO never blocks the dream.
 */
export function readMemory(workspace: string, rule: LinkRule = NO_HARD_LINKS): MemoryOnDisk {
  const read = readWorkspaceFile(workspace, MEMORY_FILE, rule);
  if (read === null) return { exists: false, text: "", bytes: null };
  return { exists: true, text: read.bytes.toString("utf8"), bytes: read.bytes };
}

/** MEMORY.md's fact lines: not headings, not blank, without their bullet. */
export function memoryFacts(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !/^#/.test(l) && !/^(?:```|<!--)/.test(l))
    .map((l) => l.replace(/^(?:[-*+]\s+(?:\[[ x]\]\s+)?|\d+[.)]\s+)/, "").trim())
    .filter((l) => l !== "");
}

/**
 * `text` with `lines` added as "- line" at the end of the section headed `section` (any
 * heading level; the first one found), or under a new "## section" at the end of the file.
 */
export function appendUnderSection(text: string, section: string, lines: readonly string[]): string {
  const bullets = lines.map((l) => `- ${l}`);
  const rows = text.split("\n");
  const want = section.trim().toLowerCase();
  const at = rows.findIndex((r) => /^#{1,6}\s/.test(r) && r.replace(/^#{1,6}\s+/, "").trim().toLowerCase() === want);
  if (at < 0) {
    const base = text === "" ? "" : text.endsWith("\n\n") ? text : text.endsWith("\n") ? text + "\n" : text + "\n\n";
    return `${base}## ${section}\n\n${bullets.join("\n")}\n`;
  }
  const level = /^(#{1,6})/.exec(rows[at]!)![1]!.length;
  let end = rows.length;
  for (let i = at + 1; i < rows.length; i++) {
    const m = /^(#{1,6})\s/.exec(rows[i]!);
    if (m && m[1]!.length <= level) {
      end = i;
      break;
    }
  }
  // After the section's last non-blank line: blank lines before the next heading stay where they were.
  let last = end - 1;
  while (last > at && rows[last]!.trim() === "") last--;
  const insert = last === at ? ["", ...bullets] : bullets;
  const out = [...rows.slice(0, last + 1), ...insert, ...rows.slice(last + 1)];
  if (end === rows.length && text !== "" && !text.endsWith("\n")) return out.join("\n") + "\n";
  return out.join("\n");
}

/** Row range [from, to) of the section headed `section` (the first one found), or null. */
function sectionRows(rows: readonly string[], section: string): { from: number; to: number } | null {
  const want = section.trim().toLowerCase();
  const at = rows.findIndex((r) => /^#{1,6}\s/.test(r) && r.replace(/^#{1,6}\s+/, "").trim().toLowerCase() === want);
  if (at < 0) return null;
  const level = /^(#{1,6})/.exec(rows[at]!)![1]!.length;
  for (let i = at + 1; i < rows.length; i++) {
    const m = /^(#{1,6})\s/.exec(rows[i]!);
    if (m && m[1]!.length <= level) return { from: at + 1, to: i };
  }
  return { from: at + 1, to: rows.length };
}

const isBulletOf = (row: string, line: string): boolean => /^\s*[-*+]\s+/.test(row) && row.replace(/^\s*[-*+]\s+/, "").trim() === line.trim();

/** Whether `line` is a "- line" in the section `section`: what an accept wrote there. */
export function hasFactInSection(text: string, section: string, line: string): boolean {
  const rows = text.split("\n");
  const s = sectionRows(rows, section);
  return s !== null && rows.slice(s.from, s.to).some((r) => isBulletOf(r, line));
}

/**
 * Without the "- line" the dream wrote: the last one equal to `line` in the section
 * `section`. The same line written by hand in another section is the person's, and stays.
 * Null when the section has no such line.
 */
export function removeFactLine(text: string, line: string, section: string): string | null {
  const rows = text.split("\n");
  const s = sectionRows(rows, section);
  if (s === null) return null;
  for (let i = s.to - 1; i >= s.from; i--) {
    if (!isBulletOf(rows[i]!, line)) continue;
    rows.splice(i, 1);
    return rows.join("\n");
  }
  return null;
}

/** swapFile, or a test's stand-in; `opts` are the options the engine would swap with. */
export type MemorySwap = (file: string, expected: Buffer | null, content: string, opts: SwapOptions) => SwapResult;

export interface ChangeMemoryInput {
  workspace: string;
  store: MemoryVersionStore;
  now: number;
  /** The new text from the text on disk; null: no change needed. Called again after a lost race. */
  change: (current: MemoryOnDisk) => string | null;
  origin: MemoryOrigin;
  summary: string;
  restoredFrom?: number;
  /** A person's own command (accept, undo) may replace an empty MEMORY.md; the nightly run may not. */
  allowEmpty: boolean;
  /**
   * MEMORY.md held text earlier in this command (an accept writing its lines again after an
   * editor's save): an empty file now is that save still landing, waited for, never replaced.
   */
  hadText?: boolean;
  /** Default swapFile; tests inject hand edits that land mid-swap. */
  swap?: MemorySwap;
  /** index.allowHardLinks */
  rule?: LinkRule;
  /**
   * Whether MEMORY.md as it is now still carries the change. Looked at after the swap: an
   * editor that loaded MEMORY.md before the swap and saves in place after it writes its own
   * text over the change; then the change is made again on the person's text.
   */
  holds?: (current: MemoryOnDisk) => boolean;
}

export type ChangeMemoryResult =
  | {
      ok: true;
      version: number | null;
      baseline?: number;
      /** Files kept beside MEMORY.md holding a hand edit that landed during (or just after) a swap. */
      kept?: string[];
    }
  | { ok: false; reason: string; kept?: string };

const ATTEMPTS = 3;

/** An editor between its truncate and its write: looked at again after this. */
const MID_SAVE_MS = 25;

/**
 * Applies `change` to MEMORY.md by compare-and-swap, recording versions; retries when a hand
 * edit lands meanwhile, or when an editor's in-place save wrote over the change just after.
 */
export function changeMemory(input: ChangeMemoryInput): ChangeMemoryResult {
  const rule = input.rule ?? NO_HARD_LINKS;
  // A MEMORY.md linked to another file inside the workspace: that file is the one swapped,
  // and the link stays; a link out is refused here, before anything is read or written.
  const file = checkWriteTarget(input.workspace, path.join(input.workspace, MEMORY_FILE), rule);
  const workDir = swapDir(input.workspace);
  recoverInterruptedSwaps(file, workDir, isProcessAlive);
  const swap: MemorySwap = input.swap ?? swapFile;
  let last = "";
  let baseline: number | undefined;
  const kept: string[] = [];
  let hadText = input.hadText === true;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const cur = hadText ? readWhenSaved(input.workspace, rule) : readMemory(input.workspace, rule);
    // Once MEMORY.md was seen with text, an empty one is an editor between its truncate and
    // its write (the text it saves exists only in the editor): never the file to swap.
    if (cur.text !== "") hadText = true;
    const allowEmpty = input.allowEmpty && !hadText;
    const next = input.change(cur);
    if (next === null) return { ok: true, version: null };
    baseline = input.store.transaction(() => recordMemoryIfNew(input.store, cur, input.now)) ?? baseline;
    let lost: SwapResult | undefined;
    let version = 0;
    try {
      input.store.transaction(() => {
        version = input.store.insert({ createdAt: input.now, content: next, origin: input.origin, summary: input.summary, restoredFrom: input.restoredFrom ?? null });
        const res = swap(file, cur.bytes, next, { oldIsSaved: true, allowEmpty, workDir });
        if (res.keptEarlier !== undefined) kept.push(...res.keptEarlier);
        if (!res.ok) {
          lost = res;
          throw new SwapLost();
        }
      });
    } catch (e) {
      if (!(e instanceof SwapLost)) throw e;
    }
    if (lost === undefined) {
      if (stillHolds(input, rule)) return { ok: true, version, ...(baseline !== undefined ? { baseline } : {}), ...(kept.length > 0 ? { kept } : {}) };
      last = "an editor saved over the change just after it was written";
      continue;
    }
    if (!lost.ok && lost.kept !== undefined) return { ok: false, reason: lost.reason, kept: lost.kept };
    last = lost.ok ? "" : lost.reason;
  }
  return { ok: false, reason: `${last}; MEMORY.md kept changing, nothing was written — try again` };
}

/**
 * How long a command that saw MEMORY.md with text waits for an in-place save it finds under way
 * (the file empty) to land. On a loaded machine an editor can sit between its truncate and its
 * write for hundreds of ms; swapping the empty file then would leave MEMORY.md with the new
 * lines only and send the editor's write into the old file, out of sight.
 */
const SAVE_LANDS_MS = 3000;

/** MEMORY.md, waiting (up to SAVE_LANDS_MS) while it is empty: a save known to be landing. */
function readWhenSaved(workspace: string, rule: LinkRule): MemoryOnDisk {
  let cur = readMemory(workspace, rule);
  for (let waited = 0; cur.exists && cur.text === "" && waited < SAVE_LANDS_MS; waited += MID_SAVE_MS) {
    sleepSync(MID_SAVE_MS);
    cur = readMemory(workspace, rule);
  }
  return cur;
}

/** The change is still in MEMORY.md (looked at twice: an empty file may be an editor mid-save). */
function stillHolds(input: ChangeMemoryInput, rule: LinkRule): boolean {
  if (input.holds === undefined) return true;
  if (input.holds(readMemory(input.workspace, rule))) return true;
  sleepSync(MID_SAVE_MS);
  return input.holds(readMemory(input.workspace, rule));
}

class SwapLost extends Error {}

/** Records MEMORY.md as a 'baseline' version when no version holds its text yet (call inside a transaction). */
export function recordMemoryIfNew(store: MemoryVersionStore, cur: MemoryOnDisk, now: number): number | undefined {
  if (!cur.exists) return undefined;
  const latest = store.latest();
  if (latest !== undefined && latest.hash === contentHash(cur.text)) return undefined;
  return store.insert({
    createdAt: now,
    content: cur.text,
    origin: "baseline",
    summary: latest === undefined ? "baseline: MEMORY.md as written by hand" : `baseline: MEMORY.md as edited by hand after version ${latest.number}`,
  });
}
