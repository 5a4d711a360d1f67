import type { Command } from "commander";
import { isRuntimeName, RUNTIME_NAMES } from "../../shared/runtimes.js";
import { printJson } from "../common.js";

export function register(program: Command): void {
  const runtime = program.command("runtime").description("the optional model runtimes: gguf (node-llama-cpp) and onnx (transformers.js), installed on demand");
  runtime
    .command("list", { isDefault: true })
    .description("which runtimes are installed, and where")
    .option("--json", "print JSON")
    .action(async (o: { json?: boolean }) => {
      const r = (await import("../../engine/admin.js")).runtimes();
      if (o.json) return printJson(r);
      const lines = r.runtimes.map((x) =>
        x.installed === undefined
          ? `${x.name.padEnd(5)} not installed   ${x.purpose}\n      install: agent runtime add ${x.name}`
          : `${x.name.padEnd(5)} ${x.package} ${x.installed.version} (${x.installed.source}: ${x.installed.dir})${x.installed.version === x.version ? "" : `; tested with ${x.version}: \`agent runtime add ${x.name}\` installs it`}`,
      );
      process.stdout.write(`runtimes folder: ${r.dir} (set AGENT_RUNTIMES_DIR to move it)\n${lines.join("\n")}\n`);
    });
  runtime
    .command("add")
    .description("install a runtime from the npm registry into the runtimes folder (outside node_modules, so `npm ci` keeps it)")
    .argument("<names...>", `${RUNTIME_NAMES.join(" or ")}`)
    .option("--json", "print JSON")
    .action(async (names: string[], o: { json?: boolean }) => {
      const bad = names.filter((n) => !isRuntimeName(n));
      if (bad.length > 0) throw new Error(`unknown runtime ${bad.join(", ")}: choose ${RUNTIME_NAMES.join(" or ")}`);
      const done = [];
      for (const name of names.filter(isRuntimeName)) {
        if (!o.json) process.stderr.write(`installing the ${name} runtime with npm...\n`);
        const at = await (await import("../../engine/admin.js")).addRuntime(name, o.json ? undefined : (line) => process.stderr.write(`  npm: ${line}\n`));
        done.push({ name, ...at });
        if (!o.json) process.stdout.write(`${name}: installed ${at.version} in ${at.dir}\n`);
      }
      if (o.json) printJson(done);
    });
}
