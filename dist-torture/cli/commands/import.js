import { readFileSync } from "node:fs";
import { UsageError } from "../../engine/errors.js";
import { printJson, standard, withEngine } from "../common.js";
/** `agent import`: restore state exported by `agent export`. */
export function register(program) {
    standard(program
        .command("import")
        .description("restore state exported by `agent export` into this workspace (refused if it already has state, unless --force)")
        .argument("<file>", 'the exported JSON ("-" reads stdin)')
        .option("--force", "replace this workspace's state (saved first to .agent/backups/)")).action(async (file, opts) => {
        let text;
        try {
            text = readFileSync(file === "-" ? 0 : file, "utf8");
        }
        catch (e) {
            throw new UsageError(`cannot read ${file}: ${e.code ?? e.message}`);
        }
        let data;
        try {
            data = JSON.parse(text);
        }
        catch (e) {
            throw new UsageError(`${file} is not valid JSON (${e.message})`);
        }
        const { r, workspace } = await withEngine(opts, async (engine) => ({ r: (await engine.evolution()).importState(data, { force: opts.force ?? false }), workspace: engine.workspace }));
        if (opts.json)
            return printJson(r);
        const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
        const tables = Object.entries(r.rows)
            .filter(([, n]) => n > 0)
            .map(([t, n]) => `${t} ${n}`)
            .join(", ");
        const lines = [`imported ${total} row(s) into ${workspace}${tables ? `: ${tables}` : ""}`];
        if (r.backup)
            lines.push(`the previous state (${r.replaced} row(s)) was saved to ${r.backup}`);
        process.stdout.write(lines.join("\n") + "\n");
    });
}
//# sourceMappingURL=import.js.map