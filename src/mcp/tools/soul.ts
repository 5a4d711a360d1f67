import { z } from "zod";
import { SoulRejectRequest, SoulSaveRequest, SoulVersionRequest } from "../../contract/requests.js";
import { json, text, type McpContext } from "./shared.js";
import { toolAnnotations } from "../names.js";

export const SOUL_GET_INPUT = SoulVersionRequest;
export const SOUL_REJECT_INPUT = SoulRejectRequest;
export const SOUL_SAVE_INPUT = SoulSaveRequest;
const NO_INPUT = z.object({});

/** SOUL.md and its review: read it or a version, see the pending proposal, accept, reject, save. */
export function register({ server, engine, session }: McpContext): void {
  server.registerTool(
    "soul_get",
    {
      title: "SOUL.md",
      description: "The current SOUL.md (personality and guidelines), or a numbered earlier version.",
      inputSchema: SOUL_GET_INPUT,
      annotations: toolAnnotations("soul_get"),
    },
    async (a) => {
      const shown = (await engine.soul()).shownText(a.version);
      return text(shown ?? "SOUL.md does not exist in this workspace.");
    },
  );

  // Reviewing and changing the personality is the person's own business, not a group's.
  if (session !== "main") return;
  server.registerTool(
    "soul_proposed",
    {
      title: "Pending SOUL proposal",
      description: "The proposal nightly reflection left in SOUL.proposed.md, as a diff against SOUL.md, with its report and why it was held back; null when none waits.",
      inputSchema: NO_INPUT,
      annotations: toolAnnotations("soul_proposed"),
    },
    async () => json((await engine.soul()).proposed()),
  );
  server.registerTool(
    "soul_accept",
    {
      title: "Accept the SOUL proposal",
      description: "The pending proposal becomes SOUL.md and a new version, through the same locked-section and compare-and-swap checks as a nightly run.",
      inputSchema: NO_INPUT,
      annotations: toolAnnotations("soul_accept"),
    },
    async () => json((await engine.soul()).accept()),
  );
  server.registerTool(
    "soul_reject",
    {
      title: "Reject the SOUL proposal",
      description: "Discard the pending proposal; the reason is recorded and the next reflection takes it into account.",
      inputSchema: SOUL_REJECT_INPUT,
      annotations: toolAnnotations("soul_reject"),
    },
    async (a) => json((await engine.soul()).reject(a.reason)),
  );
  server.registerTool(
    "soul_save",
    {
      title: "Save SOUL.md as a version",
      description: "Record SOUL.md as it is now as a version, with a message (after editing it by hand).",
      inputSchema: SOUL_SAVE_INPUT,
      annotations: toolAnnotations("soul_save"),
    },
    async (a) => json((await engine.soul()).save(a.message)),
  );
}
