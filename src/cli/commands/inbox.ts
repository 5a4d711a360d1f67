import type { Command } from "commander";
import type { InboxItem } from "../../store/inbox.js";
import { parsePositiveInt, printJson, standard, withEngine, type WorkspaceOpts } from "../common.js";

interface InboxOpts extends WorkspaceOpts {
  all?: boolean;
  keep?: boolean;
  limit: number;
}

export function register(program: Command): void {
  standard(
    program
      .command("inbox")
      .description("alerts and reports the jobs produced (heartbeat alerts, reflection reports, proposals waiting for review); shown ones are marked read")
      .option("--all", "also show items already read")
      .option("--keep", "do not mark the shown items as read")
      .option("-n, --limit <n>", "number of items", parsePositiveInt("--limit"), 50),
  ).action(async (opts: InboxOpts) => {
    const { items, proposal } = await withEngine(opts, async (engine) => {
      const proposal = (await engine.soul()).pending();
      if (!engine.hasState()) return { items: [] as InboxItem[], proposal };
      const inbox = (await engine.jobs()).inbox;
      const items = inbox.list({ all: opts.all ?? false, limit: opts.limit });
      if (!opts.keep) inbox.markRead(items.filter((i) => !i.read).map((i) => i.id));
      return { items, proposal };
    });
    if (opts.json) return printJson({ items, proposal });
    const out: string[] = [];
    if (proposal) out.push(`a SOUL proposal waits for review (${proposal.path}): \`agent soul proposed\`, then accept or reject\n`);
    if (items.length === 0) out.push(opts.all ? "the inbox is empty\n" : "no unread alerts or reports (--all shows read ones)\n");
    out.push(...items.map(format));
    process.stdout.write(out.join("\n"));
  });
}

function format(i: InboxItem): string {
  const d = new Date(i.createdAt);
  const p = (n: number) => String(n).padStart(2, "0");
  const when = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  const body = i.body.trim() === i.title.trim() ? "" : `${i.body.replace(/\s+$/, "").replace(/^/gm, "  ")}\n`;
  return `#${i.id} ${when} ${i.kind.toUpperCase()}${i.read ? " (read)" : ""} [${i.source ?? "-"}] ${i.title}\n${body}`;
}
