// Reflection racing hand edits of SOUL.md, both in place (an `>>` append) and by atomic
// rename (how most editors save). Every edit carries a unique marker; after the run each
// marker must still be somewhere a person can find it: SOUL.md, a file kept beside it, or
// the SOUL version history. One "run" here is one edit.
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import {
  allWorkspaceText,
  crashOf,
  makeWorkspace,
  probeToken,
  proposedSoul,
  REPO,
  reflectionReply,
  rng,
  shellLine,
  sleep,
  soulVersions,
  spawnAgent,
  startFakeOllama,
  Tally,
  writeSessions,
} from "./lib.mjs";

const PROPOSED = proposedSoul();

export async function reflectRace({ root, quick, tiny, scale, seed }) {
  const tally = new Tally("reflect racing hand edits of SOUL.md (in place + atomic rename)");
  const runs = tiny ? 2 : quick ? 4 : Math.max(100, Math.round(100 * scale));
  const r = rng(seed + 31);
  // The engine swaps SOUL.md a few milliseconds after the model's last reply: the editor
  // aims its edits at that moment, measured from when the fake server sends the reply.
  let replySent = null;
  const ollama = await startFakeOllama((body) => {
    const isSoul = Boolean(body.format && body.format.properties && body.format.properties.soul);
    return { content: reflectionReply(body, PROPOSED), delayMs: Math.floor(r() * 150), ...(isSoul ? { onSent: () => replySent?.() } : {}) };
  });
  const template = readFileSync(path.join(REPO, "workspace-template", "SOUL.md"), "utf8");
  const ws = path.join(root, "race");
  await makeWorkspace(ws, { seed, notes: 3, config: { embed: { provider: "none" }, llm: { provider: "ollama", model: "good", host: ollama.host } } });
  const soul = path.join(ws, "SOUL.md");
  let durations = [];
  const outcomes = { replaced: 0, proposed: 0, untouched: 0 };
  let crashes = 0;
  try {
    for (let run = 0; run < runs; run++) {
      writeFileSync(soul, template);
      rmSync(path.join(ws, "SOUL.proposed.md"), { force: true });
      writeSessions(ws, 1, 6, Date.now(), `race-${run}`);
      const args = ["reflect", "--since", "30d", "--workspace", ws];
      const sent = new Promise((resolve) => (replySent = resolve));
      const child = spawnAgent(args);
      child.stdin.end();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // Edits start 0-60 ms after the last model reply left the fake server (or, every
      // fourth run, at a random point of the run), so some land between the engine's last
      // look at SOUL.md and its swap.
      const typical = durations.length ? durations.slice().sort((a, b) => a - b)[Math.floor(durations.length / 2)] : 900;
      // Half the runs edit the moment a temp file for SOUL.md appears beside it: an atomic
      // save's first step, after the engine's last look at the file and before its rename.
      const watchRun = run % 2 === 0;
      let watcher = null;
      const early = [];
      if (watchRun) {
        watcher = watch(ws, (_ev, name) => {
          if (typeof name !== "string" || !/^\.SOUL\.md\..*\.tmp$/.test(name) || early.length > 0) return;
          const marker = `hand edit ${run}.w ${probeToken(r)}`;
          try {
            appendFileSync(soul, `\n- ${marker}\n`);
            early.push({ marker, atomic: false });
          } catch {
            // SOUL.md was just renamed over: the edit is not made, nothing to check.
          }
        });
      }
      const aimed = run % 4 !== 3;
      if (aimed) await Promise.race([sent, exited]);
      const start = Date.now() + (aimed ? Math.floor(r() * 60) : Math.floor(typical * (0.3 + 0.8 * r())));
      const burst = quick ? 3 : 10;
      const markers = [];
      while (Date.now() < start && child.exitCode === null) await new Promise((res) => setImmediate(res));
      for (let i = 0; i < burst; i++) {
        const marker = `hand edit ${run}.${i} ${probeToken(r)}`;
        const atomic = r() < 0.5;
        try {
          if (atomic) {
            const tmp = path.join(ws, `.SOUL.md.edit-${run}-${i}`);
            let current = "";
            try {
              current = readFileSync(soul, "utf8");
            } catch {
              current = "";
            }
            writeFileSync(tmp, `${current.replace(/\n?$/, "\n")}- ${marker}\n`);
            renameSync(tmp, soul);
          } else appendFileSync(soul, `\n- ${marker}\n`);
          markers.push({ marker, atomic });
        } catch (e) {
          tally.note(`edit ${run}.${i} could not be made: ${e.message}`);
        }
        await sleep(1 + Math.floor(r() * 4));
      }
      const res = await child.finished(60_000);
      watcher?.close();
      markers.push(...early);
      durations.push(res.ms);
      const crash = crashOf(res);
      if (crash) crashes++;
      const now = readFileSync(soul, "utf8");
      if (now.includes("Learned that Sam prefers mornings for calls")) outcomes.replaced++;
      else if (existsSync(path.join(ws, "SOUL.proposed.md"))) outcomes.proposed++;
      else outcomes.untouched++;
      const everything = allWorkspaceText(ws) + "\n" + soulVersions(ws).join("\n");
      for (const m of markers) {
        if (everything.includes(m.marker)) tally.pass();
        else
          tally.fail(
            `${m.atomic ? "atomic-rename" : "in-place"} edit "${m.marker}" lost (reflect exit ${res.code}${crash ? `, ${crash}` : ""})`,
            `${shellLine(args)} with a fake Ollama, editing SOUL.md ${Math.round(start - child.started)} ms after the start; workspace ${ws}`,
          );
      }
    }
  } finally {
    await ollama.close();
  }
  tally.note(`SOUL.md replaced by the proposal in ${outcomes.replaced} runs, proposal set aside in ${outcomes.proposed}, untouched in ${outcomes.untouched}`);
  tally.note(`${runs} reflections; median reflect ${durations.sort((a, b) => a - b)[Math.floor(durations.length / 2)]} ms; ${crashes} crashed`);
  return tally;
}
