/**
 * The engine looking at itself: `agent models`, `agent doctor` and `agent config`. Nothing
 * here throws for a broken part: each check reports what it found and what to do.
 */
import type { RedactionTally } from "../indexer/redaction.js";
import { readWorkspaceFile, UnsafeFileError, type LinkRule } from "../workspace/guard.js";
import { syncProblems } from "../workspace/sync-ignore.js";
import { BOOTSTRAP_FILES } from "../workspace/kinds.js";
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { EMBED_CACHE_FILE } from "../embed/cache.js";
import { rerankerName } from "../embed/cross-encoder.js";
import { isGgufFile } from "../embed/gguf.js";
import { vectorWeightFor } from "../search/weights.js";
import { checkIntegrity, listStateBackups, STATE_RESTORE_HINT } from "../store/backup.js";
import { readDaemonLock } from "../workspace/lock.js";
import { checkLogs } from "../store/events/doctor.js";
import { installRuntime, listRuntimes, runtimesDir, type RuntimeLocation, type RuntimeName, type RuntimeStatus } from "../shared/runtimes.js";
import { llmSetupHint, ollamaSetupHint } from "../llm/setup-hint.js";
import { linesText, nodeLineCheck } from "../shared/node-version.js";
import { agentDir, configPath, indexDbPath, stateDbPath } from "../workspace/paths.js";
import { configEntries, loadAgentConfig, type AgentConfig, type ConfigEntry } from "./config.js";
import type { EngineCore } from "./core.js";
import { errorText } from "./errors.js";

/** What models and doctor use of an open engine: its core and the search service's reranker. */
export interface AdminEngine extends EngineCore {
  readonly searching: { loadReranker(): Promise<{ model: string; modelDir: string }> };
}

/** The engine looking at itself, handed out by `engine.admin()`. */
export class AdminService {
  constructor(private readonly engine: AdminEngine) {}

  /** The configured LLM and embedder, and whether each works (`agent models`). */
  models(): Promise<ModelsReport> {
    return models(this.engine);
  }

  /** The effective configuration with where each value came from (`agent config`). */
  configView(): ConfigView {
    return configView(this.engine.config);
  }
}

/** The optional model runtimes (GGUF, ONNX) and where each is installed (`agent runtime list`); no workspace needed. */
export function runtimes(): { dir: string; runtimes: RuntimeStatus[] } {
  return { dir: runtimesDir(), runtimes: listRuntimes() };
}

/**
 * Installs an optional runtime from the npm registry into the runtimes folder, outside
 * node_modules (`agent runtime add`). `onOutput` gets npm's lines as they come.
 */
export function addRuntime(name: RuntimeName, onOutput?: (line: string) => void): Promise<RuntimeLocation> {
  return installRuntime(name, onOutput ? { onOutput } : {});
}

export interface ModelsReport {
  llm: { provider: string; model: string; reachable: boolean; detail: string };
  embedder: {
    provider: string | null;
    modelId: string | null;
    dimension: number | null;
    reason: string;
    warning?: string;
    /** How to get a stronger embedder than the one in use, when there is one to get. */
    better?: string;
    /** Loaded and produced a vector just now. */
    working: boolean;
    detail: string;
    /** Share of the vector list in hybrid search for this model. */
    vectorWeight: number;
  };
  /** The cross-encoder of search.rerank, when the stage uses one: whether it loads, and what to do if not. */
  reranker?: {
    model: string;
    loads: boolean;
    /** Where it loaded from, or why it did not. */
    detail: string;
    fix?: string;
    /** search.rerank.enabled: every search uses it, not only --rerank. */
    enabled: boolean;
  };
}

/**
 * The configured LLM and whether it answers, and the embedder the config selects, why, and
 * whether it really embeds. Never throws for an unreachable model; it reports it.
 */
