// The daemon embeds chunks written by any path, promptly: an MCP memory_append routed to it
// (indexed at once, so the watcher's own batch finds nothing new), a new note indexed by
// another process's `agent index --no-embed`, and `agent index --rebuild --no-embed`. Each
// run waits until the daemon says no chunk lacks a vector; over 30 s counts as a failure
// (before, they waited for the next file change: about 5 minutes in the field).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { agent, crashOf, makeWorkspace, probeToken, rng, sleep, spawnAgent, Tally, agentDir } from "./lib.mjs";
import { McpHttp, socketCall } from "./mcp-http.mjs";

const LIMIT_MS = 30_000;

export async function daemonVectors({ root, quick, tiny, scale, seed }) {
  const tally = new Tally("daemon vectors: chunks written by any path get vectors within 30 s");
  const runs = tiny ? 3 : quick ? 6 : Math.max(18, Math.round(18 * scale));
  const ws = path.join(root, "ws");
  await makeWorkspace(ws, { seed, notes: 10, config: { embed: { provider: "use-lite" }, context: { timeZone: "UTC" } } });
  const d = spawnAgent(["daemon", "--workspace", ws, "--http", "--port", "0"], { env: { TZ: "UTC" } });
  if (!(await d.waitFor(/MCP over HTTP at /, 60_000)) || !(await d.waitFor(/watching for changes/, 60_000))) {
    tally.fail(`the daemon did not start: ${d.out().stderr.slice(0, 300)}`, "npm run torture -- --only daemon-vectors");
    d.kill("SIGKILL");
    return tally;
  }
  const sock = path.join(agentDir(ws), "daemon.sock");
  const missing = async () => (await socketCall(sock, "status", {})).result?.vectors?.missing ?? -1;
  const r = rng(seed + 11);
  const kinds = ["mcp-append", "index-no-embed", "rebuild-no-embed"];
  const ms = Object.fromEntries(kinds.map((k) => [k, []]));
  try {
    const mcp = McpHttp.forDaemon(ws, d.out().stdout);
    await mcp.initialize();
    await settle(missing, 120_000);
    for (let run = 0; run < runs; run++) {
      const kind = kinds[run % kinds.length];
      const repro = `npm run torture -- --only daemon-vectors (run ${run}, ${kind})`;
      const t0 = Date.now();
      if (kind === "mcp-append") {
        const a = await mcp.tool("memory_append", { text: `The ${probeToken(r)} compressor for the cold room arrives on Tuesday.` });
        if (!a.ok) {
          tally.fail(`memory_append failed: ${a.text.slice(0, 200)}`, repro);
          continue;
        }
      } else if (kind === "index-no-embed") {
        mkdirSync(path.join(ws, "notes"), { recursive: true });
        writeFileSync(path.join(ws, "notes", `n-${run}.md`), `# Note ${run}\n\nThe ${probeToken(r)} shelf holds the spare fan belts.\n`);
        const i = await agent(["index", "--no-embed", "--workspace", ws]);
        if (i.code !== 0) tally.note(`agent index --no-embed (run ${run}) exited ${i.code}: ${i.stderr.slice(0, 120)}`);
      } else {
        const i = await agent(["index", "--rebuild", "--no-embed", "--workspace", ws]);
        if (i.code !== 0) tally.note(`agent index --rebuild --no-embed (run ${run}) exited ${i.code}: ${i.stderr.slice(0, 120)}`);
      }
      const took = await settle(missing, LIMIT_MS, t0);
      if (took === null) tally.fail(`${await missing()} chunk(s) still without vectors ${LIMIT_MS / 1000} s after a ${kind}`, repro);
      else {
        ms[kind].push(took);
        tally.measure(`ms until every chunk has vectors after ${kind}`, took);
        tally.pass();
      }
    }
  } finally {
    d.kill("SIGTERM");
    const done = await d.finished(30_000);
    if (crashOf(done) && done.signal !== "SIGTERM") tally.fail(`the daemon ${crashOf(done)}`, "npm run torture -- --only daemon-vectors");
  }
  return tally;
}

/** Waits until no chunk lacks a vector; ms since t0, or null after limitMs. */
async function settle(missing, limitMs, t0 = Date.now()) {
  // A beat first: the write may not have reached the index yet.
  await sleep(200);
  while (Date.now() - t0 < limitMs) {
    if ((await missing()) === 0) return Date.now() - t0;
    await sleep(200);
  }
  return null;
}
