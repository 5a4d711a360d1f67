/**
 * The optional model runtimes: node-llama-cpp for GGUF files, transformers.js (with
 * onnxruntime) for ONNX models. Together they weigh about a gigabyte and the defaults (Ollama,
 * USE-lite) use neither, so they are not dependencies of the package: `agent runtime add
 * gguf|onnx` installs one from the npm registry into a folder of its own, outside any
 * node_modules, where the next `npm ci` or a global reinstall leaves it alone. A copy in
 * node_modules (installed by hand) is used first.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export type RuntimeName = "gguf" | "onnx";

export interface RuntimeSpec {
  name: RuntimeName;
  /** How a person names what it runs ("the GGUF runtime"). */
  label: string;
  package: string;
  /** Pinned: the engine is tested against this version. */
  version: string;
  /** What it is for, one line. */
  purpose: string;
}

export const RUNTIMES: Record<RuntimeName, RuntimeSpec> = {
  gguf: { name: "gguf", label: "GGUF", package: "node-llama-cpp", version: "3.22.1", purpose: "GGUF models: llm.provider llama-cpp, a .gguf embedder or reranker" },
  onnx: { name: "onnx", label: "ONNX", package: "@huggingface/transformers", version: "3.8.1", purpose: "ONNX models: the transformers embedder, a cross-encoder reranker folder, `agent models pull`" },
};

export const RUNTIME_NAMES = Object.keys(RUNTIMES) as RuntimeName[];

export function isRuntimeName(name: string): name is RuntimeName {
  return Object.hasOwn(RUNTIMES, name);
}

/** Where `agent runtime add` puts runtimes: AGENT_RUNTIMES_DIR, else $XDG_DATA_HOME/agent/runtimes, else ~/.local/share/agent/runtimes. */
export function runtimesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AGENT_RUNTIMES_DIR && env.AGENT_RUNTIMES_DIR.trim() !== "") return path.resolve(env.AGENT_RUNTIMES_DIR);
  const data = env.XDG_DATA_HOME && env.XDG_DATA_HOME.trim() !== "" ? env.XDG_DATA_HOME : path.join(os.homedir(), ".local", "share");
  return path.join(data, "agent", "runtimes");
}

export interface RuntimeLocation {
  /** "node_modules" (installed beside the engine) or "runtimes folder". */
  source: "node_modules" | "runtimes folder";
  /** The package's own folder. */
  dir: string;
  version: string;
}

/** The entry module `agent runtime add` writes: importing it from its folder resolves the package there. */
const ENTRY = "runtime.mjs";

function packageDirIn(nodeModulesParent: string, pkg: string): string {
  return path.join(nodeModulesParent, "node_modules", ...pkg.split("/"));
}

