/**
 * Reading the assistants' stores for `agent import`: what every store of JSONL transcripts
 * shares (Claude Code's projects folder, Codex's sessions folder). Each assistant's own store
 * (where it is, how its sessions are named, a database) is its adapter's. Only reads: a
 * harness's files are never written.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { HarnessTurn, ImportSource } from "../workspace/harness-turns.js";

/** A store that is missing: said in the import's report, naming what to give. */
export function missingStore(harness: string, location: string): ImportSource | undefined {
  return existsSync(location) ? undefined : { location, sessions: [], problems: [`${location}: not found (give the path of the ${harness} store)`] };
}

/** A folder of JSONL transcripts (or one file): each file a session, named by `sessionOf`. */
export function jsonlSource(location: string, read: (text: string) => HarnessTurn[], sessionOf: (file: string) => string): ImportSource {
  const files = statSync(location).isDirectory() ? jsonlFiles(location) : [location];
  return { location, problems: [], sessions: files.map((f) => ({ session: sessionOf(f), location: f, read: () => read(readFileSync(f, "utf8")) })) };
}

/** Every .jsonl below a folder, oldest first by name (subagent side-chains of Claude Code included: they carry isSidechain and are skipped by the reader). */
export function jsonlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile() && e.name.endsWith(".jsonl")) out.push(abs);
    }
  };
  walk(dir);
  return out.sort();
}
