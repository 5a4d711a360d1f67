import type { Command } from "commander";
import type { HealthReport, HealthSide } from "../../engine/health.js";
import { printJson, standard, withEngine, type WorkspaceOpts } from "../common.js";

const at = (s: HealthSide) => `${s.path}:${s.line} (${s.date})`;
const quote = (t: string) => (t.length > 100 ? `"${t.slice(0, 97)}..."` : `"${t}"`);

export function format(r: HealthReport): string {
  const out: string[] = [];
  out.push(r.contradictions.length === 0 ? "contradictions: none" : `contradictions: ${r.contradictions.length}`);
  for (const c of r.contradictions) out.push(`  ${at(c.a)} ${quote(c.a.text)}`, `    vs ${at(c.b)} ${quote(c.b.text)}`);
  out.push(r.stale.length === 0 ? "stale facts: none" : `stale facts: ${r.stale.length} (replaced later, still in a file every session loads)`);
  for (const s of r.stale) out.push(`  ${at(s.old)} ${quote(s.old.text)}`, `    replaced on ${s.current.date} by ${s.current.path}:${s.current.line} ${quote(s.current.text)}`);
  out.push(r.duplicates.length === 0 ? "duplicates: none" : `duplicates: ${r.duplicates.length}`);
  for (const d of r.duplicates.slice(0, 20)) out.push(`  ${quote(d.text)} at ${d.places.map((p) => `${p.path}:${p.line}`).join(", ")}`);
  if (r.memory) out.push(`MEMORY.md: ${r.memory.chars} of ${r.memory.budget} characters a session loads${r.memory.over ? " — over: the end is cut from every prompt (move old lines to a daily note)" : ""}`);
  else out.push("MEMORY.md: none");
  return out.join("\n") + "\n";
}

export function register(program: Command): void {
  standard(program.command("health").description("contradictions, facts a later note replaced, duplicates, MEMORY.md's size")).action(async (opts: WorkspaceOpts) => {
    const r = await withEngine(opts, (engine) => engine.indexing.health());
    if (opts.json) return printJson(r);
    process.stdout.write(format(r));
  });
}
