import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  standard,
  withEngine
} from "./chunk-EENKQGIA.js";
import {
  parseSoulRef
} from "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/soul.js
function register(program) {
  const soul = program.command("soul").description("SOUL.md's versions and proposals: log, diff, rollback, proposed, accept, reject, save");
  standard(soul.command("log").description("list SOUL versions: number, date, words, origin, one-line summary")).action(async (opts) => {
    const log = await withEngine(opts, async (engine) => (await engine.soul()).log());
    if (opts.json)
      return printJson(log);
    const out = [];
    if (log.versions.length === 0)
      out.push("no SOUL versions yet: the first `agent reflect` (or `agent soul save`) records one");
    for (const v of log.versions) {
      const here = v.number === log.current.matchesVersion ? "*" : " ";
      out.push(`${here}${String(v.number).padStart(3)}  ${stamp(v.createdAt)}  ${String(v.words).padStart(4)} words  ${v.origin.padEnd(10)}  ${v.summary}${v.author === "user" && v.origin !== "baseline" && v.origin !== "rollback" ? "  (by you)" : ""}`);
    }
    if (!log.current.exists)
      out.push("SOUL.md: missing (the next `agent reflect` restores the latest version first; or `agent soul rollback N`)");
    else if (log.current.matchesVersion !== null)
      out.push(`SOUL.md is version ${log.current.matchesVersion} (*)`);
    else if (log.versions.length > 0)
      out.push(`SOUL.md has edits not in any version yet (${log.current.words} words); \`agent soul save -m "why"\` records them (the next reflect does too)`);
    if (log.proposal)
      out.push(`pending proposal: ${log.proposal} \u2014 \`agent soul proposed\` shows it`);
    process.stdout.write(out.join("\n") + "\n");
  });
  standard(soul.command("diff").description('unified diff between two versions (default: the last two; one version: it against the newest; "current" = SOUL.md on disk)').argument("[a]", "older version number, or current").argument("[b]", "newer version number, or current")).action(async (a, b, opts) => {
    const from = a === void 0 ? void 0 : ref(a);
    const to = b === void 0 ? void 0 : ref(b);
    const res = await withEngine(opts, async (engine) => (await engine.soul()).diff(from, to));
    if (opts.json)
      return printJson(res);
    process.stdout.write(res.diff === "" ? `no differences between ${label(res.from)} and ${label(res.to)}
` : res.diff);
  });
  standard(soul.command("rollback").description("restore version N as SOUL.md; the restore is itself a new version, so it can be undone too").argument("<n>", "version number (see `agent soul log`)")).action(async (n, opts) => {
    const r = ref(n);
    if (r === "current")
      throw new UsageError("rollback needs a version number (see `agent soul log`)");
    const res = await withEngine(opts, async (engine) => (await engine.soul()).rollback(r));
    if (opts.json)
      return printJson(res);
    const out = [];
    if (res.baseline !== void 0)
      out.push(`your hand edits to SOUL.md were saved first as version ${res.baseline}`);
    out.push(res.unchanged ? `SOUL.md already has version ${res.restoredFrom}'s content; nothing to restore` : `SOUL.md restored to version ${res.restoredFrom} (recorded as version ${res.version})`);
    process.stdout.write(out.join("\n") + "\n");
  });
  standard(soul.command("proposed").description("the pending proposal (SOUL.proposed.md) as a diff against SOUL.md, with its report and why it was held back")).action(async (opts) => {
    const p = await withEngine(opts, async (engine) => (await engine.soul()).proposed());
    if (opts.json)
      return printJson({ proposal: p });
    if (p === null) {
      process.stdout.write("no proposal waits (SOUL.proposed.md does not exist)\n");
      return;
    }
    const out = [`proposal: ${p.path} (${p.words} words${p.runId !== null ? `, from reflection run ${p.runId}` : ""}${p.createdAt ? `, ${stamp(p.createdAt)}` : ""})`];
    if (p.reason)
      out.push(`held back because: ${p.reason}`);
    if (p.editedSinceRun)
      out.push("note: the file was edited by hand since the run wrote it");
    if (p.summary)
      out.push(`summary: ${p.summary}`);
    if (p.report)
      out.push("", p.report.trimEnd());
    out.push("", p.diff === "" ? "(no differences from SOUL.md)" : p.diff.trimEnd(), "", 'accept: `agent soul accept`   reject: `agent soul reject --reason "..."`');
    process.stdout.write(out.join("\n") + "\n");
  });
  standard(soul.command("accept").description("make the pending proposal SOUL.md and a new version (locked sections and hand edits are checked as in a nightly run)")).action(async (opts) => {
    const r = await withEngine(opts, async (engine) => (await engine.soul()).accept());
    if (opts.json)
      return printJson(r);
    const out = [];
    if (r.baseline !== void 0)
      out.push(`SOUL.md as you had it was saved first as version ${r.baseline}`);
    out.push(`proposal accepted: SOUL.md is now version ${r.version}${r.removedProposal ? "" : " (SOUL.proposed.md changed meanwhile and was left in place)"}`);
    out.push("undo with `agent soul rollback N`");
    process.stdout.write(out.join("\n") + "\n");
  });
  standard(soul.command("reject").description("discard the pending proposal; the reason is recorded and the next reflection takes it into account").option("--reason <text>", "why, in a sentence")).action(async (opts) => {
    const r = await withEngine(opts, async (engine) => (await engine.soul()).reject(opts.reason));
    if (opts.json)
      return printJson(r);
    process.stdout.write(`proposal rejected${r.runId !== null ? ` (recorded with reflection run ${r.runId})` : ""}${r.removedProposal ? "; SOUL.proposed.md removed" : ""}
`);
  });
  standard(soul.command("save").description("record SOUL.md as it is now as a version (after editing it by hand)").option("-m, --message <text>", "why, in a sentence")).action(async (opts) => {
    const r = await withEngine(opts, async (engine) => (await engine.soul()).save(opts.message));
    if (opts.json)
      return printJson(r);
    process.stdout.write(r.unchanged ? `SOUL.md is already version ${r.version}; nothing new to save
` : `SOUL.md saved as version ${r.version}
`);
  });
}
function ref(text) {
  try {
    return parseSoulRef(text);
  } catch (e) {
    throw new UsageError(e.message);
  }
}
function label(r) {
  return r === "current" ? "SOUL.md" : `version ${r}`;
}
function stamp(ms) {
  const d = new Date(ms);
  const p = (x) => String(x).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
export {
  register
};
//# sourceMappingURL=soul-KV6QBNG3.js.map
