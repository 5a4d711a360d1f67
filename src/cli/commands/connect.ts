import type { Command } from "commander";
import { standard } from "../common.js";
import type { ConnectOpenClawOpts } from "../connect-openclaw.js";

export function register(program: Command): void {
  standard(
    program
      .command("connect")
      .description("connect an assistant to this workspace (openclaw: this engine as its memory plugin)")
      .argument("<assistant>", "openclaw")
      .option("--openclaw-config <file>", "OpenClaw's config file (default: $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json)"),
  ).action(async (assistant: string, opts: ConnectOpenClawOpts) => {
    if (assistant === "openclaw") return (await import("../connect-openclaw.js")).connectOpenClawCommand(opts);
    throw new Error("not yet");
  });
}
