import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  acceptProposal,
  pendingProposal,
  rejectProposal,
  saveSoul,
  showReflectionRun,
  soulProposed
} from "./chunk-7TYOPXQS.js";
import {
  SoulVersionStore,
  readSoul,
  rollbackSoul,
  soulDiff,
  soulLog
} from "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import {
  openStateDb
} from "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/engine/soul.js
var SoulService = class {
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
    return rejectProposal({ workspace: this.engine.workspace, store: this.store(true), now: this.engine.now, ...reason !== void 0 ? { reason } : {} });
  }
  /** Records SOUL.md as it is now as a version, with the person's message. */
  save(message) {
    return saveSoul({ workspace: this.engine.workspace, store: this.store(true), now: this.engine.now, ...message !== void 0 ? { message } : {} });
  }
  /** A reflection run with its inputs, the model's raw replies and the decision (`agent reflect --show`). */
  run(id) {
    const r = showReflectionRun(this.store(false), id);
    if (!r)
      throw new RangeError(`there is no reflection run ${id} (see \`agent jobs --job reflect\`)`);
    return r;
  }
};
export {
  SoulService
};
//# sourceMappingURL=soul-KBBNJPFD.js.map
