/**
 * `agent ask`, the loop: the local model answers a question about the person's past by
 * calling the engine's tools (search, get, boot, daily) until it answers with citations.
 *
 * Budget guard, enforced here and not left to the model:
 *   - at most `maxToolCalls` tool calls; then one last turn where only an answer is accepted
 *     (constrained to ASK_ANSWER_SCHEMA), else a "budget" answer listing what was found;
 *   - at most `maxTokens` tokens over all model calls (the provider's counts when it reports
 *     them, else an estimate); past it no further call is made;
 *   - `maxEmptySearches` searches in a row that find nothing relevant stop the run early
 *     with a "not found" answer naming the queries tried (no further model call);
 *   - a tool the loop does not offer (in particular `ask`: no recursion) is answered with an
 *     error result and counts as a call.
 * Citations are kept only for files a tool showed in this conversation; others are dropped
 * with a warning, so an answer never cites a file the model made up.
 *
 * Conversations persist through a ConversationStore: resume by id (earlier questions and
 * answers are replayed, not the tool chatter), fork copies the history into a new id.
 */
import { randomBytes } from "node:crypto";
import { ASK_ANSWER_SCHEMA, ASK_TOOL_NAMES, askReplySchema, buildAskSystemPrompt, estimateTokens, formatToolResult, notFoundAnswer, parseAskReply, } from "./protocol.js";
export const DEFAULT_ASK_BUDGET = { maxToolCalls: 8, maxTokens: 24_000, maxEmptySearches: 3 };
export async function runAsk(input) {
    const question = input.question.trim();
    if (question === "")
        throw new Error("the question is empty");
    const now = input.now ?? Date.now;
    const budget = { ...DEFAULT_ASK_BUDGET, ...input.budget };
    // Never offer ask to the model, whatever the caller passed: no recursion.
    const tools = new Map(input.tools.filter((t) => ASK_TOOL_NAMES.includes(t.name)).map((t) => [t.name, t]));
    const offered = ASK_TOOL_NAMES.filter((n) => tools.has(n));
    const warnings = [];
    // The conversation: new, resumed or forked.
    const store = input.store;
    let conversationId;
    let forkedFrom;
    let earlier = [];
    const newId = input.newId ?? (() => defaultId(now()));
    if (input.fork && input.session === undefined)
        throw new Error("--fork needs --session ID: the conversation to fork");
    // Nothing is written until the run has an answer: a run that fails (the model is down, a
    // Ctrl-C) leaves no half conversation behind, and a resumed one exactly as it was.
    const pending = [];
    if (input.session !== undefined) {
        if (!store)
            throw new Error("resuming a conversation needs the state database");
        if (!store.get(input.session))
            throw new Error(`there is no conversation "${input.session}" to resume`);
        const from = input.session;
        earlier = store.messages(from);
        if (input.fork) {
            const id = newId();
            const at = now();
            conversationId = id;
            pending.push((s) => s.fork(from, id, at));
            forkedFrom = from;
        }
        else
            conversationId = from;
    }
    else {
        const id = newId();
        const at = now();
        conversationId = id;
        pending.push((s) => s.create({ id, title: oneLine(question, 120), createdAt: at }));
    }
    const record = (m) => {
        const at = now();
        pending.push((s) => s.append(conversationId, { ...m, createdAt: at }));
    };
    const commit = () => {
        if (!store)
            return;
        store.db.transaction(() => {
            for (const write of pending)
                write(store);
        }).immediate();
    };
    record({ role: "user", kind: "question", content: question });
    // What may be cited: files tools showed in this conversation, or that earlier answers cited.
    const seen = new Map();
    const see = (c) => {
        const list = seen.get(c.path) ?? [];
        list.push(c);
        seen.set(c.path, list);
    };
    for (const m of earlier)
        for (const c of citationsIn(m))
            see(c);
    const system = buildAskSystemPrompt({ tools: offered, today: input.today, maxToolCalls: budget.maxToolCalls });
    const messages = [...replayHistory(earlier, input.historyTurns ?? 6), { role: "user", content: `Question: ${question}` }];
    const toolCalls = [];
    const queries = [];
    let tokens = 0;
    let modelCalls = 0;
    let model = input.provider.model;
    let emptyStreak = 0;
    let invalidStreak = 0;
    const finish = (status, answer, citations) => {
        record({ role: "assistant", kind: "answer", content: answer, data: { status, citations } });
        commit();
        const r = {
            conversationId,
            resumed: input.session !== undefined,
            question,
            answer,
            citations,
            status,
            toolCalls,
            queries,
            tokens,
            modelCalls,
            model,
            warnings,
        };
        if (forkedFrom !== undefined)
            r.forkedFrom = forkedFrom;
        return r;
    };
    const budgetAnswer = (why) => {
        const found = dedupeCitations([...seen.values()].flat()).slice(0, 3);
        const lines = found.map((c) => `- ${c.path}:${c.startLine}-${c.endLine}`);
        const tried = queries.length > 0 ? ` Searched for: ${queries.map((q) => `"${q}"`).join(", ")}.` : "";
        const answer = `I stopped before finding an answer: ${why}.${tried}${lines.length > 0 ? `\nPlaces that may hold it:\n${lines.join("\n")}` : ""}`;
        return finish("budget", answer, found);
    };
    // A hard ceiling on model calls whatever the replies: calls + retries + the forced answer.
    const maxCalls = budget.maxToolCalls + 4;
    for (;;) {
        if (tokens >= budget.maxTokens)
            return budgetAnswer(`the token budget (${budget.maxTokens}) is used up`);
        if (modelCalls >= maxCalls)
            return budgetAnswer(`the model made ${modelCalls} calls without a usable answer`);
        const forced = toolCalls.length >= budget.maxToolCalls;
        if (forced && messages[messages.length - 1]?.content.startsWith("Result of")) {
            messages.push({ role: "user", content: `You have used all ${budget.maxToolCalls} tool calls. Answer now with what you found: {"answer": …, "citations": […]}` });
        }
        const reply = await input.provider.complete({
            system,
            // A copy: the loop keeps appending to its own list.
            messages: [...messages],
            jsonSchema: forced || offered.length === 0 ? ASK_ANSWER_SCHEMA : askReplySchema(offered),
            maxTokens: input.replyTokens ?? 512,
            temperature: input.temperature ?? 0.2,
            ...(input.signal ? { signal: input.signal } : {}),
        });
        modelCalls++;
        model = reply.model || model;
        tokens +=
            (reply.promptTokens ?? estimateTokens(system + messages.map((m) => m.content).join("\n"))) + (reply.completionTokens ?? estimateTokens(reply.text));
        const parsed = parseAskReply(reply.text);
        if (parsed.kind === "answer") {
            const citations = [];
            for (const c of parsed.citations) {
                if (seen.has(c.path))
                    citations.push(c);
                else
                    warnings.push(`citation ${c.path}:${c.startLine}-${c.endLine} dropped: no tool showed that file`);
            }
            if (parsed.answer === "")
                return budgetAnswer("the model gave an empty answer");
            return finish("answered", parsed.answer, dedupeCitations(citations));
        }
        if (parsed.kind === "invalid") {
            invalidStreak++;
            if (invalidStreak >= 2) {
                const raw = reply.text.trim();
                if (raw !== "" && !raw.startsWith("{")) {
                    warnings.push("the model did not answer in JSON; its text is given as the answer, without citations");
                    return finish("answered", raw, []);
                }
                return budgetAnswer("the model's replies could not be read");
            }
            messages.push({ role: "assistant", content: reply.text });
            messages.push({ role: "user", content: `That reply could not be used (${parsed.reason}). Reply with one JSON object only: a tool call or the answer.` });
            continue;
        }
        invalidStreak = 0;
        if (forced)
            return budgetAnswer(`all ${budget.maxToolCalls} tool calls are used`);
        const call = JSON.stringify({ tool: parsed.tool, args: parsed.args });
        messages.push({ role: "assistant", content: call });
        record({ role: "assistant", kind: "tool-call", content: call, data: { tool: parsed.tool, args: parsed.args } });
        const tool = tools.get(parsed.tool);
        let text;
        let entry;
        if (!tool) {
            text = `Error: there is no tool "${parsed.tool}". Available tools: ${offered.join(", ")}.`;
            entry = { tool: parsed.tool, args: parsed.args, ok: false, summary: text };
        }
        else {
            try {
                const out = await tool.run(parsed.args);
                text = out.text;
                for (const s of out.sources)
                    see(s);
                entry = { tool: parsed.tool, args: parsed.args, ok: true, summary: firstLine(out.text) };
                if (parsed.tool === "search") {
                    queries.push(typeof parsed.args.query === "string" ? parsed.args.query : JSON.stringify(parsed.args));
                    entry.empty = out.empty === true;
                    emptyStreak = out.empty ? emptyStreak + 1 : 0;
                }
            }
            catch (e) {
                text = `Error: ${e instanceof Error ? e.message : String(e)}`;
                entry = { tool: parsed.tool, args: parsed.args, ok: false, summary: text };
                if (parsed.tool === "search") {
                    queries.push(typeof parsed.args.query === "string" ? parsed.args.query : JSON.stringify(parsed.args));
                    emptyStreak++;
                }
            }
        }
        toolCalls.push(entry);
        const shown = formatToolResult(parsed.tool, parsed.args, text, input.resultChars ?? 2000);
        messages.push({ role: "user", content: shown });
        record({ role: "tool", kind: "tool-result", content: shown, data: { tool: parsed.tool, ok: entry.ok, ...(entry.empty !== undefined ? { empty: entry.empty } : {}) } });
        if (emptyStreak >= budget.maxEmptySearches)
            return finish("not-found", notFoundAnswer(queries), []);
    }
}
/** Earlier questions and answers (the last `turns` exchanges), as chat messages. */
export function replayHistory(earlier, turns) {
    const pairs = [];
    let q = null;
    for (const m of earlier) {
        if (m.kind === "question")
            q = m.content;
        else if (m.kind === "answer" && q !== null) {
            const citations = citationsIn(m);
            pairs.push([
                { role: "user", content: `Question: ${q}` },
                { role: "assistant", content: JSON.stringify({ answer: m.content, citations }) },
            ]);
            q = null;
        }
    }
    return pairs.slice(-Math.max(0, turns)).flat();
}
function citationsIn(m) {
    const raw = m.data.citations;
    if (!Array.isArray(raw))
        return [];
    return raw.filter((c) => typeof c === "object" && c !== null && typeof c.path === "string" && typeof c.startLine === "number" && typeof c.endLine === "number");
}
function dedupeCitations(cs) {
    const keys = new Set();
    return cs.filter((c) => {
        const k = `${c.path}:${c.startLine}-${c.endLine}`;
        if (keys.has(k))
            return false;
        keys.add(k);
        return true;
    });
}
function defaultId(ms) {
    const d = new Date(ms).toISOString().slice(0, 10).replace(/-/g, "");
    return `ask-${d}-${randomBytes(3).toString("hex")}`;
}
function firstLine(s) {
    return oneLine(s.split("\n", 1)[0] ?? "", 160);
}
function oneLine(s, max) {
    const t = s.replace(/\s+/g, " ").trim();
    return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
//# sourceMappingURL=loop.js.map