import type { Command } from "commander";
import { connectCommand, run, type ConnectCliOpts } from "./connect.js";

export function register(program: Command): void {
  connectCommand(program, "disconnect", "remove what `agent connect` wrote into an assistant's config (restores the backup when nothing else changed)").action(async (harness: string, opts: ConnectCliOpts) => {
    await run("disconnect", harness, opts);
  });
}
