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
import type { ChatMessage, LLMProvider } from "../../llm/types.js";
import type { ConversationStore, StoredMessage } from "../../store/conversations.js";
import {
  ASK_ANSWER_SCHEMA,
  ASK_TOOL_NAMES,
  askReplySchema,
  buildAskSystemPrompt,
  estimateTokens,
  formatToolResult,
  notFoundAnswer,
  parseAskReply,
  type AskToolName,
  type Citation,
  type ParsedAskReply,
} from "./protocol.js";

export interface AskToolOutcome {
  /** What the model sees. */
  text: string;
  /** Files and lines the result showed (what may be cited). */
  sources: Citation[];
  /** For search: true when nothing relevant was found. */
  empty?: boolean;
}

export interface AskTool {
  name: AskToolName;
  run(args: Record<string, unknown>): Promise<AskToolOutcome>;
}

export interface AskBudget {
  maxToolCalls: number;
  maxTokens: number;
  maxEmptySearches: number;
}

export const DEFAULT_ASK_BUDGET: AskBudget = { maxToolCalls: 8, maxTokens: 24_000, maxEmptySearches: 3 };

export interface RunAskInput {
  question: string;
  provider: LLMProvider;
  tools: AskTool[];
  /** Where conversations persist; without one the run is not recorded. */
  store?: ConversationStore;
  /** Resume this conversation. */
  session?: string;
  /** With `session`: continue in a copy under a new id, leaving the original as it was. */
  fork?: boolean;
  budget?: Partial<AskBudget>;
  now?: () => number;
  /** "YYYY-MM-DD" the model is told is today. */
  today: string;
  /** Tokens per model reply. Default 512. */
  replyTokens?: number;
  temperature?: number;
  /** Characters of one tool result shown to the model. Default 2000. */
  resultChars?: number;
  /** Earlier exchanges replayed on resume. Default 6. */
  historyTurns?: number;
  signal?: AbortSignal;
  /** New conversation ids; default "ask-YYYYMMDD-xxxxxx". */
  newId?: () => string;
}

export type AskStatus = "answered" | "not-found" | "budget";

export interface AskToolCall {
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  empty?: boolean;
  /** First line of the result (or the error). */
  summary: string;
}

export interface AskResult {
  conversationId: string;
  forkedFrom?: string;
  resumed: boolean;
  question: string;
  answer: string;
  citations: Citation[];
  status: AskStatus;
  toolCalls: AskToolCall[];
  /** Search queries, in order. */
  queries: string[];
  /** Tokens spent (reported or estimated). */
  tokens: number;
  modelCalls: number;
  model: string;
  warnings: string[];
}

export async function runAsk(input: RunAskInput): Promise<AskResult> {
  return AskRun.open(input).run();
}

type ToolReply = Extract<ParsedAskReply, { kind: "tool" }>;

/**
 * One `ask` run, as its stages: open the conversation (new, resumed or forked), then turns of
 * ask the model → answer, retry an unreadable reply, or run the tool it called; each limit of
 * the budget guard ends the run with its own answer. Nothing is written until the end (commit).
 */
class AskRun {
  private readonly warnings: string[] = [];
  private readonly toolCalls: AskToolCall[] = [];
  private readonly queries: string[] = [];
  /** What may be cited: files tools showed in this conversation, or that earlier answers cited. */
  private readonly seen = new Map<string, Citation[]>();
  private readonly messages: ChatMessage[];
  private readonly system: string;
  private tokens = 0;
  private modelCalls = 0;
  private model: string;
  private emptyStreak = 0;
  private invalidStreak = 0;

  private constructor(
    private readonly input: RunAskInput,
    private readonly question: string,
    private readonly budget: AskBudget,
    private readonly tools: Map<string, AskTool>,
    private readonly offered: AskToolName[],
    private readonly convo: OpenConversation,
  ) {
    this.model = input.provider.model;
    for (const m of convo.earlier) for (const c of citationsIn(m)) this.see(c);
    this.system = buildAskSystemPrompt({ tools: offered, today: input.today, maxToolCalls: budget.maxToolCalls });
    this.messages = [...replayHistory(convo.earlier, input.historyTurns ?? 6), { role: "user", content: `Question: ${question}` }];
  }

  static open(input: RunAskInput): AskRun {
    const question = input.question.trim();
    if (question === "") throw new Error("the question is empty");
    const budget: AskBudget = { ...DEFAULT_ASK_BUDGET, ...input.budget };
    // Never offer ask to the model, whatever the caller passed: no recursion.
    const tools = new Map(input.tools.filter((t) => (ASK_TOOL_NAMES as readonly string[]).includes(t.name)).map((t) => [t.name as string, t]));
    const offered = ASK_TOOL_NAMES.filter((n) => tools.has(n));
    const convo = openConversation(input, question);
    convo.record({ role: "user", kind: "question", content: question });
    return new AskRun(input, question, budget, tools, offered, convo);
  }

