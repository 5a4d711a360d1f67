import type { Command } from "commander";
import { askQuestion, listConversations, type AskResult } from "../../jobs/ask/index.js";
import { parsePositiveInt, printJson, warn, withEngine, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { providerFor, withProviderOptions, type ProviderOpts } from "../provider.js";

interface AskOpts extends WorkspaceOpts, ProviderOpts {
  session?: string;
  fork?: boolean;
  project?: string;
  maxToolCalls?: number;
  list?: boolean;
}

export function registerAsk(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      withProviderOptions(
        program
          .command("ask")
          .description("ask the local model about your past: it searches your notes and conversations itself and answers with citations")
          .argument("[question...]", 'e.g. "when did I last talk to the wholesaler about the fridge?"')
          .option("--session <id>", "continue this conversation")
          .option("--fork", "with --session: continue in a copy under a new id, leaving the original as it was")
          .option("--project <name>", "search only within this project (project:: annotations, fuzzy)")
          .option("--max-tool-calls <n>", "tool calls before the model must answer (default: ask.maxToolCalls, 8)", parsePositiveInt("--max-tool-calls"))
          .option("--list", "list recent conversations instead of asking"),
      ),
    ),
  ).action(async (words: string[], opts: AskOpts) => {
    if (opts.list) {
      const list = listConversations(workspaceFrom(opts));
      if (opts.json) return printJson({ conversations: list });
      if (list.length === 0) process.stdout.write("no conversations yet\n");
      for (const c of list) {
        const fork = c.forkedFrom ? `  (fork of ${c.forkedFrom})` : "";
        process.stdout.write(`${c.id}  ${new Date(c.updatedAt).toISOString().slice(0, 16).replace("T", " ")}  ${c.messages} messages${fork}  ${c.title}\n`);
      }
      return;
    }
    const question = words.join(" ").trim();
    if (question === "") throw new Error('give a question, e.g. agent ask "what did we decide about the VPS?"');
    if (opts.fork && !opts.session) throw new Error("--fork needs --session ID: the conversation to fork");
    const workspace = workspaceFrom(opts);
    const provider = providerFor(workspace, opts);
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    let result: AskResult;
    try {
      result = await withEngine(opts, (engine) =>
        askQuestion({
          engine,
          provider,
          question,
          signal: controller.signal,
          ...(opts.session ? { session: opts.session } : {}),
          ...(opts.fork ? { fork: true } : {}),
          ...(opts.project ? { project: opts.project } : {}),
          ...(opts.maxToolCalls ? { budget: { maxToolCalls: opts.maxToolCalls } } : {}),
        }),
      );
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await provider.close();
    }
    if (opts.json) return printJson(result);
    for (const w of result.warnings) warn(w);
    let out = `${result.answer.trimEnd()}\n`;
    if (result.citations.length > 0) out += `\nSources:\n${result.citations.map((c) => `  ${c.path}:${c.startLine}-${c.endLine}`).join("\n")}\n`;
    process.stdout.write(out);
    const how = result.forkedFrom ? `forked from ${result.forkedFrom}; ` : "";
    warn(`conversation ${result.conversationId} (${how}${result.status}, ${result.toolCalls.length} tool call(s)): continue with --session ${result.conversationId}, branch with --session ${result.conversationId} --fork`);
  });
}
