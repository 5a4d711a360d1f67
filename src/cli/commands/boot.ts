import { Option, type Command } from "commander";
import type { BootRequest } from "../../contract/requests.js";
import { bootOptions } from "../../contract/options.js";
import { checkChoice, checkWhole, MAX_DAYS, MAX_LIMIT, SESSION_SCOPES } from "../../contract/rules.js";
import type { BootItem } from "../../context/boot/boot.js";
import type { BootResult } from "../../context/boot/sources.js";
import { printJson, standard, warn, withEngine, type WorkspaceOpts } from "../common.js";
import { viaDaemon, withDaemonOption, type DaemonRouting } from "../remote.js";

interface BootOpts extends WorkspaceOpts, DaemonRouting {
  days?: number;
  project?: string;
  limit?: number;
  includeDaily?: boolean;
  session: NonNullable<BootRequest["session"]>;
}

export function register(program: Command): void {
  withDaemonOption(standard(
      program
        .command("boot")
        .description("morning context restoration: relevant history plus the last days' conversations and daily notes, deduplicated, with dates")
        .argument("[query...]", 'what you are picking up, e.g. "what was I doing on the pharmacy project"')
        .option("--days <n>", `days of recent activity, today included (default 7, at most ${MAX_DAYS})`, (v) => checkWhole("days", v, 1, MAX_DAYS))
        .option("--project <name>", "only items annotated project:: NAME (matched fuzzily)")
        .option("-n, --limit <n>", `items in all (default 10; about 30% go to recent activity; at most ${MAX_LIMIT})`, (v) => checkWhole("limit", v, 1, MAX_LIMIT))
        .option("--include-daily", "also print today's daily note verbatim")
        .addOption(new Option("--session <type>", "main (private, everything); group or isolated (no private files)").choices(SESSION_SCOPES).argParser((v) => checkChoice("session", SESSION_SCOPES, v)).default("main")),
  )).action(async (words: string[], opts: BootOpts) => {
    {
      // The flags as a boot request of the contract.
      const req: BootRequest = { query: words.join(" "), session: opts.session, days: opts.days, project: opts.project, limit: opts.limit, ...(opts.includeDaily ? { includeDaily: true } : {}) };
      // The running daemon answers warm when there is one; the answer is the same object.
      const res = (await viaDaemon<BootResult>(opts, "boot", bootRequestWire(req))) ?? (await withEngine(opts, async (engine) => (await engine.assist()).boot(req.query ?? "", bootOptions(req))));
      if (opts.json) return printJson(res);
      for (const w of res.warnings) warn(w);
      process.stdout.write(formatBoot(res));
    }
  });
}

/** The request as it goes over the socket: JSON, with the fields not given left out. */
function bootRequestWire(req: BootRequest): BootRequest {
  return { query: req.query ?? "", ...bootOptions(req) };
}

export function formatBoot(r: BootResult): string {
  const head = [`boot${r.query ? `: "${r.query}"` : ""}`, `last ${r.days} day${r.days === 1 ? "" : "s"} (${r.from}..${r.to})`];
  if (r.project) head.push(`project ${r.project}`);
  let out = head.join(" · ") + "\n";
  const history = r.items.filter((i) => i.origin === "history" && !i.supersededBy);
  const recent = r.items.filter((i) => i.origin !== "history" && !i.supersededBy);
  // Replaced lines last, each with what replaced it: never read before the newer word.
  const replaced = r.items.filter((i) => i.supersededBy);
  let n = 0;
  const item = (it: BootItem) => {
    n++;
    const also = it.alsoFrom.length > 0 ? `  (also ${it.alsoFrom.join(", ")})` : "";
    let s = `${String(n).padStart(2)}. ${it.path}:${it.startLine}-${it.endLine}${it.date ? `  ${it.date}` : ""}${it.origin === "history" ? "" : `  [${it.origin}]`}${also}\n`;
    if (it.heading) s += `    ${it.heading}\n`;
    if (it.annotations) s += `    ${Object.entries(it.annotations).map(([k, vs]) => vs.map((v) => `${k}:: ${v}`).join("  ")).join("  ")}\n`;
    s += `    ${it.snippet}\n`;
    if (it.supersededBy) s += `    replaced${it.supersededBy.date ? ` on ${it.supersededBy.date}` : ""} by ${it.supersededBy.path}:${it.supersededBy.line}\n`;
    return s;
  };
  if (r.items.length === 0) out += "nothing found in history or recent activity\n";
  if (history.length > 0) out += `\nHistory\n${history.map(item).join("")}`;
  if (recent.length > 0) out += `\nRecent activity\n${recent.map(item).join("")}`;
  if (replaced.length > 0) out += `\nReplaced by newer notes\n${replaced.map(item).join("")}`;
  if (r.today) {
    out += `\nToday's note (${r.today.path})\n`;
    out += r.today.text === null ? "(no note yet today)\n" : r.today.text.endsWith("\n") ? r.today.text : `${r.today.text}\n`;
  }
  return out;
}
