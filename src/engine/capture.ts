/**
 * Capture: an assistant's turns into `sessions/<harness>-<session>.jsonl`, each harness message
 * once, through the transcript module (workspace/transcripts.ts: the one writer, the rollover,
 * the cursor). A turn costs what it says, not what the whole conversation said:
 *
 *   the assistant's transcript   read from the byte where the last capture stopped (the cursor),
 *                                through the file door (workspace/outside-read.ts)
 *   the dedupe                   against the ids the cursor kept; only when the session's last
 *                                file is not as the cursor left it (another writer, a kill between
 *                                the append and the cursor, a new machine) are they read again
 *                                from sessions/
 *   the import of a store that keeps masked copies (OpenClaw keeps `sk-***` where the turn said
 *   the key): a stored message that is a masked copy of a captured line of the same role is that
 *   line, not a new turn
 */
import { formatCapturedLine, sessionIdFor, type HarnessName, type HarnessTurn, type Provenance } from "../workspace/harness-turns.js";
import { readOutsideLines, type OutsideFile, type OutsideRead } from "../workspace/outside-read.js";
import type { SessionKind } from "../workspace/sessions.js";
import { readCaptureCursor, withTranscript, writeCaptureCursor, type CaptureCursor, type SessionTranscript, type TranscriptOptions } from "../workspace/transcripts.js";

export interface CaptureResult {
  /** Workspace-relative transcript path (its last file). */
  file: string;
  /** The transcript's session id (`<harness>-<session>`). */
  session: string;
  appended: number;
  /** Turns that were there already (same harness message id). */
  already: number;
  /** What the capture read: bytes of the assistant's transcript, bytes of sessions/, and whether it went on from the cursor. */
  cost: { transcriptBytes: number; sessionBytes: number; resumed: boolean };
}

export interface CaptureInput {
  harness: HarnessName;
  session: string;
  provenance: Provenance;
  /** ISO time for a turn the harness did not stamp. */
  fallbackTime: string;
  /** Stored copies may be masked (`***`): tell them apart by text from what was captured (import). */
  maskedCopies?: (stored: string, captured: string) => boolean;
  /** The session's kind (default main), written on each line: only a main session's lines feed the person's memory. */
  kind?: SessionKind;
}

/** An assistant's transcript lines → turns; `firstLine` numbers the first line given (a read from an offset). Its adapter's. */
export type TranscriptLinesReader = (lines: Iterable<string>, firstLine: number) => HarnessTurn[];

/** Where to start: a byte offset at a line boundary and the number of lines before it. */
interface TranscriptStart {
  bytes: number;
  lines: number;
}

/**
 * The turns in the lines appended since where `resume` says the last read stopped (it sees the
 * opened file: undefined, or a start past its size, reads the whole file), through the file door.
 */
function readTranscriptFrom(read: TranscriptLinesReader, file: string, resume: (f: OutsideFile) => TranscriptStart | undefined, onRead?: (bytes: number) => void): OutsideRead<HarnessTurn[]> & { firstLine: number } {
  let start: TranscriptStart | undefined;
  let firstLine = 1;
  const r = readOutsideLines(
    file,
    onRead ? { onRead } : {},
    (f) => {
      start = resume(f);
      return start?.bytes ?? 0;
    },
    (lines, from) => {
      firstLine = from > 0 && start !== undefined ? start.lines + 1 : 1;
      return read(lines, firstLine);
    },
  );
  return { ...r, firstLine };
}

/** Whether the cursor still describes the session's last file (then its ids are the dedupe set). */
function fits(t: SessionTranscript, c: CaptureCursor | null): c is CaptureCursor {
  if (c === null) return false;
  const cur = t.current();
  return c.file === cur.rel && c.size === cur.size;
}

/** The given turns that are not in the session yet, appended; the cursor kept up to date. */
export function captureTurns(workspace: string, opts: TranscriptOptions, input: CaptureInput, turns: readonly HarnessTurn[]): CaptureResult {
  const session = sessionIdFor(input.harness, input.session);
  return withTranscript(workspace, session, opts, (t) => {
    const cursor = readCaptureCursor(workspace, session);
    const resumed = fits(t, cursor);
    const seen = resumed ? new Set(cursor.ids) : t.ids();
    const unmasked = input.maskedCopies ? withoutMaskedCopies(t, turns, seen, input.maskedCopies) : turns;
    const fresh = unmasked.some((x) => x.byWords === true && !isSeen(x, seen)) ? withoutEarlierCopies(t, unmasked, seen) : unmasked;
    const r = appendNew(t, input, fresh, seen);
    const keep = cursor !== null ? { source: cursor.source, dev: cursor.dev, ino: cursor.ino, bytes: cursor.bytes, lines: cursor.lines, turns: cursor.turns } : { bytes: 0, lines: 0, turns: 0 };
    writeCaptureCursor(workspace, session, { ...clean(keep), file: r.file, size: r.size, ids: [...seen] });
    return { file: r.file, session, appended: r.appended, already: r.already + (turns.length - fresh.length), cost: { transcriptBytes: 0, sessionBytes: t.io.sessionBytesRead, resumed } };
  });
}

