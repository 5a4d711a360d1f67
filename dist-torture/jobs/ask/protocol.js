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
export const ASK_TOOL_NAMES = ["search", "get", "boot", "daily"];
export const ASK_TOOL_SPECS = {
    search: {
        name: "search",
        description: "search notes and past conversations by keywords and meaning; returns path:lines, date and a snippet per hit",
        example: { query: "pharmacy fridge supplier" },
        argsSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"], additionalProperties: false },
    },
    get: {
        name: "get",
        description: "read lines of a workspace file, numbered (from = first line, lines = how many)",
        example: { path: "memory/2026-11-02.md", from: 1, lines: 40 },
        argsSchema: {
            type: "object",
            properties: { path: { type: "string" }, from: { type: "integer" }, lines: { type: "integer" } },
            required: ["path", "from", "lines"],
            additionalProperties: false,
        },
    },
    boot: {
        name: "boot",
        description: "what the person was doing lately about a topic: relevant history plus the last days' notes and conversations",
        example: { query: "pharmacy project" },
        argsSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"], additionalProperties: false },
    },
    daily: {
        name: "daily",
        description: 'the daily note of one day ("YYYY-MM-DD", "today" or "yesterday")',
        example: { date: "today" },
        argsSchema: { type: "object", properties: { date: { type: "string" } }, required: ["date"], additionalProperties: false },
    },
};
const CITATION_SCHEMA = {
    type: "object",
    properties: { path: { type: "string" }, startLine: { type: "integer" }, endLine: { type: "integer" } },
    required: ["path", "startLine", "endLine"],
    additionalProperties: false,
};
export const ASK_ANSWER_SCHEMA = {
    type: "object",
    properties: { answer: { type: "string" }, citations: { type: "array", items: CITATION_SCHEMA } },
    required: ["answer", "citations"],
    additionalProperties: false,
};
/** One tool call (per offered tool) or the answer. */
export function askReplySchema(tools) {
    return {
        oneOf: [
            ...tools.map((t) => ({
                type: "object",
                properties: { tool: { const: t }, args: ASK_TOOL_SPECS[t].argsSchema },
                required: ["tool", "args"],
                additionalProperties: false,
            })),
            ASK_ANSWER_SCHEMA,
        ],
    };
}
export function buildAskSystemPrompt(opts) {
    const toolLines = opts.tools.map((t) => `- ${t}: ${ASK_TOOL_SPECS[t].description}. Example: ${JSON.stringify({ tool: t, args: ASK_TOOL_SPECS[t].example })}`);
    return [
        "You answer questions about the person's own past using their memory workspace: daily notes (memory/YYYY-MM-DD.md), MEMORY.md, other notes and past conversations (sessions/*.jsonl).",
        `Today is ${opts.today}.`,
        "",
        "Reply with exactly one JSON object and nothing else. Either call a tool:",
        '{"tool": "<name>", "args": {…}}',
        "or give the final answer:",
        '{"answer": "<answer in plain words>", "citations": [{"path": "<file>", "startLine": <n>, "endLine": <n>}]}',
        "",
        "Tools:",
        ...toolLines,
        "",
        "Rules:",
        "- Look things up before answering; never invent facts, dates or file names.",
        "- Cite the files and lines your answer rests on, exactly as the tool results show them (path:startLine-endLine).",
        `- You have at most ${opts.maxToolCalls} tool calls. If the notes do not say, answer that you could not find it.`,
    ].join("\n");
}
/** The model's reply → a tool call, an answer, or why it is neither. Never throws. */
export function parseAskReply(text) {
    const obj = extractJsonObject(text);
    if (obj === null)
        return { kind: "invalid", reason: "the reply is not a JSON object" };
    const answer = obj.answer ?? obj.final_answer ?? obj.finalAnswer;
    if (typeof answer === "string") {
        return { kind: "answer", answer: answer.trim(), citations: parseCitations(obj.citations ?? obj.sources) };
    }
    const nested = typeof obj.tool_call === "object" && obj.tool_call !== null ? obj.tool_call : obj;
    const tool = nested.tool ?? nested.name ?? nested.function;
    if (typeof tool === "string" && tool.trim() !== "") {
        let args = nested.args ?? nested.arguments ?? nested.parameters ?? nested.input;
        if (typeof args === "string")
            args = extractJsonObject(args) ?? { query: args };
        if (args === undefined) {
            // {"tool":"search","query":"x"}: the args written next to the name.
            const { tool: _t, name: _n, function: _f, ...rest } = nested;
            args = rest;
        }
        if (typeof args !== "object" || args === null || Array.isArray(args))
            return { kind: "invalid", reason: `the "args" of tool "${tool}" are not an object` };
        return { kind: "tool", tool: tool.trim().toLowerCase(), args: args };
    }
    return { kind: "invalid", reason: 'the JSON object has neither "tool" nor "answer"' };
}
/**
 * The first balanced {...} in the text that parses as a JSON object: tolerates code fences
 * and prose around it.
 */
