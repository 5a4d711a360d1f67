/**
 * SOUL.md on disk and its versions in the state database, kept in step: reading SOUL.md,
 * committing a new SOUL (version row + file, crash-ordered), rollback, log and diff.
 *
 * Write order (commitSoul), chosen so history never claims a SOUL that was not on disk:
 *   BEGIN IMMEDIATE
 *     re-read SOUL.md; if its hash is not the one the caller started from -> roll back, report
 *       "changed" (compare-and-swap: a hand edit made meanwhile is never overwritten)
 *     if SOUL.md differs from the newest version (hand edits, or no version yet) -> insert it
 *       as a 'baseline' version first, so a rollback can always restore what the person had
 *     insert the new version
 *     atomicWrite SOUL.md (temp file + fsync + rename)
 *   COMMIT
 * Any failure before the rename rolls the transaction back: SOUL.md and the version list are
 * exactly as before. A kill in the instant between the rename and COMMIT leaves the new
 * SOUL.md without its row (SQLite rolls the uncommitted rows back); the next commit or
 * rollback sees SOUL.md differ from the newest version and records it as a 'baseline' then,
 * so the text is never lost and no version points at a file that never existed.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { openStateDb } from "../../store/state.js";
import { contentHash, SoulVersionStore, type NewSoulVersion, type SoulVersion, type SoulVersionSummary } from "../../store/soul-versions.js";
import { templateDir } from "../../workspace/init.js";
import { stateDbPath } from "../../workspace/paths.js";
import { atomicWrite } from "../../workspace/safe-write.js";
import { unifiedDiff } from "./diff.js";
import { countWords, estimateTokens, normalizeSoul } from "./soul-safety.js";

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
}

export function readSoul(workspace: string): SoulOnDisk {
  const file = soulPath(workspace);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { exists: false, text: "", fileHash: null, textHash: null };
    throw e;
  }
  const text = bytes.toString("utf8");
  return { exists: true, text, fileHash: contentHash(bytes), textHash: contentHash(text) };
}

let templateSoulCache: string | null | undefined;

/** The starter SOUL.md that `agent init` copies, or null when the template is not installed. */
export function templateSoul(): string | null {
  if (templateSoulCache === undefined) {
    const file = path.join(templateDir(), SOUL_FILE);
    templateSoulCache = existsSync(file) ? readFileSync(file, "utf8") : null;
  }
  return templateSoulCache;
}

/** True when `text` is the untouched starter template (line endings and trailing space aside). */
export function isTemplateSoul(text: string): boolean {
  const t = templateSoul();
  return t !== null && normalizeSoul(text) === normalizeSoul(t);
}

/** A store over the workspace's state database; close it with `history.close()`. */
export interface SoulHistory {
  store: SoulVersionStore;
  close(): void;
}

/**
 * Opens the workspace's state database. With `ifExists`, a workspace that has none gets an
 * empty in-memory one instead (dry runs and read-only commands create no files).
 */
export function openSoulHistory(workspace: string, opts: { ifExists?: boolean } = {}): SoulHistory {
  const file = stateDbPath(workspace);
  const db = opts.ifExists && !existsSync(file) ? openStateDb(":memory:") : openStateDb(file);
  return { store: new SoulVersionStore(db), close: () => db.close() };
}

export interface CommitSoulInput {
  workspace: string;
  store: SoulVersionStore;
  /** SOUL.md's fileHash when the caller read it (null: it did not exist). */
  expectedFileHash: string | null;
  content: string;
  version: Omit<NewSoulVersion, "content" | "words" | "tokens" | "createdAt">;
  now: number;
  /** How SOUL.md is written; tests inject failures here. Default atomicWrite. */
  writeFile?: (file: string, content: string) => void;
}

export type CommitSoulResult =
  | { ok: true; number: number; baseline?: number }
  | { ok: false; reason: "changed" };

/** Records `content` as the next version and puts it in SOUL.md, in the order documented above. */
export function commitSoul(input: CommitSoulInput): CommitSoulResult {
  const write = input.writeFile ?? atomicWrite;
  const file = soulPath(input.workspace);
  return input.store.transaction((): CommitSoulResult => {
    const cur = readSoul(input.workspace);
    if (cur.fileHash !== input.expectedFileHash) return { ok: false, reason: "changed" };
    const baseline = recordBaselineIfNeeded(input.store, cur, input.now);
    const number = input.store.insert({
      ...input.version,
      content: input.content,
      words: countWords(input.content),
      tokens: estimateTokens(input.content),
      createdAt: input.now,
    });
    write(file, input.content);
    return baseline === undefined ? { ok: true, number } : { ok: true, number, baseline };
  });
}

