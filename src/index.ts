/**
 * The engine's public API. Everything a user or an assistant can do goes through `Engine`;
 * the CLI (src/cli) and the MCP server (src/mcp) are thin adapters over it.
 *
 * Pipeline, lowest layer first:
 *   workspace/  files, kinds, config, safe writes      (markdown is the source of truth)
 *   store/      SQLite index: schema.sql, open/rebuild, reads and writes
 *   embed/      embedding models and their cache
 *   llm/        local language models (Ollama, llama.cpp, scripted for tests)
 *   indexer/    chunk, index, watch
 *   search/     keyword, vector, fusion, dates, snippets
 *   jobs/, scheduler/, cli/, mcp/
 */
import { renameSync, existsSync } from "node:fs";
import { Indexer, type IndexProgress, type IndexSummary } from "./indexer/indexer.js";
import { indexStatus, type IndexStatus } from "./indexer/status.js";
import { watchWorkspace, type WorkspaceWatcher } from "./indexer/watch.js";
import { searchIndex, type SearchOptions, type SearchResponse } from "./search/search.js";
import { IndexStore } from "./store/index-store.js";
import { openIndexDb, type DB, type OpenNotice } from "./store/open.js";
import { loadConfig, type LoadedConfig } from "./workspace/config.js";
import { indexDbPath } from "./workspace/paths.js";

export { initWorkspace, type InitResult } from "./workspace/init.js";
export { resolveWorkspace, WorkspaceError } from "./workspace/paths.js";
export { ConfigError } from "./workspace/config.js";
export type { IndexSummary, IndexProgress } from "./indexer/indexer.js";
export type { IndexStatus } from "./indexer/status.js";
export type { SearchOptions, SearchResponse, SearchResult } from "./search/search.js";

export interface EngineOptions {
  workspace: string;
  /** Injectable clock (ms since epoch) for tests. */
  now?: () => number;
}

export interface SearchReport extends SearchResponse {
  /** What the pre-search freshness check reindexed (usually nothing). */
  refreshed: { indexed: string[]; removed: string[] };
}

export class Engine {
  readonly workspace: string;
  readonly config: LoadedConfig;
  readonly now: () => number;
  /** Things that happened while opening (an index rebuilt, moved aside...). */
  readonly notices: OpenNotice[] = [];
  private db!: DB;
  private store!: IndexStore;
  private indexer!: Indexer;

  private constructor(opts: EngineOptions) {
    this.workspace = opts.workspace;
    this.now = opts.now ?? Date.now;
    this.config = loadConfig(this.workspace);
    this.openDb();
  }

  static open(opts: EngineOptions): Engine {
    return new Engine(opts);
  }

  get indexPath(): string {
    return indexDbPath(this.workspace);
  }

  /** Incremental index of the whole workspace; `force` re-reads every file. */
  index(opts: { force?: boolean; onProgress?: (p: IndexProgress) => void } = {}): IndexSummary {
    return this.recovering(() => this.indexer.sync(opts));
  }

  /** Throws away the index and builds it again from the markdown. */
  rebuild(opts: { onProgress?: (p: IndexProgress) => void } = {}): IndexSummary {
    this.db.close();
    for (const ext of ["", "-wal", "-shm"]) {
      const f = this.indexPath + ext;
      if (existsSync(f)) renameSync(f, `${f}.old`);
    }
    this.openDb();
    return this.indexer.sync(opts);
  }

  /**
   * Reconciles the index with the disk (stat each file, re-read only what changed), then
   * searches, so a search right after a hand edit never returns the old text.
   */
  search(query: string, opts: SearchOptions & { refresh?: boolean } = {}): SearchReport {
    return this.recovering(() => {
      const sync = opts.refresh === false ? { indexed: [], removed: [] } : this.indexer.sync();
      const res = searchIndex(this.db, query, opts);
      return { ...res, refreshed: { indexed: sync.indexed, removed: sync.removed } };
    });
  }

  /** Re-checks specific workspace-relative paths (the watcher's entry point). */
  syncPaths(rels: string[]): IndexSummary {
    return this.recovering(() => this.indexer.syncPaths(rels));
  }

  status(): IndexStatus {
    return this.recovering(() => indexStatus(this.workspace, this.store));
  }

  /** Keeps the index in step with the disk until the returned watcher is closed. */
  watch(opts: { debounceMs?: number; onSync?: (s: IndexSummary) => void; onError?: (e: unknown) => void } = {}): WorkspaceWatcher {
    const watchOpts: Parameters<typeof watchWorkspace>[1] = {
      onBatch: ({ paths, rescan }) => {
        const s = rescan ? this.index() : this.syncPaths(paths);
        opts.onSync?.(s);
      },
    };
    if (opts.debounceMs !== undefined) watchOpts.debounceMs = opts.debounceMs;
    if (opts.onError) watchOpts.onError = opts.onError;
    return watchWorkspace(this.workspace, watchOpts);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private openDb(): void {
    const { db, notices } = openIndexDb(this.indexPath);
    this.notices.push(...notices);
    this.db = db;
    this.store = new IndexStore(db);
    this.indexer = new Indexer(this.workspace, this.store, this.config.index, { now: this.now });
  }

  /**
   * Damage inside the file only shows when a page is read. The index is derived, so the
   * answer is to move the damaged file aside, rebuild from the markdown, and retry once.
   */
  private recovering<T>(fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code !== "SQLITE_CORRUPT" && code !== "SQLITE_NOTADB") throw e;
      this.db.close();
      const aside = `${this.indexPath}.corrupt-${Date.now()}`;
      renameSync(this.indexPath, aside);
      this.notices.push({ message: `${this.indexPath}: damaged (${code}); moved to ${aside} and rebuilt from the workspace` });
      this.openDb();
      this.indexer.sync();
      return fn();
    }
  }
}

// Reflection and SOUL.md history (issue #4): `agent reflect`, `agent soul`, `agent log`.
export {
  runReflection,
  rollbackSoul,
  soulLog,
  soulDiff,
  parseSoulRef,
  readSoul,
  appendSessionTurn,
  ReflectionConfigSchema,
} from "./jobs/reflect/index.js";
export type {
  ReflectionResult,
  ReflectionStatus,
  ReflectionOptions,
  RunReflectionInput,
  ReflectionConfig,
  SoulLog,
  SoulDiffResult,
  SoulRef,
  RollbackResult,
  AppendSessionInput,
  AppendSessionResult,
} from "./jobs/reflect/index.js";
export { SoulVersionStore, contentHash } from "./store/soul-versions.js";
export type { SoulVersion, SoulVersionSummary, SoulOrigin, ReflectionRun, RunOutcome } from "./store/soul-versions.js";
