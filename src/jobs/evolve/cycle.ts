/**
 * The weekly evolution cycle (`agent evolve`, and the daemon at evolution.weeklyAt), and the
 * on-demand snapshot (`agent snapshot`):
 *
 *   1. fade pass: memories that faded out move to the archive, with the reason;
 *   2. snapshot: traits by the rules of snapshot.ts over the active memories (vividness at
 *      `now`) and SOUL.md; the narrative by the rules, or by the model (evolution.narrative);
 *   3. drift against the previous snapshot;
 *   4. (weekly only) the report: reflections/weekly-YYYY-Www.md (ISO week of `now` in the
 *      evolution time zone) and an inbox item.
 *
 * The report file is created exclusively; an existing file is replaced only when it is
 * exactly a report we wrote (its hash is recorded with the snapshot). A file a person wrote
 * or edited is never touched: the report goes to weekly-YYYY-Www.2.md (.3, ...) instead.
 * The replacement itself is atomic (temp file + rename).
 */
import { ensureWorkspaceDir, NO_HARD_LINKS, readWorkspaceFile, statWorkspacePath } from "../../workspace/guard.js";
import { redactNote } from "../../shared/redact.js";
import path from "node:path";
import type { LLMProvider } from "../../llm/types.js";
import { requireCompleteReply } from "../../llm/factory.js";
import { MemoryStore } from "../../store/memories.js";
import type { DB } from "../../store/open.js";
import { SoulVersionStore, contentHash } from "../../store/soul-versions.js";
import { openStateDbReadOnly } from "../../store/state.js";
import { isInside, peekStateDbPath } from "../../workspace/paths.js";
import { atomicWrite, createExclusive } from "../../workspace/safe-write.js";
import { zonedDate, zonedTime } from "../../workspace/time.js";
import { InboxStore } from "../../store/inbox.js";
import { diffStats } from "../reflect/diff.js";
import { readSoul } from "../reflect/history.js";
import { countWords } from "../reflect/soul-safety.js";
import type { JobResult } from "../../store/job-runs.js";
import { errorMessage } from "../../shared/errors.js";
import type { EvolutionConfig } from "./config.js";
import { detectDrift, driftLine, type TraitDrift } from "./drift.js";
import { isFaded } from "./fade.js";
import { fadePass } from "./formation.js";
import { activeViews } from "./memory-db.js";
import { buildNarrativePrompt, parseNarrative } from "./narrative.js";
import { teamLines, weeklyReportMarkdown, type MemoryWeek, type SoulWeek, type TeamMember } from "./report.js";
import { takeSnapshot, type DefiningMemory, type MemoryStats, type Traits } from "./snapshot.js";
import { DAY_MS, type MemoryType } from "./types.js";
import { isoWeekOf } from "../schedule/week.js";

export const EVOLVE_JOB = "evolve";

export interface RunEvolutionInput {
  workspace: string;
  /** The state database (memories, snapshots, SOUL versions, the inbox); owned by the caller. */
  db: DB;
  /** The `evolution` section. */
  config: EvolutionConfig;
  /** Zone of report weeks and dates (see evolutionTimeZone). */
  timeZone: string | undefined;
  now: () => number;
  /**
   * Writes the narrative when evolution.narrative (or `narrative`) is "model"; a function is
   * called only then, so a rules-only run never creates a model.
   */
  provider?: LLMProvider | (() => LLMProvider) | null;
  /** Overrides evolution.narrative for this run. */
  narrative?: "rules" | "model";
  /**
   * The ISO week this evolution is for ("2026-W47"): names the report and the snapshot.
   * Default: the week of `now`. The daemon passes the week it owes, so a catch-up on Monday
   * morning still reports the week that ended on Sunday.
   */
  week?: string;
  signal?: AbortSignal;
}

export interface SnapshotResult {
  snapshotId: number;
  week: string;
  createdAt: number;
  traits: Traits;
  stats: MemoryStats;
  defining: DefiningMemory[];
  drift: TraitDrift[];
  /** False for the first snapshot ever. */
  hadPrevious: boolean;
  narrative: string;
  /** "rules", or the model that wrote it. */
  narrativeBy: string;
  /** Memories the fade pass moved to the archive. */
  archived: { id: number; type: MemoryType; content: string; reason: string }[];
  warnings: string[];
}

export interface EvolutionResult extends SnapshotResult {
  /** Workspace-relative report path. */
  reportPath: string;
  /** True when an earlier report of ours for the same week was replaced. */
  reportReplaced: boolean;
  memories: MemoryWeek;
  soul: SoulWeek;
  team: string[];
  inboxId: number;
}

interface Ctx {
  workspace: string;
  now: number;
  cfg: EvolutionConfig;
  timeZone: string | undefined;
  db: DB;
  store: MemoryStore;
}

