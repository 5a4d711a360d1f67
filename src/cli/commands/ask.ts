import type { Command } from "commander";
import { askOptions } from "../../contract/options.js";
import type { AskRequest } from "../../contract/requests.js";
import { askProblem, checkRequired, checkSessionId, checkWhole, refuse } from "../../contract/rules.js";
import { printJson, standard, warn, withCancel, withEngine, withProviderOptions, type ProviderOpts, type WorkspaceOpts } from "../common.js";
import { viaDaemon, withDaemonOption, type DaemonRouting } from "../remote.js";

interface AskOpts extends WorkspaceOpts, ProviderOpts, DaemonRouting {
  session?: string;
  fork?: boolean;
  project?: string;
  maxToolCalls?: number;
  list?: boolean;
}

export function register(program: Command): void {
  withDaemonOption(standard(
    withProviderOptions(
      program
        .command("ask")
        .description("ask the local model about your past: it searches your notes and conversations itself and answers with citations")
        .argument("[question...]", 'e.g. "when did I last talk to the wholesaler about the fridge?"')
        .option("--session <id>", "continue this conversation", (v) => checkSessionId("session", v))
        .option("--fork", "with --session: continue in a copy under a new id, leaving the original as it was")
        .option("--project <name>", "search only within this project (project:: annotations, fuzzy)")
        .option("--max-tool-calls <n>", "tool calls before the model must answer (default: ask.maxToolCalls, 8)", (v) => checkWhole("maxToolCalls", v, 1))
        .option("--list", "list recent conversations instead of asking"),
    ),
  )).action(async (words: string[], opts: AskOpts) => {
    if (opts.list) {
      const list = await withEngine(opts, async (engine) => (await engine.assist()).conversations());
      if (opts.json) return printJson({ conversations: list });
      if (list.length === 0) process.stdout.write("no conversations yet\n");
      for (const c of list) {
        const fork = c.forkedFrom ? `  (fork of ${c.forkedFrom})` : "";
        process.stdout.write(`${c.id}  ${new Date(c.updatedAt).toISOString().slice(0, 16).replace("T", " ")}  ${c.messages} messages${fork}  ${c.title}\n`);
      }
      return;
    }
    // The flags as an ask request of the contract.
    const req: AskRequest = { question: checkRequired("question", words.join(" ")).trim(), session: opts.session, project: opts.project, maxToolCalls: opts.maxToolCalls, ...(opts.fork ? { fork: true } : {}) };
    refuse(askProblem(req));
    const { question } = req;
    const options = askOptions(req);
    const inProcess = () => withEngine(opts, (engine) => withCancel(async (signal) => (await engine.assist()).ask(question, { signal, ...options })));
    // The running daemon answers with its warm engine, unless this run names its own model;
    // Ctrl-C closes the connection, which cancels the question in the daemon.
    const routed = opts.provider || opts.model ? undefined : await withCancel((signal) => viaDaemon<Awaited<ReturnType<typeof inProcess>>>(opts, "ask", { question, ...options }, { signal, timeoutMs: 0 }));
    const result = routed ?? (await inProcess());
    if (opts.json) return printJson(result);
    for (const w of result.warnings) warn(w);
    let out = `${result.answer.trimEnd()}\n`;
    if (result.citations.length > 0) out += `\nSources:\n${result.citations.map((c) => `  ${c.path}:${c.startLine}-${c.endLine}`).join("\n")}\n`;
    process.stdout.write(out);
    const how = result.forkedFrom ? `forked from ${result.forkedFrom}; ` : "";
    warn(`conversation ${result.conversationId} (${how}${result.status}, ${result.toolCalls.length} tool call(s)): continue with --session ${result.conversationId}, branch with --session ${result.conversationId} --fork`);
  });
}
