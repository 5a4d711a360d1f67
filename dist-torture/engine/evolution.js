import { evolutionTimeZone } from "../jobs/evolve/config.js";
import { takePersonalitySnapshot } from "../jobs/evolve/cycle.js";
import { exportStateDb, importState } from "../jobs/evolve/export.js";
import { forgetMemory, listMemories, markRecalled, pinMemory, rankForTask, restoreMemory, unpinMemory } from "../jobs/evolve/recall.js";
import { backupStateDbSync } from "../store/backup.js";
import { openStateDb } from "../store/state.js";
import { errorText } from "./errors.js";
export class EvolutionService {
    engine;
    constructor(engine) {
        this.engine = engine;
    }
    /** Reads go through an empty in-memory database when the workspace has no state yet: a look creates no file. */
    db(forWriting) {
        return forWriting || this.engine.hasState() ? this.engine.state() : openStateDb(":memory:");
    }
    list(opts = {}) {
        const list = listMemories(this.db(false), { now: this.engine.now(), faded: opts.faded ?? false, ...(opts.type !== undefined ? { type: opts.type } : {}) });
        return opts.limit !== undefined ? list.slice(0, opts.limit) : list;
    }
    /** Memories ranked for a task, as context does; the ones returned are marked recalled. */
    async rank(req) {
        const warnings = [];
        const embedder = await this.engine.embedderOrNull().catch((e) => {
            warnings.push(`no embedder (${errorText(e)}); ranking by word overlap`);
            return null;
        });
        const now = this.engine.now();
        const r = await rankForTask({
            db: this.db(false),
            config: this.engine.config.evolution,
            cache: this.engine.embeddingCacheOrNull(),
            query: req.query,
            session: req.session ?? "main",
            now,
            embedder,
            ...(req.limit !== undefined ? { limit: req.limit } : {}),
        });
        const ranked = req.type === undefined ? r.ranked : r.ranked.filter((x) => x.memory.type === req.type);
        const recalled = ranked.length > 0 ? markRecalled(this.db(true), ranked.map((x) => x.memory.id), now, "search", req.query) : [];
        return { ...r, ranked, warnings: [...warnings, ...r.warnings], recalled };
    }
    change(action, id) {
        const fn = { forget: forgetMemory, pin: pinMemory, unpin: unpinMemory, restore: restoreMemory }[action];
        return fn(this.db(true), id, this.engine.now());
    }
    /** A personality snapshot now (traits, narrative, defining memories, drift); no report. */
    async snapshot(opts = {}) {
        const c = this.engine.config;
        return takePersonalitySnapshot({
            workspace: this.engine.workspace,
            db: this.engine.state(),
            config: c.evolution,
            timeZone: evolutionTimeZone(c),
            now: this.engine.now,
            provider: () => this.engine.llm(),
            ...(opts.narrative !== undefined ? { narrative: opts.narrative } : {}),
        });
    }
    /** All the engine's own state as JSON (the index is not included: it is rebuilt from the markdown). */
    exportState() {
        return exportStateDb(this.db(false), this.engine.now());
    }
    /** Restores an export; the state it replaces is backed up first. */
    importState(data, opts = {}) {
        const db = this.engine.state();
        if (this.engine.hasState())
            backupStateDbSync(db.name, { reason: "before-import", now: this.engine.now(), db });
        return importState(db, this.engine.workspace, data, { force: opts.force ?? false, now: this.engine.now() });
    }
}
//# sourceMappingURL=evolution.js.map