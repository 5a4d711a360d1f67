/**
 * SOUL.md on disk and its versions in the state database, kept in step: reading SOUL.md,
 * recording a SOUL a person wrote, committing a new SOUL (version row + file, crash-ordered),
 * rollback, log and diff. Every function takes the open store; none opens the database.
 *
 * Write order (commitSoul), chosen so history never claims a SOUL that was not on disk and
 * nothing a person wrote is lost:
 *   1. if SOUL.md differs from the newest version (hand edits, or no version yet) it is
 *      recorded first, as a version of the person's ('baseline'), in its own transaction;
 *   2. BEGIN IMMEDIATE
 *        insert the new version
 *        swapFile SOUL.md (compare-and-swap against the bytes the caller started from; see
 *          workspace/safe-write.ts: an edit landing at any moment is kept, never overwritten)
 *      COMMIT, or ROLLBACK when the swap found an edit ("changed": the caller writes its SOUL
 *      to SOUL.proposed.md instead)
 * Any failure before the swap rolls the transaction back: SOUL.md and the version list are
 * exactly as before. A kill in the instant between the swap and COMMIT leaves the new
 * SOUL.md without its row (SQLite rolls the uncommitted rows back); the next run sees SOUL.md
 * differ from the newest version and records it as a version then, so the text is never lost
 * and no version points at a file that never existed.
 */
import path from "node:path";
import { contentHash, type NewSoulVersion, type SoulVersion, type SoulVersionStore, type SoulVersionSummary } from "../../store/soul-versions.js";
import { readTemplateFile } from "../../workspace/init.js";
import { swapDir } from "../../workspace/paths.js";
import { isProcessAlive } from "../../shared/process.js";
import { recoverInterruptedSwaps, swapFile, type SwapResult } from "../../workspace/safe-write.js";
import { checkWriteTarget, NO_HARD_LINKS, readWorkspaceFile, refusePrivateTarget, statWorkspacePath, type LinkRule } from "../../workspace/guard.js";
import { unifiedDiff } from "./diff.js";
import { countWords, estimateTokens, normalizeSoul, type VersionForFloor } from "./soul-safety.js";

export const SOUL_FILE = "SOUL.md";
export const SOUL_PROPOSAL_FILE = "SOUL.proposed.md";

export function soulPath(workspace: string): string {
  return path.join(workspace, SOUL_FILE);
}

export interface SoulOnDisk {
  exists: boolean;
  /** "" when the file does not exist. */
  text: string;
  /** sha256 of the file's bytes, or null when it does not exist: the compare-and-swap token. */
  fileHash: string | null;
  /** sha256 of the text, comparable with a version's hash. */
  textHash: string | null;
  /** The file's bytes: what the compare-and-swap compares. */
  bytes: Buffer | null;
}

/**
 * SOUL.md under the workspace's one rule (guard.ts): a link out of the workspace, a second
 * hard link (unless allowed), a FIFO or a device is refused with an error naming it.
 */
export function readSoul(workspace: string, rule: LinkRule = NO_HARD_LINKS): SoulOnDisk {
  const read = readWorkspaceFile(workspace, SOUL_FILE, rule);
  if (read === null) return { exists: false, text: "", fileHash: null, textHash: null, bytes: null };
  refusePrivateTarget(SOUL_FILE, read.realRel);
  const bytes = read.bytes;
  const text = bytes.toString("utf8");
  return { exists: true, text, fileHash: contentHash(bytes), textHash: contentHash(text), bytes };
}

let templateSoulCache: string | null | undefined;

/** The starter SOUL.md that `agent init` copies, or null when the template is not installed. */
export function templateSoul(): string | null {
  if (templateSoulCache === undefined) {
    templateSoulCache = readTemplateFile(SOUL_FILE);
  }
  return templateSoulCache;
}

/** True when `text` is the untouched starter template (line endings and trailing space aside). */
export function isTemplateSoul(text: string): boolean {
  const t = templateSoul();
  return t !== null && normalizeSoul(text) === normalizeSoul(t);
}

/** How SOUL.md is swapped; tests replace it to inject failures and races. */
export type SoulSwap = (file: string, expected: Buffer | null, content: string) => SwapResult;

export interface CommitSoulInput {
  workspace: string;
  store: SoulVersionStore;
  /** SOUL.md as the caller read it (the compare-and-swap's expected bytes). */
  expected: SoulOnDisk;
  content: string;
  version: Omit<NewSoulVersion, "content" | "words" | "tokens" | "createdAt">;
  now: number;
  /** Default swapFile. */
  swap?: SoulSwap;
  /** Replace an empty SOUL.md too (a person's command; see SwapOptions.allowEmpty). */
  allowEmpty?: boolean;
}

