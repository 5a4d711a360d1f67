import { utimesSync } from "node:fs";
import path from "node:path";
import { afterEach } from "vitest";
import { Engine } from "../../src/index.js";
import { SEARCH_NOW } from "./search-workspace.js";
import { cleanup, tempDir, write } from "./workspace.js";

export interface KeywordEngineOptions {
  /** Merged into the config's `search` section (keyword mode, no embedder, always). */
  search?: object;
  /** Other sections of agent.config.json. */
  config?: object;
  /** Files' modification times (seconds since the epoch), set before the index is built. */
  mtimes?: Record<string, number>;
}

/**
 * Engines over temp workspaces of `files` for the tests of the calling file or block: keyword
 * search, no embedder, "now" SEARCH_NOW, indexed once; each closed and removed after its test.
 */
export function keywordEngines(): (files: Record<string, string>, o?: KeywordEngineOptions) => Engine {
  let open: { ws: string; engine: Engine }[] = [];
  afterEach(async () => {
    for (const { ws, engine } of open) {
      await engine.close();
      cleanup(ws);
    }
    open = [];
  });
  return (files, o = {}) => {
    const ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ ...o.config, embed: { provider: "none" }, search: { mode: "keyword", ...o.search } }));
    for (const [rel, text] of Object.entries(files)) write(ws, rel, text);
    for (const [rel, s] of Object.entries(o.mtimes ?? {})) utimesSync(path.join(ws, rel), s, s);
    const engine = Engine.open({ workspace: ws, now: () => SEARCH_NOW, embedder: null });
    open.push({ ws, engine });
    engine.indexing.index();
    return engine;
  };
}
