// Public names linked to private files, through the built CLI:
//   - SOUL.md as a relative or absolute link to USER.md, against `context --session group`,
//     `soul log`, `soul diff`, MCP-equivalent reads and `reflect` (a stand-in model on
//     127.0.0.1): USER.md's text never appears in a group's output nor in SOUL.md's versions,
//     USER.md is never changed, no raw ENOENT or stack trace;
//   - `.agent` linked to a folder inside the workspace: `read` of the engine's files under the
//     other name, `context --session group` and `search --session group` never print the token.
import { rmSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { agent, cliPath, crashOf, proposedSoul, reflectionReply, shellLine, soulVersions, startFakeOllama, Tally, writeSessions } from "./lib.mjs";

/** A group session over MCP stdio: each read as [name, text] (an error's text too). */
async function groupReads(ws, reads) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath(), "mcp", "--session", "group", "--no-daemon", "--workspace", ws], env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", AGENT_WORKSPACE: "" }, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d.toString("utf8")));
  const client = new Client({ name: "agent-torture", version: "1.0.0" });
  try {
    await client.connect(transport);
  } catch (e) {
    // The server refused to start on this workspace (it says why on stderr): nothing served.
    return [["start", `${String(e?.message ?? e)} ${stderr}`]];
  }
  const textOf = (res) => (res?.content ?? []).map((c) => c.text ?? "").join("\n") + (res?.contents ?? []).map((c) => c.text ?? "").join("\n");
  const out = [];
  try {
    for (const [kind, name, args] of reads) {
      try {
        const res = kind === "tool" ? await client.callTool({ name, arguments: args }, undefined, { timeout: 30_000 }) : await client.readResource({ uri: name }, { timeout: 30_000 });
        out.push([`${name} ${JSON.stringify(args ?? {})}`, textOf(res)]);
      } catch (e) {
        out.push([`${name} ${JSON.stringify(args ?? {})}`, String(e?.message ?? e)]);
      }
    }
  } finally {
    await client.close();
  }
  return out;
}

const USER_PHRASE = "zqprivateuserphrase";
const TOKEN = "zqbearertokenvalue";

async function fresh(root, name, llmHost) {
  const ws = path.join(root, name);
  const init = await agent(["init", ws]);
  if (init.code !== 0) throw new Error(`agent init failed: ${init.stderr}`);
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "good", host: llmHost } }) + "\n");
  writeFileSync(path.join(ws, "USER.md"), `# USER\n\n- ${USER_PHRASE}: the person's private health note.\n`);
  return ws;
}

export async function soulLink({ root, tiny, quick }) {
  const tally = new Tally("SOUL.md linked to USER.md, .agent linked inside: no private text or engine file served");
  const soul = proposedSoul();
  const ollama = await startFakeOllama((body) => ({ content: reflectionReply(body, soul) }));
  try {
    const rounds = tiny ? 1 : quick ? 2 : 5;
    for (let round = 0; round < rounds; round++) {
      for (const kind of ["relative", "absolute"]) {
        const ws = await fresh(root, `soul-${kind}-${round}`, ollama.host);
        const userBefore = readFileSync(path.join(ws, "USER.md"), "utf8");
        rmSync(path.join(ws, "SOUL.md"));
        symlinkSync(kind === "relative" ? "USER.md" : path.join(ws, "USER.md"), path.join(ws, "SOUL.md"));
        writeSessions(ws, 1, 6, Date.now(), `s${round}`);
        for (const args of [["context", "--session", "group"], ["soul", "log"], ["soul", "diff"], ["reflect", "--since", "30d"]]) {
          const r = await agent([...args, "--workspace", ws], { timeoutMs: 30_000 });
          const repro = `SOUL.md a ${kind} link to USER.md: ${shellLine([...args, "--workspace", ws])}`;
          const crash = crashOf(r);
          const group = args.includes("group");
          if (crash) tally.fail(`${repro}: ${crash}`, repro);
          else if (/ENOENT/.test(r.stderr)) tally.fail(`${repro}: raw ENOENT: ${r.stderr.trim().slice(0, 200)}`, repro);
          else if (group && r.stdout.includes(USER_PHRASE)) tally.fail(`${repro}: USER.md's text shown to a group session`, repro);
          else if (readFileSync(path.join(ws, "USER.md"), "utf8") !== userBefore) tally.fail(`${repro}: USER.md changed`, repro);
          else if (soulVersions(ws).some((v) => String(v.content ?? "").includes(USER_PHRASE))) tally.fail(`${repro}: USER.md's text copied into a SOUL version`, repro);
          else tally.pass();
        }
        for (const [what, text] of await groupReads(ws, [["tool", "soul_get", {}], ["resource", "soul://current"], ["tool", "memory_get", { path: "SOUL.md" }]])) {
          const repro = `SOUL.md a ${kind} link to USER.md: MCP group session ${what}`;
          if (text.includes(USER_PHRASE)) tally.fail(`${repro}: served USER.md's text`, repro);
          else tally.pass();
        }
      }
      const ws = await fresh(root, `agentlink-${round}`, ollama.host);
      rmSync(path.join(ws, ".agent"), { recursive: true, force: true });
      mkdirSync(path.join(ws, "engine-data"), { recursive: true });
      writeFileSync(path.join(ws, "engine-data", "mcp-http.token"), `${TOKEN}\n`);
      writeFileSync(path.join(ws, "engine-data", "notes.md"), `# Engine\n\n${TOKEN}\n`);
      symlinkSync("engine-data", path.join(ws, ".agent"));
      for (const [what, text] of await groupReads(ws, [["tool", "memory_get", { path: "engine-data/mcp-http.token" }], ["tool", "memory_get", { path: "engine-data/notes.md" }]])) {
        const repro = `.agent a link to engine-data/: MCP group session ${what}`;
        if (text.includes(TOKEN)) tally.fail(`${repro}: served the engine's token`, repro);
        else tally.pass();
      }
      for (const args of [["context", "--session", "group"], ["search", TOKEN, "--session", "group"], ["index"]]) {
        const r = await agent([...args, "--workspace", ws], { timeoutMs: 30_000 });
        const repro = `.agent a link to engine-data/: ${shellLine([...args, "--workspace", ws])}`;
        const crash = crashOf(r);
        if (crash) tally.fail(`${repro}: ${crash}`, repro);
        else if (r.stdout.includes(TOKEN)) tally.fail(`${repro}: served the engine's token`, repro);
        else tally.pass();
      }
    }
  } finally {
    await ollama.close();
  }
  return tally;
}