export type CommitSoulResult =
  | { ok: true; number: number; baseline?: number; keptEarlier?: string[] }
  | {
      ok: false;
      reason: "changed";
      /** What happened to SOUL.md, in words. */
      detail: string;
      /** A file kept beside SOUL.md holding someone's text, if the swap needed one. */
      kept?: string;
      baseline?: number;
      keptEarlier?: string[];
    };

/** Where SOUL.md's swaps keep their temporary and parked files: inside .agent/, never beside SOUL.md. */
export function soulWorkDir(workspace: string): string {
  return swapDir(workspace);
}

/** Records `content` as the next version and puts it in SOUL.md, in the order documented above. */
export function commitSoul(input: CommitSoulInput): CommitSoulResult {
  const swap = input.swap ?? ((file, expected, content) => swapFile(file, expected, content, { oldIsSaved: true, allowEmpty: input.allowEmpty ?? false, workDir: soulWorkDir(input.workspace) }));
  // SOUL.md linked to another file inside: that file is swapped and the link stays a link.
  const file = checkWriteTarget(input.workspace, soulPath(input.workspace), { allowHardLinks: true });
  recoverInterruptedSwaps(file, soulWorkDir(input.workspace), isProcessAlive);
  const baseline = input.store.transaction(() => recordUserSoulIfNew(input.store, input.expected, input.now));
  let lost: { detail: string; kept?: string } | undefined;
  let keptEarlier: string[] | undefined;
  let number = 0;
  try {
    input.store.transaction(() => {
      number = input.store.insert({
        ...input.version,
        content: input.content,
        words: countWords(input.content),
        tokens: estimateTokens(input.content),
        createdAt: input.now,
      });
      const res = swap(file, input.expected.bytes, input.content);
      if (res.keptEarlier !== undefined && res.keptEarlier.length > 0) keptEarlier = res.keptEarlier;
      if (!res.ok) {
        lost = { detail: res.reason, ...(res.kept !== undefined ? { kept: res.kept } : {}) };
        throw new SwapLost();
      }
    });
  } catch (e) {
    if (!(e instanceof SwapLost)) throw e;
  }
  const extra = { ...(baseline !== undefined ? { baseline } : {}), ...(keptEarlier !== undefined ? { keptEarlier } : {}) };
  if (lost !== undefined) {
    return { ok: false, reason: "changed", detail: lost.detail, ...(lost.kept ? { kept: lost.kept } : {}), ...extra };
  }
  return { ok: true, number, ...extra };
}

/** Thrown inside the transaction to roll the version row back when the swap lost the race. */
class SwapLost extends Error {}

/**
 * Records SOUL.md as a version of the person's ('baseline') when it is not the newest version
 * already: their own SOUL before the first reflection, their hand edits since, a SOUL.md
 * restored by hand. Call inside a transaction. Returns the new version's number.
 */
export function recordUserSoulIfNew(store: SoulVersionStore, cur: SoulOnDisk, now: number, message?: string): number | undefined {
  if (!cur.exists) return undefined;
  const latest = store.latest();
  if (latest !== undefined && latest.hash === cur.textHash) return undefined;
  const known = latest === undefined ? undefined : store.findByHash(cur.textHash!);
  return store.insert({
    createdAt: now,
    content: cur.text,
    words: countWords(cur.text),
    tokens: estimateTokens(cur.text),
    summary:
      message ??
      (latest === undefined
        ? isTemplateSoul(cur.text)
          ? "baseline: the starter SOUL.md, before the first reflection"
          : "baseline: SOUL.md as written by hand, before the first reflection"
        : known !== undefined
          ? `baseline: SOUL.md restored by hand to the text of version ${known}`
          : `baseline: SOUL.md as edited by hand after version ${latest.number}`),
    origin: "baseline",
  });
}

export interface RollbackResult {
  /** The version whose content is now SOUL.md. */
  restoredFrom: number;
  /** The new version recording the rollback; undefined when SOUL.md already had that content. */
  version?: number;
  /** A version recorded first for hand edits that were not in the history yet. */
  baseline?: number;
  unchanged: boolean;
}

