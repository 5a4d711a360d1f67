/**
 * Which Node.js lines the engine runs on. The SQLite binding (better-sqlite3 13, Node-API 10)
 * crashes on Node 20 and older, so those are refused with one line before any engine module
 * loads; 22, 24 and 26 are the lines tested, matching package.json "engines". This module
 * imports nothing, so the CLI's entry and the library's first import can check first.
 */

/** The Node.js lines tested and supported: the long-term-support lines. */
export const SUPPORTED_NODE_LINES = [22, 24, 26] as const;

/** The oldest major that runs at all; anything below is refused. */
export const OLDEST_NODE_MAJOR = SUPPORTED_NODE_LINES[0];

function major(version: string): number {
  return Number.parseInt(version.replace(/^v/, ""), 10);
}

/** "22, 24 or 26". */
export function linesText(): string {
  const lines = SUPPORTED_NODE_LINES.map(String);
  return `${lines.slice(0, -1).join(", ")} or ${lines.at(-1)}`;
}

/**
 * The three ways to a supported line, as README's Install lists them: a version manager, the
 * distribution's package, or the clone's own script (which fetches Node from the npm registry).
 */
export const HOW_TO_GET_NODE = "get one with a version manager (nvm install 24), your distribution's nodejs package, or from the clone: scripts/node.sh 24 <command>";

/**
 * The one-line refusal for a Node.js too old to run the engine, or undefined when it runs.
 * `version` is `process.versions.node` ("24.21.0") or `process.version` ("v24.21.0").
 */
export function unsupportedNodeMessage(version: string = process.versions.node): string | undefined {
  const m = major(version);
  if (Number.isFinite(m) && m >= OLDEST_NODE_MAJOR) return undefined;
  return `Node.js ${version.replace(/^v/, "")} is not supported: agent-memory-engine needs Node.js ${linesText()} (the long-term-support lines); ${HOW_TO_GET_NODE}, then run again`;
}

/** How `agent doctor` sees this Node.js: a supported line, or a newer/odd line that is untested. */
export function nodeLineCheck(version: string = process.versions.node): { supported: boolean; detail: string } {
  const m = major(version);
  const refused = unsupportedNodeMessage(version);
  if (refused !== undefined) return { supported: false, detail: refused };
  if ((SUPPORTED_NODE_LINES as readonly number[]).includes(m) || m > SUPPORTED_NODE_LINES.at(-1)!) {
    return { supported: true, detail: `Node.js ${version} (supported lines: ${linesText()})` };
  }
  return { supported: false, detail: `Node.js ${version} is not a long-term-support line; the tested lines are ${linesText()}` };
}
