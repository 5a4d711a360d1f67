import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The assistants the integration tests drive, installed by `scripts/harness.sh install NAME`. */
export type Harness = "claude-code" | "codex" | "opencode" | "openclaw";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The harness's command, or undefined when it is not installed in the harness cache. */
export function harnessBin(name: Harness): string | undefined {
  const bin = execFileSync("bash", [path.join(REPO, "scripts/harness.sh"), "path", name], { encoding: "utf8" }).trim();
  return existsSync(bin) ? bin : undefined;
}

/** Why a test of this harness cannot run here (use with `titled()` from needs.ts), or undefined. */
export function missingHarness(name: Harness): string | undefined {
  return harnessBin(name) === undefined ? `needs ${name} (\`scripts/harness.sh install ${name}\`)` : undefined;
}
