import { MemoryVersionStore, ProposalStore } from "../../../src/store/dream-proposals.js";
import { MemoryStore } from "../../../src/store/memories.js";
import { RecallStore } from "../../../src/store/recalls.js";
import { SoulVersionStore } from "../../../src/store/soul-versions.js";
import type { SimDevice } from "./helpers.js";

const pick = <T>(r: () => number, xs: T[]): T | undefined => (xs.length === 0 ? undefined : xs[Math.floor(r() * xs.length)]);

/** One random write through the real stores, as the jobs above them make it. */
export function randomOp(d: SimDevice, r: () => number): string {
  d.clock.t += 1 + Math.floor(r() * 60_000);
  const now = d.clock.t;
  const souls = new SoulVersionStore(d.db);
  const mv = new MemoryVersionStore(d.db);
  const props = new ProposalStore(d.db);
  const mem = new MemoryStore(d.db);
  const recalls = new RecallStore(d.db);
  const n = Math.floor(r() * 10);
  const tag = `${d.device.name}@${now}`;
  switch (n) {
    case 0: {
      const back = pick(r, souls.list());
      souls.insert({ createdAt: now, content: `# SOUL ${tag}\n`, words: 3, tokens: 4, summary: tag, origin: back && r() < 0.3 ? "rollback" : "reflection", restoredFrom: back && r() < 0.3 ? back.number : null, sessionIds: ["s1"] });
      return "soul";
    }
    case 1:
      props.add({ createdAt: now, text: `fact ${tag}`, sourceKey: `k:${tag}`, provenance: { kind: "chunk", path: "memory/x.md", startLine: 1, endLine: 2, queries: ["q"], signals: {}, source: "s", model: "m" } });
      return "proposal";
    case 2: {
      const p = pick(r, props.list("pending"));
      if (!p) return "none";
      const v = mv.insert({ createdAt: now, content: `MEMORY ${tag}\n`, origin: "dream", summary: `accepted ${p.id}` });
      props.accept(p.id, `${p.text} (edited)`, v, now);
      return "accept";
    }
    case 3: {
      const p = pick(r, props.list());
      if (!p) return "none";
      if (p.status === "accepted") props.reopen(p.id);
      else props.reject(p.id, `no ${tag}`, now);
      return "decide";
    }
    case 4:
      mem.insert({ type: "lesson_learned", content: `lesson ${tag}`, significance: 0.5, valence: "neutral", domain: "general", createdAt: now, source: { kind: "manual" } });
      return "memory";
    case 5: {
      const m = pick(r, mem.list());
      if (!m) return "none";
      mem.update(m.id, { pinned: r() < 0.5, vividness: Math.round(r() * 100) / 100, vividAt: now, recallCount: m.recallCount + 1, lastRecalledAt: now });
      mem.logRecall(m.id, now, "context", `q ${tag}`);
      return "recall";
    }
    case 6: {
      const id = mem.insertSnapshot({ createdAt: now, trigger: "manual", week: "2026-W48", traits: { a: 1 }, narrative: tag, narrativeBy: "rules", defining: [], stats: {}, drift: [], soulHash: null });
      if (r() < 0.5) mem.setSnapshotReport(id, `reports/${tag}.md`, "abc");
      return "snapshot";
    }
    case 7:
    case 8:
      recalls.record({ at: now, front: "cli", query: `q ${Math.floor(r() * 5)}`, chunks: [{ path: "memory/a.md", startLine: 1, endLine: 3, chunkHash: "h1" }, { path: "memory/b.md", startLine: 4, endLine: 9, chunkHash: "h2" }] });
      return "recall-log";
    default:
      recalls.prune(now - 3 * 86_400_000, 40);
      return "prune";
  }
}
