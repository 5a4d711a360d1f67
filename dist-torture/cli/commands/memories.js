import { Option } from "commander";
import { UsageError } from "../../engine/errors.js";
import { isMemoryType, MEMORY_TYPES, typeLabel, valenceMark, vividnessMark } from "../../jobs/evolve/index.js";
import { parsePositiveInt, printJson, standard, warn, withEngine } from "../common.js";
/** Options of `memories` itself are also seen by its subcommands (commander parses them on the parent). */
function allOpts(cmd) {
    return cmd.optsWithGlobals();
}
export function register(program) {
    const memories = standard(program
        .command("memories")
        .description("the agent's memories: list them (most vivid first), see the archive, search them, forget or pin one")
        .addOption(new Option("--type <type>", "only memories of this type").choices([...MEMORY_TYPES]))
        .option("--faded", "list the archive: memories that faded out or were forgotten (never deleted)")
        .option("--query <task>", "rank memories for a task, as `agent context --query` does (marks them recalled)")
        .addOption(new Option("--session <type>", "with --query: group/isolated leave out private types").choices(["main", "group", "isolated"]).default("main"))
        .option("-n, --limit <n>", "at most this many", parsePositiveInt("--limit")));
    memories.action(async (opts) => {
        if (opts.type !== undefined && !isMemoryType(opts.type))
            throw new UsageError(`unknown memory type ${opts.type}`);
        const query = opts.query?.trim();
        if (query) {
            if (opts.faded)
                throw new UsageError("--query searches the active memories; it cannot be combined with --faded");
            const r = await withEngine(opts, async (engine) => (await engine.evolution()).rank({ query, session: opts.session, ...(opts.type !== undefined ? { type: opts.type } : {}), ...(opts.limit !== undefined ? { limit: opts.limit } : {}) }));
            if (opts.json)
                return printJson({ relevance: r.relevance, withheld: r.withheld, recalled: r.recalled, memories: r.ranked.map((x) => ({ ...x.memory, score: x.score, relevance: x.relevance, cosine: x.cosine, domainMatch: x.domainMatch })) });
            for (const w of r.warnings)
                warn(w);
            if (r.ranked.length === 0) {
                process.stdout.write("no memory is relevant enough to that task\n");
                return;
            }
            process.stdout.write(r.ranked.map((x) => `${formatMemory(x.memory)}\n    score ${x.score.toFixed(2)} (relevance ${x.relevance.toFixed(2)}${x.domainMatch ? ", domain match" : ""})`).join("\n") + "\n");
            return;
        }
        const list = await withEngine(opts, async (engine) => (await engine.evolution()).list({ faded: opts.faded ?? false, ...(opts.type !== undefined ? { type: opts.type } : {}), ...(opts.limit !== undefined ? { limit: opts.limit } : {}) }));
        if (opts.json)
            return printJson({ archive: opts.faded ?? false, memories: list });
        if (list.length === 0) {
            process.stdout.write(opts.faded ? "the archive is empty\n" : "no memories yet: nightly reflection forms them from conversations (`agent reflect`)\n");
            return;
        }
        process.stdout.write(list.map(formatMemory).join("\n") + "\n");
    });
    const change = (action, description) => {
        standard(memories.command(action).description(description).argument("<id>", "memory number (#N in `agent memories`)")).action(async (idText, _opts, cmd) => {
            const opts = allOpts(cmd);
            const id = Number(idText.replace(/^#/, ""));
            if (!Number.isInteger(id) || id <= 0)
                throw new UsageError(`"${idText}" is not a memory number`);
            const r = await withEngine(opts, async (engine) => (await engine.evolution()).change(action, id));
            if (opts.json)
                return printJson(r);
            process.stdout.write(`${r.message}\n`);
        });
    };
    change("forget", "move a memory to the archive (it stays there, restorable; nothing is deleted)");
    change("pin", "pin a memory: vivid again, and it never fades until unpinned");
    change("unpin", "let a pinned memory fade again");
    change("restore", "bring a memory back from the archive");
}
function formatMemory(m) {
    const flags = [];
    if (m.pinned)
        flags.push("pinned");
    if (m.recallCount > 0)
        flags.push(`recalled ${m.recallCount}× (last ${day(m.lastRecalledAt)})`);
    if (m.reinforceCount > 0)
        flags.push(`repeated ${m.reinforceCount}×`);
    const head = `#${m.id} ${typeLabel(m.type)} · ${m.domain} · ${valenceMark(m.valence)} · significance ${m.significance.toFixed(2)} · ${m.archivedAt !== null ? `archived ${day(m.archivedAt)}` : `${vividnessMark(m.vividNow)} ${m.vividNow.toFixed(2)}`} · since ${day(m.createdAt)}${flags.length > 0 ? ` · ${flags.join(", ")}` : ""}`;
    const lines = [head, `    ${m.content}`];
    if (m.archiveReason)
        lines.push(`    ${m.archiveReason}`);
    return lines.join("\n");
}
function day(ms) {
    const d = new Date(ms);
    const p = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
//# sourceMappingURL=memories.js.map