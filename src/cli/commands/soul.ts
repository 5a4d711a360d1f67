import type { Command } from "commander";
import { parseSoulRef, rollbackSoul, soulDiff, soulLog, type SoulRef } from "../../index.js";
import { printJson, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";

export function registerSoul(program: Command): void {
  const soul = program
    .command("soul")
    .description("SOUL.md's version history: log, diff, rollback");

  withJsonOption(
    withWorkspaceOption(soul.command("log").description("list SOUL versions: number, date, words, origin, one-line summary")),
  ).action((opts: WorkspaceOpts) => {
    const log = soulLog(workspaceFrom(opts));
    if (opts.json) return printJson(log);
    const out: string[] = [];
    if (log.versions.length === 0) out.push("no SOUL versions yet: the first `agent reflect` records one");
    for (const v of log.versions) {
      const here = v.number === log.current.matchesVersion ? "*" : " ";
      out.push(
        `${here}${String(v.number).padStart(3)}  ${stamp(v.createdAt)}  ${String(v.words).padStart(4)} words  ${v.origin.padEnd(10)}  ${v.summary}`,
      );
    }
    if (!log.current.exists) out.push("SOUL.md: missing");
    else if (log.current.matchesVersion !== null) out.push(`SOUL.md is version ${log.current.matchesVersion} (*)`);
    else if (log.versions.length > 0) out.push(`SOUL.md has edits not in any version yet (${log.current.words} words); the next reflect or rollback records them first`);
    if (log.proposal) out.push(`pending proposal: ${log.proposal} (compare with \`diff SOUL.md ${log.proposal}\`)`);
    process.stdout.write(out.join("\n") + "\n");
  });

  withJsonOption(
    withWorkspaceOption(
      soul
        .command("diff")
        .description('unified diff between two versions (default: the last two; one version: it against the newest; "current" = SOUL.md on disk)')
        .argument("[a]", "older version number, or current")
        .argument("[b]", "newer version number, or current"),
    ),
  ).action((a: string | undefined, b: string | undefined, opts: WorkspaceOpts) => {
    const from: SoulRef | undefined = a === undefined ? undefined : parseSoulRef(a);
    const to: SoulRef | undefined = b === undefined ? undefined : parseSoulRef(b);
    const res = soulDiff(workspaceFrom(opts), from, to);
    if (opts.json) return printJson(res);
    process.stdout.write(res.diff === "" ? `no differences between ${label(res.from)} and ${label(res.to)}\n` : res.diff);
  });

  withJsonOption(
    withWorkspaceOption(
      soul
        .command("rollback")
        .description("restore version N as SOUL.md; the restore is itself a new version, so it can be undone too")
        .argument("<n>", "version number (see `agent soul log`)"),
    ),
  ).action((n: string, opts: WorkspaceOpts) => {
    const ref = parseSoulRef(n);
    if (ref === "current") throw new Error("rollback needs a version number (see `agent soul log`)");
    const res = rollbackSoul({ workspace: workspaceFrom(opts), number: ref });
    if (opts.json) return printJson(res);
    const out: string[] = [];
    if (res.baseline !== undefined) out.push(`your hand edits to SOUL.md were saved first as version ${res.baseline}`);
    out.push(
      res.unchanged
        ? `SOUL.md already has version ${res.restoredFrom}'s content; nothing to restore`
        : `SOUL.md restored to version ${res.restoredFrom} (recorded as version ${res.version})`,
    );
    process.stdout.write(out.join("\n") + "\n");
  });
}

function label(ref: SoulRef): string {
  return ref === "current" ? "SOUL.md" : `version ${ref}`;
}

function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (x: number) => String(x).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
