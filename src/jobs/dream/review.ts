/**
 * The person's side of dreaming: list proposals, accept (one, several, all; optionally with
 * their own wording), reject with a reason (the source and the fact are never proposed
 * again), undo an accept, roll MEMORY.md back to a version. Nothing reaches MEMORY.md but
 * through here (auto-accept calls the same accept).
 */
import path from "node:path";
import { sleepSync } from "../../shared/sleep.js";
import { contentHash } from "../../store/soul-versions.js";
import type { DB } from "../../store/open.js";
import { MemoryVersionStore, ProposalStore, type MemoryVersion, type Proposal } from "../../store/dream-proposals.js";
import type { LinkRule } from "../../workspace/guard.js";
import { isReplace, lineMatch, replacedLine, swapLine } from "./replace.js";
import { appendUnderSection, changeMemory, hasFactInSection, readMemory, removeFactLine, type MemorySwap } from "./memory-file.js";

export interface ReviewInput {
  workspace: string;
  db: DB;
  now: () => number;
  /** dream.section */
  section: string;
  /** A person's command may replace an empty MEMORY.md; the nightly auto-accept may not. */
  byPerson: boolean;
  /** What a session loads of MEMORY.md (context.perFileChars): an accept that grows it past this says so. */
  maxChars?: number;
  swap?: MemorySwap;
  /** index.allowHardLinks: MEMORY.md with several hard links is refused unless allowed. */
  rule?: LinkRule;
}

export interface AcceptResult {
  accepted: { id: number; text: string }[];
  /** The MEMORY.md version the accept made. */
  version: number | null;
  /** A version recorded first for hand edits not in the history yet. */
  baseline?: number;
  /** MEMORY.md grew past what a session loads of it, and the like. */
  warnings: string[];
  /**
   * When MEMORY.md was last read and held every accepted line (the clock's ms), the last thing
   * an accept of new lines does: a save that lands after it (an editor writing back the text it
   * loaded before the accept) is past what this accept can see, and no success covers it.
   */
  confirmedAt?: number;
}

export class ProposalNotFoundError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = "ProposalNotFoundError";
  }
}

/** The pending proposals named (or all pending ones for "all"); refuses ids that are not pending. */
function pendingOf(store: ProposalStore, ids: number[] | "all"): Proposal[] {
  if (ids === "all") return store.list("pending").reverse();
  if (ids.length === 0) throw new ProposalNotFoundError("name the proposals to act on (ids from `agent dream review`), or all");
  return ids.map((id) => {
    const p = store.get(id);
    if (p === undefined) throw new ProposalNotFoundError(`there is no proposal #${id} (see \`agent dream review\`)`);
    if (p.status !== "pending") throw new ProposalNotFoundError(`proposal #${id} was already ${p.status}${p.reason ? ` (${p.reason})` : ""}`);
    return p;
  });
}

