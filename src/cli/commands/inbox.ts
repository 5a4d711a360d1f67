import type { Command } from "commander";
import { openJobsDb, type InboxItem } from "../../index.js";
import { parsePositiveInt, printJson, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";

interface InboxOpts extends WorkspaceOpts {
  all?: boolean;
  keep?: boolean;
  limit: number;
}

export function registerInbox(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      program
        .command("inbox")
        .description("alerts and reports the daemon produced (heartbeat alerts, nightly reflection reports); shown ones are marked read")
        .option("--all", "also show items already read")
        .option("--keep", "do not mark the shown items as read")
        .option("-n, --limit <n>", "number of items", parsePositiveInt("--limit"), 50),
    ),
  ).action((opts: InboxOpts) => {
    const jobs = openJobsDb(workspaceFrom(opts));
    try {
      const items = jobs.inbox.list({ all: opts.all ?? false, limit: opts.limit });
      if (!opts.keep) jobs.inbox.markRead(items.filter((i) => !i.read).map((i) => i.id));
      if (opts.json) return printJson({ items });
      if (items.length === 0) {
        process.stdout.write(opts.all ? "the inbox is empty\n" : "no unread alerts or reports (--all shows read ones)\n");
        return;
      }
      process.stdout.write(items.map(format).join("\n"));
    } finally {
      jobs.close();
    }
  });
}

function format(i: InboxItem): string {
  const d = new Date(i.createdAt);
  const p = (n: number) => String(n).padStart(2, "0");
  const when = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  const body = i.body.trim() === i.title.trim() ? "" : `${i.body.replace(/\s+$/, "").replace(/^/gm, "  ")}\n`;
  return `#${i.id} ${when} ${i.kind.toUpperCase()}${i.read ? " (read)" : ""} [${i.source ?? "-"}] ${i.title}\n${body}`;
}
