// Several devices on one workspace, through the built stores (dist/): three devices, each with
// its own state home, workspace copy and state.db, make random writes offline (SOUL versions,
// MEMORY.md versions, proposals and their decisions, memories, recalls, snapshots, the recall
// log and its retention), each with its own skewed clock; a copier carries logs between their
// folders in random order, sometimes half-copied (a sync tool that caught a file growing).
// After a last full sync every device must show the same digest and the same SOUL versions,
// and a full re-fold from the logs alone must give that digest too.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { distDir, rng, Tally } from "./lib.mjs";

const dist = (rel) => import(pathToFileURL(path.join(distDir(), rel)).href);
const T0 = Date.UTC(2026, 10, 1);

export async function devices({ root, tiny, quick, scale, seed }) {
  const tally = new Tally("three devices writing offline, logs copied in random order (some half-copied): one digest, one SOUL history");
  const m = {
    state: await dist("store/state.js"),
    open: await dist("store/events/open.js"),
    fold: await dist("store/events/fold.js"),
    summary: await dist("store/events/summary.js"),
    souls: await dist("store/soul-versions.js"),
    dream: await dist("store/dream-proposals.js"),
    mem: await dist("store/memories.js"),
    recalls: await dist("store/recalls.js"),
  };
  const rounds = tiny ? 1 : quick ? 2 : Math.max(2, Math.round(3 * scale));
  const perDevice = tiny ? 60 : quick ? 300 : Math.max(300, Math.round(1000 * scale));
  for (let round = 0; round < rounds; round++) {
    const r = rng(seed * 101 + round);
    const dir = path.join(root, `round-${round}`);
    const ds = ["a", "b", "c"].map((name, i) => device(m, dir, name, T0 + [0, 3_600_000, -86_400_000][i]));
    const started = Date.now();
    let ops = 0;
    const steps = Math.ceil(perDevice / 50);
    for (let s = 0; s < steps; s++) {
      for (const d of ds) for (let i = 0; i < 50 && ops < perDevice * 3; i++, ops++) randomOp(m, d, r);
      for (let k = 0; k < 3; k++) {
        const from = ds[Math.floor(r() * 3)];
        const to = ds[Math.floor(r() * 3)];
        if (from !== to) copyLogs(from, to, r() < 0.2 ? r : null);
      }
      for (const d of ds) m.fold.catchUp(d.db, d.ws);
    }
    for (const [f, t] of [[2, 0], [1, 0], [0, 1], [0, 2]]) copyLogs(ds[f], ds[t], null);
    for (const d of ds) m.fold.catchUp(d.db, d.ws);
    const digests = ds.map((d) => m.summary.stateDigest(d.db));
    const souls = ds.map((d) => JSON.stringify(new m.souls.SoulVersionStore(d.db).list().map((v) => [v.number, v.hash, v.restoredFrom])));
    m.fold.refold(ds[1].db, ds[1].ws);
    const refolded = m.summary.stateDigest(ds[1].db);
    if (process.env.DEVICES_DEBUG) {
      for (const d of ds) {
        const before = m.summary.stateDigest(d.db);
        m.fold.refold(d.db, d.ws);
        console.error(d.id, before.slice(0, 8), "refold", m.summary.stateDigest(d.db).slice(0, 8), JSON.stringify(m.fold.logRows(d.db).map((x) => [x.device, x.events, x.offset])));
      }
    }
    tally.measure("ms for 3 devices' writes and syncs", Date.now() - started);
    if (new Set(digests).size === 1 && new Set(souls).size === 1 && refolded === digests[0]) tally.pass();
    else tally.fail(`round ${round}: digests ${digests.map((x) => x.slice(0, 8)).join(" ")}, re-fold ${refolded.slice(0, 8)}, SOUL histories ${new Set(souls).size === 1 ? "equal" : "differ"}`, `npm run torture -- --only devices --seed ${seed}`);
    for (const d of ds) d.db.close();
  }
  tally.note(`${perDevice} random writes per device, ${rounds} round(s)`);
  return tally;
}

function device(m, dir, name, start) {
  const home = path.join(dir, `${name}-home`);
  const ws = path.join(dir, `${name}-ws`);
  mkdirSync(home, { recursive: true });
  mkdirSync(ws, { recursive: true });
  const id = Buffer.from(name.repeat(6)).toString("hex").slice(0, 12);
  const file = path.join(home, "state.db");
  const clock = { t: start };
  const db = m.state.openStateDb(file);
  m.open.openLedger(db, file, { workspace: ws, device: { id, name }, now: () => clock.t });
  return { id, ws, db, clock };
}

