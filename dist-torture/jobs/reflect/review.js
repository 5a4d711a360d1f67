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
import { existsSync, readFileSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import { contentHash } from "../../store/soul-versions.js";
import { unifiedDiff } from "./diff.js";
import { commitSoul, readSoul, recordUserSoulIfNew, SOUL_FILE, SOUL_PROPOSAL_FILE, versionsForFloor } from "./history.js";
import { countWords, droppedLocked, normalizeSoul, requiredLockedTexts, verifyLocked } from "./soul-safety.js";
/** Whether a proposal waits for review: cheap (one stat), for the inbox and the notifier. */
export function pendingProposal(workspace) {
    try {
        const st = statSync(path.join(workspace, SOUL_PROPOSAL_FILE));
        return st.isFile() ? { path: SOUL_PROPOSAL_FILE, bytes: st.size, modifiedAt: st.mtimeMs } : null;
    }
    catch {
        return null;
    }
}
/** The pending proposal with its diff and the record of the run that wrote it; null when none waits. */
export function soulProposed(workspace, store) {
    const file = path.join(workspace, SOUL_PROPOSAL_FILE);
    if (!existsSync(file))
        return null;
    const text = readFileSync(file, "utf8");
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
function str(v) {
    return typeof v === "string" && v !== "" ? v : null;
}
function proposalOf(run) {
    const p = run.details.proposal;
    return p && typeof p.text === "string" && typeof p.hash === "string" ? { text: p.text, hash: p.hash } : undefined;
}
/** The run whose proposal this text is (exact), else the newest run that wrote one. */
function proposingRun(store, text) {
    const runs = store.runs(200).filter((r) => proposalOf(r) !== undefined);
    const hash = contentHash(text);
    const exact = runs.find((r) => proposalOf(r).hash === hash);
    if (exact)
        return { run: exact, exact: true };
    return runs.length > 0 ? { run: runs[0], exact: false } : undefined;
}
/**
 * The proposal becomes a version and SOUL.md, through the same checks as a nightly run: the
 * locked blocks of SOUL.md come back byte-identical (and Core Identity, when locked), no
 * locked text of an earlier version is dropped, and the compare-and-swap keeps an edit made
 * meanwhile. Throws a one-line error saying what to do when any check fails; then nothing
 * is written.
 */
export function acceptProposal(input) {
    const { workspace, store } = input;
    const now = (input.now ?? Date.now)();
    const file = path.join(workspace, SOUL_PROPOSAL_FILE);
    if (!existsSync(file))
        throw new Error(`there is no ${SOUL_PROPOSAL_FILE} to accept`);
    const bytes = readFileSync(file);
    const text = normalizeSoul(bytes.toString("utf8"));
    if (text.trim() === "")
        throw new Error(`${SOUL_PROPOSAL_FILE} is empty: nothing to accept (reject it with \`agent soul reject\`)`);
    const cur = readSoul(workspace);
    if (cur.exists) {
        const problems = verifyLocked(cur.text, text, { lockCoreIdentity: input.reflection.lockCoreIdentity });
        if (problems.length > 0) {
            throw new Error(`${SOUL_PROPOSAL_FILE} does not keep the locked text of ${SOUL_FILE} (${problems.join("; ")}): copy the locked blocks into it, or reject it`);
        }
    }
    const required = requiredLockedTexts(cur.exists ? cur.text : undefined, versionsForFloor(store, cur));
    const dropped = droppedLocked(required, text);
    if (dropped.length > 0) {
        throw new Error(`${SOUL_PROPOSAL_FILE} drops locked text of ${dropped.map((d) => d.from).join(", ")}: copy it back into the proposal, or reject it`);
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
        throw new Error(`${SOUL_FILE} changed during the accept (${res.detail}); nothing was replaced${res.kept ? ` (the edit is kept in ${path.basename(res.kept)})` : ""} — review again and re-run`);
    }
    // The proposal file goes only if it is still the text that was accepted.
    let removedProposal = false;
    try {
        if (readFileSync(file).equals(bytes)) {
            unlinkSync(file);
            removedProposal = true;
        }
    }
    catch {
        removedProposal = !existsSync(file);
    }
    if (found)
        addReview(store, found.run, { decision: "accepted", at: now, version: res.number });
    return { version: res.number, ...(res.baseline !== undefined ? { baseline: res.baseline } : {}), runId: found?.run.id ?? null, removedProposal };
}
/**
 * Rejects the pending proposal: the rejection (with the optional reason, and the proposal's
 * text when it was edited by hand) is recorded in the run that wrote it, and SOUL.proposed.md
 * is removed. The next night's prompt lists it so the same change is not proposed again.
 */
export function rejectProposal(input) {
    const { workspace, store } = input;
    const now = (input.now ?? Date.now)();
    const file = path.join(workspace, SOUL_PROPOSAL_FILE);
    if (!existsSync(file))
        throw new Error(`there is no ${SOUL_PROPOSAL_FILE} to reject`);
    const bytes = readFileSync(file);
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
    let removedProposal = false;
    if (found && readFileSync(file).equals(bytes)) {
        unlinkSync(file);
        removedProposal = true;
    }
    return { runId: found?.run.id ?? null, removedProposal };
}
function addReview(store, run, review) {
    store.transaction(() => {
        const fresh = store.getRun(run.id) ?? run;
        const reviews = Array.isArray(fresh.details.reviews) ? fresh.details.reviews : [];
        store.setRunDetails(run.id, { ...fresh.details, reviews: [...reviews, review] });
    });
}
/** Records SOUL.md as it is now as a version of the person's, with their message. */
export function saveSoul(input) {
    const cur = readSoul(input.workspace);
    if (!cur.exists)
        throw new Error(`${path.join(input.workspace, SOUL_FILE)} does not exist: nothing to save (restore one with \`agent soul rollback N\`)`);
    const now = (input.now ?? Date.now)();
    const message = input.message?.trim() ? `saved by hand: ${input.message.trim()}` : "saved by hand";
    const n = input.store.transaction(() => recordUserSoulIfNew(input.store, cur, now, message));
    if (n === undefined)
        return { version: input.store.latest().number, unchanged: true };
    return { version: n, unchanged: false };
}
/** Proposals rejected in the last `days` days, newest first: for the next night's prompt. */
export function recentRejections(store, now, days = 30, limit = 5) {
    const out = [];
    for (const run of store.runs(200)) {
        const reviews = Array.isArray(run.details.reviews) ? run.details.reviews : [];
        for (const r of reviews) {
            if (r.decision !== "rejected" || typeof r.at !== "number" || now - r.at > days * 86_400_000)
                continue;
            out.push({
                date: new Date(r.at).toISOString().slice(0, 10),
                summary: str(run.details.summary) ?? "a SOUL change",
                reason: str(r.reason),
            });
        }
        if (out.length >= limit)
            break;
    }
    return out.slice(0, limit);
}
/** One reflection run's record, for `agent reflect --show RUN`; undefined when there is none. */
export function showReflectionRun(store, id) {
    return store.getRun(id);
}
/**
 * The run record in words: when, the decision and its reason, the inputs, each model reply
 * (raw, as kept), the reviews. Pure.
 */
export function describeReflectionRun(run) {
    const d = run.details;
    const out = [];
    const when = new Date(run.startedAt).toISOString().slice(0, 16).replace("T", " ");
    out.push(`reflection run ${run.id} (${when} UTC): ${run.outcome}${run.reason ? ` — ${run.reason}` : ""}`);
    if (typeof d.provider === "string")
        out.push(`model: ${String(d.model)} (${d.provider})`);
    const inputs = (d.inputs ?? {});
    const soul = inputs.soul;
    if (soul) {
        out.push(`SOUL.md read: ${soul.exists ? `${String(soul.words)} words${soul.version !== null ? `, version ${String(soul.version)}` : ""}${soul.mapped ? ", mapped into the three layers" : ""}` : "missing"}` +
            (soul.restoredFrom !== undefined ? ` (restored from version ${String(soul.restoredFrom)})` : ""));
    }
    const tr = inputs.transcript;
    if (tr)
        out.push(`conversations: ${String(tr.sessions)} session(s), ${String(tr.messages)} message(s), ${String(tr.chars)} characters shown${tr.cut ? " (cut to the newest)" : ""}`);
    const calls = Array.isArray(inputs.calls) ? inputs.calls : [];
    for (const c of calls) {
        out.push(`call ${String(c.call)}: prompt ~${String(c.promptTokens)} tokens + reply up to ${String(c.replyTokens)}${c.contextSize !== null ? `, context window ${String(c.contextSize)}` : ""}`);
    }
    const replies = Array.isArray(d.replies) ? d.replies : [];
    for (const r of replies) {
        out.push("", `--- reply to the ${String(r.call)} call (${String(r.chars)} characters, ${String(r.finishReason)}${r.capped ? `, first ${String(r.text.length)} kept` : ""}) ---`, String(r.text));
    }
    if (replies.length > 0)
        out.push("---");
    const decision = d.decision;
    if (decision)
        out.push(`decision: ${String(decision.status)}${decision.reason ? ` — ${String(decision.reason)}` : ""}`);
    const reviews = Array.isArray(d.reviews) ? d.reviews : [];
    for (const r of reviews) {
        out.push(`review: ${String(r.decision)} at ${new Date(Number(r.at)).toISOString().slice(0, 16).replace("T", " ")}${r.reason ? ` — ${String(r.reason)}` : ""}${r.version !== undefined ? ` (version ${String(r.version)})` : ""}`);
    }
    return out.join("\n") + "\n";
}
//# sourceMappingURL=review.js.map