import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  viaDaemon,
  withDaemonOption
} from "./chunk-UVXRVTYK.js";
import "./chunk-C7XSXXD5.js";
import {
  parsePositiveInt,
  printJson,
  standard,
  warn,
  withEngine
} from "./chunk-EENKQGIA.js";
import {
  Option
} from "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/boot.js
function register(program) {
  withDaemonOption(standard(program.command("boot").description("morning context restoration: relevant history plus the last days' conversations and daily notes, deduplicated, with dates").argument("[query...]", 'what you are picking up, e.g. "what was I doing on the pharmacy project"').option("--days <n>", "days of recent activity, today included (default 7, at most 3650)", parseDays).option("--project <name>", "only items annotated project:: NAME (matched fuzzily)").option("-n, --limit <n>", "items in all (default 10; about 30% go to recent activity)", parsePositiveInt("--limit")).option("--include-daily", "also print today's daily note verbatim").addOption(new Option("--session <type>", "main (private, everything); group or isolated (no private files)").choices(["main", "group", "isolated"]).default("main")))).action(async (words, opts) => {
    {
      const query = words.join(" ");
      const options = {
        session: opts.session,
        ...opts.days ? { days: opts.days } : {},
        ...opts.project ? { project: opts.project } : {},
        ...opts.limit ? { limit: opts.limit } : {},
        ...opts.includeDaily ? { includeDaily: true } : {}
      };
      const res = await viaDaemon(opts, "boot", { query, options }) ?? await withEngine(opts, (engine) => engine.boot(query, options));
      if (opts.json)
        return printJson(res);
      for (const w of res.warnings)
        warn(w);
      process.stdout.write(formatBoot(res));
    }
  });
}
function parseDays(v) {
  const n = parsePositiveInt("--days")(v);
  if (n > 3650)
    throw new UsageError(`--days must be at most 3650 (ten years), got ${v}`);
  return n;
}
function formatBoot(r) {
  const head = [`boot${r.query ? `: "${r.query}"` : ""}`, `last ${r.days} day${r.days === 1 ? "" : "s"} (${r.from}..${r.to})`];
  if (r.project)
    head.push(`project ${r.project}`);
  let out = head.join(" \xB7 ") + "\n";
  const history = r.items.filter((i) => i.origin === "history");
  const recent = r.items.filter((i) => i.origin !== "history");
  let n = 0;
  const item = (it) => {
    n++;
    const also = it.alsoFrom.length > 0 ? `  (also ${it.alsoFrom.join(", ")})` : "";
    let s = `${String(n).padStart(2)}. ${it.path}:${it.startLine}-${it.endLine}${it.date ? `  ${it.date}` : ""}${it.origin === "history" ? "" : `  [${it.origin}]`}${also}
`;
    if (it.heading)
      s += `    ${it.heading}
`;
    if (it.annotations)
      s += `    ${Object.entries(it.annotations).map(([k, vs]) => vs.map((v) => `${k}:: ${v}`).join("  ")).join("  ")}
`;
    s += `    ${it.snippet}
`;
    return s;
  };
  if (r.items.length === 0)
    out += "nothing found in history or recent activity\n";
  if (history.length > 0)
    out += `
History
${history.map(item).join("")}`;
  if (recent.length > 0)
    out += `
Recent activity
${recent.map(item).join("")}`;
  if (r.today) {
    out += `
Today's note (${r.today.path})
`;
    out += r.today.text === null ? "(no note yet today)\n" : r.today.text.endsWith("\n") ? r.today.text : `${r.today.text}
`;
  }
  return out;
}
export {
  formatBoot,
  register
};
//# sourceMappingURL=boot-IDLSPEJ4.js.map