/**
 * Records SOUL.md as a 'baseline' version when it is not the newest version already (the
 * first reflection, or hand edits since). Call inside a transaction.
 */
export function recordBaselineIfNeeded(store: SoulVersionStore, cur: SoulOnDisk, now: number): number | undefined {
  if (!cur.exists) return undefined;
  const latest = store.latest();
  if (latest !== undefined && latest.hash === cur.textHash) return undefined;
  return store.insert({
    createdAt: now,
    content: cur.text,
    words: countWords(cur.text),
    tokens: estimateTokens(cur.text),
    summary:
      latest === undefined
        ? isTemplateSoul(cur.text)
          ? "baseline: the starter SOUL.md, before the first reflection"
          : "baseline: SOUL.md as it was before the first reflection"
        : `baseline: SOUL.md as edited by hand after version ${latest.number}`,
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
  number: number;
  now?: () => number;
  writeFile?: (file: string, content: string) => void;
}): RollbackResult {
  const now = (opts.now ?? Date.now)();
  // No state database means no versions: fail below without creating one.
  const history = openSoulHistory(opts.workspace, { ifExists: true });
  try {
    const { store } = history;
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
      const baseline = store.transaction(() => recordBaselineIfNeeded(store, cur, now));
      return { restoredFrom: target.number, unchanged: true, ...(baseline !== undefined ? { baseline } : {}) };
    }
    const res = commitSoul({
      workspace: opts.workspace,
      store,
      expectedFileHash: cur.fileHash,
      content: target.content,
      version: {
        summary: `rollback to version ${target.number}`,
        origin: "rollback",
        restoredFrom: target.number,
        model: null,
      },
      now,
      ...(opts.writeFile ? { writeFile: opts.writeFile } : {}),
    });
    if (!res.ok) throw new Error("SOUL.md changed during the rollback; nothing was written — run it again");
    return { restoredFrom: target.number, version: res.number, unchanged: false, ...(res.baseline !== undefined ? { baseline: res.baseline } : {}) };
  } finally {
    history.close();
  }
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

export function soulLog(workspace: string): SoulLog {
  const history = openSoulHistory(workspace, { ifExists: true });
  try {
    const versions = history.store.list();
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
      proposal: existsSync(path.join(workspace, SOUL_PROPOSAL_FILE)) ? SOUL_PROPOSAL_FILE : null,
    };
  } finally {
    history.close();
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
export function soulDiff(workspace: string, a?: SoulRef, b?: SoulRef): SoulDiffResult {
  const history = openSoulHistory(workspace, { ifExists: true });
  try {
    const { store } = history;
    let from = a;
    let to = b;
    if (from === undefined) {
      const recent = store.recent(2);
      if (recent.length < 2) {
        throw new Error(
          recent.length === 0
            ? "there are no SOUL versions yet: the first `agent reflect` records one"
            : "there is only one SOUL version: compare it with SOUL.md on disk with `agent soul diff 1 current`",
        );
      }
      from = recent[1]!.number;
      to = recent[0]!.number;
    } else if (to === undefined) {
      const latest = store.latest();
      if (latest === undefined) throw new Error("there are no SOUL versions yet: the first `agent reflect` records one");
      to = latest.number;
    }
    const load = (ref: SoulRef): { text: string; label: string } => {
      if (ref === "current") {
        const cur = readSoul(workspace);
        return { text: cur.text, label: `${SOUL_FILE} (on disk)` };
      }
      const v: SoulVersion | undefined = store.get(ref);
      if (v === undefined) throw new Error(`there is no SOUL version ${ref} (see \`agent soul log\`)`);
      return { text: v.content, label: `${SOUL_FILE} version ${v.number} (${new Date(v.createdAt).toISOString().slice(0, 16).replace("T", " ")})` };
    };
    const x = load(from);
    const y = load(to!);
    return { from, to: to!, diff: unifiedDiff(x.text, y.text, { fromFile: x.label, toFile: y.label }) };
  } finally {
    history.close();
  }
}
