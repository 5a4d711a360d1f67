// Imported first by the bench, eval and demo scripts: unless AGENT_STATE_HOME is set, every
// process they run keeps its per-device state (index, state, sockets of the workspaces it
// makes) in a temp folder removed at exit, never in the real ~/.local/state/agent.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

if (!process.env.AGENT_STATE_HOME) {
  const home = mkdtempSync(path.join(os.tmpdir(), "agent-bench-state-"));
  process.env.AGENT_STATE_HOME = home;
  process.on("exit", () => rmSync(home, { recursive: true, force: true }));
}
