/**
 * `agent context` with the evolution system: the assembled prompt gets "## Who you are now"
 * (the latest snapshot's narrative) and, with a query, "## Memories" ranked by inject.ts;
 * the memories that made it into the prompt are then recorded as recalled (which
 * refreshes them). Search results (MemoryHit) are passed through unchanged.
 */
import { assembleContext } from "../../context/assemble.js";
import { loadContextFiles } from "../../context/load.js";
import { MEMORY_LEGEND } from "./inject.js";
import { experienceForContext, markRecalled } from "./recall.js";
export async function buildEvolvedContext(input) {
    const experience = await experienceForContext({
        db: input.db,
        config: input.evolution,
        cache: input.cache,
        session: input.session,
        now: input.now,
        embedder: input.embedder,
        ...(input.query !== undefined ? { query: input.query } : {}),
    });
    const files = loadContextFiles(input.workspace, { now: input.now, ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}) });
    const ctx = assembleContext(files, {
        session: input.session,
        perFileChars: input.perFileChars,
        totalChars: input.totalChars,
        root: input.workspace,
        ...(input.query ? { query: input.query } : {}),
        ...(input.memories !== undefined ? { memories: input.memories } : {}),
        ...(experience.identity !== null ? { identity: { text: experience.identity.text, private: experience.identity.private } } : {}),
        ...(experience.memories.length > 0 ? { experience: { legend: MEMORY_LEGEND, memories: experience.memories } } : {}),
    });
    const recalled = input.recordRecall === false ? [] : markRecalled(input.db, ctx.report.experience.shownIds, input.now, "context", input.query?.trim() || null);
    return { ...ctx, problems: files.problems, experience, recalled };
}
//# sourceMappingURL=context.js.map