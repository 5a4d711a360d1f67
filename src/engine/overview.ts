/**
 * The engine's overview of the notes, for a person looking at the workspace (the web page):
 * which days have daily notes and how much is in them, the files changed last, and the index's
 * health. Read from the index, never from a scan of note contents; only `health` stats files.
 */
import { statWorkspacePath } from "../workspace/guard.js";
import path from "node:path";
import { dataVersion } from "../store/data-version.js";
import type { DB } from "../store/open.js";
import type { FileRow } from "../store/index-store.js";
import { RACY_MTIME } from "../indexer/indexer.js";

/** What the overview needs of `engine.indexing.statusReport()` (structural: this module is loaded by the engine). */
export interface StatusInput {
  files: number;
  chunks: number;
  lastSyncAt: number | null;
  stale: string[];
  missing: string[];
  problems: { path: string; severity: string; message: string }[];
  vectors: { modelId: string | null; embedded: number; missing: number };
  embedder: { provider: string | null; modelId: string | null; reason: string };
}

export interface NotesOverview {
  /** One entry per daily note in the last year: its date, chunks and bytes. */
  calendar: { date: string; chunks: number; bytes: number }[];
  /** From (inclusive) and to (inclusive) of the calendar, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The files changed last, newest first. */
  recent: { path: string; kind: string; date: string | null; modifiedAt: number; chunks: number }[];
  health: {
    files: number;
    chunks: number;
    stale: string[];
    missing: string[];
    problems: { path: string; severity: string; message: string }[];
    /** Chunks still waiting for vectors. */
    pendingVectors: number;
    embeddedVectors: number;
    lastIndexAt: number | null;
    embedder: StatusInput["embedder"];
    vectorModel: string | null;
  };
}

const RECENT = 15;
const DAY_MS = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * When a file last changed. A file read moments after a save is recorded with the racy mark
 * instead of its mtime (so the next pass looks again): it was changed just before it was
 * indexed, which is the time to show and sort by — the notes edited last come first.
 */
function modifiedAt(f: FileRow): number {
  return f.mtime_ms === RACY_MTIME ? f.indexed_at : f.mtime_ms;
}

export function notesOverview(files: readonly FileRow[], status: StatusInput, now: number): NotesOverview {
  const today = isoDay(now);
  const from = isoDay(now - 365 * DAY_MS);
  // Notes dated ahead (a plan written on its own day's page) are days of the calendar too: it
  // runs to the last of them, up to a year ahead, so the count says every daily note.
  const ahead = isoDay(now + 366 * DAY_MS);
  const to = files.reduce((last, f) => (f.kind === "daily" && f.date !== null && f.date > last && f.date <= ahead ? f.date : last), today);
  const calendar = files
    .filter((f) => f.kind === "daily" && f.date !== null && f.date >= from && f.date <= to)
    .map((f) => ({ date: f.date!, chunks: f.chunk_count, bytes: f.size }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const recent = files
    .map((f) => ({ path: f.path, kind: f.kind, date: f.date, modifiedAt: modifiedAt(f), chunks: f.chunk_count }))
    .sort((a, b) => b.modifiedAt - a.modifiedAt)
    .slice(0, RECENT);
  return {
    calendar,
    from,
    to,
    recent,
    health: {
      files: status.files,
      chunks: status.chunks,
      stale: status.stale,
      missing: status.missing,
      problems: status.problems,
      pendingVectors: status.vectors.missing,
      embeddedVectors: status.vectors.embedded,
      lastIndexAt: status.lastSyncAt,
      embedder: status.embedder,
      vectorModel: status.vectors.modelId,
    },
  };
}

/**
 * A short string that changes whenever what a viewer shows may have changed: a file was
 * (re)indexed or removed (`files`, IndexStore.filesSignature), the state database was written
 * (by this process or another), or SOUL.md or its proposal changed. Cheap enough to ask every
 * second or two: one small query, two pragmas and two stats.
 */
export function changeMark(workspace: string, files: string, state: DB | null): string {
  const stamp = (rel: string) => {
    const st = statWorkspacePath(workspace, rel);
    return st === null ? "-" : `${st.size}.${st.mtimeMs}`;
  };
  return [files, state ? dataVersion(state) : "-", stamp("SOUL.md"), stamp("SOUL.proposed.md")].join("|");
}

/**
 * The web page's overview, a service of the engine (`engine.overview()`): what the Notes page
 * shows, and the mark a page polls to know when to reload.
 */
export class WebOverview {
  constructor(
    private readonly engine: { readonly workspace: string; readonly now: () => number; hasState(): boolean; state(): DB },
    private readonly index: { files(): readonly FileRow[]; filesSignature(): string; statusReport(): Promise<StatusInput> },
  ) {}

  /** Daily notes per day over the last year, the files changed last and the index's health. */
  async notes(): Promise<NotesOverview> {
    const status = await this.index.statusReport();
    return notesOverview(this.index.files(), status, this.engine.now());
  }

  /** Changes whenever what a viewer shows may have changed (the index, the state, SOUL.md or its proposal). */
  changeMark(): string {
    return changeMark(this.engine.workspace, this.index.filesSignature(), this.engine.hasState() ? this.engine.state() : null);
  }
}
