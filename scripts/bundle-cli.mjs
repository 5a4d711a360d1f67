#!/usr/bin/env node
// Part of `npm run build`: bundles the CLI (already compiled by tsc into dist/) into
// dist/bundle/, one chunk per lazily loaded command, so starting `agent` resolves a handful
// of files instead of a few hundred (zod alone is 224 modules). Native and model packages stay
// external: they load from node_modules, and only when a command needs them. The optional
// runtimes (node-llama-cpp, transformers.js) load by path from the runtimes folder
// (src/shared/runtimes.ts), never through the bundle; they are listed so a copy a user
// installed into node_modules is never bundled either.
// dist/bundle/ sits at the same depth as dist/<layer>/, so paths like ../../schema.sql hold.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { build } from "esbuild";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// The build id keys caches of results that depend on the code (the validated config): a
// hash of every source file and of package.json, so any change to either makes a new one.
const hash = createHash("sha256");
for (const rel of readdirSync("src", { recursive: true }).map(String).sort()) {
  const file = path.join("src", rel);
  if (/\.(ts|sql|json)$/.test(file)) hash.update(`${rel}\0`).update(readFileSync(file)).update("\0");
}
hash.update(readFileSync("package.json"));
const buildId = hash.digest("hex").slice(0, 16);

// Chunk names change with their contents: start empty so old chunks do not pile up.
rmSync("dist/bundle", { recursive: true, force: true });

const EXTERNAL = [
  "better-sqlite3",
  "sqlite-vec",
  "@energetic-ai/*",
  "@huggingface/transformers",
  "node-llama-cpp",
  "onnxruntime-node",
  "sharp",
  // Its main is a UMD build whose require() calls esbuild cannot follow: Node loads it as is.
  "jsonc-parser",
  // It exports the path of its words.txt beside it: bundled, that path would point into dist/.
  "word-list",
];
// Bundled CommonJS packages (commander, croner...) may call require() for Node built-ins.
const BANNER = { js: 'import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);' };
const COMMON = { bundle: true, format: "esm", platform: "node", target: "node22", sourcemap: true, logLevel: "warning", define: { __AGENT_BUILD_ID__: JSON.stringify(buildId) }, external: EXTERNAL, banner: BANNER };

// `agent hook` and `agent mcp` run on every turn of an assistant, so each is ONE file: what
// they run on a warm turn (read the payload, ask the daemon, print) is inlined, since every
// further module is another resolve and load, measured at ~2 ms each on a loaded machine. What
// they import lazily (the in-process MCP server and its engine, the assistants' connect code,
// the full CLI for --help) stays out: each such module becomes an entry of the CLI's bundle
// below ("cold-…"), and the hot file imports that entry, so cold paths share the CLI's chunks.
const HOT = { "hook-main": "dist/cli/hook-main.js", "mcp-main": "dist/cli/mcp-main.js" };
const cold = new Map([[path.resolve("dist/cli/main.js"), "main"]]);
const coldName = (file) => {
  if (!cold.has(file)) cold.set(file, `cold-${path.relative("dist", file).replace(/\.js$/, "").replaceAll(path.sep, "-")}`);
  return cold.get(file);
};
const coldImports = {
  name: "cold-imports",
  setup(b) {
    b.onResolve({ filter: /^\./ }, async (a) => {
      if (a.kind !== "dynamic-import" || a.pluginData === "cold") return undefined;
      const r = await b.resolve(a.path, { kind: a.kind, importer: a.importer, resolveDir: a.resolveDir, pluginData: "cold" });
      if (r.errors.length > 0 || !r.path.startsWith(path.resolve("dist") + path.sep)) return undefined;
      return { path: `./${coldName(r.path)}.js`, external: true };
    });
  },
};
// First pass, nothing written: which modules the hot entries import lazily.
await build({ ...COMMON, entryPoints: HOT, outdir: "dist/bundle", write: false, plugins: [coldImports] });

