import { z } from "zod";
import { json, type McpContext } from "./shared.js";

const IDS = z.union([z.array(z.number().int().min(1)).min(1), z.literal("all")]);

export const DREAM_PROPOSALS_INPUT = z.object({ status: z.enum(["pending", "accepted", "rejected", "all"]).optional().describe("default pending") });
export const DREAM_ACCEPT_INPUT = z.object({ ids: IDS.describe('proposal ids, or "all"'), edit: z.string().optional().describe("the person's wording instead (one id)") });
export const DREAM_REJECT_INPUT = z.object({ ids: IDS.describe('proposal ids, or "all"'), reason: z.string().describe("why, in a sentence") });

/** Dreaming's review: MEMORY.md is the person's, so only their own (main) sessions get these tools. */
export function register({ server, engine, session }: McpContext): void {
  if (session !== "main") return;
  server.registerTool(
    "dream_proposals",
    {
      title: "Proposed MEMORY.md facts",
      description: "Facts the nightly dream distilled from what searches keep recalling, waiting for review, each with its provenance (file, lines, the queries that recalled it).",
      inputSchema: DREAM_PROPOSALS_INPUT,
      annotations: { readOnlyHint: true },
    },
    async (a) => json((await engine.dream()).proposals(a.status ?? "pending")),
  );
  server.registerTool(
    "dream_accept",
    {
      title: "Accept proposed facts",
      description: "Append proposals to MEMORY.md (compare-and-swap against hand edits; a new MEMORY.md version that can be undone). Only when the person said so.",
      inputSchema: DREAM_ACCEPT_INPUT,
    },
    async (a) => json((await engine.dream()).accept(a.ids, a.edit)),
  );
  server.registerTool(
    "dream_reject",
    {
      title: "Reject proposed facts",
      description: "Reject proposals with the person's reason; their source and fact are never proposed again.",
      inputSchema: DREAM_REJECT_INPUT,
    },
    async (a) => json((await engine.dream()).reject(a.ids, a.reason)),
  );
}
