// The daemon under the largest query it accepts (400 distinct words, the search bound): while
// one client sends such queries back to back, another client's small search must be answered
// within 1 s, and a SIGTERM sent during a big query must end the daemon within 2 s. Also: a
// query over the bound is refused at once with the limit named. The same over MCP HTTP with
// `boot` (every entry point goes through the bound): a pasted 0.87 MB document is refused at
// once, and 400-word boots back to back hold no other client up.
import net from "node:net";
import path from "node:path";
import { agent, crashOf, makeWorkspace, probeToken, rng, sleep, spawnAgent, Tally, agentDir } from "./lib.mjs";
import { McpHttp } from "./mcp-http.mjs";

const OTHER_MS = 1000;
const STOP_MS = 2000;

export async function bigQuery({ root, quick, tiny, scale, seed }) {
  const tally = new Tally("big query: other clients <= 1 s, SIGTERM <= 2 s during the largest accepted query");
  const runs = tiny ? 2 : quick ? 5 : Math.max(20, Math.round(20 * scale));
  const ws = path.join(root, "ws");
  await makeWorkspace(ws, { seed, notes: tiny ? 20 : 200, config: { embed: { provider: "none" } } });
  const r = rng(seed + 7);
  const bigQuery = () => Array.from({ length: 400 }, () => probeToken(r)).join(" ");
  const env = { AGENT_DAEMON: "require" };
  const other = [];
  const stops = [];
  const big = { answered: 0, failed: 0, ms: [] };
  for (let run = 0; run < runs; run++) {
    const d = spawnAgent(["daemon", "--workspace", ws, "--no-watch"]);
    if (!(await d.waitFor(/serving the engine on /, 60_000))) {
      tally.fail(`the daemon did not start: ${d.out().stderr.slice(0, 300)}`, "npm run torture -- --only big-query");
      d.kill("SIGKILL");
      continue;
    }
    await agent(["search", "warmup", "--workspace", ws], { env, timeoutMs: 30_000 });
    // Two clients sending the largest accepted query back to back.
    let stop = false;
    let terminating = false;
    const hammer = async () => {
      while (!stop) {
        const b = await agent(["search", bigQuery(), "--workspace", ws], { env, timeoutMs: 60_000 });
        // Cut short by the SIGTERM below is expected; any other failure is counted.
        if (b.code === 0) (big.answered++, big.ms.push(b.ms));
        else if (!terminating) big.failed++;
      }
    };
    const hammers = [hammer(), hammer()];
    await sleep(300);
    // The other client speaks to the socket itself: what is timed is the daemon's answer, not a
    // CLI's start-up on a loaded machine.
    const small = await rpc(path.join(agentDir(ws), "daemon.sock"), "search", { query: "marker" });
    other.push(small.ms);
    const over = await agent(["search", Array.from({ length: 401 }, () => "w").join(" "), "--workspace", ws], { env, timeoutMs: 30_000 });
    await sleep(100 + Math.floor(r() * 200));
    const t0 = Date.now();
    terminating = true;
    d.kill("SIGTERM");
    const done = await d.finished(30_000);
    const stopMs = Date.now() - t0;
    stops.push(stopMs);
    stop = true;
    await Promise.all(hammers);
    const repro = `npm run torture -- --only big-query (run ${run})`;
    if (small.error) tally.fail(`the other client's search failed: ${small.error}`, repro);
    else if (small.ms > OTHER_MS) tally.fail(`the other client waited ${small.ms} ms (> ${OTHER_MS})`, repro);
    else if (!/over the 400-word limit/.test(over.stdout + over.stderr)) tally.fail(`a 401-word query was not refused with the limit named: ${over.stderr.slice(0, 200)}`, repro);
    else if (crashOf(done) && done.signal !== "SIGTERM") tally.fail(`the daemon ${crashOf(done)}`, repro);
    else if (stopMs > STOP_MS) tally.fail(`SIGTERM took ${stopMs} ms (> ${STOP_MS})`, repro);
    else tally.pass();
  }
  const q = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))];
  if (other.length > 0) tally.note(`another client's search during the largest accepted queries (socket request to answer): median ${q(other, 0.5)} ms, max ${Math.max(...other)} ms`);
  tally.note(`largest accepted queries answered through the daemon: ${big.answered} (CLI end to end median ${big.ms.length ? q(big.ms, 0.5) : "-"} ms), failed before the SIGTERM: ${big.failed}`);
  if (big.failed > 0) tally.fail(`${big.failed} of the largest accepted queries failed`, "npm run torture -- --only big-query");
  if (stops.length > 0) tally.note(`SIGTERM during the largest accepted queries: median ${q(stops, 0.5)} ms, max ${Math.max(...stops)} ms`);
  await bootOverHttp({ ws, runs: tiny ? 1 : quick ? 3 : Math.max(8, Math.round(8 * scale)), r, tally, q });
  return tally;
}

