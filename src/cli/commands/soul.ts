import type { Command } from "commander";
import { UsageError } from "../../engine/errors.js";
import { parseSoulRef, type SoulRef } from "../../jobs/reflect/history.js";
import { printJson, standard, withEngine, type WorkspaceOpts } from "../common.js";

export function register(program: Command): void {
  const soul = program.command("soul").description("SOUL.md's versions and proposals: log, diff, rollback, proposed, accept, reject, save");

  standard(soul.command("log").description("list SOUL versions: number, date, words, origin, one-line summary")).action(async (opts: WorkspaceOpts) => {
    const log = await withEngine(opts, async (engine) => (await engine.soul()).log());
    if (opts.json) return printJson(log);
    const out: string[] = [];
    if (log.versions.length === 0) out.push("no SOUL versions yet: the first `agent reflect` (or `agent soul save`) records one");
    for (const v of log.versions) {
      const here = v.number === log.current.matchesVersion ? "*" : " ";
      out.push(`${here}${String(v.number).padStart(3)}  ${stamp(v.createdAt)}  ${String(v.words).padStart(4)} words  ${v.origin.padEnd(10)}  ${v.summary}${v.author === "user" && v.origin !== "baseline" && v.origin !== "rollback" ? "  (by you)" : ""}`);
    }
    if (!log.current.exists) out.push("SOUL.md: missing (the next `agent reflect` restores the latest version first; or `agent soul rollback N`)");
    else if (log.current.matchesVersion !== null) out.push(`SOUL.md is version ${log.current.matchesVersion} (*)`);
    else if (log.versions.length > 0) out.push(`SOUL.md has edits not in any version yet (${log.current.words} words); \`agent soul save -m "why"\` records them (the next reflect does too)`);
    if (log.proposal) out.push(`pending proposal: ${log.proposal} — \`agent soul proposed\` shows it`);
    process.stdout.write(out.join("\n") + "\n");
  });

  standard(
    soul
      .command("diff")
      .description('unified diff, like git diff: default the newest version against SOUL.md on disk; one version: it against SOUL.md; two: between them ("current" = SOUL.md on disk)')
      .argument("[a]", "older version number, or current")
      .argument("[b]", "newer version number, or current"),
  ).action(async (a: string | undefined, b: string | undefined, opts: WorkspaceOpts) => {
    const from: SoulRef | undefined = a === undefined ? undefined : ref(a);
    const to: SoulRef | undefined = b === undefined ? undefined : ref(b);
    const res = await withEngine(opts, async (engine) => (await engine.soul()).diff(from, to));
    if (opts.json) return printJson(res);
    process.stdout.write(res.diff === "" ? `no differences between ${label(res.from)} and ${label(res.to)}\n` : res.diff);
  });

  standard(
    soul
      .command("rollback")
      .description("restore version N as SOUL.md; the restore is itself a new version, so it can be undone too")
      .argument("<n>", "version number (see `agent soul log`)"),
  ).action(async (n: string, opts: WorkspaceOpts) => {
    const r = ref(n);
    if (r === "current") throw new UsageError("rollback needs a version number (see `agent soul log`)");
    const res = await withEngine(opts, async (engine) => (await engine.soul()).rollback(r));
    if (opts.json) return printJson(res);
    const out: string[] = [];
    if (res.baseline !== undefined) out.push(`your hand edits to SOUL.md were saved first as version ${res.baseline}`);
    out.push(res.unchanged ? `SOUL.md already has version ${res.restoredFrom}'s content; nothing to restore` : `SOUL.md restored to version ${res.restoredFrom} (recorded as version ${res.version})`);
    process.stdout.write(out.join("\n") + "\n");
  });

  standard(soul.command("proposed").description("the pending proposal (SOUL.proposed.md) as a diff against SOUL.md, with its report and why it was held back")).action(
    async (opts: WorkspaceOpts) => {
      const p = await withEngine(opts, async (engine) => (await engine.soul()).proposed());
      if (opts.json) return printJson({ proposal: p });
      if (p === null) {
        process.stdout.write("no proposal waits (SOUL.proposed.md does not exist)\n");
        return;
      }
      const out = [`proposal: ${p.path} (${p.words} words${p.runId !== null ? `, from reflection run ${p.runId}` : ""}${p.createdAt ? `, ${stamp(p.createdAt)}` : ""})`];
      if (p.reason) out.push(`held back because: ${p.reason}`);
      if (p.editedSinceRun) out.push("note: the file was edited by hand since the run wrote it");
      if (p.summary) out.push(`summary: ${p.summary}`);
      if (p.report) out.push("", p.report.trimEnd());
      out.push("", p.diff === "" ? "(no differences from SOUL.md)" : p.diff.trimEnd(), "", "accept: `agent soul accept`   reject: `agent soul reject --reason \"...\"`");
      process.stdout.write(out.join("\n") + "\n");
    },
  );

  standard(soul.command("accept").description("make the pending proposal SOUL.md and a new version (locked sections and hand edits are checked as in a nightly run)")).action(
    async (opts: WorkspaceOpts) => {
      const r = await withEngine(opts, async (engine) => (await engine.soul()).accept());
      if (opts.json) return printJson(r);
      const out: string[] = [];
      if (r.baseline !== undefined) out.push(`SOUL.md as you had it was saved first as version ${r.baseline}`);
      out.push(`proposal accepted: SOUL.md is now version ${r.version}${r.removedProposal ? "" : " (SOUL.proposed.md changed meanwhile and was left in place)"}`);
      out.push("undo with `agent soul rollback N`");
      process.stdout.write(out.join("\n") + "\n");
    },
  );

  standard(
    soul
      .command("reject")
      .description("discard the pending proposal; the reason is recorded and the next reflection takes it into account")
      .option("--reason <text>", "why, in a sentence"),
  ).action(async (opts: WorkspaceOpts & { reason?: string }) => {
    const r = await withEngine(opts, async (engine) => (await engine.soul()).reject(opts.reason));
    if (opts.json) return printJson(r);
    process.stdout.write(`proposal rejected${r.runId !== null ? ` (recorded with reflection run ${r.runId})` : ""}${r.removedProposal ? "; SOUL.proposed.md removed" : ""}\n`);
  });

  standard(
    soul
      .command("save")
      .description("record SOUL.md as it is now as a version (after editing it by hand)")
      .option("-m, --message <text>", "why, in a sentence"),
  ).action(async (opts: WorkspaceOpts & { message?: string }) => {
    const r = await withEngine(opts, async (engine) => (await engine.soul()).save(opts.message));
    if (opts.json) return printJson(r);
    process.stdout.write(r.unchanged ? `SOUL.md is already version ${r.version}; nothing new to save\n` : `SOUL.md saved as version ${r.version}\n`);
  });
}

function ref(text: string): SoulRef {
  try {
    return parseSoulRef(text);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

function label(r: SoulRef): string {
  return r === "current" ? "SOUL.md" : `version ${r}`;
}

function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (x: number) => String(x).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
