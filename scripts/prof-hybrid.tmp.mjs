import { existsSync } from "node:fs";
import { Engine } from "../dist/index.js";
import { notesWorkspace, pct } from "./lib/bench-kit.mjs";
import { rng } from "./sample-notes.mjs";
import { VectorStore } from "../dist/store/vectors.js";
const ws = "/tmp/prof/hyb50k";
const target = Number(process.argv[2] ?? 50000);
if (!existsSync(ws)) {
  notesWorkspace(ws, Math.ceil(target / 3), 13, { embed: { provider: "use-lite" }, search: { autoEmbedLimit: 0 } });
  const engine = Engine.open({ workspace: ws });
  const idx = engine.index();
  console.log("chunks", idx.chunks);
  const vs = new VectorStore(engine["index_"]().db);
  const e = (await engine.embedder()).embedder; 
  vs.useModel(e.modelId, 512);
  const r = rng(target);
  for (;;) {
    const pending = vs.pending(2000);
    if (pending.length === 0) break;
    vs.insert(pending.map((c) => { const v = new Float32Array(512); let n = 0; for (let j = 0; j < 512; j++) n += (v[j] = r() - 0.5) ** 2; n = Math.sqrt(n); for (let j = 0; j < 512; j++) v[j] /= n; return { chunkId: c.id, hash: c.hash, heading: c.heading, vectors: [v] }; }));
  }
  await engine.close();
}
const WORDS = ["VPS migration", "backup job", "Ana cafe", "router firmware deadline", "decided automate DNS records", "tax return invoice", "garden watering schedule", "follow up Grace reading list", "zeppelin hangar", "what did we decide about the deploy script last week"];
const engine = Engine.open({ workspace: ws });
async function lat(opts) { for (let i = 0; i < 10; i++) await engine.search(WORDS[i % 10], opts); const l = []; for (let i = 0; i < 100; i++) { const t = performance.now(); await engine.search(WORDS[i % 10], opts); l.push(performance.now() - t); } return l; }
const h = await lat({ limit: 10, refresh: false });
const k = await lat({ limit: 10, refresh: false, mode: "keyword" });
console.log(`hybrid p50 ${pct(h,50).toFixed(1)} p95 ${pct(h,95).toFixed(1)}; keyword p50 ${pct(k,50).toFixed(1)} p95 ${pct(k,95).toFixed(1)}`);
const e = (await engine.embedder()).embedder;
let t = performance.now(); for (let i = 0; i < 50; i++) await e.embed([WORDS[i % 10]]); console.log("embed query avg", ((performance.now() - t) / 50).toFixed(1));
const qv = (await e.embed([WORDS[0]]))[0];
const vs = engine["index_"]().vectors;
for (let i = 0; i < 5; i++) vs.knn(qv, 120);
t = performance.now(); for (let i = 0; i < 20; i++) vs.knn(qv, 120); console.log("knn 120 avg", ((performance.now() - t) / 20).toFixed(1));
const v = await lat({ limit: 10, refresh: false, mode: "vector" });
console.log(`vector mode p50 ${pct(v,50).toFixed(1)}`);
await engine.close();
