import { DreamAcceptRequest, DreamListRequest, DreamRejectRequest } from "../../contract/requests.js";
import { json, type McpContext } from "./shared.js";
import { toolAnnotations } from "../names.js";

export const DREAM_PROPOSALS_INPUT = DreamListRequest;
export const DREAM_ACCEPT_INPUT = DreamAcceptRequest;
export const DREAM_REJECT_INPUT = DreamRejectRequest;

/** Dreaming's review: MEMORY.md is the person's, so only their own (main) sessions get these tools. */
export function register({ server, engine, session }: McpContext): void {
  if (session !== "main") return;
  server.registerTool(
    "dream_proposals",
    {
      title: "Proposed MEMORY.md facts",
      description: "MEMORY.md changes waiting for review: facts distilled from what searches keep recalling, and replacements for lines a later note replaced; each with its provenance.",
      inputSchema: DREAM_PROPOSALS_INPUT,
      annotations: toolAnnotations("dream_proposals"),
    },
    async (a) => json((await engine.dream()).proposals(a.status ?? "pending")),
  );
  server.registerTool(
    "dream_accept",
    {
      title: "Accept proposed facts",
      description: "Apply proposals to MEMORY.md (compare-and-swap; a replacement swaps its one line, refused if it changed; an undoable new version). Only when the person said so.",
      inputSchema: DREAM_ACCEPT_INPUT,
      annotations: toolAnnotations("dream_accept"),
    },
    async (a) => json((await engine.dream()).accept(a.ids, a.edit)),
  );
  server.registerTool(
    "dream_reject",
    {
      title: "Reject proposed facts",
      description: "Reject proposals with the person's reason; their source and fact are never proposed again.",
      inputSchema: DREAM_REJECT_INPUT,
      annotations: toolAnnotations("dream_reject"),
    },
    async (a) => json((await engine.dream()).reject(a.ids, a.reason)),
  );
}
