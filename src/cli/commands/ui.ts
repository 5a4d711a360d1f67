import { spawn } from "node:child_process";
import type { Command } from "commander";
import { printJson, standard, type WorkspaceOpts } from "../common.js";
import { viaDaemon, workspaceOf } from "../remote.js";

interface UiOpts extends WorkspaceOpts {
  printUrl?: boolean;
}

export function register(program: Command): void {
  standard(
    program
      .command("ui")
      .description("open the web page of the running daemon (search with reasons, notes, SOUL proposals, memories, personality, jobs, health): prints a one-time login link and opens it in the browser")
      .option("--print-url", "only print the link; do not open a browser"),
  ).action(async (opts: UiOpts) => {
    const workspace = workspaceOf(opts);
    // The page lives in the daemon: this command starts nothing, it asks the running one for a link.
    const login = await viaDaemon<{ url: string; expiresAt: number }>({ ...opts, daemon: true }, "uiLogin", {}, { onFallback: () => undefined });
    if (login === undefined) {
      process.stderr.write(`agent: no daemon with the web page runs for ${workspace}; start one with \`agent daemon --http${opts.workspace !== undefined ? ` --workspace ${opts.workspace}` : ""}\`, then run \`agent ui\` again\n`);
      process.exitCode = 1;
      return;
    }
    if (opts.json) return printJson(login);
    process.stdout.write(`${login.url}\n`);
    if (!opts.printUrl && openBrowser(login.url)) process.stderr.write("opening it in your browser (the link works once, for ten minutes)\n");
  });
}

/** Hands the link to the system's opener when there is a desktop to open it on; whether it tried. */
function openBrowser(url: string): boolean {
  const cmd = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? "xdg-open" : null;
  if (cmd === null) return false;
  try {
    const child = spawn(cmd, [url], { detached: true, stdio: "ignore" });
    child.on("error", () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
