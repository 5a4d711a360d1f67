import { printJson, workspaceFrom, type WorkspaceOpts } from "../../cli/common.js";

export interface ConnectOpenClawOpts extends WorkspaceOpts {
  openclawConfig?: string;
}

/**
 * `agent connect openclaw --workspace W [--openclaw-config FILE]`: this package as OpenClaw's
 * memory plugin (connect.ts does the config edit).
 */
export async function connectOpenClawCommand(opts: ConnectOpenClawOpts): Promise<void> {
  const workspace = workspaceFrom(opts);
  const { connectOpenClaw } = await import("./connect.js");
  const r = connectOpenClaw({ workspace, ...(opts.openclawConfig !== undefined ? { configFile: opts.openclawConfig } : {}) });
  if (opts.json) return printJson({ ...r, workspace });
  if (!r.changed) {
    process.stdout.write(`OpenClaw (${r.config}) already uses ${workspace} as its memory; nothing changed\n`);
    return;
  }
  const lines = [
    `OpenClaw's memory is now ${workspace}: ${r.config} loads the plugin from ${r.pluginDir} (plugins.load.paths), gives it the memory slot and lets it read the conversation to keep it in sessions/`,
  ];
  if (r.backup) lines.push(`the file as it was is in ${r.backup}`);
  lines.push("restart a running OpenClaw Gateway to load it");
  process.stdout.write(lines.join("\n") + "\n");
}