export async function models(engine: AdminEngine): Promise<ModelsReport> {
  const provider = engine.llm();
  const check = await provider.check().catch((e: unknown) => ({ ok: false, detail: errorText(e) }));
  let embedder: ModelsReport["embedder"];
  try {
    const sel = await engine.embedder();
    const e = sel.embedder;
    let working = false;
    let detail = "keyword-only search";
    if (e) {
      try {
        await e.init?.();
        const [v] = await e.embed(["hello"]);
        working = v !== undefined && v.length > 0;
        detail = working ? `embeds ${v!.length}-d vectors` : "returned no vector";
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
      vectorWeight: vectorWeightFor(engine.config.search, e?.provider ?? null),
    };
    if (sel.warning) embedder.warning = sel.warning;
    if (sel.better) embedder.better = sel.better;
  } catch (err) {
    embedder = { provider: engine.config.embed.provider, modelId: null, dimension: null, reason: errorText(err), working: false, detail: errorText(err), vectorWeight: 0 };
  }
  const report: ModelsReport = { llm: { provider: provider.name, model: provider.model, reachable: check.ok, detail: check.detail }, embedder };
  if (engine.config.search.rerank.provider === "cross-encoder") report.reranker = await rerankerReport(engine);
  return report;
}

async function rerankerReport(engine: AdminEngine): Promise<NonNullable<ModelsReport["reranker"]>> {
  const rr = engine.config.search.rerank;
  try {
    const r = await engine.searching.loadReranker();
    return { model: r.model, loads: true, detail: `loads from ${r.modelDir}`, enabled: rr.enabled };
  } catch (e) {
    const gguf = isGgufFile(rr.crossEncoder.modelPath);
    const found = gguf ? [] : qmdModels("rerank");
    const fix = gguf
      ? "set search.rerank.crossEncoder.modelPath to a reranker .gguf file (Qwen3-Reranker, bge-reranker), or remove it to use an ONNX model folder"
      : `run \`agent models pull ${rr.crossEncoder.model}\` where there is a network, or set search.rerank.crossEncoder.modelPath` +
        (found.length > 0 ? `; qmd's reranker is on this machine: "modelPath": "${found[0]}"` : "");
    return { model: rerankerName(rr.crossEncoder), loads: false, detail: errorText(e), fix, enabled: rr.enabled };
  }
}

export type CheckStatus = "ok" | "warn" | "fail";

export interface DoctorCheck {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do about it, when anything. */
  fix?: string;
}

export interface DoctorReport {
  workspace: string;
  ok: boolean;
  checks: DoctorCheck[];
}

/** What doctor needs of an open engine (absent when the config itself does not load). */
export interface DoctorEngine extends AdminEngine {
  readonly indexing: { status(): StatusSummary };
}

type StatusSummary = { files: number; chunks: number; lastSyncAt: number | null; stale: string[]; missing: string[]; vectors: { embedded: number; missing: number; modelId: string | null }; redaction?: RedactionTally | null };

/** The doctor line on secrets in sessions/: how many transcripts the index passes redacted in place. */
export function redactionCheck(t: RedactionTally | null | undefined): DoctorCheck {
  if (t === null || t === undefined) return { name: "redaction", status: "ok", detail: "sessions/ not checked for secrets yet", fix: "the next `agent index` redacts any it finds" };
  if (t.problem !== undefined) return { name: "redaction", status: "warn", detail: `${t.files} transcript(s) redacted (${t.secrets} secret(s)); ${t.problem}`, fix: "its secrets are kept out of the index; fix the named file and run `agent index`" };
  if (t.files === 0) return { name: "redaction", status: "ok", detail: "no secrets found in sessions/ (keys, tokens, passwords and <private> spans are redacted before they are written)" };
  return { name: "redaction", status: "ok", detail: `${t.files} transcript(s) in sessions/ had secrets redacted in place (${t.secrets} secret(s), latest ${t.at === null ? "unknown" : new Date(t.at).toISOString()})` };
}

/**
 * Every check a user needs in one go: the config, each database, the embedder, the LLM,
 * the daemon, index freshness and pending vectors. `open` opens the engine; when the config
 * is invalid the other checks still run against the defaults where they can.
 */
/** The bootstrap files that the one rule (guard.ts) refuses: a link out, a FIFO, a device... */
function unsafeWorkspaceFiles(workspace: string, rule: LinkRule): string[] {
  const out: string[] = [];
  for (const name of BOOTSTRAP_FILES) {
    try {
      readWorkspaceFile(workspace, name, rule);
    } catch (e) {
      if (e instanceof UnsafeFileError) out.push(e.message);
    }
  }
  return out;
}

export async function doctor(workspace: string, open: (config: AgentConfig) => DoctorEngine & { close(): Promise<void> }): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  // Whatever a library or a server put in an error (a stack trace, a page of HTML), a check says one line.
  const add = (c: DoctorCheck) => checks.push({ ...c, detail: oneLine(c.detail), ...(c.fix !== undefined ? { fix: oneLine(c.fix) } : {}) });

  // 1. The config, validated whole.
  let config: AgentConfig | undefined;
  try {
    config = loadAgentConfig(workspace);
    add({ name: "config", status: "ok", detail: config.exists ? `${configPath(workspace)} is valid` : "no agent.config.json: every setting is a default (`agent config` shows them)" });
  } catch (e) {
    add({ name: "config", status: "fail", detail: errorText(e), fix: "fix the named key(s); `agent config` prints the effective configuration once it loads" });
  }

  // 1b. The files every session reads, under the workspace's one rule (links, FIFOs, devices).
  for (const problem of unsafeWorkspaceFiles(workspace, { allowHardLinks: config?.index.allowHardLinks ?? false })) {
    add({ name: "workspace files", status: "fail", detail: problem, fix: "replace it with a regular text file inside the workspace; until then it is left out of every prompt and answer" });
  }

  // 1c. What a sync tool could break: an SQLite file in the workspace, ignore lines missing.
  for (const p of syncProblems(workspace)) add({ name: "sync", status: "warn", ...p });

  // 2. The databases: open them read-only and run SQLite's quick integrity check.
  const dbs: [string, string, string][] = [
    ["index database", indexDbPath(workspace), "it is derived: `agent index --rebuild` builds it again from the markdown"],
    ["state database", stateDbPath(workspace), STATE_RESTORE_HINT],
    ["embedding cache", config?.embed.cacheDir ? path.resolve(workspace, config.embed.cacheDir, EMBED_CACHE_FILE) : path.join(agentDir(workspace), EMBED_CACHE_FILE), "it is a cache: delete the file and vectors are computed again"],
  ];
  for (const [name, file, fix] of dbs) {
    if (!existsSync(file)) {
      add({ name, status: "ok", detail: `${file} does not exist yet (created on first use)` });
      continue;
    }
    const problem = checkIntegrity(file);
    if (problem === null) add({ name, status: "ok", detail: `${file}: integrity ok` });
    else {
      const backups = name === "state database" ? listStateBackups(file) : [];
      add({ name, status: "fail", detail: `${file} is damaged (${problem})`, fix: name === "state database" ? `${backups.length} backup(s) in ${path.dirname(backups[0]?.file ?? path.join(agentDir(workspace), "backups", "x"))}; restore the newest with \`agent doctor --restore-state\` (the damaged file is kept beside it)` : fix });
    }
  }

  // 2b. The device logs the shared state is folded from (.agent-state/).
  for (const c of checkLogs(workspace)) add({ name: "device logs", ...c });

  // 3. The daemon.
  const lock = readDaemonLock(workspace);
  add(
    lock === undefined
      ? { name: "daemon", status: "ok", detail: "not running (commands work in-process; start it with `agent daemon` to serve assistants warm)" }
      : lock.alive
        ? { name: "daemon", status: "ok", detail: `running, pid ${lock.pid}, since ${new Date(lock.startedAt).toISOString()}` }
        : { name: "daemon", status: "warn", detail: `a stale lock of pid ${lock.pid} (not running)`, fix: "the next `agent daemon` takes it over" },
  );

  add(runtimesCheck());
  add(nodeCheck());

  if (config === undefined) return { workspace, ok: false, checks };

  // 4. Index freshness and pending vectors; 5. the embedder and the LLM.
  let engine: (DoctorEngine & { close(): Promise<void> }) | undefined;
  try {
    engine = open(config);
    const s = engine.indexing.status();
    const age = s.lastSyncAt === null ? null : engine.now() - s.lastSyncAt;
    add(
      s.lastSyncAt === null
        ? { name: "index", status: "warn", detail: "never indexed", fix: "run `agent index`" }
        : s.stale.length + s.missing.length > 0
          ? { name: "index", status: "warn", detail: `${s.files} files, ${s.chunks} chunks; ${s.stale.length} changed and ${s.missing.length} deleted since indexing`, fix: "the next search or `agent index` picks them up" }
          : { name: "index", status: "ok", detail: `${s.files} files, ${s.chunks} chunks, fresh (indexed ${Math.round((age ?? 0) / 1000)} s ago)` },
    );
    add(
      s.vectors.missing > 0
        ? { name: "vectors", status: "warn", detail: `${s.vectors.missing} chunk(s) without vectors (found by keywords only)`, fix: "run `agent index` or keep `agent daemon` running" }
        : { name: "vectors", status: "ok", detail: `${s.vectors.embedded} chunk(s) embedded${s.vectors.modelId ? ` with ${s.vectors.modelId}` : ""}` },
    );
    add(redactionCheck(s.redaction));
    const m = await models(engine);
    const e = m.embedder;
    add(
      e.provider === null
        ? { name: "embedder", status: "warn", detail: `none: ${e.reason}`, fix: "search is keyword-only; see README, Embedders" }
        : e.working
          ? { name: "embedder", status: "ok", detail: `${e.reason.includes(`${e.dimension}-d`) ? e.reason : `${e.reason} (${e.dimension}-d)`}${e.better ? `; ${e.better}` : ""}${e.provider === "use-lite" ? strongerEmbedderNote() : ""}` }
          : { name: "embedder", status: "fail", detail: `${e.provider} ${e.modelId ?? ""} does not load: ${e.detail}`, fix: runtimeFix(e.detail) ?? "check embed.* in agent.config.json, or set embed.provider to use-lite" },
    );
    add(llmCheck(m.llm, jobsNeedingLlm(config)));
    const window = await contextWindowCheck(engine, config);
    if (window) add(window);
    const r = m.reranker;
    if (r) {
      add(
        r.loads
          ? { name: "reranker", status: "ok", detail: `cross-encoder ${r.model} ${r.detail}${r.enabled ? "" : " (used with --rerank; search.rerank.enabled is false)"}` }
          : // Only a search asked to rerank needs it; with the stage on, every search does.
            { name: "reranker", status: r.enabled ? "fail" : "warn", detail: r.detail, ...(r.fix ? { fix: r.fix } : {}) },
      );
    }
  } catch (e) {
    add({ name: "engine", status: "fail", detail: errorText(e) });
  } finally {
    await engine?.close();
  }
  return { workspace, ok: checks.every((c) => c.status !== "fail"), checks };
}