function versionAt(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** The node_modules copy Node's own resolution would find from this module, if any. */
function inNodeModules(pkg: string): RuntimeLocation | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const at = packageDirIn(dir, pkg);
    const version = versionAt(at);
    if (version !== undefined) return { source: "node_modules", dir: at, version };
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

function inRuntimesFolder(spec: RuntimeSpec, root: string): RuntimeLocation | undefined {
  const home = path.join(root, spec.name);
  const at = packageDirIn(home, spec.package);
  const version = versionAt(at);
  if (version === undefined || !existsSync(path.join(home, ENTRY))) return undefined;
  return { source: "runtimes folder", dir: at, version };
}

/** Where the runtime is installed (node_modules first), or undefined. Only looks at files. */
export function findRuntime(name: RuntimeName, root = runtimesDir()): RuntimeLocation | undefined {
  const spec = RUNTIMES[name];
  return inNodeModules(spec.package) ?? inRuntimesFolder(spec, root);
}

export interface RuntimeStatus extends RuntimeSpec {
  /** Absent: not installed. */
  installed?: RuntimeLocation;
}

/** Every runtime and where it is installed, if it is (`agent runtime list`, `agent doctor`). */
export function listRuntimes(root = runtimesDir()): RuntimeStatus[] {
  return RUNTIME_NAMES.map((name) => {
    const installed = findRuntime(name, root);
    return { ...RUNTIMES[name], ...(installed !== undefined ? { installed } : {}) };
  });
}

/** What the user must do, as said by every error about a missing runtime. */
export function runtimeMissingMessage(name: RuntimeName, setting: string): string {
  return `the ${RUNTIMES[name].label} runtime is not installed: run \`agent runtime add ${name}\` (${setting} needs it)`;
}

/** Thrown when a configured model needs a runtime that is not installed. */
export class RuntimeMissingError extends Error {
  constructor(
    readonly runtime: RuntimeName,
    readonly setting: string,
  ) {
    super(runtimeMissingMessage(runtime, setting));
    this.name = "RuntimeMissingError";
  }
}

/**
 * Imports the runtime's package. `setting` names what asked for it (llm.model, embed.modelPath...)
 * for the error when it is missing. The module's shape is the caller's to declare.
 */
export async function loadRuntime<T>(name: RuntimeName, setting: string): Promise<T> {
  const spec = RUNTIMES[name];
  const local = inNodeModules(spec.package);
  if (local !== undefined) return (await import(spec.package)) as T;
  const root = runtimesDir();
  if (inRuntimesFolder(spec, root) === undefined) throw new RuntimeMissingError(name, setting);
  return (await import(pathToFileURL(path.join(root, name, ENTRY)).href)) as T;
}

export interface InstallOptions {
  root?: string;
  /** Each line npm prints (its progress and warnings). */
  onOutput?: (line: string) => void;
  /** The npm command; default `npm` on PATH. */
  npm?: string;
}

/**
 * The packages npm installs: node-llama-cpp with only this machine's CPU build (its GPU builds,
 * 600 MB of optional packages, are never used: the engine runs llama.cpp on the CPU).
 */
export function installArgs(spec: RuntimeSpec, platform = process.platform, arch = process.arch): string[] {
  const pkgs = [`${spec.package}@${spec.version}`];
  if (spec.name !== "gguf") return pkgs;
  const os = platform === "darwin" ? "mac" : platform === "win32" ? "win" : platform;
  const cpu = arch === "arm" ? "armv7l" : arch;
  const build = `${os}-${cpu}${platform === "darwin" && arch === "arm64" ? "-metal" : ""}`;
  return [...pkgs, `@node-llama-cpp/${build}@${spec.version}`, "--omit=optional"];
}

/**
 * Installs the runtime from the npm registry into `<root>/<name>` with `npm install --prefix`,
 * then writes the entry module the engine imports. No install script downloads anything from
 * elsewhere: node-llama-cpp's is told not to, onnxruntime's does not run (and
 * ONNXRUNTIME_NODE_INSTALL_CUDA=skip skips the CUDA download should it run).
 */
export async function installRuntime(name: RuntimeName, opts: InstallOptions = {}): Promise<RuntimeLocation> {
  const spec = RUNTIMES[name];
  const root = opts.root ?? runtimesDir();
  const home = path.join(root, name);
  mkdirSync(home, { recursive: true });
  // npm runs only the install scripts allowScripts names: node-llama-cpp's checks its binary
  // (told not to download), onnxruntime's would fetch CUDA builds from outside npm, sharp's and
  // protobufjs's are not needed with the prebuilt packages.
  const allowScripts = { "node-llama-cpp": true, "onnxruntime-node": false, protobufjs: false, sharp: false };
  writeFileSync(path.join(home, "package.json"), JSON.stringify({ name: `agent-runtime-${name}`, private: true, description: `${spec.label} runtime for agent (written by \`agent runtime add ${name}\`)`, allowScripts }, null, 2) + "\n");
  // An .npmrc line said the same before; npm warns "Unknown project config" about it on every
  // run, an environment variable it passes through without a word.
  dropOwnNpmrc(home);
  const args = ["install", "--prefix", home, "--save-exact", "--no-audit", "--no-fund", ...installArgs(spec)];
  const env = { ...process.env, NODE_LLAMA_CPP_SKIP_DOWNLOAD: "true", ONNXRUNTIME_NODE_INSTALL_CUDA: "skip" };
  await run(opts.npm ?? "npm", args, env, opts.onOutput);
  writeFileSync(path.join(home, ENTRY), `// Written by \`agent runtime add ${name}\`: the engine imports the runtime through this file.\nexport * from ${JSON.stringify(spec.package)};\n`);
  const at = inRuntimesFolder(spec, root);
  if (at === undefined) throw new Error(`npm finished but ${spec.package} is not in ${home}`);
  return at;
}

/** Removes the .npmrc an earlier `agent runtime add` wrote into the runtime's folder (only that one). */
function dropOwnNpmrc(home: string): void {
  const file = path.join(home, ".npmrc");
  try {
    if (readFileSync(file, "utf8") === "onnxruntime-node-install-cuda=skip\n") rmSync(file);
  } catch {
    // none there
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, onOutput?: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" });
    const tail: string[] = [];
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim() === "") continue;
        tail.push(line);
        if (tail.length > 20) tail.shift();
        onOutput?.(line);
      }
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", (err) => reject(new Error(`could not run ${cmd}: ${err.message} (is npm on PATH?)`)));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed (exit ${code}):\n${tail.join("\n")}`))));
  });
}
