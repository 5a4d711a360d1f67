import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  viaDaemon,
  withDaemonOption
} from "./chunk-UVXRVTYK.js";
import "./chunk-C7XSXXD5.js";
import {
  parsePositiveInt,
  printJson,
  standard,
  warn,
  withCancel,
  withEngine,
  withProviderOptions
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/ask.js
function register(program) {
  withDaemonOption(standard(withProviderOptions(program.command("ask").description("ask the local model about your past: it searches your notes and conversations itself and answers with citations").argument("[question...]", 'e.g. "when did I last talk to the wholesaler about the fridge?"').option("--session <id>", "continue this conversation").option("--fork", "with --session: continue in a copy under a new id, leaving the original as it was").option("--project <name>", "search only within this project (project:: annotations, fuzzy)").option("--max-tool-calls <n>", "tool calls before the model must answer (default: ask.maxToolCalls, 8)", parsePositiveInt("--max-tool-calls")).option("--list", "list recent conversations instead of asking")))).action(async (words, opts) => {
    if (opts.list) {
      const list = await withEngine(opts, (engine) => engine.conversations());
      if (opts.json)
        return printJson({ conversations: list });
      if (list.length === 0)
        process.stdout.write("no conversations yet\n");
      for (const c of list) {
        const fork = c.forkedFrom ? `  (fork of ${c.forkedFrom})` : "";
        process.stdout.write(`${c.id}  ${new Date(c.updatedAt).toISOString().slice(0, 16).replace("T", " ")}  ${c.messages} messages${fork}  ${c.title}
`);
      }
      return;
    }
    const question = words.join(" ").trim();
    if (question === "")
      throw new UsageError('give a question, e.g. agent ask "what did we decide about the VPS?"');
    if (opts.fork && !opts.session)
      throw new UsageError("--fork needs --session ID: the conversation to fork");
    const options = {
      ...opts.session ? { session: opts.session } : {},
      ...opts.fork ? { fork: true } : {},
      ...opts.project ? { project: opts.project } : {},
      ...opts.maxToolCalls ? { maxToolCalls: opts.maxToolCalls } : {}
    };
    const inProcess = () => withEngine(opts, (engine) => withCancel((signal) => engine.ask(question, { signal, ...options })));
    const routed = opts.provider || opts.model ? void 0 : await withCancel((signal) => viaDaemon(opts, "ask", { question, options }, { signal, timeoutMs: 0 }));
    const result = routed ?? await inProcess();
    if (opts.json)
      return printJson(result);
    for (const w of result.warnings)
      warn(w);
    let out = `${result.answer.trimEnd()}
`;
    if (result.citations.length > 0)
      out += `
Sources:
${result.citations.map((c) => `  ${c.path}:${c.startLine}-${c.endLine}`).join("\n")}
`;
    process.stdout.write(out);
    const how = result.forkedFrom ? `forked from ${result.forkedFrom}; ` : "";
    warn(`conversation ${result.conversationId} (${how}${result.status}, ${result.toolCalls.length} tool call(s)): continue with --session ${result.conversationId}, branch with --session ${result.conversationId} --fork`);
  });
}
export {
  register
};
//# sourceMappingURL=ask-KOQMLMQQ.js.map
