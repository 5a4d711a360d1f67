// Ctrl-C (SIGINT) and SIGTERM during embedding, reflection, a flush and a rebuild: the
// process must be gone within 2 s of the signal, leave the index and state consistent and
// change no markdown (a rebuild or an embedding resumes next time).
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  agent,
  crashOf,
  fingerprint,
  fingerprintDiff,
  firstLines,
  indexIntegrity,
  makeWorkspace,
  probeToken,
  rng,
  shellLine,
  sleep,
  spawnAgent,
  startFakeOllama,
  stateIntegrity,
  Tally,
  writeSessions,
} from "./lib.mjs";

const LIMIT_MS = 2000;

export async function signals({ root, quick, scale, seed }) {
  const tally = new Tally("Ctrl-C / SIGTERM during embed, reflect, flush, rebuild: stopped <= 2 s");
  const perMode = quick ? 1 : Math.max(20, Math.round(20 * scale));
  const r = rng(seed + 101);
  // A model that thinks for a long time: the signal must not wait for it.
  const ollama = await startFakeOllama(() => ({ content: "NO_REPLY", delayMs: 60_000 }));
  const llm = { provider: "ollama", model: "good", host: ollama.host };
  try {
    for (const mode of ["embed", "rebuild", "reflect", "flush"]) {
      const ws = path.join(root, `sig-${mode}`);
      const embedding = mode === "embed" || mode === "rebuild";
      await makeWorkspace(ws, { seed: seed + mode.length, notes: 10, config: { embed: { provider: embedding ? "use-lite" : "none" }, llm } });
      let early = 0;
      for (let run = 0; run < perMode; run++) {
        const sig = run % 2 === 0 ? "SIGINT" : "SIGTERM";
        let args;
        let delay;
        if (embedding) {
          // Text no embedding cache has seen, so the run has real embedding work.
          freshNotes(ws, r, 12);
          const pre = await agent(["index", "--no-embed", "--workspace", ws]);
          if (pre.code !== 0) throw new Error(`setup index failed: ${pre.stderr}`);
          args = mode === "embed" ? ["index", "--workspace", ws] : ["index", "--rebuild", "--workspace", ws];
          delay = 2500 + Math.floor(r() * 3000);
        } else if (mode === "reflect") {
          writeSessions(ws, 1, 6, Date.now(), `sig-${run}`);
          args = ["reflect", "--since", "30d", "--workspace", ws];
          delay = 800 + Math.floor(r() * 1500);
        } else {
          writeSessions(ws, 1, 8, Date.now(), `flush-${run}`);
          args = ["flush", "--session", `flush-${run}-0`, "--force", "--workspace", ws];
          delay = 800 + Math.floor(r() * 1500);
        }
        const before = fingerprint(ws);
        const child = spawnAgent(args);
        child.stdin.end();
        await sleep(delay);
        if (child.exitCode !== null || child.signalCode !== null) {
          early++;
          const res = await child.finished(1000);
          const crash = crashOf(res);
          if (crash || res.code !== 0) tally.fail(`${mode}: ended before the signal with ${crash ?? `exit ${res.code}: ${firstLines(res.stderr)}`}`, shellLine(args));
          else tally.pass();
          continue;
        }
        const sentAt = Date.now();
        child.kill(sig);
        const res = await child.finished(10_000);
        const stoppedMs = Date.now() - sentAt;
        tally.measure(`${mode}: stop after ${sig === "SIGINT" ? "Ctrl-C" : "SIGTERM"} (ms)`, stoppedMs);
        const repro = `${shellLine(args)}, ${sig} after ${delay} ms (workspace ${ws})`;
        // Dying of the very signal sent is how a plain CLI answers Ctrl-C; only the state matters then.
        const crash = res.signal === sig ? null : crashOf(res);
        const problems = [];
        if (stoppedMs > LIMIT_MS) problems.push(`${mode}: still running ${stoppedMs} ms after ${sig}${res.hung ? " (killed)" : ""}`);
        if (crash && !res.hung) problems.push(`${mode}: ${crash}`);
        const integrity = indexIntegrity(ws) ?? stateIntegrity(ws);
        if (integrity && !(integrity === "no index.db" && !embedding)) problems.push(`${mode}: ${integrity}`);
        const changed = fingerprintDiff(before, fingerprint(ws)).filter((d) => !d.includes("reflections/"));
        if (changed.length > 0) problems.push(`${mode}: markdown changed: ${changed.slice(0, 3).join(", ")}`);
        if (problems.length > 0) tally.fail(problems.join("; "), repro);
        else tally.pass();
        if (embedding) {
          // It resumes next time: the index is usable and complete after a plain run.
          const rec = await agent(["index", "--no-embed", "--workspace", ws]);
          if (rec.code !== 0) tally.note(`${mode} run ${run}: the next \`agent index\` failed: ${firstLines(rec.stderr)}`);
        }
      }
      if (early > 0) tally.note(`${mode}: ${early} of ${perMode} runs ended before the signal`);
    }
  } finally {
    await ollama.close();
  }
  return tally;
}

function freshNotes(ws, r, n) {
  for (let i = 0; i < n; i++) {
    let text = `# Fresh ${probeToken(r)}\n\n`;
    for (let l = 0; l < 40; l++) text += `- ${probeToken(r)} met ${probeToken(r)} about the ${probeToken(r)} and ${probeToken(r)}.\n`;
    writeFileSync(path.join(ws, "memory", `fresh-${probeToken(r)}.md`), text);
  }
}

