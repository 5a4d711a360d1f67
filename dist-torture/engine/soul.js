/**
 * SOUL.md's life as the engine serves it: the file and its versions, diffs, rollback, and
 * the review of a proposal (see, accept, reject, save by hand). Every front (CLI, MCP, the
 * daemon) goes through these, so a proposal accepted over MCP is checked exactly like one
 * accepted on the command line.
 */
import { acceptProposal, pendingProposal, rejectProposal, saveSoul, showReflectionRun, soulProposed } from "../jobs/reflect/review.js";
import { readSoul, rollbackSoul, soulDiff, soulLog } from "../jobs/reflect/history.js";
import { SoulVersionStore } from "../store/soul-versions.js";
import { openStateDb } from "../store/state.js";
export class SoulService {
    engine;
    constructor(engine) {
        this.engine = engine;
    }
    /** The version store on the state database; read-only questions on a workspace without one create nothing. */
    store(forWriting) {
        if (forWriting || this.engine.hasState())
            return new SoulVersionStore(this.engine.state());
        return new SoulVersionStore(openStateDb(":memory:"));
    }
    /** SOUL.md as it is on disk. */
    current() {
        return readSoul(this.engine.workspace);
    }
    version(n) {
        const v = this.store(false).get(n);
        if (!v)
            throw new RangeError(`there is no SOUL version ${n} (see \`agent soul log\`)`);
        return v;
    }
    log() {
        return soulLog(this.engine.workspace, this.store(false));
    }
    diff(a, b) {
        return soulDiff(this.engine.workspace, this.store(false), a, b);
    }
    rollback(n) {
        return rollbackSoul({ workspace: this.engine.workspace, store: this.store(true), number: n, now: this.engine.now });
    }
    /** The proposal waiting in SOUL.proposed.md, if any (cheap: the inbox and notifier ask). */
    pending() {
        return pendingProposal(this.engine.workspace);
    }
    /** The pending proposal as a diff against SOUL.md, with its report and why it was held back. */
    proposed() {
        return soulProposed(this.engine.workspace, this.store(false));
    }
    accept() {
        return acceptProposal({ workspace: this.engine.workspace, store: this.store(true), reflection: this.engine.config.reflection, now: this.engine.now });
    }
    reject(reason) {
        return rejectProposal({ workspace: this.engine.workspace, store: this.store(true), now: this.engine.now, ...(reason !== undefined ? { reason } : {}) });
    }
    /** Records SOUL.md as it is now as a version, with the person's message. */
    save(message) {
        return saveSoul({ workspace: this.engine.workspace, store: this.store(true), now: this.engine.now, ...(message !== undefined ? { message } : {}) });
    }
    /** A reflection run with its inputs, the model's raw replies and the decision (`agent reflect --show`). */
    run(id) {
        const r = showReflectionRun(this.store(false), id);
        if (!r)
            throw new RangeError(`there is no reflection run ${id} (see \`agent jobs --job reflect\`)`);
        return r;
    }
}
//# sourceMappingURL=soul.js.map