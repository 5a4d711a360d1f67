/**
 * Every test file (and every process it starts, which inherits the environment) keeps its
 * per-device state in a temp folder of its own, never in the real ~/.local/state/agent: the
 * per-device folders of the workspaces it makes, the device id, the daemon sockets.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const home = mkdtempSync(path.join(os.tmpdir(), "agent-state-"));
process.env.AGENT_STATE_HOME = home;

afterAll(() => {
  // A hook an assistant started may still be writing its last line here as the file ends
  // (ENOTEMPTY mid-removal): Node retries the removal a few times for that.
  rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});
