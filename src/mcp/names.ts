/** Names the MCP server publishes; kept apart from server.ts so importing them does not load the SDK. */
export const MCP_SERVER_NAME = "agent-memory";
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
