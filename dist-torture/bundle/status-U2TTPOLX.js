import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  viaDaemon,
  withDaemonOption
} from "./chunk-UVXRVTYK.js";
import "./chunk-C7XSXXD5.js";
import {
  printJson,
  standard,
  withEngine
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/status.js
function register(program) {
  withDaemonOption(standard(program.command("status").description("what is indexed, how old it is, and anything stale or unreadable"))).action(async (opts) => {
    {
      const r = await viaDaemon(opts, "status", {}) ?? await withEngine(opts, (engine) => engine.statusReport());
      if (opts.json)
        return printJson(r);
      const { embedder, ageMs, ...s } = r;
      const out = [
        `workspace: ${r.workspace}`,
        `index:     ${r.index}`,
        `files:     ${s.files} (${Object.entries(s.byKind).map(([k, v]) => `${k} ${v}`).join(", ") || "none"})`,
        `chunks:    ${s.chunks}`,
        `vectors:   ${s.vectors.embedded} chunk(s) embedded${s.vectors.modelId ? ` with ${s.vectors.modelId}` : ""}, ${s.vectors.missing} without${s.vectors.missing > 0 ? " (found by keywords only until `agent index` embeds them)" : ""}`,
        `embedder:  ${embedder.modelId ?? "none (keyword-only)"} \u2014 ${embedder.reason}`,
        `indexed:   ${ageMs === null ? "never \u2014 run `agent index`" : `${formatAge(ageMs)} ago`}`
      ];
      out.push(s.stale.length === 0 ? "stale:     none" : `stale:     ${s.stale.length} file(s) changed since indexing (the next search or \`agent index\` picks them up)`);
      for (const p of s.stale.slice(0, 20))
        out.push(`  ${p}`);
      if (s.missing.length > 0)
        out.push(`gone:      ${s.missing.length} indexed file(s) no longer on disk`);
      for (const p of s.missing.slice(0, 20))
        out.push(`  ${p}`);
      if (s.problems.length > 0)
        out.push(`problems:  ${s.problems.length}`);
      for (const p of s.problems)
        out.push(`  [${p.severity}] ${p.message}`);
      process.stdout.write(out.join("\n") + "\n");
    }
  });
}
function formatAge(ms) {
  const s = Math.round(ms / 1e3);
  if (s < 60)
    return `${s} s`;
  if (s < 3600)
    return `${Math.round(s / 60)} min`;
  if (s < 86400)
    return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} days`;
}
export {
  formatAge,
  register
};
//# sourceMappingURL=status-U2TTPOLX.js.map
