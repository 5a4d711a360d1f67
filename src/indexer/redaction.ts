/**
 * The index's part in keeping secrets out: no transcript text reaches the index unredacted,
 * and the transcripts themselves are redacted in place (src/workspace/redact-sessions.ts):
 * every one once per version of the rules (what an earlier engine captured), then each one
 * the indexer reads because it changed. The tally is kept in the index's meta for
 * `agent doctor`.
 */
import { createHash } from "node:crypto";
import type { IndexStore } from "../store/index-store.js";
import { redactJsonLines } from "../shared/redact.js";
import type { LinkRule } from "../workspace/guard.js";
import { redactAllSessions, redactSessionFile, type SessionRedaction } from "../workspace/redact-sessions.js";

/** Bump when REDACTION_RULES change: every transcript is looked at again on the next pass. */
export const REDACTION_RULES_VERSION = 3;

const META_KEY = "redaction";

export interface RedactionTally {
  /** The rules version the whole of sessions/ was last swept with. */
  version: number;
  /** Transcripts rewritten with secrets replaced, since the index was built. */
  files: number;
  secrets: number;
  /** When the last secret was redacted (ms since epoch), or null. */
  at: number | null;
  /** A transcript that could not be rewritten, the latest one. */
  problem?: string;
}

export function readRedactionTally(store: IndexStore): RedactionTally | undefined {
  const raw = store.getMeta(META_KEY);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as RedactionTally;
  } catch {
    return undefined;
  }
}

function record(store: IndexStore, results: readonly SessionRedaction[], now: number, version?: number): void {
  const prev = readRedactionTally(store) ?? { version: 0, files: 0, secrets: 0, at: null };
  const done = results.filter((r) => r.secrets > 0);
  const problem = results.find((r) => r.problem !== undefined)?.problem;
  if (done.length === 0 && problem === undefined && version === undefined) return;
  const next: RedactionTally = {
    version: version ?? prev.version,
    files: prev.files + done.length,
    secrets: prev.secrets + done.reduce((n, r) => n + r.secrets, 0),
    at: done.length > 0 ? now : prev.at,
    ...(problem !== undefined ? { problem } : {}),
  };
  store.setMeta(META_KEY, JSON.stringify(next));
}

/**
 * Transcript texts one pass already found to hold no secret, by their sha256 (a hash, not the
 * texts: a year of history is tens of MB). The sweep finds every transcript clean or not just
 * before the indexer reads the same files; the indexer then redacts only a text that is not
 * exactly one of these (a file appended to in between reads as another text, and is redacted).
 */
export class CleanTexts {
  private readonly hashes = new Set<string>();

  private static key(text: string): string {
    return createHash("sha256").update(text).digest("base64");
  }

  add(text: string): void {
    this.hashes.add(CleanTexts.key(text));
  }

  has(text: string): boolean {
    return this.hashes.size > 0 && this.hashes.has(CleanTexts.key(text));
  }
}

/**
 * Once per rules version: every transcript redacted in place. Cheap otherwise (one meta read).
 * The texts it found clean go into `clean`, for the same pass's reads.
 */
export function sweepSessions(workspace: string, store: IndexStore, rule: LinkRule, now: number, clean?: CleanTexts): void {
  if ((readRedactionTally(store)?.version ?? 0) === REDACTION_RULES_VERSION) return;
  record(store, redactAllSessions(workspace, rule, clean && ((text) => clean.add(text))), now, REDACTION_RULES_VERSION);
}

/**
 * A transcript's text as the index may hold it: redacted. When it had secrets the file is
 * redacted in place too (the next pass then reads the clean file). A text this pass's sweep
 * already found clean is returned as it is.
 */
export function redactedTranscript(workspace: string, rel: string, text: string, store: IndexStore, rule: LinkRule, now: number, clean?: CleanTexts): string {
  if (clean?.has(text)) return text;
  const r = redactJsonLines(text);
  if (r.count === 0) return text;
  record(store, [redactSessionFile(workspace, rel, rule)], now);
  return r.text;
}
