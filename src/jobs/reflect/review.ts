/**
 * Reviewing what reflection proposed, and why a night did nothing: the library behind
 * `agent soul proposed|accept|reject|save` and `agent reflect --show RUN` (and their MCP
 * tools). Every function takes the open store; none opens the database or reads config.
 *
 * A proposal is SOUL.proposed.md. The run that wrote it keeps its text, reason, report and
 * summary in its record (details.proposal / details.report ...), so a review can show them
 * and a rejection can be recorded against it; the next night's prompt lists recent
 * rejections (recentRejections) so the model does not propose the same change again.
 */
import { NO_HARD_LINKS, readWorkspaceFile, refusePrivateTarget, removeWorkspaceFileIfSame, statWorkspacePath } from "../../workspace/guard.js";
import path from "node:path";
import { contentHash, type ReflectionRun, type SoulVersionStore } from "../../store/soul-versions.js";
import type { ReflectionConfig } from "./config.js";
import { unifiedDiff } from "./diff.js";
import { commitSoul, readSoul, recordUserSoulIfNew, SOUL_FILE, SOUL_PROPOSAL_FILE, versionsForFloor, type SoulSwap } from "./history.js";
import { countWords, droppedLocked, normalizeSoul, requiredLockedTexts, verifyLocked } from "./soul-safety.js";

export interface PendingProposal {
  /** Workspace-relative path ("SOUL.proposed.md"). */
  path: string;
  bytes: number;
  /** When the file was last written, ms since epoch. */
  modifiedAt: number;
}

/** Whether a proposal waits for review: cheap (one stat), for the inbox and the notifier. */
export function pendingProposal(workspace: string): PendingProposal | null {
  const st = statWorkspacePath(workspace, SOUL_PROPOSAL_FILE);
  return st?.isFile ? { path: SOUL_PROPOSAL_FILE, bytes: st.size, modifiedAt: st.mtimeMs } : null;
}

/**
 * SOUL.proposed.md under the file rule; a link to a private file is refused, or accepting it
 * would copy USER.md or MEMORY.md into the public SOUL.md.
 */
function readProposal(workspace: string): Buffer | null {
  const r = readWorkspaceFile(workspace, SOUL_PROPOSAL_FILE, NO_HARD_LINKS);
  if (r === null) return null;
  refusePrivateTarget(SOUL_PROPOSAL_FILE, r.realRel);
  return r.bytes;
}

export interface ProposalView {
  path: string;
  text: string;
  words: number;
  /** Unified diff from SOUL.md (on disk) to the proposal. */
  diff: string;
  /** The run that wrote it, when its record is found (by the proposal's hash, else the newest proposing run). */
  runId: number | null;
  /** Why it was held back instead of replacing SOUL.md. */
  reason: string | null;
  proposalReason: string | null;
  summary: string | null;
  /** The evolution report: what changed and why, for the person. */
  report: string | null;
  changeShare: number | null;
  createdAt: number | null;
  /** True when SOUL.proposed.md is not the text that run wrote (edited by hand since). */
  editedSinceRun: boolean;
}

/** The pending proposal with its diff and the record of the run that wrote it; null when none waits. */
export function soulProposed(workspace: string, store: SoulVersionStore): ProposalView | null {
  const raw = readProposal(workspace);
  if (raw === null) return null;
  const text = raw.toString("utf8");
  const cur = readSoul(workspace);
  const found = proposingRun(store, text);
  const d = found?.run.details ?? {};
  return {
    path: SOUL_PROPOSAL_FILE,
    text,
    words: countWords(text),
    diff: unifiedDiff(cur.text, text, { fromFile: SOUL_FILE, toFile: SOUL_PROPOSAL_FILE }),
    runId: found?.run.id ?? null,
    reason: found?.run.reason ?? null,
    proposalReason: str(d.proposalReason),
    summary: str(d.summary),
    report: str(d.report),
    changeShare: typeof d.changeShare === "number" ? d.changeShare : null,
    createdAt: found?.run.startedAt ?? null,
    editedSinceRun: found === undefined || !found.exact,
  };
}