export function extractJsonObject(text) {
    const t = text.trim();
    for (let start = t.indexOf("{"); start >= 0; start = t.indexOf("{", start + 1)) {
        let depth = 0;
        let inString = false;
        let escaped = false;
        for (let i = start; i < t.length; i++) {
            const ch = t[i];
            if (inString) {
                if (escaped)
                    escaped = false;
                else if (ch === "\\")
                    escaped = true;
                else if (ch === '"')
                    inString = false;
                continue;
            }
            if (ch === '"')
                inString = true;
            else if (ch === "{")
                depth++;
            else if (ch === "}") {
                depth--;
                if (depth === 0) {
                    try {
                        const v = JSON.parse(t.slice(start, i + 1));
                        if (typeof v === "object" && v !== null && !Array.isArray(v))
                            return v;
                    }
                    catch {
                        // not JSON: try the next "{"
                    }
                    break;
                }
            }
        }
    }
    return null;
}
/** Citations in any of the shapes small models produce; malformed ones are dropped. */
export function parseCitations(raw) {
    if (!Array.isArray(raw))
        return [];
    const out = [];
    for (const c of raw) {
        if (typeof c === "string") {
            const m = /^\s*(.+?)(?::(\d+)(?:\s*[-–]\s*(\d+))?)?\s*$/.exec(c);
            if (m)
                out.push(citation(m[1], m[2] ? Number(m[2]) : 1, m[3] ? Number(m[3]) : m[2] ? Number(m[2]) : 1));
            continue;
        }
        if (typeof c !== "object" || c === null)
            continue;
        const o = c;
        const p = o.path ?? o.file;
        if (typeof p !== "string" || p.trim() === "")
            continue;
        let start = num(o.startLine ?? o.start ?? o.from ?? o.line);
        let end = num(o.endLine ?? o.end ?? o.to);
        if (typeof o.lines === "string") {
            const m = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(o.lines.trim());
            if (m) {
                start = Number(m[1]);
                end = m[2] ? Number(m[2]) : start;
            }
        }
        out.push(citation(p, start ?? 1, end ?? start ?? 1));
    }
    return out;
}
function citation(p, start, end) {
    const s = Math.max(1, Math.floor(start));
    return { path: p.trim().replace(/^\.\//, ""), startLine: s, endLine: Math.max(s, Math.floor(end)) };
}
function num(v) {
    if (typeof v === "number" && Number.isFinite(v))
        return v;
    if (typeof v === "string" && /^\d+$/.test(v.trim()))
        return Number(v);
    return undefined;
}
/** The message that carries a tool's result back to the model. */
export function formatToolResult(tool, args, text, maxChars) {
    const body = text.length > maxChars ? `${text.slice(0, Math.max(0, maxChars - 40)).replace(/\s+\S*$/, "")}\n[… result cut to ${maxChars} characters]` : text;
    return `Result of ${tool} ${JSON.stringify(args)}:\n${body}`;
}
/** The early-stop answer after searches that found nothing. */
export function notFoundAnswer(queries) {
    const tried = queries.map((q) => `"${q}"`);
    const list = tried.length <= 1 ? tried.join("") : `${tried.slice(0, -1).join(", ")} and ${tried[tried.length - 1]}`;
    return `Not found: I searched your notes and conversations for ${list} and found nothing relevant.`;
}
/** Rough token count (about 4 characters per token), for the budget guard. */
export function estimateTokens(text) {
    return Math.ceil(text.length / 4);
}
//# sourceMappingURL=protocol.js.map