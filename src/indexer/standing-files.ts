/**
 * The files that keep the person's standing facts, each line a fact as of the file's last
 * change: MEMORY.md (what to remember), USER.md (who the person is: name, people, accounts) and
 * TOOLS.md (the person's own devices and services as the assistant reaches them). Not logs: a
 * record in one of them is the value that holds, so the same record written later in another
 * of them with another value is that value changed. SOUL.md, AGENTS.md and the like say how
 * the assistant should behave: no fact of the person's.
 */
export const STANDING_FILES: ReadonlySet<string> = new Set(["MEMORY.md", "USER.md", "TOOLS.md"]);

/** Whether a workspace path is one of the standing files. */
export const isStanding = (rel: string): boolean => STANDING_FILES.has(rel);
