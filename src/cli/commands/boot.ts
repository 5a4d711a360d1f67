import { Option, type Command } from "commander";
import type { SessionType } from "../../context/assemble.js";
import { UsageError } from "../../engine/errors.js";
import type { BootItem } from "../../context/boot/boot.js";
import type { BootResult } from "../../context/boot/sources.js";
import { parsePositiveInt, printJson, standard, warn, withEngine, type WorkspaceOpts } from "../common.js";
import { viaDaemon, withDaemonOption, type DaemonRouting } from "../remote.js";

interface BootOpts extends WorkspaceOpts, DaemonRouting {
  days?: number;
  project?: string;
  limit?: number;
  includeDaily?: boolean;
  session: SessionType;
}

export function register(program: Command): void {
  withDaemonOption(standard(
      program
        .command("boot")
        .description("morning context restoration: relevant history plus the last days' conversations and daily notes, deduplicated, with dates")
        .argument("[query...]", 'what you are picking up, e.g. "what was I doing on the pharmacy project"')
        .option("--days <n>", "days of recent activity, today included (default 7, at most 3650)", parseDays)
        .option("--project <name>", "only items annotated project:: NAME (matched fuzzily)")
        .option("-n, --limit <n>", "items in all (default 10; about 30% go to recent activity)", parsePositiveInt("--limit"))
        .option("--include-daily", "also print today's daily note verbatim")
        .addOption(new Option("--session <type>", "main (private, everything); group or isolated (no private files)").choices(["main", "group", "isolated"]).default("main")),
  )).action(async (words: string[], opts: BootOpts) => {
    {
      const query = words.join(" ");
      const options = {
        session: opts.session,
        ...(opts.days ? { days: opts.days } : {}),
        ...(opts.project ? { project: opts.project } : {}),
        ...(opts.limit ? { limit: opts.limit } : {}),
        ...(opts.includeDaily ? { includeDaily: true } : {}),
      };
      // The running daemon answers warm when there is one; the answer is the same object.
      const res = (await viaDaemon<BootResult>(opts, "boot", { query, options })) ?? (await withEngine(opts, (engine) => engine.boot(query, options)));
      if (opts.json) return printJson(res);
      for (const w of res.warnings) warn(w);
      process.stdout.write(formatBoot(res));
    }
  });
}

function parseDays(v: string): number {
  const n = parsePositiveInt("--days")(v);
  if (n > 3650) throw new UsageError(`--days must be at most 3650 (ten years), got ${v}`);
  return n;
}

export function formatBoot(r: BootResult): string {
  const head = [`boot${r.query ? `: "${r.query}"` : ""}`, `last ${r.days} day${r.days === 1 ? "" : "s"} (${r.from}..${r.to})`];
  if (r.project) head.push(`project ${r.project}`);
  let out = head.join(" · ") + "\n";
  const history = r.items.filter((i) => i.origin === "history");
  const recent = r.items.filter((i) => i.origin !== "history");
  let n = 0;
  const item = (it: BootItem) => {
    n++;
    const also = it.alsoFrom.length > 0 ? `  (also ${it.alsoFrom.join(", ")})` : "";
    let s = `${String(n).padStart(2)}. ${it.path}:${it.startLine}-${it.endLine}${it.date ? `  ${it.date}` : ""}${it.origin === "history" ? "" : `  [${it.origin}]`}${also}\n`;
    if (it.heading) s += `    ${it.heading}\n`;
    if (it.annotations) s += `    ${Object.entries(it.annotations).map(([k, vs]) => vs.map((v) => `${k}:: ${v}`).join("  ")).join("  ")}\n`;
    s += `    ${it.snippet}\n`;
    return s;
  };
  if (r.items.length === 0) out += "nothing found in history or recent activity\n";
  if (history.length > 0) out += `\nHistory\n${history.map(item).join("")}`;
  if (recent.length > 0) out += `\nRecent activity\n${recent.map(item).join("")}`;
  if (r.today) {
    out += `\nToday's note (${r.today.path})\n`;
    out += r.today.text === null ? "(no note yet today)\n" : r.today.text.endsWith("\n") ? r.today.text : `${r.today.text}\n`;
  }
  return out;
}
