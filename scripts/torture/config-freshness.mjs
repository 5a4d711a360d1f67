// Every front sees the config the CLI sees, or says it runs on an older one: after an edit of
// agent.config.json — ordinary, or of the same size with the modification time put back —
// MCP over HTTP and the web page refuse with "changed since the daemon started" instead of
// serving the old settings; a `touch` or a save of the same bytes changes nothing; the file
// put back byte for byte is served again.
import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crashOf, makeWorkspace, rng, spawnAgent, Tally, agentDir } from "./lib.mjs";
import { McpHttp, socketCall } from "./mcp-http.mjs";

const STALE = /changed since the daemon started/;

export async function configFreshness({ root, quick, tiny, scale, seed }) {
  const tally = new Tally("config freshness: MCP over HTTP and the web page never serve an older config");
  const runs = tiny ? 4 : quick ? 12 : Math.max(40, Math.round(40 * scale));
  const ws = path.join(root, "ws");
  await makeWorkspace(ws, { seed, notes: 10, config: { embed: { provider: "none" }, search: { limit: 3 } } });
  const file = path.join(ws, "agent.config.json");
  const original = readFileSync(file);
  const d = spawnAgent(["daemon", "--workspace", ws, "--no-watch", "--http", "--port", "0"]);
  if (!(await d.waitFor(/MCP over HTTP at /, 60_000))) {
    tally.fail(`the daemon did not serve HTTP: ${d.out().stderr.slice(0, 300)}`, "npm run torture -- --only config-freshness");
    d.kill("SIGKILL");
    return tally;
  }
  const r = rng(seed + 5);
  const kinds = { edit: 0, "same-size": 0, touch: 0, "same-bytes": 0 };
  try {
    const mcp = McpHttp.forDaemon(ws, d.out().stdout);
    await mcp.initialize();
    const base = new URL(mcp.url).origin;
    const link = await socketCall(path.join(agentDir(ws), "daemon.sock"), "uiLogin", {});
    const login = await fetch(base + new URL(link.result.url).pathname + new URL(link.result.url).search, { redirect: "manual" });
    const cookie = String(login.headers.get("set-cookie")).split(";")[0];
    for (let run = 0; run < runs; run++) {
      const kind = Object.keys(kinds)[Math.floor(r() * 4)];
      kinds[kind]++;
      const repro = `npm run torture -- --only config-freshness (run ${run}, ${kind})`;
      const before = statSync(file);
      const text = original.toString("utf8");
      if (kind === "edit") writeFileSync(file, text.replace('"limit": 3', '"limit": 10'));
      else if (kind === "same-size") writeFileSync(file, text.replace('"limit": 3', '"limit": 1'));
      else if (kind === "same-bytes") writeFileSync(file, original);
      if (kind === "same-size" || kind === "same-bytes") utimesSync(file, before.atime, before.mtime);
      if (kind === "touch") utimesSync(file, new Date(), new Date());
      const changed = kind === "edit" || kind === "same-size";
      const s = await mcp.tool("memory_search", { query: "marker" });
      const web = await fetch(`${base}/api/notes`, { headers: { cookie } });
      const webBody = await web.text();
      writeFileSync(file, original);
      const back = await mcp.tool("memory_search", { query: "marker" });
      if (changed && (s.ok || !STALE.test(s.text))) tally.fail(`MCP over HTTP answered on the older config after a ${kind} edit: ${s.text.slice(0, 120)}`, repro);
      else if (changed && (web.status !== 503 || !STALE.test(webBody))) tally.fail(`the web page answered ${web.status} on the older config after a ${kind} edit`, repro);
      else if (!changed && !s.ok) tally.fail(`MCP over HTTP refused after a ${kind} that changed nothing: ${s.text.slice(0, 120)}`, repro);
      else if (!changed && web.status !== 200) tally.fail(`the web page answered ${web.status} after a ${kind} that changed nothing`, repro);
      else if (!back.ok) tally.fail(`with the file put back byte for byte, MCP over HTTP still refused: ${back.text.slice(0, 120)}`, repro);
      else tally.pass();
    }
  } finally {
    d.kill("SIGTERM");
    const done = await d.finished(30_000);
    if (crashOf(done) && done.signal !== "SIGTERM") tally.fail(`the daemon ${crashOf(done)}`, "npm run torture -- --only config-freshness");
  }
  tally.note(`edits by kind: ${Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(", ")}`);
  return tally;
}
