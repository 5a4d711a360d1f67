/**
 * The entry of `agent hook` (dist/cli/main.js loads it for that command): a hook runs on every
 * turn of an assistant, so it loads the hook's own modules and nothing of the rest of the CLI
 * (no command-line library, no command table). Arguments it does not expect go to the full CLI.
 */
import { quietOnClosedPipe } from "./closed-pipe.js";
import { fastArgs, positiveInt, type FastOption } from "./fast-args.js";
import { runHookCommand, type HookOpts } from "./hook-run.js";

const OPTIONS: Record<string, FastOption> = {
  workspace: { type: "string", short: "w" },
  "budget-ms": { type: "string" },
  "context-budget-ms": { type: "string" },
  "no-daemon": { type: "boolean" },
};

/** The hook's options, or undefined when the full CLI should read the arguments. */
function hookArgs(argv: string[]): { harness: string; event: string; opts: HookOpts } | undefined {
  const args = fastArgs(argv, OPTIONS, 2);
  if (args === undefined) return undefined;
  const budgetMs = positiveInt(args.values["budget-ms"]);
  const contextBudgetMs = positiveInt(args.values["context-budget-ms"]);
  if (budgetMs === null || contextBudgetMs === null) return undefined;
  const workspace = args.values.workspace;
  const opts: HookOpts = {
    ...(typeof workspace === "string" ? { workspace } : {}),
    ...(budgetMs !== undefined ? { budgetMs } : {}),
    ...(contextBudgetMs !== undefined ? { contextBudgetMs } : {}),
    ...(args.values["no-daemon"] === true ? { daemon: false } : {}),
  };
  return { harness: args.positionals[0]!, event: args.positionals[1]!, opts };
}

const parsed = hookArgs(process.argv);
if (parsed === undefined) await import("./main.js");
else {
  quietOnClosedPipe();
  // Not awaited at the top level (see mcp-main.ts): a hook never ends with Node's 13. It never
  // rejects either: every problem is one line on stderr and exit code 0.
  void runHookCommand(parsed.harness, parsed.event, parsed.opts);
}
