import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  readDaemonLock
} from "./chunk-TYLLTPQG.js";
import {
  vectorWeightFor
} from "./chunk-6GL6RHDK.js";
import {
  EMBED_CACHE_FILE
} from "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import {
  errorText
} from "./chunk-2G4CK54T.js";
import {
  STATE_RESTORE_HINT,
  checkIntegrity,
  listStateBackups
} from "./chunk-MSVBQ5DD.js";
import {
  configEntries,
  loadAgentConfig
} from "./chunk-OUS7ZWNF.js";
import "./chunk-QAMZSPMF.js";
import "./chunk-EYPOEGPV.js";
import "./chunk-C7GQ5C77.js";
import "./chunk-PUIWUURG.js";
import "./chunk-UWHEQYUJ.js";
import "./chunk-IH6GUBBK.js";
import "./chunk-JKQF62IV.js";
import {
  agentDir,
  configPath,
  indexDbPath,
  stateDbPath
} from "./chunk-U66UVQVN.js";
import "./chunk-QD2MJU4L.js";
import "./chunk-IWEEPCH3.js";
import "./chunk-L3UHGH52.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/engine/admin.js
import { existsSync } from "node:fs";
import path from "node:path";
async function models(engine) {
  const provider = engine.llm();
  const check = await provider.check().catch((e) => ({ ok: false, detail: errorText(e) }));
  let embedder;
  try {
    const sel = await engine.embedder();
    const e = sel.embedder;
    let working = false;
    let detail = "keyword-only search";
    if (e) {
      try {
        await e.init?.();
        const [v] = await e.embed(["hello"]);
        working = v !== void 0 && v.length > 0;
        detail = working ? `embeds ${v.length}-d vectors` : "returned no vector";
      } catch (err) {
        detail = errorText(err);
      }
    }
    embedder = {
      provider: e?.provider ?? null,
      modelId: e?.modelId ?? null,
      dimension: e ? e.dimension : null,
      reason: sel.reason,
      working,
      detail,
      vectorWeight: vectorWeightFor(engine.config.search, e?.provider ?? null)
    };
    if (sel.warning)
      embedder.warning = sel.warning;
  } catch (err) {
    embedder = { provider: engine.config.embed.provider, modelId: null, dimension: null, reason: errorText(err), working: false, detail: errorText(err), vectorWeight: 0 };
  }
  return { llm: { provider: provider.name, model: provider.model, reachable: check.ok, detail: check.detail }, embedder };
}
async function doctor(workspace, open) {
  const checks = [];
  const add = (c) => checks.push(c);
  let config;
  try {
    config = loadAgentConfig(workspace);
    add({ name: "config", status: "ok", detail: config.exists ? `${configPath(workspace)} is valid` : "no agent.config.json: every setting is a default (`agent config` shows them)" });
  } catch (e) {
    add({ name: "config", status: "fail", detail: errorText(e), fix: "fix the named key(s); `agent config` prints the effective configuration once it loads" });
  }
  const dbs = [
    ["index database", indexDbPath(workspace), "it is derived: `agent index --rebuild` builds it again from the markdown"],
    ["state database", stateDbPath(workspace), STATE_RESTORE_HINT],
    ["embedding cache", config?.embed.cacheDir ? path.resolve(workspace, config.embed.cacheDir, EMBED_CACHE_FILE) : path.join(agentDir(workspace), EMBED_CACHE_FILE), "it is a cache: delete the file and vectors are computed again"]
  ];
  for (const [name, file, fix] of dbs) {
    if (!existsSync(file)) {
      add({ name, status: "ok", detail: `${file} does not exist yet (created on first use)` });
      continue;
    }
    const problem = checkIntegrity(file);
    if (problem === null)
      add({ name, status: "ok", detail: `${file}: integrity ok` });
    else {
      const backups = name === "state database" ? listStateBackups(file) : [];
      add({ name, status: "fail", detail: `${file} is damaged (${problem})`, fix: name === "state database" ? `${backups.length} backup(s) in ${path.dirname(backups[0]?.file ?? path.join(agentDir(workspace), "backups", "x"))}; restore the newest with \`agent doctor --restore-state\` (the damaged file is kept beside it)` : fix });
    }
  }
  const lock = readDaemonLock(workspace);
  add(lock === void 0 ? { name: "daemon", status: "ok", detail: "not running (commands work in-process; start it with `agent daemon` to serve assistants warm)" } : lock.alive ? { name: "daemon", status: "ok", detail: `running, pid ${lock.pid}, since ${new Date(lock.startedAt).toISOString()}` } : { name: "daemon", status: "warn", detail: `a stale lock of pid ${lock.pid} (not running)`, fix: "the next `agent daemon` takes it over" });
  if (config === void 0)
    return { workspace, ok: false, checks };
  let engine;
  try {
    engine = open(config);
    const s = engine.status();
    const age = s.lastSyncAt === null ? null : engine.now() - s.lastSyncAt;
    add(s.lastSyncAt === null ? { name: "index", status: "warn", detail: "never indexed", fix: "run `agent index`" } : s.stale.length + s.missing.length > 0 ? { name: "index", status: "warn", detail: `${s.files} files, ${s.chunks} chunks; ${s.stale.length} changed and ${s.missing.length} deleted since indexing`, fix: "the next search or `agent index` picks them up" } : { name: "index", status: "ok", detail: `${s.files} files, ${s.chunks} chunks, fresh (indexed ${Math.round((age ?? 0) / 1e3)} s ago)` });
    add(s.vectors.missing > 0 ? { name: "vectors", status: "warn", detail: `${s.vectors.missing} chunk(s) without vectors (found by keywords only)`, fix: "run `agent index` or keep `agent daemon` running" } : { name: "vectors", status: "ok", detail: `${s.vectors.embedded} chunk(s) embedded${s.vectors.modelId ? ` with ${s.vectors.modelId}` : ""}` });
    const m = await models(engine);
    const e = m.embedder;
    add(e.provider === null ? { name: "embedder", status: "warn", detail: `none: ${e.reason}`, fix: "search is keyword-only; see README, Embedders" } : e.working ? { name: "embedder", status: "ok", detail: `${e.provider} ${e.modelId} (${e.dimension}-d): ${e.reason}` } : { name: "embedder", status: "fail", detail: `${e.provider} ${e.modelId ?? ""} does not load: ${e.detail}`, fix: "check embed.* in agent.config.json, or set embed.provider to use-lite" });
    add(m.llm.reachable ? { name: "llm", status: "ok", detail: `${m.llm.provider} ${m.llm.model}: ${m.llm.detail}` } : { name: "llm", status: "fail", detail: `${m.llm.provider} ${m.llm.model}: ${m.llm.detail}`, fix: m.llm.provider === "ollama" ? `start Ollama and \`ollama pull ${m.llm.model}\`, or set llm.provider/llm.model` : "check llm.model (a GGUF file path) in agent.config.json" });
    const window = await contextWindowCheck(engine, config);
    if (window)
      add(window);
  } catch (e) {
    add({ name: "engine", status: "fail", detail: errorText(e) });
  } finally {
    await engine?.close();
  }
  return { workspace, ok: checks.every((c) => c.status !== "fail"), checks };
}
async function contextWindowCheck(engine, config) {
  const provider = engine.llm();
  if (typeof provider.contextSize !== "function")
    return null;
  let size;
  try {
    size = await provider.contextSize();
  } catch {
    return null;
  }
  if (size === null)
    return null;
  const flush = Math.ceil(config.flush.maxTranscriptChars / 4) + config.flush.maxReplyTokens + 600;
  const reflect = Math.ceil(config.reflection.maxMessages * config.reflection.maxMessageChars / 4) + config.reflection.soulMaxTokens + 1200;
  const need = Math.max(flush, reflect);
  return size >= need ? { name: "llm context", status: "ok", detail: `${size} tokens; the largest job prompt needs about ${need}` } : { name: "llm context", status: "fail", detail: `the model's context window is ${size} tokens; the reflection and flush prompts need about ${need}`, fix: "use a model with a larger context (or raise llm.contextSize for llama-cpp), or lower reflection.maxMessages / flush.maxTranscriptChars" };
}
function configView(cfg) {
  const { raw: _raw, file, exists, ...sections } = cfg;
  return { file, exists, entries: configEntries(cfg), config: sections };
}
export {
  configView,
  doctor,
  models
};
//# sourceMappingURL=admin-VHGKOAV2.js.map
