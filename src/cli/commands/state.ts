import type { Command } from "commander";
import { printJson, standard, withEngine, type WorkspaceOpts } from "../common.js";

export function register(program: Command): void {
  const state = standard(program.command("state").description("the engine's own state as folded from every device's log: digest, events, devices, home")).action(async (opts: WorkspaceOpts) => {
    const r = await withEngine(opts, async (engine) => (await import("../../engine/shared-state.js")).sharedStateSummary(engine.state()));
    if (opts.json) return printJson(r);
    const out = [`digest:  ${r.digest}`, `events:  ${r.events}`, `home:    ${r.home ?? "none yet"}`, "devices:"];
    for (const d of r.devices) {
      const when = d.lastEventAt === null ? "no events" : `last event ${new Date(d.lastEventAt).toISOString()}`;
      const bad = d.bad + d.unknown > 0 ? `, ${d.bad} bad line(s), ${d.unknown} unknown event(s) (see \`agent doctor\`)` : "";
      out.push(`  ${d.id} ${d.name}${d.id === r.device ? " (this device)" : ""}: ${d.events} event(s), ${when}${bad}`);
    }
    process.stdout.write(out.join("\n") + "\n");
  });
  standard(state.command("compact").description("rewrite this device's own log without events whose effect is gone (the folded state stays the same)")).action(async (_o: unknown, cmd: Command) => {
    // --workspace and --json may come before or after `compact`.
    const opts = cmd.optsWithGlobals<WorkspaceOpts>();
    const r = await withEngine(opts, async (engine) => (await import("../../engine/shared-state.js")).compactSharedState(engine.state()));
    if (opts.json) return printJson(r);
    process.stdout.write(`${r.dropped} of ${r.before} event(s) dropped (${r.bytesBefore} → ${r.bytesAfter} bytes); digest unchanged ${r.digestAfter.slice(0, 12)}\n`);
  });
}
