/**
 * The dream's fix for an out-of-date MEMORY.md line: the index already links a statement to
 * the later one that replaced it (src/indexer/truth.ts), so no model is asked. For each
 * MEMORY.md statement a later note replaced, one "replace" proposal: the line as it is, the
 * newer sentence quoted with its path:line and date, both cited. The links are guesses, so
 * nothing here is applied on its own: the person accepts (the line is swapped by the same
 * compare-and-swap as every accept, and refused when the line changed meanwhile) or rejects
 * (the same pair is then never proposed again).
 */
import { redactNote } from "../../shared/redact.js";
import { contentHash } from "../../store/soul-versions.js";
import { ProposalStore, type Proposal, type Provenance, type ReplaceSide } from "../../store/dream-proposals.js";
import type { DB } from "../../store/open.js";
import { stalePairs, type StalePair, type StatementPlace, type StoredLink } from "../../store/statements.js";
import type { LinkRule } from "../../workspace/guard.js";
import { MEMORY_FILE, readMemory } from "./memory-file.js";

/** The index's file kind of MEMORY.md. */
const MEMORY_KIND = new Set(["memory"]);

const BULLET = /^\s*(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/;

/** The proposed line's text: the newer sentence, quoted with where and when it was said. */
export function replacementText(current: Pick<StatementPlace, "path" | "line" | "date" | "text">): string {
  return `${current.text.replace(/\s+/g, " ").trim()} (${current.path}:${current.line}, ${current.date})`;
}

/** One key per (MEMORY.md line, newer statement): a decision on the pair holds for later runs. */
export function replaceKey(oldLine: string, current: Pick<StatementPlace, "path" | "text">): string {
  return `replace:${contentHash(oldLine.trim())}:${contentHash(`${current.path}\n${current.text.trim()}`)}`;
}

/** The line written in place of `oldLine`: its bullet (and line ending) kept, its words replaced. */
export function replacedLine(oldLine: string, text: string): string {
  const bullet = BULLET.exec(oldLine)?.[0] ?? "";
  return `${bullet}${text}${oldLine.endsWith("\r") ? "\r" : ""}`;
}

/** Which line of MEMORY.md a proposal swaps: the line as it was, or (when it held a secret) its digest. */
export type LineMatch = string | ((line: string) => boolean);

/**
 * `text` with the line `expected` matches (at 1-based `lineNo`, or the only such line when
 * lines above moved) replaced by `next`; null when that exact line is no longer there.
 */
export function swapLine(text: string, expected: LineMatch, lineNo: number, next: string): string | null {
  const is = typeof expected === "string" ? (l: string) => l === expected : expected;
  const lines = text.split("\n");
  let at = lines[lineNo - 1] !== undefined && is(lines[lineNo - 1]!) ? lineNo - 1 : -1;
  if (at < 0) {
    const hits = lines.flatMap((l, k) => (is(l) ? [k] : []));
    if (hits.length === 1) at = hits[0]!;
  }
  if (at < 0) return null;
  lines[at] = next;
  return lines.join("\n");
}

/**
 * The MEMORY.md line as a proposal keeps it: redacted (it is shown on every front and kept in
 * state.db and the device's log), its line ending kept; and, when the redaction changed it,
 * the digest of the line as written, which the accept's compare-and-swap looks for instead.
 */
export function keptLine(raw: string): { oldLine: string; lineHash?: string } {
  const cr = raw.endsWith("\r") ? "\r" : "";
  const shown = redactNote(cr === "" ? raw : raw.slice(0, -1)) + cr;
  return shown === raw ? { oldLine: raw } : { oldLine: shown, lineHash: contentHash(raw) };
}

/** How the accept finds a proposal's line on disk: by its digest when one was kept, else as it was. */
export function lineMatch(rep: { oldLine: string; lineHash?: string }): LineMatch {
  const hash = rep.lineHash;
  return hash === undefined ? rep.oldLine : (l: string) => contentHash(l) === hash;
}

/** The statement is still on its line of MEMORY.md as it is on disk (the index may be behind the file). */
function lineOf(memory: string[], old: StatementPlace): string | null {
  const raw = memory[old.line - 1];
  if (raw === undefined) return null;
  const said = old.text.endsWith("...") ? old.text.slice(0, -3) : old.text;
  // The index holds the line redacted: a statement with a secret in it is found that way.
  return raw.includes(said) || redactNote(raw).includes(said) ? raw : null;
}

const cite = (p: StatementPlace): ReplaceSide => ({ path: p.path, line: p.line, date: p.date, text: p.text });

function provenanceOf(pair: StalePair, raw: string): Provenance {
  const kept = keptLine(raw);
  return {
    kind: "replace",
    path: pair.old.path,
    startLine: pair.old.line,
    endLine: pair.old.line,
    queries: [],
    signals: { about: pair.about, by: pair.by },
    source: kept.oldLine,
    model: null,
    replace: { ...kept, old: cite(pair.old), current: cite(pair.current), about: pair.about, by: pair.by },
  };
}

export interface ReplaceInput {
  workspace: string;
  /** The proposals' (state) database. */
  db: DB;
  /** The index's statement links. */
  links: readonly StoredLink[];
  now: () => number;
  runId?: number | null;
  rule?: LinkRule;
  /** List what would be proposed; nothing written. */
  dryRun?: boolean;
}

export interface ReplaceProposed {
  id: number | null;
  text: string;
  source: string;
  oldLine: string;
}

/** A pending "replace" proposal for each stale MEMORY.md line not decided before. */
export function proposeReplacements(input: ReplaceInput): ReplaceProposed[] {
  const pairs = stalePairs(input.links, MEMORY_KIND).filter((p) => p.old.path === MEMORY_FILE);
  if (pairs.length === 0) return [];
  const memory = readMemory(input.workspace, input.rule).text.split("\n");
  const store = new ProposalStore(input.db);
  const out: ReplaceProposed[] = [];
  for (const pair of pairs) {
    const raw = lineOf(memory, pair.old);
    if (raw === null) continue;
    const key = replaceKey(raw, pair.current);
    if (store.bySource(key).length > 0) continue;
    const text = replacementText(pair.current);
    const source = `${pair.old.path}:${pair.old.line} (replaced by ${pair.current.path}:${pair.current.line})`;
    const id = input.dryRun ? null : store.add({ createdAt: input.now(), text, sourceKey: key, provenance: provenanceOf(pair, raw), runId: input.runId ?? null });
    out.push({ id, text, source, oldLine: keptLine(raw).oldLine.trim() });
  }
  return out;
}

export const isReplace = (p: Proposal): boolean => p.provenance.kind === "replace" && p.provenance.replace !== undefined;
