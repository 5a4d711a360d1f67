import type { Command } from "commander";
import type { StatusReport } from "../../engine/engine.js";
import { printJson, standard, withEngine, type WorkspaceOpts } from "../common.js";
import { assistantsLine } from "../connect-status.js";
import { viaDaemon, withDaemonOption, type DaemonRouting } from "../remote.js";

export function register(program: Command): void {
  withDaemonOption(standard(program.command("status").description("what is indexed, how old it is, and anything stale or unreadable"))).action(async (opts: WorkspaceOpts & DaemonRouting) => {
    {
      // The running daemon answers warm when there is one; the answer is the same object.
      const r: StatusReport = (await viaDaemon<StatusReport>(opts, "status", {})) ?? (await withEngine(opts, (engine) => engine.indexing.statusReport()));
      if (opts.json) return printJson(r);
      const { embedder, ageMs, ...s } = r;
      const out: string[] = [
        `workspace: ${r.workspace}`,
        `index:     ${r.index}`,
        `files:     ${s.files} (${Object.entries(s.byKind).map(([k, v]) => `${k} ${v}`).join(", ") || "none"})`,
        `chunks:    ${s.chunks}`,
        `vectors:   ${s.vectors.embedded} chunk(s) embedded${s.vectors.modelId ? ` with ${s.vectors.modelId}` : ""}, ${s.vectors.missing} without${s.vectors.missing > 0 ? " (found by keywords only until `agent index` embeds them)" : ""}`,
        `embedder:  ${embedder.modelId === null ? `none (keyword-only) — ${embedder.reason}` : embedder.reason}`,
        `indexed:   ${ageMs === null ? "never — run `agent index`" : `${formatAge(ageMs)} ago`}`,
      ];
      out.push(await assistantsLine(r.workspace));
      if (r.state) out.push(`state:     ${r.state.events} event(s) from ${r.state.devices.length} device(s), digest ${r.state.digest.slice(0, 12)}`);
      out.push(s.stale.length === 0 ? "stale:     none" : `stale:     ${s.stale.length} file(s) changed since indexing (the next search or \`agent index\` picks them up)`);
      for (const p of s.stale.slice(0, 20)) out.push(`  ${p}`);
      if (s.missing.length > 0) out.push(`gone:      ${s.missing.length} indexed file(s) no longer on disk`);
      for (const p of s.missing.slice(0, 20)) out.push(`  ${p}`);
      if (s.problems.length > 0) out.push(`problems:  ${s.problems.length}`);
      for (const p of s.problems) out.push(`  [${p.severity}] ${p.message}`);
      process.stdout.write(out.join("\n") + "\n");
    }
  });
}

export function formatAge(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86400) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} days`;
}