  async run(): Promise<AskResult> {
    // A hard ceiling on model calls whatever the replies: calls + retries + the forced answer.
    const maxCalls = this.budget.maxToolCalls + 4;
    for (;;) {
      if (this.tokens >= this.budget.maxTokens) return this.budgetAnswer(`the token budget (${this.budget.maxTokens}) is used up`);
      if (this.modelCalls >= maxCalls) return this.budgetAnswer(`the model made ${this.modelCalls} calls without a usable answer`);
      const forced = this.toolCalls.length >= this.budget.maxToolCalls;
      const reply = await this.askModel(forced);
      const parsed = parseAskReply(reply);
      if (parsed.kind === "answer") return this.answered(parsed.answer, parsed.citations);
      if (parsed.kind === "invalid") {
        const end = this.unreadable(reply, parsed.reason);
        if (end) return end;
        continue;
      }
      this.invalidStreak = 0;
      if (forced) return this.budgetAnswer(`all ${this.budget.maxToolCalls} tool calls are used`);
      await this.useTool(parsed);
      if (this.emptyStreak >= this.budget.maxEmptySearches) return this.finish("not-found", notFoundAnswer(this.queries), []);
    }
  }

  /** One model turn; past the tool budget only an answer is accepted. Returns the reply's text. */
  private async askModel(forced: boolean): Promise<string> {
    const { input, budget, messages } = this;
    if (forced && messages[messages.length - 1]?.content.startsWith("Result of")) {
      messages.push({ role: "user", content: `You have used all ${budget.maxToolCalls} tool calls. Answer now with what you found: {"answer": …, "citations": […]}` });
    }
    const reply = await input.provider.complete({
      system: this.system,
      // A copy: the loop keeps appending to its own list.
      messages: [...messages],
      jsonSchema: forced || this.offered.length === 0 ? ASK_ANSWER_SCHEMA : askReplySchema(this.offered),
      maxTokens: input.replyTokens ?? 512,
      temperature: input.temperature ?? 0.2,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    this.modelCalls++;
    this.model = reply.model || this.model;
    this.tokens +=
      (reply.promptTokens ?? estimateTokens(this.system + messages.map((m) => m.content).join("\n"))) + (reply.completionTokens ?? estimateTokens(reply.text));
    return reply.text;
  }

  /** An answer: citations kept only for files a tool showed. */
  private answered(answer: string, cited: Citation[]): AskResult {
    const citations: Citation[] = [];
    for (const c of cited) {
      if (this.seen.has(c.path)) citations.push(c);
      else this.warnings.push(`citation ${c.path}:${c.startLine}-${c.endLine} dropped: no tool showed that file`);
    }
    if (answer === "") return this.budgetAnswer("the model gave an empty answer");
    return this.finish("answered", answer, dedupeCitations(citations));
  }

  /** A reply that could not be read: asked once more; the second in a row ends the run. */
  private unreadable(text: string, reason: string): AskResult | null {
    this.invalidStreak++;
    if (this.invalidStreak >= 2) {
      const raw = text.trim();
      if (raw !== "" && !raw.startsWith("{")) {
        this.warnings.push("the model did not answer in JSON; its text is given as the answer, without citations");
        return this.finish("answered", raw, []);
      }
      return this.budgetAnswer("the model's replies could not be read");
    }
    this.messages.push({ role: "assistant", content: text });
    this.messages.push({ role: "user", content: `That reply could not be used (${reason}). Reply with one JSON object only: a tool call or the answer.` });
    return null;
  }

  /** Runs the tool the model called (an unknown one is an error result) and shows it the result. */
  private async useTool(parsed: ToolReply): Promise<void> {
    const call = JSON.stringify({ tool: parsed.tool, args: parsed.args });
    this.messages.push({ role: "assistant", content: call });
    this.convo.record({ role: "assistant", kind: "tool-call", content: call, data: { tool: parsed.tool, args: parsed.args } });
    const { text, entry } = await this.runTool(parsed);
    this.toolCalls.push(entry);
    const shown = formatToolResult(parsed.tool, parsed.args, text, this.input.resultChars ?? 2000);
    this.messages.push({ role: "user", content: shown });
    this.convo.record({ role: "tool", kind: "tool-result", content: shown, data: { tool: parsed.tool, ok: entry.ok, ...(entry.empty !== undefined ? { empty: entry.empty } : {}) } });
  }

  private async runTool(parsed: ToolReply): Promise<{ text: string; entry: AskToolCall }> {
    const tool = this.tools.get(parsed.tool);
    const failed = (text: string) => ({ text, entry: { tool: parsed.tool, args: parsed.args, ok: false, summary: text } });
    if (!tool) return failed(`Error: there is no tool "${parsed.tool}". Available tools: ${this.offered.join(", ")}.`);
    const isSearch = parsed.tool === "search";
    if (isSearch) this.queries.push(typeof parsed.args.query === "string" ? parsed.args.query : JSON.stringify(parsed.args));
    try {
      const out = await tool.run(parsed.args);
      for (const s of out.sources) this.see(s);
      const entry: AskToolCall = { tool: parsed.tool, args: parsed.args, ok: true, summary: firstLine(out.text) };
      if (isSearch) {
        entry.empty = out.empty === true;
        this.emptyStreak = out.empty ? this.emptyStreak + 1 : 0;
      }
      return { text: out.text, entry };
    } catch (e) {
      if (isSearch) this.emptyStreak++;
      return failed(`Error: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private see(c: Citation): void {
    const list = this.seen.get(c.path) ?? [];
    list.push(c);
    this.seen.set(c.path, list);
  }

  private budgetAnswer(why: string): AskResult {
    const found = dedupeCitations([...this.seen.values()].flat()).slice(0, 3);
    const lines = found.map((c) => `- ${c.path}:${c.startLine}-${c.endLine}`);
    const tried = this.queries.length > 0 ? ` Searched for: ${this.queries.map((q) => `"${q}"`).join(", ")}.` : "";
    const answer = `I stopped before finding an answer: ${why}.${tried}${lines.length > 0 ? `\nPlaces that may hold it:\n${lines.join("\n")}` : ""}`;
    return this.finish("budget", answer, found);
  }

  private finish(status: AskStatus, answer: string, citations: Citation[]): AskResult {
    this.convo.record({ role: "assistant", kind: "answer", content: answer, data: { status, citations } });
    this.convo.commit();
    const r: AskResult = {
      conversationId: this.convo.id,
      resumed: this.input.session !== undefined,
      question: this.question,
      answer,
      citations,
      status,
      toolCalls: this.toolCalls,
      queries: this.queries,
      tokens: this.tokens,
      modelCalls: this.modelCalls,
      model: this.model,
      warnings: this.warnings,
    };
    if (this.convo.forkedFrom !== undefined) r.forkedFrom = this.convo.forkedFrom;
    return r;
  }
}

/** The conversation a run continues, and its writes, held back until the run has an answer. */
interface OpenConversation {
  id: string;
  forkedFrom?: string;
  /** Messages of the conversation before this run (resume, fork). */
  earlier: StoredMessage[];
  record(m: Omit<Parameters<ConversationStore["append"]>[1], "createdAt">): void;
  /** Writes everything recorded, in one transaction. */
  commit(): void;
}

/**
 * New, resumed or forked. Nothing is written until the run has an answer: a run that fails
 * (the model is down, a Ctrl-C) leaves no half conversation behind, and a resumed one exactly
 * as it was.
 */
function openConversation(input: RunAskInput, question: string): OpenConversation {
  const now = input.now ?? Date.now;
  const store = input.store;
  const newId = input.newId ?? (() => defaultId(now()));
  if (input.fork && input.session === undefined) throw new Error("--fork needs --session ID: the conversation to fork");
  const pending: ((s: ConversationStore) => void)[] = [];
  let id: string;
  let forkedFrom: string | undefined;
  let earlier: StoredMessage[] = [];
  if (input.session !== undefined) {
    if (!store) throw new Error("resuming a conversation needs the state database");
    if (!store.get(input.session)) throw new Error(`there is no conversation "${input.session}" to resume`);
    const from = input.session;
    earlier = store.messages(from);
    if (input.fork) {
      const to = newId();
      const at = now();
      id = to;
      pending.push((s) => s.fork(from, to, at));
      forkedFrom = from;
    } else id = from;
  } else {
    const created = newId();
    const at = now();
    id = created;
    pending.push((s) => s.create({ id: created, title: oneLine(question, 120), createdAt: at }));
  }
  return {
    id,
    ...(forkedFrom !== undefined ? { forkedFrom } : {}),
    earlier,
    record(m) {
      const at = now();
      pending.push((s) => s.append(id, { ...m, createdAt: at }));
    },
    commit() {
      if (!store) return;
      store.db.transaction(() => {
        for (const write of pending) write(store);
      }).immediate();
    },
  };
}

/** Earlier questions and answers (the last `turns` exchanges), as chat messages. */
export function replayHistory(earlier: StoredMessage[], turns: number): ChatMessage[] {
  const pairs: ChatMessage[][] = [];
  let q: string | null = null;
  for (const m of earlier) {
    if (m.kind === "question") q = m.content;
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

function citationsIn(m: StoredMessage): Citation[] {
  const raw = m.data.citations;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (c): c is Citation =>
      typeof c === "object" && c !== null && typeof (c as Citation).path === "string" && typeof (c as Citation).startLine === "number" && typeof (c as Citation).endLine === "number",
  );
}

function dedupeCitations(cs: Citation[]): Citation[] {
  const keys = new Set<string>();
  return cs.filter((c) => {
    const k = `${c.path}:${c.startLine}-${c.endLine}`;
    if (keys.has(k)) return false;
    keys.add(k);
    return true;
  });
}

function defaultId(ms: number): string {
  const d = new Date(ms).toISOString().slice(0, 10).replace(/-/g, "");
  return `ask-${d}-${randomBytes(3).toString("hex")}`;
}

function firstLine(s: string): string {
  return oneLine(s.split("\n", 1)[0] ?? "", 160);
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
