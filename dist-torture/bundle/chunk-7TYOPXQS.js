import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  SOUL_FILE,
  SOUL_PROPOSAL_FILE,
  commitSoul,
  contentHash,
  countWords,
  droppedLocked,
  normalizeSoul,
  readSoul,
  recordUserSoulIfNew,
  requiredLockedTexts,
  unifiedDiff,
  verifyLocked,
  versionsForFloor
} from "./chunk-D3YNOGQB.js";

// dist/jobs/reflect/review.js
import { existsSync, readFileSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
function pendingProposal(workspace) {
  try {
    const st = statSync(path.join(workspace, SOUL_PROPOSAL_FILE));
    return st.isFile() ? { path: SOUL_PROPOSAL_FILE, bytes: st.size, modifiedAt: st.mtimeMs } : null;
  } catch {
    return null;
  }
}
function soulProposed(workspace, store) {
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
    editedSinceRun: found === void 0 || !found.exact
  };
}
function str(v) {
  return typeof v === "string" && v !== "" ? v : null;
}
function proposalOf(run) {
  const p = run.details.proposal;
  return p && typeof p.text === "string" && typeof p.hash === "string" ? { text: p.text, hash: p.hash } : void 0;
}
function proposingRun(store, text) {
  const runs = store.runs(200).filter((r) => proposalOf(r) !== void 0);
  const hash = contentHash(text);
  const exact = runs.find((r) => proposalOf(r).hash === hash);
  if (exact)
    return { run: exact, exact: true };
  return runs.length > 0 ? { run: runs[0], exact: false } : void 0;
}
function acceptProposal(input) {
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
  const required = requiredLockedTexts(cur.exists ? cur.text : void 0, versionsForFloor(store, cur));
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
      model: str(found?.run.details.model)
    },
    now,
    allowEmpty: true,
    ...input.swap ? { swap: input.swap } : {}
  });
  if (!res.ok) {
    throw new Error(`${SOUL_FILE} changed during the accept (${res.detail}); nothing was replaced${res.kept ? ` (the edit is kept in ${path.basename(res.kept)})` : ""} \u2014 review again and re-run`);
  }
  let removedProposal = false;
  try {
    if (readFileSync(file).equals(bytes)) {
      unlinkSync(file);
      removedProposal = true;
    }
  } catch {
    removedProposal = !existsSync(file);
  }
  if (found)
    addReview(store, found.run, { decision: "accepted", at: now, version: res.number });
  return { version: res.number, ...res.baseline !== void 0 ? { baseline: res.baseline } : {}, runId: found?.run.id ?? null, removedProposal };
}
function rejectProposal(input) {
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
      ...input.reason !== void 0 && input.reason.trim() !== "" ? { reason: input.reason.trim() } : {},
      // A proposal edited by hand is kept in the record: removing the file must lose nothing.
      ...found.exact ? {} : { text: bytes.toString("utf8") }
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
function saveSoul(input) {
  const cur = readSoul(input.workspace);
  if (!cur.exists)
    throw new Error(`${path.join(input.workspace, SOUL_FILE)} does not exist: nothing to save (restore one with \`agent soul rollback N\`)`);
  const now = (input.now ?? Date.now)();
  const message = input.message?.trim() ? `saved by hand: ${input.message.trim()}` : "saved by hand";
  const n = input.store.transaction(() => recordUserSoulIfNew(input.store, cur, now, message));
  if (n === void 0)
    return { version: input.store.latest().number, unchanged: true };
  return { version: n, unchanged: false };
}
function recentRejections(store, now, days = 30, limit = 5) {
  const out = [];
  for (const run of store.runs(200)) {
    const reviews = Array.isArray(run.details.reviews) ? run.details.reviews : [];
    for (const r of reviews) {
      if (r.decision !== "rejected" || typeof r.at !== "number" || now - r.at > days * 864e5)
        continue;
      out.push({
        date: new Date(r.at).toISOString().slice(0, 10),
        summary: str(run.details.summary) ?? "a SOUL change",
        reason: str(r.reason)
      });
    }
    if (out.length >= limit)
      break;
  }
  return out.slice(0, limit);
}
function showReflectionRun(store, id) {
  return store.getRun(id);
}
function describeReflectionRun(run) {
  const d = run.details;
  const out = [];
  const when = new Date(run.startedAt).toISOString().slice(0, 16).replace("T", " ");
  out.push(`reflection run ${run.id} (${when} UTC): ${run.outcome}${run.reason ? ` \u2014 ${run.reason}` : ""}`);
  if (typeof d.provider === "string")
    out.push(`model: ${String(d.model)} (${d.provider})`);
  const inputs = d.inputs ?? {};
  const soul = inputs.soul;
  if (soul) {
    out.push(`SOUL.md read: ${soul.exists ? `${String(soul.words)} words${soul.version !== null ? `, version ${String(soul.version)}` : ""}${soul.mapped ? ", mapped into the three layers" : ""}` : "missing"}` + (soul.restoredFrom !== void 0 ? ` (restored from version ${String(soul.restoredFrom)})` : ""));
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
    out.push(`decision: ${String(decision.status)}${decision.reason ? ` \u2014 ${String(decision.reason)}` : ""}`);
  const reviews = Array.isArray(d.reviews) ? d.reviews : [];
  for (const r of reviews) {
    out.push(`review: ${String(r.decision)} at ${new Date(Number(r.at)).toISOString().slice(0, 16).replace("T", " ")}${r.reason ? ` \u2014 ${String(r.reason)}` : ""}${r.version !== void 0 ? ` (version ${String(r.version)})` : ""}`);
  }
  return out.join("\n") + "\n";
}

export {
  pendingProposal,
  soulProposed,
  acceptProposal,
  rejectProposal,
  saveSoul,
  recentRejections,
  showReflectionRun,
  describeReflectionRun
};
//# sourceMappingURL=chunk-7TYOPXQS.js.map
