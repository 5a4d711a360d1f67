import { readOptions } from "../../contract/options.js";
import { AppendRequest, ScopedReadRequest } from "../../contract/requests.js";
import { numberLines } from "../../workspace/safe-read.js";
import { json, text, type McpContext } from "./shared.js";
import { toolAnnotations } from "../names.js";

export const MEMORY_GET_INPUT = ScopedReadRequest;
export const MEMORY_APPEND_INPUT = AppendRequest;

/** memory_get and memory_append: reading a workspace file, appending to today's note. */
export function register({ server, engine, session }: McpContext): void {
  server.registerTool(
    "memory_get",
    {
      title: "Read lines of a file",
      description: "Read a workspace file by path (as memory_search returns it), numbered lines. Only files inside the workspace.",
      inputSchema: MEMORY_GET_INPUT,
      annotations: toolAnnotations("memory_get"),
    },
    async (a) => {
      const r = await (await engine.assist()).readFile(a.path, { ...readOptions(a), session });
      if (r.lines.length === 0) return text(`${r.rel}: ${r.totalLines} lines; nothing at line ${r.from}`);
      const more = r.to < r.totalLines ? `\n[lines ${r.to + 1}-${r.totalLines} not shown: call again with from=${r.to + 1}]` : "";
      return text(`${r.rel} lines ${r.from}-${r.to} of ${r.totalLines}\n${numberLines(r)}${more}`);
    },
  );

  // Daily notes are private: a group or isolated session may not write into them either.
  if (session !== "main") return;
  server.registerTool(
    "memory_append",
    {
      title: "Append to today's note",
      description: "Append a note to today's daily note (memory/YYYY-MM-DD.md) under a timestamped heading. Append-only; never edits existing text.",
      inputSchema: MEMORY_APPEND_INPUT,
      annotations: toolAnnotations("memory_append"),
    },
    async (a) => json(await (await engine.assist()).appendNote(a.text, a.title)),
  );
}
