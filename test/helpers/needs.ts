import { existsSync } from "node:fs";
import path from "node:path";
import { findRuntime, RUNTIMES, type RuntimeName } from "../../src/shared/runtimes.js";
import { SHARED } from "./workspace.js";

/** An optional runtime, or a file under ../shared (which CI clones beside the repository). */
export type Need = RuntimeName | `shared/${string}`;

function lacking(need: Need): string | undefined {
  if (need.startsWith("shared/")) {
    const rel = need.slice("shared/".length);
    return existsSync(path.join(SHARED, rel)) ? undefined : `../shared/${rel} beside the clone (CI has it)`;
  }
  const name = need as RuntimeName;
  return findRuntime(name) !== undefined ? undefined : `the ${RUNTIMES[name].label} runtime (\`agent runtime add ${name}\`)`;
}

/**
 * Why tests cannot run on this machine, or undefined when they can. Use with
 * `describe.skipIf(why !== undefined)(titled("...", why), ...)`: the summary reporter lists
 * every skipped test by the reason in its title, and `.ci/run` fails when a reason is one CI
 * provides ("needs ...").
 */
export function missing(...needs: Need[]): string | undefined {
  const why = needs.map(lacking).filter((w): w is string => w !== undefined);
  return why.length === 0 ? undefined : `needs ${why.join(" and ")}`;
}

/** The title with the reason it is skipped here, when it is. */
export function titled(title: string, why: string | undefined): string {
  return why === undefined ? title : `${title} [skipped: ${why}]`;
}
