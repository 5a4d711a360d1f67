/**
 * `agent ask`, the pure part: the tool protocol between the loop and the local model.
 *
 * The model replies with exactly one JSON object per turn, either a tool call
 *   {"tool": "search", "args": {"query": "pharmacy fridge supplier"}}
 * or the final answer
 *   {"answer": "…", "citations": [{"path": "memory/2026-11-02.md", "startLine": 4, "endLine": 9}]}
 * Providers that can constrain decoding get ASK_REPLY_SCHEMA (or ASK_ANSWER_SCHEMA when only an
 * answer is allowed); replies are still parsed defensively (code fences, prose around the
 * object, "name"/"arguments" spellings, "path:3-5" citations), because small models drift.
 *
 * The tools are search, get, boot and daily. There is no `ask` tool: the model inside ask can
 * never start another ask.
 */
export declare const ASK_TOOL_NAMES: readonly ["search", "get", "boot", "daily"];
export type AskToolName = (typeof ASK_TOOL_NAMES)[number];
export interface Citation {
    path: string;
    startLine: number;
    endLine: number;
}
export interface AskToolSpec {
    name: AskToolName;
    /** One line, operational. */
    description: string;
    /** Example args object, shown to the model. */
    example: Record<string, unknown>;
    /** JSON schema of the args (every property required: llama.cpp grammars require them all). */
    argsSchema: Record<string, unknown>;
}
export declare const ASK_TOOL_SPECS: Record<AskToolName, AskToolSpec>;
export declare const ASK_ANSWER_SCHEMA: Record<string, unknown>;
/** One tool call (per offered tool) or the answer. */
export declare function askReplySchema(tools: readonly AskToolName[]): Record<string, unknown>;
export declare function buildAskSystemPrompt(opts: {
    tools: readonly AskToolName[];
    today: string;
    maxToolCalls: number;
}): string;
export type ParsedAskReply = {
    kind: "tool";
    tool: string;
    args: Record<string, unknown>;
} | {
    kind: "answer";
    answer: string;
    citations: Citation[];
} | {
    kind: "invalid";
    reason: string;
};
/** The model's reply → a tool call, an answer, or why it is neither. Never throws. */
export declare function parseAskReply(text: string): ParsedAskReply;
/**
 * The first balanced {...} in the text that parses as a JSON object: tolerates code fences
 * and prose around it.
 */
export declare function extractJsonObject(text: string): Record<string, unknown> | null;
/** Citations in any of the shapes small models produce; malformed ones are dropped. */
export declare function parseCitations(raw: unknown): Citation[];
/** The message that carries a tool's result back to the model. */
export declare function formatToolResult(tool: string, args: Record<string, unknown>, text: string, maxChars: number): string;
/** The early-stop answer after searches that found nothing. */
export declare function notFoundAnswer(queries: string[]): string;
/** Rough token count (about 4 characters per token), for the budget guard. */
export declare function estimateTokens(text: string): number;