/** Restores version `number` as SOUL.md; the restore is itself a new version (origin 'rollback'). */
export function rollbackSoul(opts: {
  workspace: string;
  store: SoulVersionStore;
  number: number;
  now?: () => number;
  swap?: SoulSwap;
}): RollbackResult {
  const now = (opts.now ?? Date.now)();
  const { store } = opts;
  const target = store.get(opts.number);
  if (target === undefined) {
    const n = store.count();
    throw new Error(
      n === 0
        ? `there are no SOUL versions yet: the first \`agent reflect\` records one`
        : `there is no SOUL version ${opts.number} (versions are 1 to ${n}; see \`agent soul log\`)`,
    );
  }
  const cur = readSoul(opts.workspace);
  if (cur.exists && cur.textHash === target.hash) {
    // Already that content: at most record the hand edit that made it so.
    const baseline = store.transaction(() => recordUserSoulIfNew(store, cur, now));
    return { restoredFrom: target.number, unchanged: true, ...(baseline !== undefined ? { baseline } : {}) };
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
      model: null,
    },
    now,
    allowEmpty: true,
    ...(opts.swap ? { swap: opts.swap } : {}),
  });
  if (!res.ok) {
    throw new Error(
      `SOUL.md changed during the rollback (${res.detail}); nothing was replaced${res.kept ? ` (a copy of the edit is in ${path.basename(res.kept)})` : ""} — run it again`,
    );
  }
  return { restoredFrom: target.number, version: res.number, unchanged: false, ...(res.baseline !== undefined ? { baseline: res.baseline } : {}) };
}

export interface SoulLog {
  versions: SoulVersionSummary[];
  /** SOUL.md on disk compared with the history. */
  current: {
    exists: boolean;
    /** The version SOUL.md currently equals (the newest one with its hash), or null. */
    matchesVersion: number | null;
    words: number;
    tokens: number;
  };
  /** A pending proposal beside SOUL.md (compare-and-swap conflict or change budget). */
  proposal: string | null;
}

export function soulLog(workspace: string, store: SoulVersionStore): SoulLog {
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
        tokens: estimateTokens(cur.text),
      },
      proposal: statWorkspacePath(workspace, SOUL_PROPOSAL_FILE) !== null ? SOUL_PROPOSAL_FILE : null,
    };
  }
}

/** A version number, or "current" for SOUL.md as it is on disk. */
export type SoulRef = number | "current";

export function parseSoulRef(text: string): SoulRef {
  const t = text.trim().toLowerCase();
  if (t === "current" || t === "soul.md") return "current";
  const n = Number(t.replace(/^v/, ""));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`"${text}" is not a version number (or "current" for SOUL.md on disk)`);
  return n;
}

export interface SoulDiffResult {
  from: SoulRef;
  to: SoulRef;
  /** Unified diff; "" when both are the same. */
  diff: string;
}

/**
 * Unified diff between two versions. Defaults: no refs = the newest two versions; one ref =
 * that version against the newest.
 */
export function soulDiff(workspace: string, store: SoulVersionStore, a?: SoulRef, b?: SoulRef): SoulDiffResult {
  // Like `git diff`: with no version named, the newest saved version against the file as it
  // is now, so edits not saved yet are what shows; one version: it against the file.
  const latest = store.latest();
  if (a === undefined && latest === undefined) throw new Error("there are no SOUL versions yet: `agent soul save` records SOUL.md as one (the first `agent reflect` does too)");
  const from: SoulRef = a ?? latest!.number;
  const to: SoulRef = b ?? "current";
  const load = (ref: SoulRef): { text: string; label: string } => {
    if (ref === "current") {
      const cur = readSoul(workspace);
      if (!cur.exists) throw new Error(missingSoulMessage(latest?.number ?? null));
      return { text: cur.text, label: `${SOUL_FILE} (on disk)` };
    }
    const v: SoulVersion | undefined = store.get(ref);
    if (v === undefined) throw new Error(`there is no SOUL version ${ref} (see \`agent soul log\`)`);
    return { text: v.content, label: `${SOUL_FILE} version ${v.number} (${new Date(v.createdAt).toISOString().slice(0, 16).replace("T", " ")})` };
  };
  const x = load(from);
  const y = load(to);
  return { from, to, diff: unifiedDiff(x.text, y.text, { fromFile: x.label, toFile: y.label }) };
}

/**
 * What to say when SOUL.md is gone: bring back the person's own SOUL from its versions or a
 * backup. Never `agent init`: that writes the starter template, not theirs.
 */
export function missingSoulMessage(newest: number | null): string {
  return newest === null
    ? `${SOUL_FILE} is missing and no version of it was saved: restore it from a backup`
    : `${SOUL_FILE} is missing: \`agent soul rollback ${newest}\` brings back the newest saved version (\`agent soul log\` lists them all), or restore it from a backup`;
}

/**
 * The history the locked-text floor walks. A SOUL.md that is not the newest version is the
 * person's own (a real run records it as such first; a dry run does not write, so it is
 * treated the same way here): then only its own locked blocks count.
 */
export function versionsForFloor(store: SoulVersionStore, disk: SoulOnDisk): VersionForFloor[] {
  const latest = store.latest();
  if (disk.exists && latest !== undefined && latest.hash !== disk.textHash) return [];
  return store.recent(50).map((v) => ({ number: v.number, content: v.content, byUser: v.author === "user" }));
}