function str(v: unknown): string | null {
  return typeof v === "string" && v !== "" ? v : null;
}

function proposalOf(run: ReflectionRun): { text: string; hash: string } | undefined {
  const p = run.details.proposal as { text?: unknown; hash?: unknown } | undefined;
  return p && typeof p.text === "string" && typeof p.hash === "string" ? { text: p.text, hash: p.hash } : undefined;
}

/** The run whose proposal this text is (exact), else the newest run that wrote one. */
function proposingRun(store: SoulVersionStore, text: string): { run: ReflectionRun; exact: boolean } | undefined {
  const runs = store.runs(200).filter((r) => proposalOf(r) !== undefined);
  const hash = contentHash(text);
  const exact = runs.find((r) => proposalOf(r)!.hash === hash);
  if (exact) return { run: exact, exact: true };
  return runs.length > 0 ? { run: runs[0]!, exact: false } : undefined;
}

export interface AcceptInput {
  workspace: string;
  store: SoulVersionStore;
  /** For the locked-section rules (lockCoreIdentity). */
  reflection: Pick<ReflectionConfig, "lockCoreIdentity">;
  now?: () => number;
  swap?: SoulSwap;
}

export interface AcceptResult {
  /** The version the proposal became. */
  version: number;
  /** A version recorded first for SOUL.md as the person had it (hand edits since the last version). */
  baseline?: number;
  runId: number | null;
  /** False when SOUL.proposed.md was edited during the accept and was left in place. */
  removedProposal: boolean;
}

/**
 * The proposal becomes a version and SOUL.md, through the same checks as a nightly run: the
 * locked blocks of SOUL.md come back byte-identical (and Core Identity, when locked), no
 * locked text of an earlier version is dropped, and the compare-and-swap keeps an edit made
 * meanwhile. Throws a one-line error saying what to do when any check fails; then nothing
 * is written.
 */
export function acceptProposal(input: AcceptInput): AcceptResult {
  const { workspace, store } = input;
  const now = (input.now ?? Date.now)();
  const bytes = readProposal(workspace);
  if (bytes === null) throw new Error(`there is no ${SOUL_PROPOSAL_FILE} to accept`);
  const text = normalizeSoul(bytes.toString("utf8"));
  if (text.trim() === "") throw new Error(`${SOUL_PROPOSAL_FILE} is empty: nothing to accept (reject it with \`agent soul reject\`)`);
  const cur = readSoul(workspace);
  if (cur.exists) {
    const problems = verifyLocked(cur.text, text, { lockCoreIdentity: input.reflection.lockCoreIdentity });
    if (problems.length > 0) {
      throw new Error(
        `${SOUL_PROPOSAL_FILE} does not keep the locked text of ${SOUL_FILE} (${problems.join("; ")}): copy the locked blocks into it, or reject it`,
      );
    }
  }
  const required = requiredLockedTexts(cur.exists ? cur.text : undefined, versionsForFloor(store, cur));
  const dropped = droppedLocked(required, text);
  if (dropped.length > 0) {
    throw new Error(
      `${SOUL_PROPOSAL_FILE} drops locked text of ${dropped.map((d) => d.from).join(", ")}: copy it back into the proposal, or reject it`,
    );
  }
  const found = proposingRun(store, bytes.toString("utf8"));
  const summary = str(found?.run.details.summary);
  const res = commitSoul({
    workspace,
    store,
    expected: cur,
    content: text,
    version: {
      summary: `accepted proposal${found ? ` of run ${found.run.id}` : ""}${summary ? `: ${summary}` : ""}`,
      report: str(found?.run.details.report),
      origin: "reflection",
      runId: found?.run.id ?? null,
      model: str(found?.run.details.model),
    },
    now,
    allowEmpty: true,
    ...(input.swap ? { swap: input.swap } : {}),
  });
  if (!res.ok) {
    throw new Error(
      `${SOUL_FILE} changed during the accept (${res.detail}); nothing was replaced${res.kept ? ` (the edit is kept in ${path.basename(res.kept)})` : ""} — review again and re-run`,
    );
  }
  // The proposal file goes only if it is still the text that was accepted.
  const removedProposal = removeWorkspaceFileIfSame(workspace, SOUL_PROPOSAL_FILE, bytes, NO_HARD_LINKS);
  if (found) addReview(store, found.run, { decision: "accepted", at: now, version: res.number });
  return { version: res.number, ...(res.baseline !== undefined ? { baseline: res.baseline } : {}), runId: found?.run.id ?? null, removedProposal };
}

