import type { Command } from "commander";

export function register(program: Command): void {
  program.command("connect").description("connect Claude Code, Codex or OpenCode to this workspace").action(() => {
    throw new Error("not yet");
  });
}
