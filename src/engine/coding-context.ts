/**
 * What a coding assistant (Claude Code, Codex, OpenCode) gets when a session starts, pure: who
 * the person is and how they like to work (SOUL.md, USER.md) and the few memories about the
 * project folder it started in, quoted. Never AGENTS.md or TOOLS.md: they are instructions for
 * an assistant living in the memory workspace ("write to memory/YYYY-MM-DD.md"), and a coding
 * assistant works in a code repository, where `memory/` would be a folder of the repository.
 * Every workspace file is named with the memory workspace's absolute path, never as relative
 * to the current folder.
 */

export interface CodingContextParts {
  /** The memory workspace's absolute path. */
  workspace: string;
  /** SOUL.md's text, or null when there is none (or it holds only the template). */
  soul: string | null;
  /** USER.md's text, or null. */
  user: string | null;
  /** The quoted memories about the project (inject-text.ts), or "". */
  memories: string;
  /** Characters each file keeps at most (the rest is named, not lost). */
  perFileChars: number;
}

/** The session-start text, or "" when there is nothing of the person's to say. */
export function codingContext(p: CodingContextParts): string {
  const files: string[] = [];
  for (const [name, text] of [
    ["SOUL.md", p.soul],
    ["USER.md", p.user],
  ] as const) {
    if (text === null || text.trim() === "") continue;
    const where = `${p.workspace}/${name}`;
    const body = text.trim();
    const cut = body.length > p.perFileChars ? `${body.slice(0, p.perFileChars)}\n[TRUNCATED: the rest is in ${where}]` : body;
    files.push(`## ${name} (from the person's memory workspace: ${where})\n${cut}`);
  }
  if (files.length === 0 && p.memories === "") return "";
  const head =
    `The person's long-term memory (agent-memory) is a separate folder, their memory workspace at ${p.workspace} — not this project. ` +
    "Files named below are in that workspace, never in the current folder; look things up with the memory_search tool, and write nothing there unless the person asks.";
  return [head, ...files, ...(p.memories !== "" ? [p.memories] : [])].join("\n\n");
}