await build({
  ...COMMON,
  // The hook's worker thread (src/cli/hook-worker.ts) is started by file name, so it is an
  // entry of its own, beside the chunks it shares with the CLI; so are the hot entries' cold imports.
  entryPoints: { main: "dist/cli/main.js", "hook-worker": "dist/cli/hook-worker.js", ...Object.fromEntries([...cold].filter(([, name]) => name !== "main").map(([file, name]) => [name, file])) },
  outdir: "dist/bundle",
  splitting: true,
});
await build({ ...COMMON, entryPoints: HOT, outdir: "dist/bundle", plugins: [coldImports] });
// The thin client of `agent search` (src/cli/thin/search.ts) as one file of its own, sharing no
// chunk with the CLI: with a daemon running it is all that loads, and one file loads faster
// than the dozen small modules it is made of.
// Its Node built-ins come by require(), not import: an ESM import of a built-in reads every
// export it has, so `import … from "node:fs"` also loads fs/promises, readline and the REPL's
// history, and node:net its BlockList and SocketAddress: 37 internal modules over `node -e 0`,
// ~5 ms of CPU a process (measured: four built-ins imported, 38.6 ms CPU p50; required, 33.1).
// Each becomes a small ES module over the required one: its default export, and a named export
// for each of its properties, listed here from this Node's own module (a CommonJS wrapper would
// have esbuild copy every property on each load instead, ~5 ms). A name the client imports
// that is not among them fails this build, never a run.
const builtinsByRequire = {
  name: "builtins-by-require",
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (a) => (a.kind === "require-call" ? { path: a.path, external: true } : { path: a.path, namespace: "builtin" }));
    b.onLoad({ filter: /.*/, namespace: "builtin" }, (a) => {
      const names = Object.keys(Object.getOwnPropertyDescriptors(createRequire(import.meta.url)(a.path))).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== "default");
      // Pure: an export nothing uses is dropped with its read (a getter such as fs.promises runs only if used).
      const contents = [`const m = require(${JSON.stringify(a.path)});`, "export default m;", ...names.map((k) => `export const ${k} = /* @__PURE__ */ (() => m.${k})();`)].join("\n");
      return { contents, loader: "js" };
    });
  },
};
await build({ ...COMMON, entryPoints: { "thin-search": "dist/cli/thin/search.js" }, outdir: "dist/bundle", plugins: [builtinsByRequire] });
// The command `agent` (package.json "bin") and everything that runs dist/cli/main.js start the bundle,
// after refusing a Node.js too old to run it (one line, exit 1) before any of it loads: the
// check (dist/shared/node-version.js) imports nothing, and the bundle comes in by a dynamic
// import only once the check passed. Before that, `agent hook … prompt|session-start` arms its
// deadline (dist/cli/hook-deadline.js, which imports nothing either): loading the CLI may take
// longer than the budget on a loaded machine, and the deadline counts from the process's start.
// `agent hook` and `agent mcp` start their own entries (they hand other arguments to main).
// `agent search` tries the thin client first (dist/bundle/thin-search.js): with a daemon running
// it is the whole command and the CLI's bundle never loads.
// Node's compile cache (on disk, keyed by the files' contents) spares every later start the
// compiling of the chunks it loads.
const ENTRY = [
    "#!/usr/bin/env node",
    'import module from "node:module";',
    'import { unsupportedNodeMessage } from "../shared/node-version.js";',
    'import { armHookDeadline } from "./hook-deadline.js";',
    "const refused = unsupportedNodeMessage();",
    "if (refused === undefined) {",
    "  armHookDeadline(process.argv);",
    "  module.enableCompileCache?.();",
    "  const command = process.argv[2];",
    "  // The daemon starts again with its V8 heap flags (src/cli/daemon-relaunch.ts), before anything loads;",
    "  // then holds a stop signal until its command can act on it (src/cli/held-signals.ts).",
    '  if (command === "daemon") {',
    '    (await import("./daemon-relaunch.js")).relaunchDaemonWithHeapFlags();',
    '    (await import("./held-signals.js")).holdStopSignals();',
    "  }",
    '  if (command === "hook") await import("../bundle/hook-main.js");',
    '  else if (command === "mcp") await import("../bundle/mcp-main.js");',
    "  // `agent search` while a daemon runs: a thin client (src/cli/thin/search.ts) asks it and prints,",
    "  // without loading the CLI; for anything it does not take, the CLI runs as always.",
    '  else if (!(command === "search" && (await (await import("../bundle/thin-search.js")).thinSearch(process.argv)))) await import("../bundle/main.js");',
    "} else {",
    "  process.stderr.write(`agent: ${refused}\\n`);",
    "  process.exitCode = 1;",
    "}",
    "",
].join("\n");
// The entry is one file: the version check and the hook's deadline (each importing nothing from
// the bundle) are inlined, since every module the entry loads statically is another resolve,
// read and compile before the command starts, and Node's compile cache is only on after them
// (measured: the two modules and the budgets they read, ~4 ms of CPU a process at load 12).
// Its dynamic imports stay as written: the bundles above, loaded only by the command that needs one.
const dynamicAsWritten = {
  name: "dynamic-as-written",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (a) => (a.kind === "dynamic-import" ? { path: a.path, external: true } : undefined));
  },
};
await build({
  stdin: { contents: ENTRY, resolveDir: path.resolve("dist/cli"), sourcefile: "main.js", loader: "js" },
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node22",
  logLevel: "warning",
  outfile: "dist/cli/main.js",
  allowOverwrite: true,
  plugins: [dynamicAsWritten],
});

// The daemon's web page (dist/web/), bundled for the browser.
const { bundleWeb } = await import("./bundle-web.mjs");
await bundleWeb();
