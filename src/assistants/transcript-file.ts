/**
 * An assistant's own transcript file (outside the workspace), read through the file door
 * (workspace/outside-read.ts: regular files only, no link out, a size bound, streamed line by
 * line) from where the last capture stopped; never written.
 */
import { readOutsideLines, type OutsideFile, type OutsideRead } from "../workspace/outside-read.js";
import { readHarnessLines } from "./index.js";
import type { HarnessName, HarnessTurn } from "./types.js";

/** Where to start: a byte offset at a line boundary and the number of lines before it. */
export interface TranscriptStart {
  bytes: number;
  lines: number;
}

/**
 * The turns in the lines appended since where `resume` says the last read stopped (it sees the
 * opened file: undefined, or a start past its size, reads the whole file).
 */
export function readTranscriptFrom(harness: HarnessName, file: string, resume?: (f: OutsideFile) => TranscriptStart | undefined, onRead?: (bytes: number) => void): OutsideRead<HarnessTurn[]> & { firstLine: number } {
  let start: TranscriptStart | undefined;
  let firstLine = 1;
  const r = readOutsideLines(
    file,
    onRead ? { onRead } : {},
    (f) => {
      start = resume?.(f);
      return start?.bytes ?? 0;
    },
    (lines, from) => {
      firstLine = from > 0 && start !== undefined ? start.lines + 1 : 1;
      return readHarnessLines(harness, lines, firstLine);
    },
  );
  return { ...r, firstLine };
}

/** The whole transcript's turns. */
export function readTranscriptFile(harness: HarnessName, file: string): HarnessTurn[] {
  return readTranscriptFrom(harness, file).value;
}
