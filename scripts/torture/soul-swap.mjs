// SOUL.md during its compare-and-swap, against the built engine's swap (dist/workspace/
// safe-write.js): a real shell append (`echo … >> SOUL.md`, O_APPEND|O_CREAT) is aimed at each
// step of the swap, and an editor's rename-save at each step before the rename, while another
// process reads SOUL.md in a loop. A run fails when SOUL.md is absent or lacks its body at any
// read, or the appended line is in no file afterwards.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { distDir, Tally } from "./lib.mjs";

const BODY = "## Core Identity\n\n- I keep the person's notes and speak plainly.\n";
const soul = (n) => `# SOUL v${n}\n\n${BODY}`;
const STEPS = ["written", "compared", "linked", "renamed", "settled"];

// Reads SOUL.md as fast as it can until told to stop; prints its counts.
const PROBER = `
const fs = require("node:fs");
const [file, body] = [process.argv[1], process.argv[2]];
let reads = 0, absent = 0, partial = 0, stop = false;
process.on("SIGTERM", () => { stop = true; });
function loop() {
  for (let i = 0; i < 2000 && !stop; i++) {
    reads++;
    let t;
    try { t = fs.readFileSync(file, "utf8"); } catch (e) { if (e.code === "ENOENT") { absent++; continue; } throw e; }
    if (!t.includes(body)) partial++;
  }
  if (stop) { process.stdout.write(JSON.stringify({ reads, absent, partial })); process.exit(0); }
  setImmediate(loop);
}
loop();
`;

export async function soulSwap({ root, quick, tiny, scale }) {
  const tally = new Tally("SOUL swap: appends and editor saves aimed at every step; SOUL.md never absent or bodiless");
  const { swapFile, settleSwaps } = await import(pathToFileURL(path.join(distDir(), "workspace", "safe-write.js")).href);
  const perStep = tiny ? 2 : quick ? 8 : Math.max(50, Math.round(50 * scale));
  const ws = path.join(root, "ws");
  const work = path.join(ws, ".agent", "swap");
  mkdirSync(work, { recursive: true });
  const file = path.join(ws, "SOUL.md");
  writeFileSync(file, soul(0));
  const prober = spawn(process.execPath, ["-e", PROBER, file, BODY], { stdio: ["ignore", "pipe", "inherit"] });
  let probeOut = "";
  prober.stdout.on("data", (d) => (probeOut += d));
  const probed = new Promise((resolve) => prober.once("exit", resolve));
  let n = 0;
  let swapped = 0;
  const everything = () => {
    settleSwaps(file, { workDir: work });
    const kept = readdirSync(ws).filter((f) => f.startsWith("SOUL.md.kept-"));
    return [readFileSync(file, "utf8"), ...kept.map((f) => readFileSync(path.join(ws, f), "utf8"))].join("");
  };
  for (const kind of ["append", "editor"]) {
    for (const target of kind === "append" ? STEPS : STEPS.slice(0, 3)) {
      for (let run = 0; run < perStep; run++) {
        n++;
        const line = `- ${kind} at ${target} ${run}`;
        const res = swapFile(file, readFileSync(file), soul(n), {
          settleMs: 2,
          workDir: work,
          oldIsSaved: true,
          onStep: (s) => {
            if (s !== target) return;
            if (kind === "append") spawnSync("sh", ["-c", `echo "${line}" >> SOUL.md`], { cwd: ws });
            else {
              writeFileSync(path.join(ws, ".SOUL.md.swp"), readFileSync(file, "utf8") + line + "\n");
              renameSync(path.join(ws, ".SOUL.md.swp"), file);
            }
          },
        });
        const now = readFileSync(file, "utf8");
        const repro = `npm run torture -- --only soul-swap (${kind} at step "${target}", run ${run})`;
        if (!now.includes(BODY)) tally.fail(`SOUL.md lacks its body after a ${kind} at "${target}": ${JSON.stringify(now.slice(0, 80))}`, repro);
        else if (!everything().includes(line)) tally.fail(`the ${kind}ed line at "${target}" is in no file (swap said ${JSON.stringify(res)})`, repro);
        else tally.pass();
        if (res.ok) swapped++;
      }
    }
  }
  prober.kill("SIGTERM");
  await probed;
  const p = JSON.parse(probeOut || "{}");
  tally.note(`a second process read SOUL.md ${p.reads} times during ${n} swaps: ${p.absent} absent, ${p.partial} without the body`);
  tally.note(`${swapped} swaps went through, ${n - swapped} were refused for the person's write (carried late writes count as went through)`);
  if (p.absent > 0 || p.partial > 0 || p.reads === undefined) tally.fail(`a reader found SOUL.md absent ${p.absent} times and without its body ${p.partial} times`, "npm run torture -- --only soul-swap");
  else tally.pass();
  return tally;
}
