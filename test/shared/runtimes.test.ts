/**
 * The optional runtimes: where they go, how npm is asked to install them, how the engine loads
 * them from there, and what a person sees when one is missing. npm itself is stood in for by a
 * small script (the real install, from the registry, is what `.ci/run` does before the tests,
 * and the GGUF and ONNX tests then run through it).
 */
import { chmodSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TransformersEmbedder } from "../../src/embed/transformers.js";
import { Engine } from "../../src/index.js";
import { LlamaCppProvider } from "../../src/llm/llama-cpp.js";
import { findRuntime, installArgs, installRuntime, loadRuntime, RUNTIMES, runtimesDir } from "../../src/shared/runtimes.js";
import { writeTinyGgufEmbedder } from "../fixtures/tiny-gguf.js";
import { writeTinyOnnxModel } from "../fixtures/tiny-onnx-model.js";
import { runAgent } from "../helpers/cli.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

/** A copy in node_modules wins over the runtimes folder, so these tests need none there. */
const inNodeModules = (["gguf", "onnx"] as const).some((n) => findRuntime(n, "/nonexistent")?.source === "node_modules");
const NODE_MODULES_COPY = inNodeModules ? "only without a runtime in node_modules (it would be loaded instead)" : undefined;

let tmp = "";
let fakeNpm = "";
const savedDir = process.env.AGENT_RUNTIMES_DIR;
beforeAll(() => {
  tmp = tempDir("agent-runtimes-");
  // Records its arguments and writes each named package as a tiny ES module, as npm would
  // leave it in <prefix>/node_modules.
  fakeNpm = write(
    tmp,
    "bin/npm",
    `#!${process.execPath}
const fs = require("node:fs"), path = require("node:path");
const args = process.argv.slice(2);
const prefix = args[args.indexOf("--prefix") + 1];
fs.writeFileSync(path.join(prefix, "npm-args.json"), JSON.stringify(args));
fs.writeFileSync(path.join(prefix, "npm-env.json"), JSON.stringify({ cuda: process.env.ONNXRUNTIME_NODE_INSTALL_CUDA ?? null }));
for (const spec of args.filter((a, i) => !a.startsWith("-") && i > 0 && args[i - 1] !== "--prefix")) {
  const at = spec.lastIndexOf("@");
  const name = spec.slice(0, at), version = spec.slice(at + 1);
  const dir = path.join(prefix, "node_modules", ...name.split("/"));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version, type: "module", exports: "./index.js" }));
  fs.writeFileSync(path.join(dir, "index.js"), "export const installedBy = 'fake npm'; export const pkg = " + JSON.stringify(name) + ";\\n");
}
`,
  );
  chmodSync(fakeNpm, 0o755);
});
afterAll(() => cleanup(tmp));
afterEach(() => {
  if (savedDir === undefined) delete process.env.AGENT_RUNTIMES_DIR;
  else process.env.AGENT_RUNTIMES_DIR = savedDir;
});

describe("where runtimes go", () => {
  it("AGENT_RUNTIMES_DIR, else $XDG_DATA_HOME/agent/runtimes, else ~/.local/share/agent/runtimes", () => {
    expect(runtimesDir({ AGENT_RUNTIMES_DIR: "/opt/rt", XDG_DATA_HOME: "/x" })).toBe("/opt/rt");
    expect(runtimesDir({ XDG_DATA_HOME: "/x" })).toBe("/x/agent/runtimes");
    expect(runtimesDir({ HOME: process.env.HOME })).toMatch(/\/\.local\/share\/agent\/runtimes$/);
  });

  it("asks npm for the pinned versions, and for node-llama-cpp only this machine's CPU build", () => {
    expect(installArgs(RUNTIMES.onnx)).toEqual(["@huggingface/transformers@3.8.1"]);
    expect(installArgs(RUNTIMES.gguf, "linux", "x64")).toEqual(["node-llama-cpp@3.22.1", "@node-llama-cpp/linux-x64@3.22.1", "--omit=optional"]);
    expect(installArgs(RUNTIMES.gguf, "darwin", "arm64")).toContain("@node-llama-cpp/mac-arm64-metal@3.22.1");
    expect(installArgs(RUNTIMES.gguf, "linux", "arm")).toContain("@node-llama-cpp/linux-armv7l@3.22.1");
    expect(installArgs(RUNTIMES.gguf, "win32", "x64")).toContain("@node-llama-cpp/win-x64@3.22.1");
  });
});