async function snapshotStep(ctx: Ctx, input: RunEvolutionInput, trigger: "weekly" | "manual"): Promise<SnapshotResult> {
  const { store } = ctx;
  const warnings: string[] = [];
  const archived = fadePass(store, ctx.now);
  const views = activeViews(store, ctx.now).filter((m) => !isFaded(m.vividNow));
  const soul = readSoul(ctx.workspace);
  // A snapshot is derived and kept in the state database: the SOUL's secrets stay in the file.
  const snap = takeSnapshot({ memories: views, soul: soul.exists ? redactNote(soul.text) : null });
  const prev = store.latestSnapshot();
  const prevTraits = prev !== undefined && typeof prev.traits === "object" && prev.traits !== null ? (prev.traits as Traits) : null;
  const drift = detectDrift({ previous: prevTraits, next: snap.traits, memories: views, ...(prev !== undefined ? { since: prev.createdAt } : {}) });

  let narrative = snap.narrative;
  let narrativeBy = "rules";
  const mode = input.narrative ?? ctx.cfg.narrative;
  if (mode === "model") {
    if (!input.provider) warnings.push("evolution.narrative is \"model\" but no model is available: the narrative is by the rules");
    else {
      try {
        const provider = typeof input.provider === "function" ? input.provider() : input.provider;
        const reply = requireCompleteReply(
          await provider.complete({ ...buildNarrativePrompt({ traits: snap.traits, defining: snap.defining, rulesNarrative: snap.narrative }), ...(input.signal ? { signal: input.signal } : {}) }),
        );
        const text = parseNarrative(reply.text);
        if (text === undefined) warnings.push("the model's narrative was unusable: the narrative is by the rules");
        else {
          narrative = text;
          narrativeBy = reply.model;
        }
      } catch (e) {
        if (input.signal?.aborted) throw e;
        warnings.push(`the model could not write the narrative (${errorMessage(e)}): the narrative is by the rules`);
      }
    }
  }

  const week = input.week ?? isoWeekOf(ctx.now, ctx.timeZone);
  const snapshotId = store.insertSnapshot({
    createdAt: ctx.now,
    trigger,
    week,
    traits: snap.traits,
    narrative,
    narrativeBy,
    defining: snap.defining,
    stats: snap.stats,
    drift,
    soulHash: soul.textHash,
  });
  return {
    snapshotId,
    week,
    createdAt: ctx.now,
    traits: snap.traits,
    stats: snap.stats,
    defining: snap.defining,
    drift,
    hadPrevious: prevTraits !== null,
    narrative,
    narrativeBy,
    archived,
    warnings,
  };
}

function context(input: RunEvolutionInput): Ctx {
  return {
    workspace: input.workspace,
    now: input.now(),
    cfg: input.config,
    timeZone: input.timeZone,
    db: input.db,
    store: new MemoryStore(input.db),
  };
}

/** `agent snapshot`: fade pass, snapshot and drift, recorded; no report. */
export async function takePersonalitySnapshot(input: RunEvolutionInput): Promise<SnapshotResult> {
  return snapshotStep(context(input), input, "manual");
}

/** `agent evolve` and the daemon's weekly job. */
export async function runEvolution(input: RunEvolutionInput): Promise<EvolutionResult> {
  const ctx = context(input);
  const snap = await snapshotStep(ctx, input, "weekly");
  const { store } = ctx;
  const from = ctx.now - 7 * DAY_MS;
  const to = ctx.now + 1;

  // SOUL.md over the week: versions recorded in it, and the diff from the one before it to the newest.
  const souls = new SoulVersionStore(ctx.db);
  const all = souls.list();
  const inWeek = all.filter((v) => v.createdAt >= from && v.createdAt < to);
  let added = 0;
  let removed = 0;
  if (inWeek.length > 0) {
    const before = [...all].reverse().find((v) => v.createdAt < from);
    const base = before !== undefined ? (souls.get(before.number)?.content ?? "") : "";
    const latest = souls.get(inWeek[inWeek.length - 1]!.number)?.content ?? "";
    ({ added, removed } = diffStats(base, latest));
  }
  const soulNow = readSoul(ctx.workspace);
  const soul: SoulWeek = {
    versions: inWeek.map((v) => ({ number: v.number, date: zonedDate(v.createdAt, ctx.timeZone), origin: v.origin, summary: v.summary })),
    added,
    removed,
    words: soulNow.exists ? countWords(soulNow.text) : null,
  };

  const memories: MemoryWeek = {
    active: snap.stats.active,
    vivid: snap.stats.vivid,
    fading: snap.stats.fading,
    pinned: snap.stats.pinned,
    archivedTotal: store.count({ archived: true }),
    formed: store.createdBetween(from, to),
    reinforced: store.reinforcedBetween(from, to),
    recalled: store.recallsBetween(from, to),
    byType: snap.stats.byType,
    archived: store.archivedBetween(from, to).map((m) => ({ id: m.id, type: m.type, content: m.content, reason: m.archiveReason ?? "" })),
  };

  const agent = ctx.cfg.name ?? path.basename(path.resolve(ctx.workspace));
  const team =
    ctx.cfg.team.length === 0
      ? []
      : teamLines([
          { name: agent, traits: snap.traits, domains: snap.stats.topDomains.map((d) => d.domain) },
          ...ctx.cfg.team.map((t) => readTeammate(t.name, path.resolve(ctx.workspace, t.workspace))),
        ]);

  const markdown = weeklyReportMarkdown({
    week: snap.week,
    agent,
    generatedAt: `${zonedDate(ctx.now, ctx.timeZone)} ${zonedTime(ctx.now, ctx.timeZone)}`,
    period: { from: zonedDate(from, ctx.timeZone), to: zonedDate(ctx.now, ctx.timeZone) },
    soul,
    memories,
    defining: snap.defining,
    traits: snap.traits,
    drift: snap.drift,
    hadPrevious: snap.hadPrevious,
    narrative: snap.narrative,
    narrativeBy: snap.narrativeBy,
    team,
  });
  const written = writeWeeklyReport(ctx, snap.week, markdown);
  store.setSnapshotReport(snap.snapshotId, written.rel, contentHash(Buffer.from(markdown, "utf8")));

  const title = `${weeklyTitlePrefix(snap.week)} ${memories.active} memories (${memories.vivid} vivid)${snap.drift.length > 0 ? `, ${snap.drift.length} trait(s) drifted` : ""}`;
  const body = [snap.narrative, ...snap.drift.map(driftLine), `Report: ${written.rel}`].join("\n\n");
  // A second evolution for the same week replaces that week's report in the inbox, as it does the file.
  const inboxId = new InboxStore(ctx.db).replace({ createdAt: ctx.now, kind: "report", title, body, source: EVOLVE_JOB }, weeklyTitlePrefix(snap.week));

  return { ...snap, reportPath: written.rel, reportReplaced: written.replaced, memories, soul, team, inboxId };
}

