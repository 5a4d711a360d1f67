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
      description: "Facts the nightly dream distilled from what searches keep recalling, waiting for review, each with its provenance (file, lines, the queries that recalled it); and replacements (provenance.kind \"replace\") for a MEMORY.md line a later note replaced, citing both.",
      inputSchema: DREAM_PROPOSALS_INPUT,
      annotations: toolAnnotations("dream_proposals"),
    },
    async (a) => json((await engine.dream()).proposals(a.status ?? "pending")),
  );
  server.registerTool(
    "dream_accept",
    {
      title: "Accept proposed facts",
      description: "Append proposals to MEMORY.md (compare-and-swap against hand edits; a new MEMORY.md version that can be undone); a replacement swaps its one line and is refused if that line changed since. Only when the person said so.",
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
