import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  Option
} from "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import {
  resolveWorkspace
} from "./chunk-U66UVQVN.js";

// dist/cli/common.js
function withWorkspaceOption(cmd) {
  return cmd.option("-w, --workspace <dir>", "workspace folder (default: $AGENT_WORKSPACE, else found from the current folder)");
}
function withJsonOption(cmd) {
  return cmd.option("--json", "machine-readable JSON on stdout (errors too)");
}
function withProviderOptions(cmd) {
  return cmd.addOption(new Option("--provider <provider>", "LLM for this run (overrides agent.config.json)").choices(["ollama", "llama-cpp"])).option("--model <name|path>", "Ollama model name or GGUF file path for this run");
}
function standard(cmd) {
  return withJsonOption(withWorkspaceOption(cmd));
}
function workspaceFrom(opts) {
  const o = {};
  if (opts.workspace !== void 0)
    o.flag = opts.workspace;
  if (process.env.AGENT_WORKSPACE !== void 0)
    o.env = process.env.AGENT_WORKSPACE;
  return resolveWorkspace(o);
}
async function withEngine(opts, fn, extra = {}) {
  const llm = { ...opts.provider ? { provider: opts.provider } : {}, ...opts.model ? { model: opts.model } : {} };
  const { Engine } = await import("./engine-FXCWWIQ3.js");
  const engine = await Engine.load({ workspace: workspaceFrom(opts), ...Object.keys(llm).length > 0 ? { llm } : {}, ...extra });
  engine.onNotice = (n) => warn(n.message);
  try {
    return await fn(engine);
  } finally {
    await engine.close();
  }
}
async function withCancel(fn) {
  const controller = new AbortController();
  const onSignal = (sig) => {
    if (controller.signal.aborted)
      process.exit(sig === "SIGINT" ? 130 : 143);
    controller.abort(new Error(`stopped by ${sig}`));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await fn(controller.signal);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
function printJson(value) {
  process.stdout.write(JSON.stringify(value, null, 2) + "\n");
}
function warn(message) {
  process.stderr.write(`agent: ${message}
`);
}
function parsePositiveInt(name) {
  return (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0)
      throw new UsageError(`${name} must be a positive whole number, got "${v}"`);
    return n;
  };
}
function parseDateOption(name) {
  return (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (!m || !d || d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
      throw new UsageError(`${name} must be a real date like 2026-03-01, got "${v}"`);
    }
    return v;
  };
}
function queryFrom(words, example) {
  const q = words.join(" ").trim();
  if (q === "")
    throw new UsageError(`give something to look for, e.g. ${example}`);
  return q;
}
function stamp(ms) {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export {
  withWorkspaceOption,
  withJsonOption,
  withProviderOptions,
  standard,
  workspaceFrom,
  withEngine,
  withCancel,
  printJson,
  warn,
  parsePositiveInt,
  parseDateOption,
  queryFrom,
  stamp
};
//# sourceMappingURL=chunk-EENKQGIA.js.map
