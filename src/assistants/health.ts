/**
 * How each connected assistant fares, from its config and the workspace's hook notes: for
 * `agent connect --status` and `agent doctor`. A connection breaks silently when what its config
 * names by absolute path goes away (Node upgraded or moved, the package reinstalled elsewhere,
 * the workspace moved): the assistant then runs nothing, and says nothing. Each such path is a
 * problem here, with the command that repairs it (connect again rewrites the paths).
 */
import { existsSync } from "node:fs";
import { hookActivity, type HookActivity } from "../workspace/hook-activity.js";
import type { AssistantAdapter, Connection } from "./adapter.js";
import { ASSISTANTS } from "./registry.js";

export interface ConnectionHealth extends Connection {
  /** Captures, injections and misses, when the workspace is there to say. */
  activity?: HookActivity;
  /** What is broken, one sentence each with its repair. */
  problems: string[];
}

export interface AssistantHealth {
  harness: string;
  label: string;
  connections: ConnectionHealth[];
}

function healthOf(a: AssistantAdapter, c: Connection, now: number): ConnectionHealth {
  const problems: string[] = [];
  const again = `run \`agent connect ${a.name}${c.scope === "project" ? " --scope project" : ""} --workspace DIR\` again`;
  if (c.workspace === null) problems.push(`${c.file} names no workspace: ${again}`);
  else if (!existsSync(c.workspace)) problems.push(`the workspace ${c.workspace} no longer exists (moved?): nothing is captured or injected; ${again}`);
  for (const p of c.paths) if (!existsSync(p.path)) problems.push(`its ${p.what} ${p.path} no longer exists: its hooks fail without a word; ${again} (it writes the paths of this Node and CLI)`);
  const activity = c.workspace !== null && existsSync(c.workspace) ? hookActivity(c.workspace, a.name, now) : undefined;
  return { ...c, ...(activity !== undefined ? { activity } : {}), problems };
}

/** Every assistant of the registry, with where it is connected and how that fares. */
export async function assistantsHealth(cwd: string, env: NodeJS.ProcessEnv, configFiles: ReadonlyMap<string, string> = new Map(), now = Date.now()): Promise<AssistantHealth[]> {
  return Promise.all(
    ASSISTANTS.map(async (a) => {
      let rows: Connection[];
      try {
        rows = await a.connect.status(cwd, env, configFiles.get(a.name));
      } catch {
        // A config that cannot be read is said by connect itself; here it is "not connected".
        rows = [];
      }
      return { harness: a.name, label: a.label, connections: rows.map((c) => healthOf(a, c, now)) };
    }),
  );
}