/** An assistant's transcript file: only the lines appended since the last capture are read. */
export function captureFile(workspace: string, opts: TranscriptOptions, input: CaptureInput, file: string, reader: TranscriptLinesReader, onRead?: (bytes: number) => void): CaptureResult {
  const session = sessionIdFor(input.harness, input.session);
  return withTranscript(workspace, session, opts, (t) => {
    const cursor = readCaptureCursor(workspace, session);
    const sameFile = (f: { real: string; dev: number; ino: number; size: number }) => cursor !== null && cursor.source === f.real && cursor.dev === f.dev && cursor.ino === f.ino && cursor.bytes <= f.size;
    const read = readTranscriptFrom(reader, file, (f) => (sameFile(f) ? { bytes: cursor!.bytes, lines: cursor!.lines } : undefined), onRead);
    const resumed = read.from > 0;
    const seen = fits(t, cursor) ? new Set(cursor.ids) : t.ids();
    const r = appendNew(t, input, read.value, seen);
    writeCaptureCursor(workspace, session, {
      source: read.real,
      dev: read.dev,
      ino: read.ino,
      bytes: read.stats.end,
      lines: read.firstLine - 1 + read.stats.lines + read.stats.skipped,
      turns: (resumed ? (cursor?.turns ?? 0) : 0) + read.value.length,
      file: r.file,
      size: r.size,
      ids: [...seen],
    });
    return { file: r.file, session, appended: r.appended, already: r.already, cost: { transcriptBytes: read.stats.bytesRead, sessionBytes: t.io.sessionBytesRead, resumed } };
  });
}

/** The compaction marker (unless the session's last line is one), the cursor moved along with it. */
export function markCompaction(workspace: string, opts: TranscriptOptions, session: string, ts: string): boolean {
  return withTranscript(workspace, session, opts, (t) => {
    const cursor = readCaptureCursor(workspace, session);
    const fitted = fits(t, cursor);
    const marked = t.markCompaction(ts);
    if (marked && fitted) {
      const cur = t.current();
      writeCaptureCursor(workspace, session, { ...cursor, file: cur.rel, size: cur.size });
    }
    return marked;
  });
}

function isSeen(turn: HarnessTurn, seen: Set<string>): boolean {
  return seen.has(turn.id) || (turn.legacyId !== undefined && seen.has(turn.legacyId));
}

/**
 * The earlier messages a harness hands over again with a new id (OpenClaw's context, stamped
 * anew by a new process) are matched by their words against the session's lines, in step from
 * the end backwards: the last of them must be the line just before this turn's, the one before
 * it the line before that, and so on. A match is the captured turn (its new id is learnt, so the
 * next capture in this process needs no reading); at the first mismatch the steps stop (a turn
 * an earlier capture missed, or a compaction's older context), and what is left is written.
 */
function withoutEarlierCopies(t: SessionTranscript, turns: readonly HarnessTurn[], seen: Set<string>): HarnessTurn[] {
  const lines = t.lines();
  const byId = new Map<string, number>();
  lines.forEach((l, i) => {
    if (l.id !== undefined) byId.set(l.id, i);
  });
  const drop = new Set<HarnessTurn>();
  // Before the turn that just ended, when it is in the session already (the same list handed over again).
  let p = lines.length;
  for (const x of turns) if (x.byWords !== true) p = Math.min(p, byId.get(x.id) ?? p);
  let inStep = true;
  for (let k = turns.length - 1; k >= 0; k--) {
    const turn = turns[k]!;
    if (turn.byWords !== true) continue;
    if (isSeen(turn, seen)) {
      const at = byId.get(turn.id);
      if (at !== undefined) {
        p = at;
        inStep = true;
      }
      continue;
    }
    const line = lines[p - 1];
    if (inStep && line !== undefined && line.role === turn.role && line.content === turn.text) {
      p--;
      drop.add(turn);
      seen.add(turn.id);
    } else inStep = false;
  }
  return turns.filter((x) => !drop.has(x));
}

function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function appendNew(t: SessionTranscript, input: CaptureInput, turns: readonly HarnessTurn[], seen: Set<string>): { appended: number; already: number; file: string; size: number } {
  let text = "";
  let appended = 0;
  let already = 0;
  for (const turn of turns) {
    // A turn captured by an earlier version under the id it gave then is the same turn.
    if (seen.has(turn.id) || (turn.legacyId !== undefined && seen.has(turn.legacyId))) {
      already++;
      continue;
    }
    seen.add(turn.id);
    if (turn.text.trim() === "") continue;
    text += formatCapturedLine(turn, input.harness, input.provenance, input.fallbackTime, input.kind ?? "main");
    appended++;
  }
  const w = t.append(text);
  return { appended, already, file: w.file, size: w.size };
}

/**
 * The turns whose id is new and that are not a (masked) copy of a captured line of the same
 * role: each captured line stands for one stored message at most, in order, so a message said
 * twice is kept twice.
 */
function withoutMaskedCopies(t: SessionTranscript, turns: readonly HarnessTurn[], seen: Set<string>, same: (stored: string, captured: string) => boolean): HarnessTurn[] {
  const lines = t.lines();
  const claimed = new Set<number>();
  const byId = new Map<string, number>();
  lines.forEach((l, i) => {
    if (l.id !== undefined) byId.set(l.id, i);
  });
  for (const turn of turns) {
    const i = byId.get(turn.id);
    if (i !== undefined) claimed.add(i);
  }
  const out: HarnessTurn[] = [];
  for (const turn of turns) {
    if (seen.has(turn.id) || (turn.legacyId !== undefined && seen.has(turn.legacyId))) {
      out.push(turn);
      continue;
    }
    const i = lines.findIndex((l, k) => !claimed.has(k) && l.role === turn.role && same(turn.text, l.content));
    if (i === -1) out.push(turn);
    else claimed.add(i);
  }
  return out;
}