/** The most a check's line carries of an error text. */
const MAX_LINE_CHARS = 400;

/** A text as one line: stack frames dropped, line breaks folded, cut at MAX_LINE_CHARS. */
export function oneLine(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !/^at \S/.test(l));
  const flat = lines.join(" ").replace(/\s+;/g, ";").replace(/\s{2,}/g, " ");
  return flat.length > MAX_LINE_CHARS ? `${flat.slice(0, MAX_LINE_CHARS - 1)}…` : flat;
}

/** Which optional runtimes are installed and where; a version other than the pinned one is a warning. */
function runtimesCheck(): DoctorCheck {
  const list = listRuntimes();
  const off = list.filter((r) => r.installed !== undefined && r.installed.version !== r.version);
  const detail = list
    .map((r) => (r.installed === undefined ? `${r.name}: not installed (\`agent runtime add ${r.name}\` for ${r.label} models)` : `${r.name}: ${r.package} ${r.installed.version} (${r.installed.source})`))
    .join("; ");
  return off.length === 0
    ? { name: "runtimes", status: "ok", detail }
    : { name: "runtimes", status: "warn", detail, fix: off.map((r) => `\`agent runtime add ${r.name}\` installs the tested ${r.package} ${r.version}`).join("; ") };
}

/** The Node.js running the engine: a supported line, or an untested one (too old a Node never gets here). */
function nodeCheck(): DoctorCheck {
  const node = nodeLineCheck();
  return node.supported
    ? { name: "node", status: "ok", detail: node.detail }
    : { name: "node", status: "warn", detail: node.detail, fix: `install Node.js ${linesText()} (a long-term-support line)` };
}

