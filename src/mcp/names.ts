/** Names the MCP server publishes; kept apart from server.ts so importing them does not load the SDK. */
export const MCP_SERVER_NAME = "agent-memory";
export { MCP_READ_ONLY_TOOLS, MCP_TOOL_NAMES, MCP_TOOL_READ_ONLY, toolAnnotations, type McpToolName } from "../contract/tools.js";