describe.skipIf(inNodeModules)(titled("installing and loading a runtime", NODE_MODULES_COPY), () => {
  it("npm installs into <runtimes>/<name> with --prefix; the engine then imports it from there", async () => {
    const root = path.join(tmp, "rt-api");
    // What an earlier version wrote there (npm warned about it on every run): removed.
    write(root, "onnx/.npmrc", "onnxruntime-node-install-cuda=skip\n");
    const at = await installRuntime("onnx", { root, npm: fakeNpm });
    expect(at).toEqual({ source: "runtimes folder", dir: path.join(root, "onnx", "node_modules", "@huggingface", "transformers"), version: "3.8.1" });
    const args = JSON.parse(readFileSync(path.join(root, "onnx", "npm-args.json"), "utf8")) as string[];
    expect(args).toEqual(["install", "--prefix", path.join(root, "onnx"), "--save-exact", "--no-audit", "--no-fund", "@huggingface/transformers@3.8.1"]);
    // The CUDA download of onnxruntime's install script stays off (through the environment, which
    // npm passes on without an "Unknown project config" warning), and that script does not run.
    expect(JSON.parse(readFileSync(path.join(root, "onnx", "npm-env.json"), "utf8"))).toEqual({ cuda: "skip" });
    expect(existsSync(path.join(root, "onnx", ".npmrc"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(root, "onnx", "package.json"), "utf8")).allowScripts).toMatchObject({ "onnxruntime-node": false, "node-llama-cpp": true });
    process.env.AGENT_RUNTIMES_DIR = root;
    expect(await loadRuntime<{ installedBy: string; pkg: string }>("onnx", "embed.provider")).toMatchObject({ installedBy: "fake npm", pkg: "@huggingface/transformers" });
    expect(findRuntime("gguf")).toBeUndefined();
  });

  it("a failing npm is reported with its output, and nothing is taken as installed", async () => {
    const root = path.join(tmp, "rt-fail");
    const failing = write(tmp, "bin/npm-fails", `#!${process.execPath}\nconsole.error("npm error 404 Not Found - GET https://registry.npmjs.org/node-llama-cpp");\nprocess.exit(1);\n`);
    chmodSync(failing, 0o755);
    await expect(installRuntime("gguf", { root, npm: failing })).rejects.toThrow(/failed \(exit 1\):\nnpm error 404 Not Found/);
    expect(findRuntime("gguf", root)).toBeUndefined();
    expect(existsSync(path.join(root, "gguf", "runtime.mjs"))).toBe(false);
  });

  it("agent runtime add and list, with npm from PATH", async () => {
    const root = path.join(tmp, "rt-cli");
    const env = { AGENT_RUNTIMES_DIR: root, PATH: `${path.dirname(fakeNpm)}${path.delimiter}${process.env.PATH}` };
    const before = await runAgent(["runtime", "list"], env);
    expect(before.stdout).toBe(
      `runtimes folder: ${root} (set AGENT_RUNTIMES_DIR to move it)\n` +
        `gguf  not installed   ${RUNTIMES.gguf.purpose}\n      install: agent runtime add gguf\n` +
        `onnx  not installed   ${RUNTIMES.onnx.purpose}\n      install: agent runtime add onnx\n`,
    );
    const add = await runAgent(["runtime", "add", "gguf"], env);
    expect(add.code).toBe(0);
    expect(add.stdout).toBe(`gguf: installed 3.22.1 in ${path.join(root, "gguf", "node_modules", "node-llama-cpp")}\n`);
    expect(JSON.parse(readFileSync(path.join(root, "gguf", "npm-args.json"), "utf8"))).toContain("--omit=optional");
    const after = await runAgent(["runtime", "list", "--json"], env);
    const list = JSON.parse(after.stdout) as { runtimes: { name: string; installed?: { source: string; version: string } }[] };
    expect(list.runtimes.map((r) => [r.name, r.installed?.source ?? null, r.installed?.version ?? null])).toEqual([
      ["gguf", "runtimes folder", "3.22.1"],
      ["onnx", null, null],
    ]);
    const bad = await runAgent(["runtime", "add", "cuda"], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("unknown runtime cuda: choose gguf or onnx");
  });
});

describe.skipIf(inNodeModules)(titled("a model configured without its runtime", NODE_MODULES_COPY), () => {
  it("a GGUF LLM and an ONNX embedder each say which runtime to add and which setting needs it", async () => {
    process.env.AGENT_RUNTIMES_DIR = path.join(tmp, "rt-empty");
    const gguf = await writeTinyGgufEmbedder(path.join(tmp, "model.gguf"));
    const llm = new LlamaCppProvider({ modelPath: gguf });
    expect(await llm.check()).toEqual({ ok: false, detail: "the GGUF runtime is not installed: run `agent runtime add gguf` (llm.model needs it)" });
    const models = path.join(tmp, "models");
    writeTinyOnnxModel(models, { modelId: "test-org/tiny-bert", dim: 8 });
    await expect(TransformersEmbedder.open({ model: "test-org/tiny-bert", cacheDir: models })).rejects.toThrow(
      "the ONNX runtime is not installed: run `agent runtime add onnx` (embed.provider needs it)",
    );
  });

  it("agent doctor lists the runtimes and turns the error into the command to run", async () => {
    const ws = tempDir("agent-runtimes-ws-");
    try {
      const gguf = await writeTinyGgufEmbedder(path.join(ws, "embedder.gguf"));
      write(ws, "agent.config.json", JSON.stringify({ embed: { modelPath: gguf } }));
      process.env.AGENT_RUNTIMES_DIR = path.join(tmp, "rt-empty");
      const r = await Engine.doctor(ws);
      const byName = Object.fromEntries(r.checks.map((c) => [c.name, c]));
      expect(byName.runtimes).toEqual({
        name: "runtimes",
        status: "ok",
        detail: "gguf: not installed (`agent runtime add gguf` for GGUF models); onnx: not installed (`agent runtime add onnx` for ONNX models)",
      });
      expect(byName.embedder).toMatchObject({ status: "fail", fix: "run `agent runtime add gguf`" });
      expect(byName.embedder!.detail).toContain("the GGUF runtime is not installed: run `agent runtime add gguf` (embed.modelPath needs it)");
    } finally {
      cleanup(ws);
    }
  });
});
