/**
 * The thin I/O half of context assembly: reads the bootstrap files and today's and
 * yesterday's daily notes from a workspace, for `assembleContext`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BOOTSTRAP_FILES } from "../workspace/kinds.js";
import { addDays, zonedDate } from "../workspace/time.js";
import { assembleContext, type AssembledContext, type AssembleOptions, type BootstrapFile, type ContextFiles } from "./assemble.js";

export interface LoadContextOptions {
  /** The instant that decides "today"; ms since epoch. */
  now: number;
  /** Zone of "today" (default: this machine's). */
  timeZone?: string;
}

export interface LoadedContextFiles extends ContextFiles {
  /** Files that exist but could not be read, with the reason; they count as missing. */
  problems: string[];
}

export function loadContextFiles(workspace: string, opts: LoadContextOptions): LoadedContextFiles {
  const problems: string[] = [];
  const read = (rel: string): string | null => {
    try {
      return readFileSync(path.join(workspace, rel), "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT") problems.push(`${rel}: cannot be read (${code ?? (e as Error).message})`);
      return null;
    }
  };
  const bootstrap: Partial<Record<BootstrapFile, string | null>> = {};
  for (const name of BOOTSTRAP_FILES) bootstrap[name] = read(name);
  const today = zonedDate(opts.now, opts.timeZone);
  const yesterday = addDays(today, -1);
  return {
    bootstrap,
    daily: [
      { date: today, label: "today", text: read(`memory/${today}.md`) },
      { date: yesterday, label: "yesterday", text: read(`memory/${yesterday}.md`) },
    ],
    problems,
  };
}

/** Loads and assembles in one call; markers name files by their absolute path. */
export function buildContext(
  workspace: string,
  opts: LoadContextOptions & Omit<AssembleOptions, "root">,
): AssembledContext & { problems: string[] } {
  const files = loadContextFiles(workspace, opts);
  const { now: _now, timeZone: _tz, ...assemble } = opts;
  return { ...assembleContext(files, { ...assemble, root: workspace }), problems: files.problems };
}
