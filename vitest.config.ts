import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Each test file gets its own AGENT_STATE_HOME (per-device state outside the workspaces).
    setupFiles: ["./test/setup/state-home.ts"],
  },
});
