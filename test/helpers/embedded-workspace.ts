/**
 * A small workspace indexed and embedded with the real USE-lite model, and a watch on the
 * model's query calls (on its class, beneath whatever the engine wraps around it).
 */
import path from "node:path";
import { vi } from "vitest";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { Engine } from "../../src/engine/engine.js";
import { write } from "./workspace.js";

/** Twelve notes on two plans in `dir/ws`, plus `extra` files, indexed and embedded for hybrid search. */
export async function embeddedWorkspace(dir: string, extra: Record<string, string> = {}): Promise<string> {
  const ws = path.join(dir, "ws");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "use-lite" }, search: { mode: "hybrid" } }));
  for (let i = 0; i < 12; i++) write(ws, `memory/2025-03-${String(i + 1).padStart(2, "0")}.md`, `# Note ${i}\n\nWe planned the ${i % 2 ? "canoe trip" : "kitchen renovation"}, step ${i}.\n`);
  for (const [rel, text] of Object.entries(extra)) write(ws, rel, text);
  const pre = await Engine.load({ workspace: ws });
  pre.indexing.index();
  await pre.indexing.embed();
  await pre.close();
  return ws;
}

/** Every text the model is asked to embed as a query from now on (undo with vi.restoreAllMocks). */
export function watchQueryEmbeds(): string[] {
  const queries: string[] = [];
  const embed = UseLiteEmbedder.prototype.embed;
  vi.spyOn(UseLiteEmbedder.prototype, "embed").mockImplementation(function (this: UseLiteEmbedder, texts, opts) {
    if (opts?.kind === "query") queries.push(...texts);
    return embed.call(this, texts, opts);
  });
  return queries;
}
