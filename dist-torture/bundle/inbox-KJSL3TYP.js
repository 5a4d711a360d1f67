import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  parsePositiveInt,
  printJson,
  standard,
  withEngine
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/inbox.js
function register(program) {
  standard(program.command("inbox").description("alerts and reports the jobs produced (heartbeat alerts, reflection reports, proposals waiting for review); shown ones are marked read").option("--all", "also show items already read").option("--keep", "do not mark the shown items as read").option("-n, --limit <n>", "number of items", parsePositiveInt("--limit"), 50)).action(async (opts) => {
    const { items, proposal } = await withEngine(opts, async (engine) => {
      const proposal2 = (await engine.soul()).pending();
      if (!engine.hasState())
        return { items: [], proposal: proposal2 };
      const inbox = (await engine.jobs()).inbox;
      const items2 = inbox.list({ all: opts.all ?? false, limit: opts.limit });
      if (!opts.keep)
        inbox.markRead(items2.filter((i) => !i.read).map((i) => i.id));
      return { items: items2, proposal: proposal2 };
    });
    if (opts.json)
      return printJson({ items, proposal });
    const out = [];
    if (proposal)
      out.push(`a SOUL proposal waits for review (${proposal.path}): \`agent soul proposed\`, then accept or reject
`);
    if (items.length === 0)
      out.push(opts.all ? "the inbox is empty\n" : "no unread alerts or reports (--all shows read ones)\n");
    out.push(...items.map(format));
    process.stdout.write(out.join("\n"));
  });
}
function format(i) {
  const d = new Date(i.createdAt);
  const p = (n) => String(n).padStart(2, "0");
  const when = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  const body = i.body.trim() === i.title.trim() ? "" : `${i.body.replace(/\s+$/, "").replace(/^/gm, "  ")}
`;
  return `#${i.id} ${when} ${i.kind.toUpperCase()}${i.read ? " (read)" : ""} [${i.source ?? "-"}] ${i.title}
${body}`;
}
export {
  register
};
//# sourceMappingURL=inbox-KJSL3TYP.js.map