/** The command a "runtime is not installed" message names, as a doctor fix. */
function runtimeFix(detail: string): string | undefined {
  const m = /run `(agent runtime add \w+)`/.exec(detail);
  return m ? `run \`${m[1]}\`` : undefined;
}

/**
 * What the daemon runs with the LLM on its own: an unreachable LLM breaks those (fail);
 * with none of them on, only commands run by hand need it (warn), and a person who only
 * searches is not told forever that something is broken.
 */
export function jobsNeedingLlm(config: AgentConfig): string[] {
  const out: string[] = [];
  if (config.schedule.reflect) out.push("schedule.reflect");
  if (config.heartbeat.enabled) out.push("heartbeat.enabled");
  if (config.flush.enabled) out.push("flush.enabled");
  if (config.search.rerank.enabled && config.search.rerank.provider !== "cross-encoder") out.push("search.rerank (llm)");
  return out;
}

function llmCheck(llm: ModelsReport["llm"], needing: string[]): DoctorCheck {
  if (llm.reachable) return { name: "llm", status: "ok", detail: `${llm.provider} ${llm.model}: ${llm.detail}` };
  // The error already carries the setup steps; the fix line says them once.
  const detail = `${llm.provider} ${llm.model}: ${llm.detail.replace(`: ${ollamaSetupHint(llm.model)}`, "")}`;
  const setup = llm.provider === "ollama" ? llmSetupHint(llm.provider, llm.model) : (runtimeFix(llm.detail) ?? llmSetupHint(llm.provider, llm.model));
  // Only a search that reranks with the LLM on every query is broken without it.
  const search = needing.filter((n) => n.startsWith("search."));
  if (search.length > 0) return { name: "llm", status: "fail", detail: `${detail}; needed by ${search.join(", ")} on every search`, fix: `${setup}; or set search.rerank.enabled to false` };
  // The jobs wait for a model (the daemon says so once): a missing model is not broken search.
  if (needing.length > 0) return { name: "llm", status: "warn", detail: `${detail}; search works without it; ${needing.join(", ")} wait until a model answers`, fix: `${setup}; or, to only search, set ${needing.join(", ")} to false` };
  return { name: "llm", status: "warn", detail: `${detail}; no scheduled job needs it (search works without it; reflect, flush, heartbeat, evolve and ask by hand do not)`, fix: setup };
}

