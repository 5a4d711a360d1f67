import { type Command } from "commander";
/**
 * `agent mcp`: the MCP server on stdio. With a daemon running for the workspace it forwards
 * every message to the daemon's warm engine (no model or index to load: the first answer is
 * warm); if the daemon goes away mid-session it carries on in-process, replaying the
 * handshake and the requests still unanswered. Without a daemon it serves in-process.
 *
 * stdout carries nothing but JSON-RPC: everything a library might print with console.log is
 * sent to stderr, and so are our own messages.
 */
export declare function register(program: Command): void;
