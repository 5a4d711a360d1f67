import { z } from "zod";
import { json, type McpContext } from "./shared.js";

export const BOOT_INPUT = z.object({
  query: z.string().optional().describe('what the person is picking up, e.g. "the pharmacy project"'),
  days: z.number().int().min(1).max(90).optional().describe("days of recent activity (default 7)"),
  project: z.string().optional().describe("only items annotated project:: NAME (fuzzy)"),
  limit: z.number().int().min(1).max(50).optional().describe("items (default 10)"),
  includeDaily: z.boolean().optional().describe("also return today's note verbatim"),
});

/** boot: brain boot, the same JSON as `agent boot --json`. */
export function register({ server, engine, session }: McpContext): void {
  server.registerTool(
    "boot",
    {
      title: "Brain boot",
      description: "Restore context: relevant history plus the last days' session turns and daily notes (about 30% recent), deduplicated, with dates.",
      inputSchema: BOOT_INPUT,
      annotations: { readOnlyHint: true },
    },
    async (a) =>
      json(
        await engine.boot(a.query ?? "", {
          session,
          ...(a.days ? { days: a.days } : {}),
          ...(a.project ? { project: a.project } : {}),
          ...(a.limit ? { limit: a.limit } : {}),
          ...(a.includeDaily ? { includeDaily: true } : {}),
        }),
      ),
  );
}