/** One line, not empty, no heading: what a person's edit of a proposal must be. */
function checkEdit(text: string): string {
  const t = text.replace(/\s+/g, " ").trim().replace(/^[-*+]\s+/, "");
  if (t === "") throw new RangeError("the edited fact is empty; give the line to write, or accept it as proposed");
  if (/^#/.test(t)) throw new RangeError("the edited fact starts with # (a heading); give a plain sentence");
  return t;
}

/** How many times accepted lines an editor saved over are written again before accept gives up. */
const FINAL_CHECKS = 3;
/** An editor between its truncate and its write: looked at again after this. */
const MID_SAVE_MS = 25;

/**
 * Whether every accepted line is in MEMORY.md now (looked at twice when not: an editor may be
 * mid-save), with the time taken just before the read that decided, and MEMORY.md's size then.
 */
function factsHold(i: ReviewInput, missing: (text: string) => string[]): { holds: boolean; readAt: number; size: number } {
  const look = () => {
    const readAt = i.now();
    const text = readMemory(i.workspace, i.rule).text;
    return { holds: missing(text).length === 0, readAt, size: text.length };
  };
  const first = look();
  if (first.holds) return first;
  sleepSync(MID_SAVE_MS);
  return look();
}

export function acceptProposals(i: ReviewInput, ids: number[] | "all", edit?: string): AcceptResult {
  const store = new ProposalStore(i.db);
  const chosen = pendingOf(store, ids);
  if (edit !== undefined && chosen.length !== 1) throw new RangeError("an edit applies to one proposal: name exactly one id");
  const replaces = chosen.filter(isReplace);
  const res = acceptLines(i, store, chosen.filter((p) => !isReplace(p)), edit);
  for (const p of replaces) {
    try {
      const r = acceptReplacement(i, store, p, edit);
      res.accepted.push({ id: p.id, text: r.text });
      res.version = r.version ?? res.version;
    } catch (e) {
      // One proposal named: its refusal is the answer. Several: the others still go in.
      if (chosen.length === 1) throw e;
      res.warnings.push(`#${p.id} was not accepted: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return res;
}

/**
 * Swaps the one MEMORY.md line a "replace" proposal names for its new text, by the same
 * compare-and-swap as every accept. The line must still be as it was when proposed: a hand
 * edit of it meanwhile (or its removal) refuses the accept and changes nothing.
 */
function acceptReplacement(i: ReviewInput, store: ProposalStore, p: Proposal, edit?: string): { text: string; version: number | null } {
  const rep = p.provenance.replace!;
  const text = edit !== undefined ? checkEdit(edit) : p.text;
  const next = replacedLine(rep.oldLine, text);
  const now = i.now();
  const res = changeMemory({
    workspace: i.workspace,
    store: new MemoryVersionStore(i.db),
    now,
    change: (cur) => {
      const out = swapLine(cur.text, lineMatch(rep), rep.old.line, next);
      if (out === null) throw new RangeError(`MEMORY.md no longer has the line "${rep.oldLine.trim()}" as it was when proposal #${p.id} was made (edited or moved since?); nothing was changed — edit MEMORY.md by hand, or reject #${p.id}`);
      return out;
    },
    holds: (cur) => cur.text.split("\n").includes(next),
    origin: "dream",
    summary: `accepted dream proposal #${p.id} (replaced MEMORY.md line ${rep.old.line})`,
    allowEmpty: i.byPerson,
    ...(i.swap ? { swap: i.swap } : {}),
    ...(i.rule ? { rule: i.rule } : {}),
  });
  if (!res.ok) throw new Error(`MEMORY.md: ${res.reason}${res.kept ? ` (a copy of the edit is in ${res.kept})` : ""}; nothing was accepted`);
  store.accept(p.id, text, res.version, now);
  return { text, version: res.version };
}

function acceptLines(i: ReviewInput, store: ProposalStore, chosen: Proposal[], edit?: string): AcceptResult {
  if (chosen.length === 0) return { accepted: [], version: null, warnings: [] };
  const texts = chosen.map((p) => (edit !== undefined ? checkEdit(edit) : p.text));
  const versions = new MemoryVersionStore(i.db);
  const now = i.now();
  // A line already in the dream's section is not written again: an accept killed after its
  // swap but before the proposal was marked left it there, and the next accept finishes it.
  const missing = (text: string) => [...new Set(texts)].filter((t) => !hasFactInSection(text, i.section, t));
  // Written again after an editor's save: MEMORY.md had text (the accept's own, at least), so an
  // empty file then is that editor mid-save, waited for instead of replaced.
  const apply = (again: boolean) => {
    const r = changeMemory({
      workspace: i.workspace,
      store: versions,
      now,
      change: (cur) => {
        const add = missing(cur.text);
        return add.length === 0 ? null : appendUnderSection(cur.text, i.section, add);
      },
      holds: (cur) => missing(cur.text).length === 0,
      origin: "dream",
      summary: `accepted dream proposal${chosen.length > 1 ? "s" : ""} ${chosen.map((p) => `#${p.id}`).join(", ")}`,
      allowEmpty: i.byPerson && !again,
      hadText: again,
      ...(i.swap ? { swap: i.swap } : {}),
      ...(i.rule ? { rule: i.rule } : {}),
    });
    if (!r.ok) throw new Error(`MEMORY.md: ${r.reason}${r.kept ? ` (a copy of the edit is in ${r.kept})` : ""}; nothing was accepted`);
    return r;
  };
  const res = apply(false);
  i.db.transaction(() => chosen.forEach((p, k) => store.accept(p.id, texts[k]!, res.version, now)))();
  // Looked at once more, last, before success is reported: an editor that loaded MEMORY.md
  // before the swap and saved in place after the swap's own check wrote over the lines; they
  // are written again on the editor's text (their proposals stay accepted: the facts are in).
  let last = factsHold(i, missing);
  try {
    for (let again = 0; !last.holds; again++) {
      if (again === FINAL_CHECKS) throw new Error("MEMORY.md: an editor kept saving over the accepted lines; nothing was accepted");
      apply(true);
      last = factsHold(i, missing);
    }
  } catch (e) {
    // The lines are not in the file: their proposals wait again rather than claim otherwise.
    i.db.transaction(() => chosen.forEach((p) => store.reopen(p.id)))();
    throw new Error(`${e instanceof Error ? e.message : String(e)} (the proposals wait again: accept them when the editor is closed)`);
  }
  const size = last.size;
  const warnings =
    i.maxChars !== undefined && size > i.maxChars
      ? [`MEMORY.md is now ${size} characters, more than the ${i.maxChars} a session loads of it (context.perFileChars): its end is cut from the prompt — trim it, or raise the setting`]
      : [];
  for (const k of res.kept ?? []) warnings.push(`an edit that reached MEMORY.md while it was being changed is kept in ${path.relative(i.workspace, k)}: compare it with MEMORY.md`);
  const baseline = res.baseline !== undefined ? { baseline: res.baseline } : {};
  return { accepted: chosen.map((p, k) => ({ id: p.id, text: texts[k]! })), version: res.version, warnings, ...baseline, confirmedAt: last.readAt };
}

export function rejectProposals(i: Pick<ReviewInput, "db" | "now">, ids: number[] | "all", reason: string): { rejected: number[] } {
  const store = new ProposalStore(i.db);
  const chosen = pendingOf(store, ids);
  const why = reason.trim() === "" ? "(no reason given)" : reason.trim();
  const at = i.now();
  i.db.transaction(() => chosen.forEach((p) => store.reject(p.id, why, at)))();
  return { rejected: chosen.map((p) => p.id) };
}

export interface UndoResult {
  id: number;
  text: string;
  version: number | null;
}

/**
 * The line a replacement swapped out, as the person wrote it: a proposal keeps it redacted when
 * it held a secret, so it is read back from MEMORY.md's versions (the newest one holding a line
 * of that digest), never written back as its placeholder. Null when no version holds it.
 */
function writtenLine(db: DB, rep: { oldLine: string; lineHash?: string }): string | null {
  const hash = rep.lineHash;
  if (hash === undefined) return rep.oldLine;
  for (const v of new MemoryVersionStore(db).list().reverse()) {
    const hit = v.content.split("\n").find((l) => contentHash(l) === hash);
    if (hit !== undefined) return hit;
  }
  return null;
}

/** Takes an accepted fact back out of MEMORY.md (the newest accept, or the one named); the proposal waits again. */
export function undoAccept(i: ReviewInput, id?: number): UndoResult {
  const store = new ProposalStore(i.db);
  const p = id !== undefined ? store.get(id) : store.list("accepted").sort((a, b) => (b.decidedAt ?? 0) - (a.decidedAt ?? 0))[0];
  if (p === undefined) throw new ProposalNotFoundError(id !== undefined ? `there is no proposal #${id}` : "no accepted proposal to undo");
  if (p.status !== "accepted") throw new ProposalNotFoundError(`proposal #${p.id} is ${p.status}, not accepted`);
  const line = p.finalText ?? p.text;
  const rep = p.provenance.replace;
  const res = changeMemory({
    workspace: i.workspace,
    store: new MemoryVersionStore(i.db),
    now: i.now(),
    change: (cur) => {
      // A replacement is undone by putting the old line back where the new one is.
      if (isReplace(p) && rep) {
        const old = writtenLine(i.db, rep);
        if (old === null) throw new RangeError(`MEMORY.md's versions no longer hold the line proposal #${p.id} replaced (it held a secret, which a proposal never keeps); nothing to undo — \`agent dream rollback N\` to the version before the accept`);
        const back = swapLine(cur.text, replacedLine(rep.oldLine, line), rep.old.line, old);
        if (back === null) throw new RangeError(`MEMORY.md no longer has the line "${line}" that proposal #${p.id} wrote (edited by hand?); nothing to undo — edit MEMORY.md, or \`agent dream rollback N\``);
        return back;
      }
      const next = removeFactLine(cur.text, line, i.section);
      if (next === null) throw new RangeError(`MEMORY.md no longer has the line "${line}" under "${i.section}" (moved or edited by hand?); nothing to undo — edit MEMORY.md, or \`agent dream rollback N\``);
      return next;
    },
    origin: "rollback",
    summary: `undid the accept of dream proposal #${p.id}`,
    allowEmpty: true,
    ...(i.swap ? { swap: i.swap } : {}),
    ...(i.rule ? { rule: i.rule } : {}),
  });
  if (!res.ok) throw new Error(`MEMORY.md: ${res.reason}; nothing was undone`);
  store.reopen(p.id);
  return { id: p.id, text: line, version: res.version };
}

/** Restores MEMORY.md version `n`; the restore is itself a version (and MEMORY.md as it was is recorded first). */
export function rollbackMemory(i: ReviewInput, n: number): { restoredFrom: number; version: number | null } {
  const versions = new MemoryVersionStore(i.db);
  const target = versions.get(n);
  if (target === undefined) throw new ProposalNotFoundError(`there is no MEMORY.md version ${n} (see \`agent dream versions\`)`);
  const res = changeMemory({
    workspace: i.workspace,
    store: versions,
    now: i.now(),
    change: (cur) => (cur.text === target.content ? null : target.content),
    origin: "rollback",
    summary: `rollback to version ${n}`,
    restoredFrom: n,
    allowEmpty: true,
    ...(i.swap ? { swap: i.swap } : {}),
    ...(i.rule ? { rule: i.rule } : {}),
  });
  if (!res.ok) throw new Error(`MEMORY.md: ${res.reason}; nothing was restored`);
  return { restoredFrom: n, version: res.version };
}

export function memoryVersions(db: DB): Omit<MemoryVersion, "content">[] {
  return new MemoryVersionStore(db).list().map(({ content: _c, ...v }) => v);
}
