import type { Command } from "commander";

export function register(program: Command): void {
  program.command("disconnect").description("remove what `agent connect` wrote").action(() => {
    throw new Error("not yet");
  });
}