/** How every weekly report's inbox title starts; one week, one report. */
export function weeklyTitlePrefix(week: string): string {
  return `Weekly evolution ${week}:`;
}

/** The job-run record of an evolution (for job_runs via recordRun). */
export function evolveJobResult(r: EvolutionResult): JobResult {
  return {
    outcome: "ok",
    reason: `${r.week}: ${r.memories.active} memories (${r.memories.vivid} vivid), ${r.archived.length} archived, ${r.drift.length} drift(s); report ${r.reportPath}`,
    details: { week: r.week, snapshot: r.snapshotId, report: r.reportPath, drift: r.drift.map((d) => d.trait), archived: r.archived.length },
  };
}

function writeWeeklyReport(ctx: Ctx, week: string, content: string): { rel: string; replaced: boolean } {
  ensureWorkspaceDir(ctx.workspace, path.join(ctx.workspace, "reflections"));
  for (let n = 1; n <= 100; n++) {
    const rel = n === 1 ? `reflections/weekly-${week}.md` : `reflections/weekly-${week}.${n}.md`;
    const file = path.join(ctx.workspace, rel);
    if (createExclusive(file, content)) return { rel, replaced: false };
    let current: Buffer;
    try {
      const r = readWorkspaceFile(ctx.workspace, rel, NO_HARD_LINKS);
      if (r === null) continue;
      current = r.bytes;
    } catch {
      continue; // unreadable, a link or not a file: someone else's, leave it
    }
    if (ctx.store.wroteReport(rel, contentHash(current))) {
      atomicWrite(file, content);
      return { rel, replaced: true };
    }
  }
  throw new Error(`reflections/weekly-${week}.md and 99 numbered alternatives all exist and are not ours; nothing was written`);
}

/** A teammate's latest snapshot, read without writing to its state database. */
function readTeammate(name: string, workspace: string): TeamMember {
  if (statWorkspacePath(workspace, ".")?.isDirectory !== true) return { name, traits: null, domains: [], note: `no workspace at ${workspace}` };
  const file = peekStateDbPath(workspace);
  // The old layout's database inside the workspace goes through the file door (no link out).
  if (file === null || (isInside(workspace, file) && statWorkspacePath(workspace, path.relative(workspace, file)) === null)) return { name, traits: null, domains: [], note: "no snapshot yet" };
  let db: DB | undefined;
  try {
    db = openStateDbReadOnly(file);
    const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'personality_snapshots'").get();
    if (has === undefined) return { name, traits: null, domains: [], note: "no snapshot yet" };
    const row = db.prepare("SELECT traits, stats FROM personality_snapshots ORDER BY created_at DESC, id DESC LIMIT 1").get() as { traits: string; stats: string } | undefined;
    if (row === undefined) return { name, traits: null, domains: [], note: "no snapshot yet" };
    const traits = JSON.parse(row.traits) as Traits;
    const stats = JSON.parse(row.stats) as Partial<MemoryStats>;
    return { name, traits, domains: (stats.topDomains ?? []).map((d) => d.domain) };
  } catch (e) {
    return { name, traits: null, domains: [], note: `state unreadable (${errorMessage(e)})` };
  } finally {
    db?.close();
  }
}
