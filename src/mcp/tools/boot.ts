import { bootOptions } from "../../contract/options.js";
import { ScopedBootRequest } from "../../contract/requests.js";
import { json, type McpContext } from "./shared.js";
import { toolAnnotations } from "../names.js";

export const BOOT_INPUT = ScopedBootRequest;

/** boot: brain boot, the same JSON as `agent boot --json`. */
export function register({ server, engine, session }: McpContext): void {
  server.registerTool(
    "boot",
    {
      title: "Brain boot",
      description: "Restore context: relevant history plus the last days' session turns and daily notes (about 30% recent), deduplicated, with dates.",
      inputSchema: BOOT_INPUT,
      annotations: toolAnnotations("boot"),
    },
    async (a) => json(await (await engine.assist()).boot(a.query ?? "", { ...bootOptions(a), session })),
  );
}