export interface RejectResult {
  /** The run the rejection was recorded against; null when no run record was found. */
  runId: number | null;
  removedProposal: boolean;
}

/**
 * Rejects the pending proposal: the rejection (with the optional reason, and the proposal's
 * text when it was edited by hand) is recorded in the run that wrote it, and SOUL.proposed.md
 * is removed. The next night's prompt lists it so the same change is not proposed again.
 */
export function rejectProposal(input: { workspace: string; store: SoulVersionStore; reason?: string; now?: () => number }): RejectResult {
  const { workspace, store } = input;
  const now = (input.now ?? Date.now)();
  const bytes = readProposal(workspace);
  if (bytes === null) throw new Error(`there is no ${SOUL_PROPOSAL_FILE} to reject`);
  const found = proposingRun(store, bytes.toString("utf8"));
  if (found) {
    addReview(store, found.run, {
      decision: "rejected",
      at: now,
      ...(input.reason !== undefined && input.reason.trim() !== "" ? { reason: input.reason.trim() } : {}),
      // A proposal edited by hand is kept in the record: removing the file must lose nothing.
      ...(found.exact ? {} : { text: bytes.toString("utf8") }),
    });
  }
  const removedProposal = found ? removeWorkspaceFileIfSame(workspace, SOUL_PROPOSAL_FILE, bytes, NO_HARD_LINKS) : false;
  return { runId: found?.run.id ?? null, removedProposal };
}

function addReview(store: SoulVersionStore, run: ReflectionRun, review: Record<string, unknown>): void {
  store.transaction(() => {
    const fresh = store.getRun(run.id) ?? run;
    const reviews = Array.isArray(fresh.details.reviews) ? (fresh.details.reviews as unknown[]) : [];
    store.setRunDetails(run.id, { ...fresh.details, reviews: [...reviews, review] });
  });
}

export interface SaveResult {
  version: number;
  /** True when SOUL.md already was the newest version: nothing new was recorded. */
  unchanged: boolean;
}

/** Records SOUL.md as it is now as a version of the person's, with their message. */
export function saveSoul(input: { workspace: string; store: SoulVersionStore; message?: string; now?: () => number }): SaveResult {
  const cur = readSoul(input.workspace);
  if (!cur.exists) throw new Error(`${path.join(input.workspace, SOUL_FILE)} does not exist: nothing to save (restore one with \`agent soul rollback N\`)`);
  const now = (input.now ?? Date.now)();
  const message = input.message?.trim() ? `saved by hand: ${input.message.trim()}` : "saved by hand";
  const n = input.store.transaction(() => recordUserSoulIfNew(input.store, cur, now, message));
  if (n === undefined) return { version: input.store.latest()!.number, unchanged: true };
  return { version: n, unchanged: false };
}

export interface RejectionNote {
  date: string;
  summary: string;
  reason: string | null;
}