/**
 * Whether the model's context window holds the biggest prompts the jobs send (the flush's
 * transcript share and reflection's transcript), when the provider can say how big it is.
 */
async function contextWindowCheck(engine: EngineCore, config: AgentConfig): Promise<DoctorCheck | null> {
  const provider = engine.llm() as { contextSize?: () => Promise<number | null | undefined> };
  if (typeof provider.contextSize !== "function") return null;
  let size: number | null | undefined;
  try {
    size = await provider.contextSize();
  } catch {
    return null;
  }
  // Unknown (the model did not answer): the llm check already says why.
  if (typeof size !== "number") return null;
  // About 4 characters per token; the replies' own limits come on top.
  const flush = Math.ceil(config.flush.maxTranscriptChars / 4) + config.flush.maxReplyTokens + 600;
  const reflect = Math.ceil((config.reflection.maxMessages * config.reflection.maxMessageChars) / 4) + config.reflection.soulMaxTokens + 1200;
  const need = Math.max(flush, reflect);
  return size >= need
    ? { name: "llm context", status: "ok", detail: `${size} tokens; the largest job prompt needs about ${need}` }
    : { name: "llm context", status: "fail", detail: `the model's context window is ${size} tokens; the reflection and flush prompts need about ${need}`, fix: "use a model with a larger context (or raise llm.contextSize for llama-cpp), or lower reflection.maxMessages / flush.maxTranscriptChars" };
}

export interface ConfigView {
  file: string;
  exists: boolean;
  entries: ConfigEntry[];
  config: Omit<AgentConfig, "raw" | "file" | "exists">;
}

export function configView(cfg: AgentConfig): ConfigView {
  const { raw: _raw, file, exists, ...sections } = cfg;
  return { file, exists, entries: configEntries(cfg), config: sections };
}

/**
 * GGUF files qmd downloaded ($XDG_CACHE_HOME/qmd/models, else ~/.cache/qmd/models) whose
 * name says what they are: a user who has qmd can point the engine at them instead of
 * downloading a model.
 */
function qmdModels(kind: "rerank" | "embed"): string[] {
  const dir = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "qmd", "models");
  try {
    return readdirSync(dir)
      .filter((f) => new RegExp(kind, "i").test(f) && !(kind === "embed" && /rerank/i.test(f)) && isGgufFile(f))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/** USE-lite works, but a much stronger embedder may be on the machine already. */
function strongerEmbedderNote(): string {
  const found = qmdModels("embed");
  return found.length > 0 ? `; qmd's embedder, a stronger model than USE-lite, is on this machine: to use it set "embed": {"modelPath": "${found[0]}"} (re-embeds the notes once)` : "";
}
