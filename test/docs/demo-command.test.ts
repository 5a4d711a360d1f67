/**
 * The demo ends by telling the reader what to type next: `agent …` once `npm link` put this
 * clone on the PATH (as the README has them do), `node dist/cli/main.js …` otherwise, and never
 * `agent` when the `agent` on the PATH is some other program.
 */
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanup, tempDir } from "../helpers/workspace.js";

const { cliCommand } = (await import(new URL("../../scripts/lib/cli-command.mjs", import.meta.url).href)) as {
  cliCommand(main: string, searchPath?: string): string;
};

describe("the demo's next-step command", () => {
  const root = tempDir("agent-demo-cmd-");
  afterAll(() => cleanup(root));
  const main = path.join(root, "clone", "dist", "cli", "main.js");
  mkdirSync(path.dirname(main), { recursive: true });
  writeFileSync(main, "#!/usr/bin/env node\n");
  chmodSync(main, 0o755);

  it("says `agent` when the agent on the PATH is this clone's, through npm link's chain of links", () => {
    const lib = path.join(root, "prefix", "lib", "node_modules");
    mkdirSync(lib, { recursive: true });
    symlinkSync(path.join(root, "clone"), path.join(lib, "agent-memory-engine"));
    const bin = path.join(root, "prefix", "bin");
    mkdirSync(bin);
    symlinkSync(path.join(lib, "agent-memory-engine", "dist", "cli", "main.js"), path.join(bin, "agent"));
    expect(cliCommand(main, [path.join(root, "empty"), bin].join(path.delimiter))).toBe("agent");
  });

  it("says `node dist/cli/main.js` without npm link, or when another program is called agent", () => {
    expect(cliCommand(main, path.join(root, "nowhere"))).toBe("node dist/cli/main.js");
    const other = path.join(root, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, "agent"), "#!/bin/sh\necho someone else\n");
    chmodSync(path.join(other, "agent"), 0o755);
    expect(cliCommand(main, other)).toBe("node dist/cli/main.js");
  });
});
