/**
 * Reading the assistants' stores for `agent import`: what every store of JSONL transcripts
 * shares (Claude Code's projects folder, Codex's sessions folder). Each assistant's own store
 * (where it is, how its sessions are named, a database) is its adapter's. Only reads: a
 * harness's files are never written, and they are read through the file door (a FIFO, a device
 * or a link out is refused, a session at a time: the others go on), streamed line by line.
 */
import path from "node:path";
import type { HarnessTurn, ImportSource } from "../workspace/harness-turns.js";
import { outsideFiles, outsideKind, outsideLines } from "../workspace/outside-read.js";

/** A store that is missing: said in the import's report, naming what to give. */
export function missingStore(harness: string, location: string): ImportSource | undefined {
  return outsideKind(location) === "missing" ? { location, sessions: [], problems: [`${location}: not found (give the path of the ${harness} store)`] } : undefined;
}

/** A folder of JSONL transcripts (or one file): each file a session, named by `sessionOf` (given the file and the folder read). */
export function jsonlSource(location: string, read: (lines: Iterable<string>) => HarnessTurn[], sessionOf: (file: string, root: string) => string): ImportSource {
  const problems: string[] = [];
  const folder = outsideKind(location) === "folder";
  const files = folder ? outsideFiles(location, ".jsonl", problems) : [location];
  const root = folder ? location : path.dirname(location);
  return { location, problems, sessions: files.map((f) => ({ session: sessionOf(f, root), location: f, read: () => read(outsideLines(f, { root })) })) };
}
