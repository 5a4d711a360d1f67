import { Option, type Command } from "commander";
import {
  forgetMemory,
  isMemoryType,
  listMemories,
  markRecalled,
  MEMORY_TYPES,
  pinMemory,
  rankForTask,
  restoreMemory,
  typeLabel,
  unpinMemory,
  valenceMark,
  vividnessMark,
  type MemoryChange,
  type MemoryType,
  type MemoryView,
} from "../../jobs/evolve/index.js";
import { parsePositiveInt, printJson, warn, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { lazyEmbedder } from "../embedder.js";

interface MemoriesOpts extends WorkspaceOpts {
  type?: MemoryType;
  faded?: boolean;
  query?: string;
  limit?: number;
  session: "main" | "group" | "isolated";
}

/** Options of `memories` itself are also seen by its subcommands (commander parses them on the parent). */
function allOpts(cmd: Command): WorkspaceOpts {
  return cmd.optsWithGlobals() as WorkspaceOpts;
}

export function registerMemories(program: Command): void {
  const memories = withJsonOption(
    withWorkspaceOption(
      program
        .command("memories")
        .description("the agent's memories: list them (most vivid first), see the archive, search them, forget or pin one")
        .addOption(new Option("--type <type>", "only memories of this type").choices([...MEMORY_TYPES]))
        .option("--faded", "list the archive: memories that faded out or were forgotten (never deleted)")
        .option("--query <task>", "rank memories for a task, as `agent context --query` does (marks them recalled)")
        .addOption(new Option("--session <type>", "with --query: group/isolated leave out private types").choices(["main", "group", "isolated"]).default("main"))
        .option("-n, --limit <n>", "at most this many", parsePositiveInt("--limit")),
    ),
  );
  memories.action(async (opts: MemoriesOpts) => {
    const workspace = workspaceFrom(opts);
    const now = Date.now();
    if (opts.type !== undefined && !isMemoryType(opts.type)) throw new Error(`unknown memory type ${opts.type}`);
    if (opts.query !== undefined && opts.query.trim() !== "") {
      if (opts.faded) throw new Error("--query searches the active memories; it cannot be combined with --faded");
      const embedder = lazyEmbedder(workspace);
      try {
        const r = await rankForTask({
          workspace,
          query: opts.query.trim(),
          session: opts.session,
          now,
          embedder: await embedder.get().catch((e: unknown) => {
            warn(`no embedder (${e instanceof Error ? e.message : String(e)}); ranking by word overlap`);
            return null;
          }),
          ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
        });
        const ranked = opts.type === undefined ? r.ranked : r.ranked.filter((x) => x.memory.type === opts.type);
        const recalled = markRecalled(workspace, ranked.map((x) => x.memory.id), now, "search", opts.query.trim());
        if (opts.json) return printJson({ relevance: r.relevance, withheld: r.withheld, recalled, memories: ranked.map((x) => ({ ...x.memory, score: x.score, relevance: x.relevance, cosine: x.cosine, domainMatch: x.domainMatch })) });
        for (const w of r.warnings) warn(w);
        if (ranked.length === 0) {
          process.stdout.write("no memory is relevant enough to that task\n");
          return;
        }
        process.stdout.write(ranked.map((x) => `${formatMemory(x.memory)}\n    score ${x.score.toFixed(2)} (relevance ${x.relevance.toFixed(2)}${x.domainMatch ? ", domain match" : ""})`).join("\n") + "\n");
      } finally {
        await embedder.close();
      }
      return;
    }
    let list = listMemories(workspace, { now, faded: opts.faded ?? false, ...(opts.type !== undefined ? { type: opts.type } : {}) });
    if (opts.limit !== undefined) list = list.slice(0, opts.limit);
    if (opts.json) return printJson({ archive: opts.faded ?? false, memories: list });
    if (list.length === 0) {
      process.stdout.write(
        opts.faded ? "the archive is empty\n" : "no memories yet: nightly reflection forms them from conversations (`agent reflect`)\n",
      );
      return;
    }
    process.stdout.write(list.map(formatMemory).join("\n") + "\n");
  });

  const change = (name: string, description: string, fn: (workspace: string, id: number, now: number) => MemoryChange) => {
    withJsonOption(withWorkspaceOption(memories.command(name).description(description).argument("<id>", "memory number (#N in `agent memories`)"))).action(
      (idText: string, _opts: WorkspaceOpts, cmd: Command) => {
        const opts = allOpts(cmd);
        const id = Number(idText.replace(/^#/, ""));
        if (!Number.isInteger(id) || id <= 0) throw new Error(`"${idText}" is not a memory number`);
        const r = fn(workspaceFrom(opts), id, Date.now());
        if (opts.json) return printJson(r);
        process.stdout.write(`${r.message}\n`);
      },
    );
  };
  change("forget", "move a memory to the archive (it stays there, restorable; nothing is deleted)", forgetMemory);
  change("pin", "pin a memory: vivid again, and it never fades until unpinned", pinMemory);
  change("unpin", "let a pinned memory fade again", unpinMemory);
  change("restore", "bring a memory back from the archive", restoreMemory);
}

function formatMemory(m: MemoryView): string {
  const flags: string[] = [];
  if (m.pinned) flags.push("pinned");
  if (m.recallCount > 0) flags.push(`recalled ${m.recallCount}× (last ${day(m.lastRecalledAt!)})`);
  if (m.reinforceCount > 0) flags.push(`repeated ${m.reinforceCount}×`);
  const head = `#${m.id} ${typeLabel(m.type)} · ${m.domain} · ${valenceMark(m.valence)} · significance ${m.significance.toFixed(2)} · ${
    m.archivedAt !== null ? `archived ${day(m.archivedAt)}` : `${vividnessMark(m.vividNow)} ${m.vividNow.toFixed(2)}`
  } · since ${day(m.createdAt)}${flags.length > 0 ? ` · ${flags.join(", ")}` : ""}`;
  const lines = [head, `    ${m.content}`];
  if (m.archiveReason) lines.push(`    ${m.archiveReason}`);
  return lines.join("\n");
}

function day(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