/**
 * A sync tool: every other device's log that is newer (longer: a log only grows) than the
 * copy there, whole, or (with `cut`) only part of what it grew by.
 */
function copyLogs(from, to, cut) {
  const src = path.join(from.ws, ".agent-state");
  const dst = path.join(to.ws, ".agent-state");
  mkdirSync(dst, { recursive: true });
  for (const n of readdirSync(src)) {
    if (n === `${to.id}.jsonl`) continue;
    let have = 0;
    try {
      have = readFileSync(path.join(dst, n)).length;
    } catch {
      have = 0;
    }
    const bytes = readFileSync(path.join(src, n));
    if (bytes.length <= have) continue;
    if (cut === null) copyFileSync(path.join(src, n), path.join(dst, n));
    else {
      // A copy caught mid-way: at least what the target had (a sync tool never shrinks a growing file), maybe mid-line.
      writeFileSync(path.join(dst, n), bytes.subarray(0, have + Math.floor(cut() * (bytes.length - have + 1))));
    }
  }
}

const pick = (r, xs) => (xs.length === 0 ? undefined : xs[Math.floor(r() * xs.length)]);

function randomOp(m, d, r) {
  d.clock.t += 1 + Math.floor(r() * 60_000);
  const now = d.clock.t;
  const tag = `${d.id}@${now}`;
  const souls = new m.souls.SoulVersionStore(d.db);
  const mv = new m.dream.MemoryVersionStore(d.db);
  const props = new m.dream.ProposalStore(d.db);
  const mem = new m.mem.MemoryStore(d.db);
  const recalls = new m.recalls.RecallStore(d.db);
  const n = Math.floor(r() * 10);
  if (n === 0) {
    const back = pick(r, souls.list());
    souls.insert({ createdAt: now, content: `# SOUL ${tag}\n`, words: 3, tokens: 4, summary: tag, origin: back && r() < 0.3 ? "rollback" : "reflection", restoredFrom: back && r() < 0.3 ? back.number : null });
  } else if (n === 1) {
    props.add({ createdAt: now, text: `fact ${tag}`, sourceKey: `k:${tag}`, provenance: { kind: "chunk", path: "memory/x.md", startLine: 1, endLine: 2, queries: ["q"], signals: {}, source: "s", model: "m" } });
  } else if (n === 2) {
    const p = pick(r, props.list("pending"));
    if (p) props.accept(p.id, `${p.text}!`, mv.insert({ createdAt: now, content: `MEMORY ${tag}\n`, origin: "dream", summary: `accepted ${p.id}` }), now);
  } else if (n === 3) {
    const p = pick(r, props.list());
    if (p) p.status === "accepted" ? props.reopen(p.id) : props.reject(p.id, `no ${tag}`, now);
  } else if (n === 4) {
    mem.insert({ type: "lesson_learned", content: `lesson ${tag}`, significance: 0.5, valence: "neutral", domain: "general", createdAt: now, source: { kind: "manual" } });
  } else if (n === 5) {
    const x = pick(r, mem.list());
    if (x) {
      mem.update(x.id, { pinned: r() < 0.5, vividness: Math.round(r() * 100) / 100, vividAt: now, recallCount: x.recallCount + 1, lastRecalledAt: now });
      mem.logRecall(x.id, now, "context", `q ${tag}`);
    }
  } else if (n === 6) {
    const id = mem.insertSnapshot({ createdAt: now, trigger: "manual", week: "2026-W48", traits: { a: 1 }, narrative: tag, narrativeBy: "rules", defining: [], stats: {}, drift: [], soulHash: null });
    if (r() < 0.5) mem.setSnapshotReport(id, `reports/${tag}.md`, "abc");
  } else if (n < 9) {
    recalls.record({ at: now, front: "cli", query: `q ${Math.floor(r() * 5)}`, chunks: [{ path: "memory/a.md", startLine: 1, endLine: 3, chunkHash: "h1" }, { path: "memory/b.md", startLine: 4, endLine: 9, chunkHash: "h2" }] });
  } else {
    recalls.prune(now - 3 * 86_400_000, 40);
  }
}
