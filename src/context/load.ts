/**
 * The thin I/O half of context assembly: reads the bootstrap files and today's and
 * yesterday's daily notes from a workspace, for `assembleContext`.
 */
import { readNoteText, UnsafeFileError } from "../workspace/guard.js";
import { BOOTSTRAP_FILES } from "../workspace/kinds.js";
import { templateLines } from "../indexer/boilerplate.js";
import { promptText } from "./prompt-text.js";
import { addDays, zonedDate } from "../workspace/time.js";
import { assembleContext, isPrivatePath, type AssembledContext, type AssembleOptions, type BootstrapFile, type ContextFiles, type SessionType } from "./assemble.js";

export interface LoadContextOptions {
  /** The instant that decides "today"; ms since epoch. */
  now: number;
  /** Zone of "today" (default: this machine's). */
  timeZone?: string;
  /** Who will see the text: a file that is a link to a private file is withheld from group and isolated sessions. */
  session?: SessionType;
  /** Read files with several hard links (index.allowHardLinks). */
  allowHardLinks?: boolean;
}

export interface LoadedContextFiles extends ContextFiles {
  /** Files that exist but could not be read, with the reason; they count as missing. */
  problems: string[];
}

export function loadContextFiles(workspace: string, opts: LoadContextOptions): LoadedContextFiles {
  const problems: string[] = [];
  const main = (opts.session ?? "main") === "main";
  // Every file goes through the workspace's one rule (links, hard links, FIFOs, size); a
  // link is judged by what it points to, so a public name never carries a private file.
  const read = (rel: string): string | null => {
    try {
      const r = readNoteText(workspace, rel, { allowHardLinks: opts.allowHardLinks ?? false });
      if (r === null) return null;
      if (!main && r.realRel !== rel && isPrivatePath(r.realRel)) {
        problems.push(`${rel}: a link to ${r.realRel}, which is private; withheld from ${opts.session} sessions`);
        return null;
      }
      return r.text;
    } catch (e) {
      problems.push(e instanceof UnsafeFileError ? e.message : `${rel}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      return null;
    }
  };
  const bootstrap: Partial<Record<BootstrapFile, string | null>> = {};
  const untouched: BootstrapFile[] = [];
  for (const name of BOOTSTRAP_FILES) {
    const text = read(name);
    const shown = text === null ? null : promptText(name, text, templateLines(name));
    if (text !== null && shown === null) untouched.push(name);
    bootstrap[name] = shown === null ? text : shown;
  }
  const today = zonedDate(opts.now, opts.timeZone);
  const yesterday = addDays(today, -1);
  return {
    bootstrap,
    daily: [
      { date: today, label: "today", text: read(`memory/${today}.md`) },
      { date: yesterday, label: "yesterday", text: read(`memory/${yesterday}.md`) },
    ],
    problems,
    ...(untouched.length > 0 ? { untouched } : {}),
  };
}

/** Loads and assembles in one call; markers name files by their absolute path. */
export function buildContext(
  workspace: string,
  opts: LoadContextOptions & Omit<AssembleOptions, "root">,
): AssembledContext & { problems: string[] } {
  const files = loadContextFiles(workspace, { ...opts, session: opts.session });
  const { now: _now, timeZone: _tz, ...assemble } = opts;
  return { ...assembleContext(files, { ...assemble, root: workspace }), problems: files.problems };
}
