import { jobFailure } from "../job-error.js";
import type { Command } from "commander";
import { UsageError } from "../../engine/errors.js";
import type { DreamResult } from "../../jobs/dream/run.js";
import type { Proposal } from "../../store/dream-proposals.js";
import { printJson, type ProviderOpts, stamp, standard, warn, withEngine, withJobCancel, withProviderOptions, type WorkspaceOpts } from "../common.js";

interface DreamOpts extends WorkspaceOpts, ProviderOpts {
  dryRun?: boolean;
  explain?: boolean;
  here?: boolean;
}

export function register(program: Command): void {
  const dream = standard(
    withProviderOptions(
      program
        .command("dream")
        .description("dreaming: distil what keeps being recalled into proposed MEMORY.md lines (review, accept, reject, undo)")
        .option("--dry-run", "list the candidates with their recall signals; no model call, nothing written")
        .option("--here", "run it on this device even when another device is the home of the writing jobs (`agent jobs`)")
        .option("--explain", "with --dry-run: each candidate's queries and source lines, and why others were left out"),
    ),
  ).action(async (opts: DreamOpts) => {
    const { run, value } = await withEngine(opts, (engine) => withJobCancel(engine, async (signal) => (await engine.dream()).run({ ...(opts.dryRun ? { dryRun: true } : {}), here: opts.here === true, signal })));
    if (run.outcome === "error" || value === undefined) throw jobFailure(run, "the dream failed");
    if (opts.json) return printJson(value);
    process.stdout.write(describeRun(value, opts.explain === true).join("\n") + "\n");
  });

  standard(dream.command("review").description("proposals waiting for review, with provenance (file, lines, the queries that recalled them)").option("--all", "every proposal, decided ones too")).action(
    async (_o: unknown, cmd: Command) => {
      const opts = globals<WorkspaceOpts & { all?: boolean }>(cmd);
      const list = await withEngine(opts, async (engine) => (await engine.dream()).proposals(opts.all ? "all" : "pending"));
      if (opts.json) return printJson(list);
      if (list.length === 0) return void process.stdout.write(opts.all ? "no proposals yet\n" : "no proposal waits for review\n");
      process.stdout.write(list.flatMap(describeProposal).join("\n") + "\naccept: agent dream accept ID... (or --all; --edit \"...\" for one)   reject: agent dream reject ID... --reason \"...\"\n");
    },
  );

  standard(
    dream
      .command("accept")
      .description("append proposals to MEMORY.md (compare-and-swap; a new MEMORY.md version, undo with `agent dream undo`)")
      .argument("[ids...]", "proposal ids")
      .option("--all", "every pending proposal")
      .option("--edit <text>", "write this wording instead (one proposal)"),
  ).action(async (ids: string[], _o: unknown, cmd: Command) => {
    const opts = globals<WorkspaceOpts & { all?: boolean; edit?: string }>(cmd);
    const r = await withEngine(opts, async (engine) => (await engine.dream()).accept(pick(ids, opts.all), opts.edit));
    if (opts.json) return printJson(r);
    for (const w of r.warnings) warn(w);
    const out = r.accepted.length === 0 ? ["nothing to accept"] : [...r.accepted.map((a) => `accepted #${a.id}: ${a.text}`), r.version === null ? "MEMORY.md already had these lines under the dream's section; nothing written again" : `MEMORY.md is now version ${r.version}; undo with \`agent dream undo\``];
    if (r.baseline !== undefined) out.unshift(`MEMORY.md as you had it was saved first as version ${r.baseline}`);
    process.stdout.write(out.join("\n") + "\n");
  });

  standard(
    dream
      .command("reject")
      .description("reject proposals with a reason; their source and fact are never proposed again")
      .argument("[ids...]", "proposal ids")
      .option("--all", "every pending proposal")
      .option("--reason <text>", "why, in a sentence"),
  ).action(async (ids: string[], _o: unknown, cmd: Command) => {
    const opts = globals<WorkspaceOpts & { all?: boolean; reason?: string }>(cmd);
    const r = await withEngine(opts, async (engine) => (await engine.dream()).reject(pick(ids, opts.all), opts.reason ?? ""));
    if (opts.json) return printJson(r);
    process.stdout.write(r.rejected.length === 0 ? "nothing to reject\n" : `rejected ${r.rejected.map((i) => `#${i}`).join(", ")}\n`);
  });

  standard(dream.command("undo").description("take the newest accepted fact (or the one named) back out of MEMORY.md; the proposal waits again").argument("[id]", "proposal id")).action(
    async (id: string | undefined, _o: unknown, cmd: Command) => {
      const opts = globals<WorkspaceOpts>(cmd);
      const r = await withEngine(opts, async (engine) => (await engine.dream()).undo(id === undefined ? undefined : int(id)));
      if (opts.json) return printJson(r);
      process.stdout.write(`removed from MEMORY.md: ${r.text} (#${r.id} waits for review again; MEMORY.md version ${r.version})\n`);
    },
  );

  standard(dream.command("versions").description("MEMORY.md's versions: number, date, origin, summary")).action(async (_o: unknown, cmd: Command) => {
    const opts = globals<WorkspaceOpts>(cmd);
    const v = await withEngine(opts, async (engine) => (await engine.dream()).versions());
    if (opts.json) return printJson(v);
    process.stdout.write(v.length === 0 ? "no MEMORY.md versions yet: the first accept records one\n" : v.map((x) => `${String(x.number).padStart(3)}  ${stamp(x.createdAt)}  ${x.origin.padEnd(8)}  ${x.summary}`).join("\n") + "\n");
  });

  standard(dream.command("rollback").description("restore MEMORY.md version N (the restore is itself a version)").argument("<n>", "version number (see `agent dream versions`)")).action(
    async (n: string, _o: unknown, cmd: Command) => {
      const opts = globals<WorkspaceOpts>(cmd);
      const r = await withEngine(opts, async (engine) => (await engine.dream()).rollback(int(n)));
      if (opts.json) return printJson(r);
      process.stdout.write(r.version === null ? `MEMORY.md already has version ${r.restoredFrom}'s content\n` : `MEMORY.md restored to version ${r.restoredFrom} (recorded as version ${r.version})\n`);
    },
  );
}

/** `agent dream` has options of its own: an option named after a subcommand may be parsed by either, so read both. */
function globals<T>(cmd: Command): T {
  return cmd.optsWithGlobals<T & object>();
}

function int(s: string): number {
  const n = Number(s.replace(/^#/, ""));
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`"${s}" is not an id (a whole number from \`agent dream review\`)`);
  return n;
}

function pick(ids: string[], all: boolean | undefined): number[] | "all" {
  if (all && ids.length > 0) throw new UsageError("give ids or --all, not both");
  if (all) return "all";
  if (ids.length === 0) throw new UsageError("name the proposals (ids from `agent dream review`) or --all");
  return ids.map(int);
}

/** A replacement shows both sides and where each was said: the link is a guess the person checks. */
function describeReplace(p: Proposal): string[] | null {
  const r = p.provenance.replace;
  if (p.provenance.kind !== "replace" || r === undefined) return null;
  const out = [
    `#${p.id} [${p.status}] replace ${r.old.path}:${r.old.line}, ${stamp(p.createdAt)}`,
    `    now: ${r.oldLine.trim()}   (${r.old.path}:${r.old.line}, ${r.old.date})`,
    `    new: ${p.finalText ?? p.text}`,
    `    because ${r.current.path}:${r.current.line} (${r.current.date}) says later: "${r.current.text}"${r.by === "guess" ? " — a guess from the words: check before accepting" : ""}`,
  ];
  if (p.reason) out.push(`    rejected: ${p.reason}`);
  return out;
}

function describeProposal(p: Proposal): string[] {
  const rep = describeReplace(p);
  if (rep !== null) return rep;
  const src = p.provenance.kind === "memory" ? `memory #${p.provenance.memoryId}` : `${p.provenance.path}:${p.provenance.startLine}-${p.provenance.endLine}`;
  const out = [`#${p.id} [${p.status}] ${p.finalText ?? p.text}`, `    from ${src}, ${stamp(p.createdAt)}`];
  if (p.provenance.queries.length > 0) out.push(`    recalled by: ${p.provenance.queries.slice(0, 6).map((q) => `"${q}"`).join(", ")}`);
  const s = p.provenance.signals;
  out.push(`    signals: ${Object.entries(s).filter(([k]) => k !== "lastAt").map(([k, v]) => `${k} ${v}`).join(", ")}`);
  if (p.reason) out.push(`    rejected: ${p.reason}`);
  return out;
}

export function describeRun(r: DreamResult, explain: boolean): string[] {
  const out = [r.reason];
  if (r.candidates.length > 0) out.push("", "candidates (strongest first):");
  for (const c of r.candidates) {
    const s = c.signals;
    out.push(`  ${c.source}  recalls ${s.recalls}, queries ${s.queries}, days ${s.days}${s.reinforced !== undefined ? `, reinforced ${s.reinforced}` : ""}, last ${s.lastAt > 0 ? stamp(s.lastAt) : "-"}, strength ${s.strength}`);
    if (explain) {
      if (c.queries.length > 0) out.push(`    queries: ${c.queries.map((q) => `"${q}"`).join(", ")}`);
      for (const l of c.lines) out.push(`    > ${l}`);
    }
  }
  for (const p of r.proposed) out.push(`proposed #${p.id}: ${p.text}  (${p.source})${r.accepted.includes(p.id) ? " — accepted" : ""}`);
  if (r.skipped.length > 0 && (explain || !r.dryRun)) {
    out.push("", `skipped (${r.skipped.length}):`);
    for (const s of r.skipped.slice(0, explain ? 200 : 20)) out.push(`  ${s.source}: ${s.reason}`);
  }
  return out;
}