/** Proposals rejected in the last `days` days, newest first: for the next night's prompt. */
export function recentRejections(store: SoulVersionStore, now: number, days = 30, limit = 5): RejectionNote[] {
  const out: RejectionNote[] = [];
  for (const run of store.runs(200)) {
    const reviews = Array.isArray(run.details.reviews) ? (run.details.reviews as Record<string, unknown>[]) : [];
    for (const r of reviews) {
      if (r.decision !== "rejected" || typeof r.at !== "number" || now - r.at > days * 86_400_000) continue;
      out.push({
        date: new Date(r.at).toISOString().slice(0, 10),
        summary: str(run.details.summary) ?? "a SOUL change",
        reason: str(r.reason),
      });
    }
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}

/** One reflection run's record, for `agent reflect --show RUN`; undefined when there is none. */
export function showReflectionRun(store: SoulVersionStore, id: number): ReflectionRun | undefined {
  return store.getRun(id);
}

/**
 * The run record in words: when, the decision and its reason, the inputs, each model reply
 * (raw, as kept), the reviews. Pure.
 */
export function describeReflectionRun(run: ReflectionRun): string {
  const d = run.details;
  const out: string[] = [];
  const when = new Date(run.startedAt).toISOString().slice(0, 16).replace("T", " ");
  out.push(`reflection run ${run.id} (${when} UTC): ${run.outcome}${run.reason ? ` — ${run.reason}` : ""}`);
  if (typeof d.provider === "string") out.push(`model: ${String(d.model)} (${d.provider})`);
  const inputs = (d.inputs ?? {}) as Record<string, unknown>;
  const soul = inputs.soul as Record<string, unknown> | undefined;
  if (soul) {
    out.push(
      `SOUL.md read: ${soul.exists ? `${String(soul.words)} words${soul.version !== null ? `, version ${String(soul.version)}` : ""}${soul.mapped ? ", mapped into the three layers" : ""}` : "missing"}` +
        (soul.restoredFrom !== undefined ? ` (restored from version ${String(soul.restoredFrom)})` : ""),
    );
  }
  const tr = inputs.transcript as Record<string, unknown> | undefined;
  if (tr) out.push(`conversations: ${String(tr.sessions)} session(s), ${String(tr.messages)} message(s), ${String(tr.chars)} characters shown${tr.cut ? " (cut to the newest)" : ""}`);
  const day = inputs.day as { notes?: string[]; memoryAdded?: number; summaries?: string[]; chars?: Record<string, number>; cut?: Record<string, boolean>; window?: number } | undefined;
  if (day) {
    const cut = Object.entries(day.cut ?? {}).filter(([, v]) => v).map(([k]) => k);
    out.push(
      `the day: ${day.notes?.length ?? 0} note file(s)${day.notes && day.notes.length > 0 ? ` (${day.notes.join(", ")})` : ""}, ${day.memoryAdded ?? 0} MEMORY.md line(s) added, ${day.summaries?.length ?? 0} conversation summar${day.summaries?.length === 1 ? "y" : "ies"}; ` +
        `characters: notes ${day.chars?.notes ?? 0}, summaries ${day.chars?.summaries ?? 0}, turns ${day.chars?.turns ?? 0} of a ${day.window ?? "?"}-token window${cut.length > 0 ? ` (cut to fit: ${cut.join(", ")})` : ""}`,
    );
  }
  const calls = Array.isArray(inputs.calls) ? (inputs.calls as Record<string, unknown>[]) : [];
  for (const c of calls) {
    out.push(`call ${String(c.call)}: prompt ~${String(c.promptTokens)} tokens + reply up to ${String(c.replyTokens)}${c.contextSize !== null ? `, context window ${String(c.contextSize)}` : ""}`);
  }
  const replies = Array.isArray(d.replies) ? (d.replies as Record<string, unknown>[]) : [];
  for (const r of replies) {
    out.push("", `--- reply to the ${String(r.call)} call (${String(r.chars)} characters, ${String(r.finishReason)}${r.capped ? `, first ${String((r.text as string).length)} kept` : ""}) ---`, String(r.text));
  }
  if (replies.length > 0) out.push("---");
  const decision = d.decision as Record<string, unknown> | undefined;
  if (decision) out.push(`decision: ${String(decision.status)}${decision.reason ? ` — ${String(decision.reason)}` : ""}`);
  const reviews = Array.isArray(d.reviews) ? (d.reviews as Record<string, unknown>[]) : [];
  for (const r of reviews) {
    out.push(`review: ${String(r.decision)} at ${new Date(Number(r.at)).toISOString().slice(0, 16).replace("T", " ")}${r.reason ? ` — ${String(r.reason)}` : ""}${r.version !== undefined ? ` (version ${String(r.version)})` : ""}`);
  }
  return out.join("\n") + "\n";
}
