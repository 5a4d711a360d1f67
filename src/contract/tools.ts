/**
 * The MCP tools' names and whether each only reads: below the engine, so the MCP server that
 * publishes them (src/mcp/) and `agent connect codex` that approves the read-only ones
 * (src/assistants/) read the same table.
 */
export const MCP_TOOL_NAMES = [
  "memory_search",
  "memory_get",
  "memory_append",
  "context",
  "soul_get",
  "soul_proposed",
  "soul_accept",
  "soul_reject",
  "soul_save",
  "dream_proposals",
  "dream_accept",
  "dream_reject",
  "boot",
  "memory_health",
  "ask",
] as const;
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

/**
 * Whether a tool only reads (MCP's `readOnlyHint`): said here once, published by each tool's
 * registration (`toolAnnotations`) and read by `agent connect codex`, which approves the
 * read-only tools only (a write — memory_append, soul_accept, dream_accept… — asks the person).
 * `ask` runs the local model: not approved ahead either.
 */
export const MCP_TOOL_READ_ONLY: Readonly<Record<McpToolName, boolean>> = {
  memory_search: true,
  memory_get: true,
  memory_append: false,
  context: true,
  soul_get: true,
  soul_proposed: true,
  soul_accept: false,
  soul_reject: false,
  soul_save: false,
  dream_proposals: true,
  dream_accept: false,
  dream_reject: false,
  boot: true,
  memory_health: true,
  ask: false,
};

/** The tools a client may run without asking: the read-only ones. */
export const MCP_READ_ONLY_TOOLS: readonly McpToolName[] = MCP_TOOL_NAMES.filter((n) => MCP_TOOL_READ_ONLY[n]);

/** A tool's MCP annotations, from the table above. */
export function toolAnnotations(name: McpToolName): { readOnlyHint: boolean } {
  return { readOnlyHint: MCP_TOOL_READ_ONLY[name] };
}
