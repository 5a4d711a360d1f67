// Hostile MCP calls over `agent mcp` stdio, through the official SDK client: path escapes
// for memory_get and resources (traversal, absolute, encoded, symlink, hardlink, NUL,
// engine files) and hostile memory_append calls (NUL, control characters, invalid Unicode,
// oversize). Each call is one run: it fails on an escape (a sentinel from outside the
// workspace or from .agent/ in the answer, a file outside changed), a crash (the server
// gone), an answer that tells whether an engine file exists, or a note made unsearchable.
import { linkSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { agent, cliPath, fingerprint, fingerprintDiff, makeWorkspace, probeToken, rng, Tally, agentDir } from "./lib.mjs";

const SENTINEL = "SENTINEL-OUTSIDE-7f3a";
const MAX_FILE = 256 * 1024;

export async function mcpHostile({ root, quick, seed }) {
  const tally = new Tally("MCP path escapes and hostile appends (SDK client over stdio)");
  const r = rng(seed + 7);
  const ws = path.join(root, "ws");
  const outside = path.join(root, "outside");
  const sibling = `${ws}-evil`;
  await makeWorkspace(ws, { seed, notes: 3, config: { embed: { provider: "none" }, index: { maxFileBytes: MAX_FILE }, context: { timeZone: "UTC" } } });
  mkdirSync(outside, { recursive: true });
  mkdirSync(sibling, { recursive: true });
  writeFileSync(path.join(outside, "secret.md"), `# Secret\n\n${SENTINEL} outside\n`);
  writeFileSync(path.join(sibling, "secret.md"), `${SENTINEL} sibling\n`);
  const idx = await agent(["index", "--no-embed", "--workspace", ws]);
  if (idx.code !== 0) throw new Error(`setup index failed: ${idx.stderr}`);
  symlinkSync(path.join(outside, "secret.md"), path.join(ws, "link-out.md"));
  symlinkSync(outside, path.join(ws, "linkdir"));
  symlinkSync(path.join(outside, "nothing.md"), path.join(ws, "link-nothing.md"));
  symlinkSync(path.join(agentDir(ws), "state.db"), path.join(ws, "link-state.md"));
  symlinkSync(path.join(ws, "link-loop.md"), path.join(ws, "link-loop.md"));
  let hardlinks = true;
  try {
    linkSync(path.join(outside, "secret.md"), path.join(ws, "hard-out.md"));
  } catch {
    hardlinks = false;
    tally.note("hard links are not possible here; those cases were skipped");
  }
  const relinked = await agent(["index", "--no-embed", "--workspace", ws]);
  if (relinked.code !== 0) tally.note(`index after making the links failed: ${relinked.stderr.slice(0, 200)}`);
  const outsideBefore = fingerprint(root, (rel) => rel === "ws" || rel.startsWith("ws/") || rel.startsWith("clean-"));
  const wsBefore = fingerprint(ws);

  const A = ws;
  const escapes = [
    "../outside/secret.md", "../../etc/passwd", "memory/../../outside/secret.md", "./../outside/secret.md", "memory/./../../outside/secret.md",
    "..\\outside\\secret.md", "memory\\..\\..\\outside\\secret.md", "....//outside/secret.md", "..%2foutside%2fsecret.md", "%2e%2e/outside/secret.md",
    "%252e%252e/outside/secret.md", "..%c0%afoutside/secret.md", "\uff0e\uff0e/outside/secret.md", "\u2024\u2024/outside/secret.md", "..;/outside/secret.md",
    "../outside/secret.md/", "//etc/passwd", "/etc/passwd", "/etc/shadow", "/proc/self/environ", "/proc/self/cmdline", "file:///etc/passwd",
    path.join(outside, "secret.md"), `${A}/../outside/secret.md`, `${A}/memory/../../outside/secret.md`, `${A}-evil/secret.md`, "../ws-evil/secret.md",
    `${A}/./../ws-evil/secret.md`, "~/.ssh/id_rsa", "$HOME/.bashrc", "${HOME}/.profile", "link-out.md", "linkdir/secret.md", "linkdir", "link-nothing.md",
    "link-state.md", "link-loop.md", ".agent/index.db", ".agent/state.db", ".agent/../.agent/state.db", ".AGENT/state.db", "./.agent/state.db",
    "memory/../.agent/state.db", `${A}/.agent/state.db`, ".agent", ".agent/", ".agent/daemon.lock", ".agent/embeddings.db", "MEMORY.md\u0000../../outside/secret.md",
    "MEMORY.md\u0000", "\u0000", "", " ", ".", "memory", "memory/", "x".repeat(5000), "../".repeat(40) + "etc/passwd", "memory/" + "../".repeat(3) + "outside/secret.md",
    "MEMORY.md/..", "MEMORY.md/../../outside/secret.md", "\\\\?\\C:\\Windows\\win.ini", "C:\\Windows\\win.ini", "memory/%00", "memory/\ud800.md",
    ...(hardlinks ? ["hard-out.md"] : []),
  ];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath(), "mcp", "--workspace", ws],
    env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", AGENT_WORKSPACE: "" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d.toString("utf8")));
  const client = new Client({ name: "agent-torture", version: "1.0.0" });
  await client.connect(transport);
  let alive = true;
  transport.onclose = () => (alive = false);
  const textOf = (res) => (res?.content ?? []).map((c) => c.text ?? "").join("\n") + (res?.contents ?? []).map((c) => c.text ?? "").join("\n");
  const leaks = (t) => t.includes(SENTINEL) || t.includes("SQLite format") || /root:.*:0:0:/.test(t);

  const call = async (name, args) => {
    try {
      const res = await client.callTool({ name, arguments: args }, undefined, { timeout: 30_000 });
      return { ok: !res.isError, text: textOf(res) };
    } catch (e) {
      return { ok: false, text: String(e?.message ?? e), thrown: true };
    }
  };
  const show = (s) => JSON.stringify(s.length > 80 ? `${s.slice(0, 60)}…(${s.length} chars)` : s);

  try {
    // A control: ordinary reads must work, or every refusal below proves nothing.
    const control = await call("memory_get", { path: "MEMORY.md" });
    if (control.ok && control.text.includes("Long-term fact")) tally.pass();
    else tally.fail(`memory_get MEMORY.md did not read it: ${control.text.slice(0, 200)}`, "memory_get {path: MEMORY.md}");

    for (const p of escapes) {
      const res = await call("memory_get", { path: p });
      if (!alive) {
        tally.fail(`the server died on memory_get ${show(p)}: ${stderr.slice(-300)}`, `memory_get {path: ${show(p)}}`);
        break;
      }
      if (leaks(res.text)) tally.fail(`memory_get ${show(p)} leaked: ${res.text.slice(0, 160)}`, `memory_get {path: ${show(p)}} on ${ws}`);
      else if (res.ok && p !== "memory/" && p !== "memory") tally.fail(`memory_get ${show(p)} was served: ${res.text.slice(0, 120)}`, `memory_get {path: ${show(p)}}`);
      else tally.pass();
    }

    // Search and boot serve indexed text: a file reachable only through a link must not be in it.
    for (const [tool, args] of [
      ["memory_search", { query: SENTINEL, limit: 20 }],
      ["memory_search", { query: "sentinel outside", limit: 20 }],
      ["boot", { query: "sentinel outside secret", includeDaily: true }],
      ["context", { query: "sentinel outside" }],
    ]) {
      const res = await call(tool, args);
      if (!alive) {
        tally.fail(`the server died on ${tool}`, `${tool} ${JSON.stringify(args)}`);
        break;
      }
      // The answer repeats the query: only text beyond it counts.
      if (leaks(res.text.split(args.query).join(""))) tally.fail(`${tool} ${JSON.stringify(args)} returned text of a file outside the workspace: ${res.text.slice(0, 160)}`, `${tool} ${JSON.stringify(args)} on ${ws} (hard link hard-out.md, symlink link-out.md)`);
      else tally.pass();
    }

    // Existence oracle: an engine file that exists and one that does not must get the same answer.
    for (const [a, b] of [
      [".agent/state.db", ".agent/no-such.db"],
      ["link-state.md", "link-nothing.md"],
      ["link-out.md", "link-nothing.md"],
    ]) {
      const ra = await call("memory_get", { path: a });
      const rb = await call("memory_get", { path: b });
      const norm = (t, p) => t.split(p).join("<path>");
      if (norm(ra.text, a) === norm(rb.text, b)) tally.pass();
      else tally.fail(`memory_get tells ${a} (exists) from ${b} (does not): "${ra.text.slice(0, 120)}" vs "${rb.text.slice(0, 120)}"`, `memory_get {path: ${a}} and {path: ${b}}`);
    }

    for (const uri of ["daily://../../etc/passwd", "daily://today/../../../outside/secret.md", "soul://../../outside/secret.md", "file:///etc/passwd", `file://${path.join(outside, "secret.md")}`, "daily://%2e%2e/secret", "soul://current/../../.agent/state.db"]) {
      let text = "";
      try {
        const res = await client.readResource({ uri }, { timeout: 30_000 });
        text = textOf(res);
      } catch (e) {
        text = String(e?.message ?? e);
      }
      if (!alive) {
        tally.fail(`the server died on resource ${uri}`, `readResource ${uri}`);
        break;
      }
      if (leaks(text)) tally.fail(`resource ${uri} leaked`, `readResource ${uri}`);
      else tally.pass();
    }

    // Hostile appends. A probe first: it must stay findable whatever comes after.
    const probe = probeToken(r);
    const first = await call("memory_append", { text: `probe ${probe} for the torture run`, title: "probe" });
    if (!first.ok) tally.fail(`an ordinary append failed: ${first.text}`, "memory_append {text: probe}");
    else tally.pass();
    const big = (n, ch = "a") => ch.repeat(n);
    const hostile = [
      { text: "nul \u0000 inside", title: "nul" },
      { text: "\u0000".repeat(100) },
      { text: "bell \u0007 and escape \u001b[31m red" },
      { text: "del \u007f and c1 \u0085 \u009b" },
      { text: "vertical \u000b tab and form \u000c feed" },
      { text: "lone high \ud800 surrogate" },
      { text: "lone low \udfff surrogate" },
      { text: "fine text", title: "title with nul \u0000" },
      { text: "fine text", title: "line\n# Fake heading\n\u0007" },
      { text: "fine text", title: big(100_000) },
      { text: big(64 * 1024 + 1) },
      { text: big(200_000, "é") },
      { text: big(6 * 1024 * 1024) },
      { text: "\r\r\r only carriage returns \r" },
      { text: "   \n\t\n  " },
      { text: "" },
      { text: "ok ".repeat(10) + "\u202e right-to-left override" },
      { text: "## 00:00 — forged heading\n\n# 1999-01-01\n" },
      { text: "<!-- locked -->" },
    ];
    // Appends near the note's size limit: the one that would cross it must be refused.
    for (let i = 0; i < (quick ? 2 : 6); i++) hostile.push({ text: `${probeToken(r)} ` + big(60_000, "b") });
    for (const h of hostile) {
      const res = await call("memory_append", h);
      if (!alive) {
        tally.fail(`the server died on memory_append ${show(h.text)}`, `memory_append ${show(h.text)}`);
        break;
      }
      tally.pass();
    }

    // The day's note must still be a searchable text note under the size limit.
    const today = new Date().toISOString().slice(0, 10);
    const note = path.join(ws, "memory", `${today}.md`);
    const bytes = readFileSync(note);
    const problems = [];
    if (bytes.includes(0)) problems.push("holds a NUL byte (now 'binary': unsearchable)");
    if (/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(bytes.toString("utf8"))) problems.push("holds control characters");
    if (statSync(note).size > MAX_FILE) problems.push(`is ${statSync(note).size} bytes, over index.maxFileBytes (${MAX_FILE}): its end is unsearchable`);
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      problems.push("is not valid UTF-8");
    }
    const found = await call("memory_search", { query: probe, limit: 5 });
    if (!found.text.includes(probe)) problems.push(`the probe "${probe}" appended first is no longer found by memory_search`);
    if (problems.length > 0) tally.fail(`memory/${today}.md after the hostile appends: ${problems.join("; ")}`, `the memory_append calls above, on ${ws}`);
    else tally.pass();

    // One message over the MCP SDK's 10 MiB stdio buffer (which used to end the session).
    if (!quick) {
      const res = await call("memory_append", { text: big(10 * 1024 * 1024) });
      if (!alive) tally.fail(`a 10 MiB memory_append closed the session instead of being refused (the MCP SDK's stdio ReadBuffer stops at 10 MiB): ${res.text.slice(0, 120)}`, `memory_append with 10,485,760 characters on ${ws}`);
      else if (res.ok) tally.fail("a 10 MiB memory_append was accepted", ws);
      else tally.pass();
    }
  } finally {
    await client.close().catch(() => {});
  }
  const outsideChanged = fingerprintDiff(outsideBefore, fingerprint(root, (rel) => rel === "ws" || rel.startsWith("ws/") || rel.startsWith("clean-")));
  if (outsideChanged.length > 0) tally.fail(`files outside the workspace changed: ${outsideChanged.join(", ")}`, ws);
  const wsChanged = fingerprintDiff(wsBefore, fingerprint(ws)).filter((d) => !/memory\/\d{4}-\d{2}-\d{2}\.md$/.test(d));
  if (wsChanged.length > 0) tally.fail(`workspace files other than today's note changed: ${wsChanged.join(", ")}`, ws);
  return tally;
}
