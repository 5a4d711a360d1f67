/**
 * `agent search` when the workspace's daemon runs, without the CLI: the command's whole client
 * side in a few small modules (the socket's wire format, the workspace's path, the printing),
 * no commander and no engine. The daemon does the search; this asks, prints and exits. Loaded
 * by dist/cli/main.js before anything else when the first word is `search`.
 *
 * It takes only the plainest command lines (words, --json, --workspace, -n/--limit, --mode) and says
 * "not mine" (false) for anything else, for an argument the full CLI would refuse, when routing
 * is off, when no daemon listens or when the daemon cannot answer: the full CLI then runs the
 * command as always, with its own parsing, messages and in-process search.
 */
import { askDaemon, DaemonAnswerError, daemonSocketExists } from "../../daemon/client.js";
import type { SearchReport } from "../../search/report.js";
import { quietOnClosedPipe, writeStdout } from "../closed-pipe.js";
import { reportError } from "../errors.js";
import { fastArgs, type FastOption } from "../fast-args.js";
import { warnLine } from "../open-engine.js";
import { workspaceOf } from "../remote.js";
import { searchText, searchWarnings } from "../search-print.js";

/** A search command line simple enough to run here. */
export interface ThinSearch {
  query: string;
  json: boolean;
  workspace?: string;
  limit?: number;
  mode?: ThinMode;
}

/**
 * The search modes, as the contract's SEARCH_MODES (src/contract/rules.ts, whose imports would
 * weigh on this client: a test holds the two lists equal); any other value goes to the full
 * CLI, which refuses it with its own message.
 */
export const THIN_MODES = ["hybrid", "keyword", "vector"] as const;
export type ThinMode = (typeof THIN_MODES)[number];
const isThinMode = (v: unknown): v is ThinMode => (THIN_MODES as readonly unknown[]).includes(v);

/** The contract's largest limit (src/contract/rules.ts MAX_LIMIT); a larger one goes to the full CLI, which refuses it. */
const MAX_LIMIT = 100;

const OPTIONS: Record<string, FastOption> = {
  json: { type: "boolean" },
  workspace: { type: "string" },
  limit: { type: "string", short: "n" },
  mode: { type: "string" },
};

/**
 * `args` as after `agent` (`["search", "some", "words", "--json"]`), parsed as commander would,
 * or undefined when it is not a plain search (any other flag, `--`, a bad value, no words).
 */
export function parseThinSearch(args: string[]): ThinSearch | undefined {
  if (args[0] !== "search") return undefined;
  // fastArgs reads argv as process.argv (the command's name third).
  const parsed = fastArgs(["", "", ...args], OPTIONS, "some");
  if (parsed === undefined) return undefined;
  const { json, workspace, limit, mode } = parsed.values;
  if (limit !== undefined && (typeof limit !== "string" || !/^[1-9][0-9]{0,2}$/.test(limit) || Number(limit) > MAX_LIMIT)) return undefined;
  if (mode !== undefined && !isThinMode(mode)) return undefined;
  const query = parsed.positionals.join(" ").trim();
  if (query === "") return undefined;
  return { query, json: json === true, ...(typeof workspace === "string" ? { workspace } : {}), ...(typeof limit === "string" ? { limit: Number(limit) } : {}), ...(mode !== undefined ? { mode } : {}) };
}

/**
 * Runs `agent search` through the daemon when it can: true when it printed the answer (or the
 * daemon engine's error), false when the full CLI should run the command instead.
 */
export async function thinSearch(argv: string[]): Promise<boolean> {
  const cmd = parseThinSearch(argv.slice(2));
  const mode = process.env.AGENT_DAEMON?.trim().toLowerCase();
  if (!cmd || mode === "off") return false;
  let workspace: string;
  try {
    workspace = workspaceOf(cmd);
  } catch {
    return false; // the full CLI says what is wrong with the workspace
  }
  if (!daemonSocketExists(workspace)) return false;
  // The answer is written without making process.stdout (writeStdout); stderr is guarded
  // against a closed pipe when something is said on it.
  const say = (line: string) => (quietOnClosedPipe(["stderr"]), warnLine(line));
  // The request the full CLI would send (src/cli/commands/search.ts, searchRequest) for these flags.
  const req = { query: cmd.query, ...(cmd.limit !== undefined ? { limit: cmd.limit } : {}), ...(cmd.mode !== undefined ? { mode: cmd.mode } : {}) };
  try {
    // No time limit, as the full command: the engine bounds its own model calls.
    const res = await askDaemon<SearchReport>(workspace, "search", req, { timeoutMs: 0, exiting: true, rawPipe: true, onFallback: (why) => say(`${why}; working in-process`) });
    if (res === undefined) {
      // askDaemon already said why when the daemon was reached; the full CLI must not ask it again.
      if (mode !== "require") process.env.AGENT_DAEMON = "off";
      return false;
    }
    for (const w of searchWarnings(res, cmd.json)) say(w);
    writeStdout(searchText(res, cmd.query, cmd.json));
  } catch (e) {
    if (!(e instanceof DaemonAnswerError)) throw e;
    quietOnClosedPipe();
    process.exitCode = reportError(e, cmd.json);
  }
  return true;
}
