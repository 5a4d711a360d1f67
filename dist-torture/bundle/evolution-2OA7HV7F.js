import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  exportStateDb,
  importState
} from "./chunk-P2BNR6FL.js";
import {
  forgetMemory,
  listMemories,
  markRecalled,
  pinMemory,
  rankForTask,
  restoreMemory,
  unpinMemory
} from "./chunk-TEH6NW5Z.js";
import {
  takePersonalitySnapshot
} from "./chunk-2YPZIKJZ.js";
import "./chunk-2RZH2ITT.js";
import "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import "./chunk-TYLLTPQG.js";
import {
  openStateDb
} from "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import {
  errorText
} from "./chunk-2G4CK54T.js";
import {
  backupStateDbSync
} from "./chunk-MSVBQ5DD.js";
import "./chunk-Q7MNPCDJ.js";
import "./chunk-YGG5RE66.js";
import {
  evolutionTimeZone
} from "./chunk-C7GQ5C77.js";
import "./chunk-PUIWUURG.js";
import "./chunk-UWHEQYUJ.js";
import "./chunk-JKQF62IV.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QD2MJU4L.js";
import "./chunk-IWEEPCH3.js";
import "./chunk-L3UHGH52.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/engine/evolution.js
var EvolutionService = class {
  engine;
  constructor(engine) {
    this.engine = engine;
  }
  /** Reads go through an empty in-memory database when the workspace has no state yet: a look creates no file. */
  db(forWriting) {
    return forWriting || this.engine.hasState() ? this.engine.state() : openStateDb(":memory:");
  }
  list(opts = {}) {
    const list = listMemories(this.db(false), { now: this.engine.now(), faded: opts.faded ?? false, ...opts.type !== void 0 ? { type: opts.type } : {} });
    return opts.limit !== void 0 ? list.slice(0, opts.limit) : list;
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
      ...req.limit !== void 0 ? { limit: req.limit } : {}
    });
    const ranked = req.type === void 0 ? r.ranked : r.ranked.filter((x) => x.memory.type === req.type);
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
      ...opts.narrative !== void 0 ? { narrative: opts.narrative } : {}
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
};
export {
  EvolutionService
};
//# sourceMappingURL=evolution-2OA7HV7F.js.map
