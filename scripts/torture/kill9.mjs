// kill -9 at a random moment during index, rebuild, embed and reflect, then recover
// (`agent index`) and check: SQLite integrity, the same files and chunks as a clean rebuild,
// every probe token found, no markdown changed (reflection may only have replaced SOUL.md
// by the whole proposal, or left it).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  agent,
  compareWithCleanRebuild,
  fingerprint,
  fingerprintDiff,
  firstLines,
  indexIntegrity,
  makeWorkspace,
  missingProbes,
  probeToken,
  proposedSoul,
  REPO,
  reflectionReply,
  rng,
  shellLine,
  sleep,
  spawnAgent,
  startFakeOllama,
  stateIntegrity,
  Tally,
  writeSessions,
  agentDir,
} from "./lib.mjs";

const PROPOSED_SOUL = proposedSoul();

const MODES = {
  index: { args: ["index", "--no-embed"], killMs: [150, 1800], embed: "none" },
  rebuild: { args: ["index", "--rebuild", "--no-embed"], killMs: [150, 1800], embed: "none" },
  embed: { args: ["index"], killMs: [800, 7000], embed: "use-lite" },
  reflect: { args: ["reflect", "--since", "30d"], killMs: [150, 2500], embed: "none" },
};

export async function kill9({ root, quick, tiny, scale, seed }) {
  const tally = new Tally("kill -9 during index/rebuild/embed/reflect, then recover");
  const perMode = tiny ? 1 : quick ? 2 : Math.max(1, Math.round(50 * scale));
  const ollama = await startFakeOllama((body) => ({ content: reflectionReply(body, PROPOSED_SOUL), delayMs: Math.floor(Math.random() * 400) }));
  try {
    for (const [mode, spec] of Object.entries(MODES)) {
      const r = rng(seed + mode.length * 7919);
      const ws = path.join(root, `kill9-${mode}`);
      const config = { embed: { provider: spec.embed }, llm: { provider: "ollama", model: "good", host: ollama.host } };
      const probes = await makeWorkspace(ws, { seed: seed + mode.length, notes: quick ? 40 : 120, config });
      if (mode !== "index") {
        const pre = await agent(["index", "--no-embed", "--workspace", ws]);
        if (pre.code !== 0) throw new Error(`setup index failed: ${pre.stderr}`);
      }
      let killed = 0;
      // Kill moments are spread over how long the operation takes on this machine now:
      // one un-killed run measures it (embedding is long enough for its fixed range).
      let killMs = spec.killMs;
      if (mode !== "embed") {
        churn(ws, probes, r, 10, 0);
        if (mode === "reflect") {
          resetSoul(ws);
          writeSessions(ws, 1, 6, Date.now(), "k9-calibrate");
        }
        const cal = await agent([...spec.args, "--workspace", ws]);
        killMs = [Math.max(20, Math.floor(cal.ms * 0.1)), Math.max(100, Math.floor(cal.ms * 1.05))];
        tally.note(`${mode}: an un-killed run took ${cal.ms} ms; kills at ${killMs[0]}-${killMs[1]} ms`);
      }
      for (let run = 0; run < perMode; run++) {
        // New work for this run: rewrite a few notes (new probes), add one with unseen words.
        churn(ws, probes, r, mode === "embed" ? 6 : 10, mode === "embed" ? 12 : 0);
        if (mode === "index" && r() < 0.3) rmSync(path.join(agentDir(ws), "index.db"), { force: true });
        if (mode === "reflect") {
          resetSoul(ws);
          writeSessions(ws, 1, 6, Date.now(), `k9-${run}`);
        }
        const soulBefore = readFileSync(path.join(ws, "SOUL.md"), "utf8");
        const before = fingerprint(ws);
        const args = [...spec.args, "--workspace", ws];
        const delay = Math.floor(killMs[0] + r() * (killMs[1] - killMs[0]));
        const child = spawnAgent(args);
        child.stdin.end();
        await sleep(delay);
        const wasRunning = child.exitCode === null && child.signalCode === null;
        child.kill("SIGKILL");
        const res = await child.finished(30_000);
        if (wasRunning && res.signal === "SIGKILL") killed++;
        const repro = `${mode} run ${run}: ${shellLine(args)}, SIGKILL after ${delay} ms, then ${shellLine(["index", "--no-embed", "--workspace", ws])} (workspace kept at ${ws})`;
        const problem = await recoverAndCheck(ws, root, probes, before, soulBefore, mode);
        if (problem) tally.fail(problem, repro);
        else tally.pass();
      }
      tally.note(`${mode}: ${killed} of ${perMode} runs killed mid-way`);
    }
  } finally {
    await ollama.close();
  }
  return tally;
}

async function recoverAndCheck(ws, root, probes, before, soulBefore, mode) {
  const rec = await agent(["index", "--no-embed", "--workspace", ws], { timeoutMs: 120_000 });
  if (rec.code !== 0) return `recovery \`agent index\` failed (${rec.code}): ${firstLines(rec.stderr)}`;
  const integrity = indexIntegrity(ws) ?? stateIntegrity(ws);
  if (integrity) return integrity;
  const cmp = await compareWithCleanRebuild(ws, root);
  if (cmp) return cmp;
  const missing = missingProbes(ws, probes);
  if (missing.length > 0) return `${missing.length} probe tokens not found: ${missing.slice(0, 3).join(", ")}`;
  const isReflectOutput = (rel) => rel === "SOUL.md" || rel === "SOUL.proposed.md" || rel.startsWith("reflections/");
  const diff = fingerprintDiff(before, fingerprint(ws)).filter((d) => !(mode === "reflect" && isReflectOutput(d.replace(/^\w+ /, ""))));
  if (diff.length > 0) return `markdown changed: ${diff.slice(0, 3).join(", ")}`;
  if (mode === "reflect") {
    const soul = existsSync(path.join(ws, "SOUL.md")) ? readFileSync(path.join(ws, "SOUL.md"), "utf8") : null;
    if (soul !== soulBefore && soul?.trim() !== PROPOSED_SOUL.trim()) return `SOUL.md is neither the old text nor the whole proposal (${soul === null ? "missing" : `${soul.length} chars`})`;
  }
  return null;
}

function churn(ws, probes, r, edits, extraWords) {
  const files = Object.keys(probes).filter((f) => f.startsWith("memory/"));
  for (let i = 0; i < edits; i++) {
    const f = files[Math.floor(r() * files.length)];
    const token = probeToken(r);
    const abs = path.join(ws, f);
    const text = readFileSync(abs, "utf8").replace(probes[f], token);
    writeFileSync(abs, text);
    probes[f] = token;
  }
  if (extraWords > 0) {
    const token = probeToken(r);
    const rel = `memory/extra-${token}.md`;
    let text = `# Extra\n\n- marker ${token}.\n`;
    for (let w = 0; w < extraWords; w++) text += `- ${probeToken(r)} ${probeToken(r)} ${probeToken(r)} about ${probeToken(r)}.\n`;
    writeFileSync(path.join(ws, rel), text);
    probes[rel] = token;
  }
}

/** Back to the shipped template, so each reflection is a first distillation that may replace SOUL.md. */
function resetSoul(ws) {
  const template = readFileSync(path.join(REPO, "workspace-template", "SOUL.md"), "utf8");
  writeFileSync(path.join(ws, "SOUL.md"), template);
  rmSync(path.join(ws, "SOUL.proposed.md"), { force: true });
}
