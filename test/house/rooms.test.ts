/**
 * One room per assistant, enforced: no module outside src/assistants/<name>/ names an assistant
 * (the registry lists them; adapters differ). The planted case proves the check can fail.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { namesOutsideRooms, roomNames } from "./rooms.js";

let dir = "";
afterEach(() => {
  if (dir !== "") cleanup(dir);
  dir = "";
});

describe("one room per assistant", () => {
  it("src/ names an assistant only in its own folder", () => {
    expect(roomNames(REPO_ROOT)).toEqual(["claude-code", "codex", "openclaw", "opencode"]);
    expect(namesOutsideRooms(REPO_ROOT), "go through the registry (src/assistants/registry.ts) and the adapter: put what differs in the assistant's folder").toEqual([]);
  });

  it("fails on a planted comparison, a list and a room reaching into another, not on comments or longer strings", () => {
    dir = tempDir("agent-rooms-");
    write(dir, "src/assistants/alpha/adapter.ts", 'export const alpha = { name: "alpha" };\n');
    write(dir, "src/assistants/beta/adapter.ts", 'export const beta = { name: "beta", like: "alpha" };\n');
    write(dir, "src/assistants/registry.ts", "// alpha and beta\nexport const all = [];\n");
    write(dir, "src/cli/hook.ts", 'export function out(h: string): string {\n  if (h === "alpha") return "x";\n  return `alpha, beta`;\n}\n');
    write(dir, "src/daemon/methods.ts", "export const names = [`beta`, 'alpha-ish'];\n");
    expect(namesOutsideRooms(dir)).toEqual([
      { file: "src/assistants/beta/adapter.ts", line: 1, name: "alpha" },
      { file: "src/cli/hook.ts", line: 2, name: "alpha" },
      { file: "src/daemon/methods.ts", line: 1, name: "beta" },
    ]);
  });
});