/** `boot` over MCP HTTP: the pasted document refused at once; 400-word boots hold no one up; SIGTERM ends it. */
async function bootOverHttp({ ws, runs, r, tally, q }) {
  const pasted = "supplier fridge notes warehouse ".repeat(28_000);
  const words = () => Array.from({ length: 400 }, () => probeToken(r)).join(" ");
  const refusedMs = [];
  const otherMs = [];
  const stopMs = [];
  let boots = 0;
  for (let run = 0; run < runs; run++) {
    const repro = `npm run torture -- --only big-query (boot over HTTP, run ${run})`;
    const d = spawnAgent(["daemon", "--workspace", ws, "--no-watch", "--http", "--port", "0"]);
    if (!(await d.waitFor(/MCP over HTTP at /, 60_000))) {
      tally.fail(`the daemon did not serve HTTP: ${d.out().stderr.slice(0, 300)}`, repro);
      d.kill("SIGKILL");
      continue;
    }
    try {
      await oneHttpRun({ d, ws, pasted, words, r, tally, repro, refusedMs, otherMs, stopMs, count: () => boots++ });
    } catch (e) {
      tally.fail(`an MCP HTTP call failed: ${e?.cause?.code ?? ""} ${e?.message ?? e}`, repro);
      d.kill("SIGKILL");
      await d.finished(30_000);
    }
  }
  if (refusedMs.length) tally.note(`boot over MCP HTTP with a pasted 0.87 MB query: refused in median ${q(refusedMs, 0.5)} ms, max ${Math.max(...refusedMs)} ms`);
  if (otherMs.length) tally.note(`another client's MCP HTTP search during 400-word boots (${boots} boots answered): median ${q(otherMs, 0.5)} ms, max ${Math.max(...otherMs)} ms`);
  if (stopMs.length) tally.note(`SIGTERM during 400-word boots over HTTP: median ${q(stopMs, 0.5)} ms, max ${Math.max(...stopMs)} ms`);
}

async function oneHttpRun({ d, ws, pasted, words, r, tally, repro, refusedMs, otherMs, stopMs, count }) {
  let stop = false;
  const hammers = [];
  try {
    const a = McpHttp.forDaemon(ws, d.out().stdout);
    await a.initialize();
    const refused = await a.tool("boot", { query: pasted });
    refusedMs.push(refused.ms);
    const hammer = async () => {
      const c = McpHttp.forDaemon(ws, d.out().stdout);
      await c.initialize().catch(() => undefined);
      while (!stop) {
        const b = await c.tool("boot", { query: words() }).catch(() => null);
        if (b?.ok) count();
      }
    };
    hammers.push(hammer(), hammer());
    await sleep(300);
    const other = new McpHttp(a.url, a.token);
    await other.initialize();
    const small = await other.tool("memory_search", { query: "marker" });
    otherMs.push(small.ms);
    await sleep(100 + Math.floor(r() * 200));
    const t0 = Date.now();
    d.kill("SIGTERM");
    const done = await d.finished(30_000);
    const took = Date.now() - t0;
    stopMs.push(took);
    if (refused.ok || !/over the 8192-byte limit for a boot/.test(refused.text)) tally.fail(`a pasted 0.87 MB boot query was not refused with the limit named: ${refused.text.slice(0, 200)}`, repro);
    else if (refused.ms > OTHER_MS) tally.fail(`refusing the pasted boot query took ${refused.ms} ms`, repro);
    else if (!small.ok) tally.fail(`the other client's search failed: ${small.text.slice(0, 200)}`, repro);
    else if (small.ms > OTHER_MS) tally.fail(`the other client waited ${small.ms} ms (> ${OTHER_MS}) behind 400-word boots`, repro);
    else if (crashOf(done) && done.signal !== "SIGTERM") tally.fail(`the daemon ${crashOf(done)}`, repro);
    else if (took > STOP_MS) tally.fail(`SIGTERM during 400-word boots took ${took} ms (> ${STOP_MS})`, repro);
    else tally.pass();
  } finally {
    stop = true;
    await Promise.all(hammers);
  }
}

/** One JSON-RPC call over the daemon's socket; resolves with the time to its answer. */
function rpc(sock, method, params) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const c = net.connect(sock);
    let buf = "";
    const done = (error) => {
      c.destroy();
      resolve({ ms: Date.now() - t0, ...(error ? { error } : {}) });
    };
    c.on("connect", () => c.write(JSON.stringify({ id: 1, method, params }) + "\n"));
    c.on("data", (d) => {
      buf += d;
      if (!buf.includes("\n")) return;
      const msg = JSON.parse(buf.slice(0, buf.indexOf("\n")));
      done(msg.error ? JSON.stringify(msg.error) : undefined);
    });
    c.on("error", (e) => done(e.message));
    setTimeout(() => done("no answer within 30 s"), 30_000).unref();
  });
}
