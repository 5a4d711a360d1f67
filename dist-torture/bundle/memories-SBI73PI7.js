import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import "./chunk-N6XKOJYF.js";
import {
  parsePositiveInt,
  printJson,
  standard,
  warn,
  withEngine
} from "./chunk-EENKQGIA.js";
import "./chunk-P2BNR6FL.js";
import "./chunk-TEH6NW5Z.js";
import "./chunk-2YPZIKJZ.js";
import "./chunk-2RZH2ITT.js";
import "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import "./chunk-TYLLTPQG.js";
import "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import {
  Option
} from "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-Q7MNPCDJ.js";
import "./chunk-YGG5RE66.js";
import "./chunk-C7GQ5C77.js";
import {
  MEMORY_TYPES,
  isMemoryType,
  typeLabel,
  valenceMark,
  vividnessMark
} from "./chunk-PUIWUURG.js";
import "./chunk-UWHEQYUJ.js";
import "./chunk-JKQF62IV.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QD2MJU4L.js";
import "./chunk-IWEEPCH3.js";
import "./chunk-L3UHGH52.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/memories.js
function allOpts(cmd) {
  return cmd.optsWithGlobals();
}
function register(program) {
  const memories = standard(program.command("memories").description("the agent's memories: list them (most vivid first), see the archive, search them, forget or pin one").addOption(new Option("--type <type>", "only memories of this type").choices([...MEMORY_TYPES])).option("--faded", "list the archive: memories that faded out or were forgotten (never deleted)").option("--query <task>", "rank memories for a task, as `agent context --query` does (marks them recalled)").addOption(new Option("--session <type>", "with --query: group/isolated leave out private types").choices(["main", "group", "isolated"]).default("main")).option("-n, --limit <n>", "at most this many", parsePositiveInt("--limit")));
  memories.action(async (opts) => {
    if (opts.type !== void 0 && !isMemoryType(opts.type))
      throw new UsageError(`unknown memory type ${opts.type}`);
    const query = opts.query?.trim();
    if (query) {
      if (opts.faded)
        throw new UsageError("--query searches the active memories; it cannot be combined with --faded");
      const r = await withEngine(opts, async (engine) => (await engine.evolution()).rank({ query, session: opts.session, ...opts.type !== void 0 ? { type: opts.type } : {}, ...opts.limit !== void 0 ? { limit: opts.limit } : {} }));
      if (opts.json)
        return printJson({ relevance: r.relevance, withheld: r.withheld, recalled: r.recalled, memories: r.ranked.map((x) => ({ ...x.memory, score: x.score, relevance: x.relevance, cosine: x.cosine, domainMatch: x.domainMatch })) });
      for (const w of r.warnings)
        warn(w);
      if (r.ranked.length === 0) {
        process.stdout.write("no memory is relevant enough to that task\n");
        return;
      }
      process.stdout.write(r.ranked.map((x) => `${formatMemory(x.memory)}
    score ${x.score.toFixed(2)} (relevance ${x.relevance.toFixed(2)}${x.domainMatch ? ", domain match" : ""})`).join("\n") + "\n");
      return;
    }
    const list = await withEngine(opts, async (engine) => (await engine.evolution()).list({ faded: opts.faded ?? false, ...opts.type !== void 0 ? { type: opts.type } : {}, ...opts.limit !== void 0 ? { limit: opts.limit } : {} }));
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
      process.stdout.write(`${r.message}
`);
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
    flags.push(`recalled ${m.recallCount}\xD7 (last ${day(m.lastRecalledAt)})`);
  if (m.reinforceCount > 0)
    flags.push(`repeated ${m.reinforceCount}\xD7`);
  const head = `#${m.id} ${typeLabel(m.type)} \xB7 ${m.domain} \xB7 ${valenceMark(m.valence)} \xB7 significance ${m.significance.toFixed(2)} \xB7 ${m.archivedAt !== null ? `archived ${day(m.archivedAt)}` : `${vividnessMark(m.vividNow)} ${m.vividNow.toFixed(2)}`} \xB7 since ${day(m.createdAt)}${flags.length > 0 ? ` \xB7 ${flags.join(", ")}` : ""}`;
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
export {
  register
};
//# sourceMappingURL=memories-SBI73PI7.js.map
