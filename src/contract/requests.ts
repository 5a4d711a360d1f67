/**
 * The request contract: what a front may ask the engine, one zod schema per request, with
 * the names every front shares (`from`, `to`, `limit`, `annotations`...). The MCP tools take
 * their input schemas from here, the daemon's socket methods and the web API parse their
 * parameters with these, and the CLI's flags map onto the same fields, checked by the same
 * rules (rules.ts, which the CLI uses without loading zod). A refused request gets the same
 * sentence from every front.
 *
 * The engine's bounds stay the engine's: the size of a query is checked where every search
 * enters (Engine.search), not here.
 */
import { z } from "zod";
import type { AnnotationKey } from "../indexer/annotations.js";
import {
  ANNOTATION_KEYS,
  askProblem,
  isRealDate,
  isSessionId,
  LOG_ROLES,
  logProblem,
  MAX_DAYS,
  MAX_LIMIT,
  MAX_READ_LINES,
  rangeProblem,
  say,
  SEARCH_MODES,
  SEARCH_SOURCES,
  REQUIRED,
  SESSION_SCOPES,
} from "./rules.js";

// ---- fields ---------------------------------------------------------------------------------

function text(field: string) {
  return z.string({ error: (i) => say.text(field, i.input) });
}

function required(field: keyof typeof REQUIRED) {
  const [what, example] = REQUIRED[field];
  return z.string({ error: (i) => (i.input === undefined ? say.required(field, what, example) : say.text(field, i.input)) }).refine((v) => v.trim() !== "", { error: () => say.required(field, what, example) });
}

function date(field: string) {
  const e = { error: (i: { input?: unknown }) => say.date(field, i.input) };
  // The pattern also reaches the JSON Schema an MCP client reads; the refinement refuses 2026-02-31.
  return z.string(e).regex(/^\d{4}-\d{2}-\d{2}$/, e).refine(isRealDate, e);
}

function whole(field: string, min: number, max?: number) {
  const e = { error: (i: { input?: unknown }) => say.whole(field, min, max, i.input) };
  const n = z.number(e).int(e).min(min, e);
  return max === undefined ? n : n.max(max, e);
}

function fraction(field: string) {
  const e = { error: (i: { input?: unknown }) => say.fraction(field, i.input) };
  return z.number(e).min(0, e).max(1, e);
}

function flag(field: string) {
  return z.boolean({ error: (i) => say.flag(field, i.input) });
}

function choice<const T extends readonly [string, ...string[]]>(field: string, choices: T) {
  return z.enum(choices, { error: (i) => say.choice(field, choices, i.input) });
}

function sessionId(field: string) {
  return text(field).refine(isSessionId, { error: (i) => say.sessionId(field, i.input) });
}

/** `{ "project": "pharmacy", "mode": "deep work" }`: the one shape of annotation filters (the CLI's `--annotation project::pharmacy` maps onto it). */
const annotations = z
  .strictObject(Object.fromEntries(ANNOTATION_KEYS.map((k) => [k, z.string({ error: (i) => say.annotationValue(k, i.input) }).optional()])) as Record<AnnotationKey, z.ZodOptional<z.ZodString>>, {
    error: (i) => (i.code === "unrecognized_keys" ? i.keys.map((k) => say.annotationKey(String(k))).join("; ") : `annotations must be an object like {"project": "pharmacy"}, got ${JSON.stringify(i.input)}`),
  })
  .transform((o) => Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== "")) as Partial<Record<AnnotationKey, string>>);

/** An object that refuses unknown fields, naming the ones it knows. */
function request<S extends z.ZodRawShape>(shape: S) {
  const known = Object.keys(shape);
  return z.strictObject(shape, { error: (i) => (i.code === "unrecognized_keys" ? say.unknown(i.keys, known) : i.input === undefined || i.input === null || typeof i.input !== "object" ? "the request must be an object of named fields" : undefined) });
}

/** A cross-field rule as an issue of the whole request. */
function rule<T>(problem: (v: T) => string | null) {
  return (v: T, ctx: z.RefinementCtx) => {
    const p = problem(v);
    if (p !== null) ctx.addIssue({ code: "custom", message: p, path: [] });
  };
}

const session = choice("session", SESSION_SCOPES).describe("main (private, everything), group or isolated (no private files)");
const project = text("project").describe("only items annotated project:: NAME (matched fuzzily)");

// ---- search ---------------------------------------------------------------------------------

const searchFields = {
  query: required("query").describe('what to look for, in plain words; a "quoted phrase" must appear (words adjacent, in order), -word or -"a phrase" must not appear'),
  limit: whole("limit", 1, MAX_LIMIT).optional().describe(`results (default 10, at most ${MAX_LIMIT})`),
  mode: choice("mode", SEARCH_MODES).optional().describe("hybrid (keywords + meaning), keyword or vector (default: the workspace's search.mode)"),
  source: choice("source", SEARCH_SOURCES).optional().describe("only notes (memory), transcripts (sessions) or the engine's own reports (reflections)"),
  from: date("from").optional().describe("only notes dated on or after this day, YYYY-MM-DD"),
  to: date("to").optional().describe("only notes dated on or before this day, YYYY-MM-DD"),
  asOf: date("asOf").optional().describe("answer with what was current on this day, YYYY-MM-DD: notes written after it, and the replacements they bring, are left out"),
  project: project.optional(),
  annotations: annotations.optional().describe(`only chunks with these annotations (fuzzy), keys ${ANNOTATION_KEYS.join(", ")}; e.g. {"mode": "deep work"}`),
  minScore: fraction("minScore").optional().describe("only results scoring at least this (0..1)"),
  rerank: flag("rerank").optional().describe("let a model (the local LLM, or a cross-encoder per search.rerank.provider) judge the results and drop unrelated ones (default: the workspace's search.rerank.enabled)"),
  explain: flag("explain").optional().describe("add how each score was made"),
  session: session.optional(),
};

/** A search: `agent search`, MCP memory_search, the socket's `search`, the web's /api/search. */
export const SearchRequest = request(searchFields).superRefine(rule(rangeProblem));
export type SearchRequest = z.output<typeof SearchRequest>;

/** A search asked by a front whose privacy scope is fixed (an MCP server): no `session` field. */
export const ScopedSearchRequest = request(omit(searchFields, "session")).superRefine(rule(rangeProblem));

/** `agent health`, MCP memory_health: no fields; private files are read, so only a main session may ask. */
export const HealthRequest = request({});
export type HealthRequest = z.output<typeof HealthRequest>;

// ---- context, boot --------------------------------------------------------------------------

export const ContextRequest = request({
  session: session.optional(),
  query: text("query").optional().describe("a task or question: adds the notes and memories most relevant to it"),
  budget: whole("budget", 1).optional().describe("total characters (default: context.totalChars)"),
  perFile: whole("perFile", 1).optional().describe("characters per file (default: context.perFileChars)"),
});
export type ContextRequest = z.output<typeof ContextRequest>;

const bootFields = {
  query: text("query").optional().describe('what the person is picking up, e.g. "the pharmacy project"'),
  days: whole("days", 1, MAX_DAYS).optional().describe(`days of recent activity, today included (default 7, at most ${MAX_DAYS})`),
  project: project.optional(),
  limit: whole("limit", 1, MAX_LIMIT).optional().describe("items in all (default 10; about 30% go to recent activity)"),
  includeDaily: flag("includeDaily").optional().describe("also return today's note verbatim"),
  session: session.optional(),
};

export const BootRequest = request(bootFields);
export type BootRequest = z.output<typeof BootRequest>;
export const ScopedBootRequest = request(omit(bootFields, "session"));

// ---- ask ------------------------------------------------------------------------------------

const askFields = {
  question: required("question").describe("the question, in plain words"),
  session: sessionId("session").optional().describe("the id of a conversation to continue"),
  fork: flag("fork").optional().describe("with session: continue in a copy under a new id"),
  project: project.optional(),
  maxToolCalls: whole("maxToolCalls", 1).optional().describe("tool calls before the model must answer (default: ask.maxToolCalls)"),
};

export const AskRequest = request(askFields).superRefine(rule(askProblem));
export type AskRequest = z.output<typeof AskRequest>;

// ---- files: read, append, log ---------------------------------------------------------------

const readFields = {
  path: required("path").describe("workspace-relative path, e.g. memory/2026-11-21.md"),
  from: whole("from", 1).optional().describe("first line (default 1)"),
  lines: whole("lines", 1, MAX_READ_LINES).optional().describe(`how many lines (default 200, at most ${MAX_READ_LINES})`),
  session: session.optional(),
};

export const ReadRequest = request(readFields);
export type ReadRequest = z.output<typeof ReadRequest>;
export const ScopedReadRequest = request(omit(readFields, "session"));

/** Appending to today's daily note (MCP memory_append, the socket's appendNote). */
export const AppendRequest = request({
  text: required("text").describe("the note, markdown"),
  title: text("title").optional().describe('short heading after the time (default "note")'),
});
export type AppendRequest = z.output<typeof AppendRequest>;

/** A turn appended to a session transcript (`agent log`). */
export const LogRequest = request({
  session: sessionId("session"),
  role: choice("role", LOG_ROLES).optional(),
  text: text("text").optional(),
  thread: text("thread").optional(),
  compacted: flag("compacted").optional(),
}).superRefine(rule(logProblem));
export type LogRequest = z.output<typeof LogRequest>;

// ---- reviews: SOUL.md and dreaming ----------------------------------------------------------

export const SoulVersionRequest = request({ version: whole("version", 1).optional().describe("a version number from soul://history (default: the file on disk)") });
export const SoulRejectRequest = request({ reason: text("reason").optional().describe("why, in a sentence") });
export const SoulSaveRequest = request({ message: text("message").optional().describe("why, in a sentence") });
/** Accepting the pending SOUL proposal: nothing to say but yes. */
export const SoulAcceptRequest = request({});
/** SOUL.md back to a version (the web page's rollback; the CLI's `agent soul rollback N`). */
export const SoulRollbackRequest = request({ n: whole("n", 1).describe("the version number, from the log") });

// ---- assistants ------------------------------------------------------------------------------

/** The memories for an assistant's prompt (its hook through the socket's `inject`, OpenClaw's plugin). */
export const InjectRequest = request({
  prompt: text("prompt").describe("the person's prompt, as text (never search syntax)"),
  harness: text("harness").regex(/^[a-z][a-z0-9-]{0,39}$/, { error: (i) => say.text("harness", i.input) }).optional().describe("the assistant's name (a label for its transcripts)"),
  session: text("session").optional().describe("the assistant's session id: its own transcript is never injected back into it"),
  limit: whole("limit", 1, 10).optional().describe("memories at most (default 3)"),
  budgetMs: whole("budgetMs", 0).optional().describe("give up after this long, in ms (default 300; 0: no limit)"),
  maxChars: whole("maxChars", 1).optional().describe("characters of the injected text at most (default 1,600)"),
  kind: choice("kind", SESSION_SCOPES).optional().describe("the session's kind: main (default) or group/isolated (no private file is injected)"),
});
export type InjectRequest = z.output<typeof InjectRequest>;

const harnessName = text("harness").regex(/^[a-z][a-z0-9-]{0,39}$/, { error: (i) => say.text("harness", i.input) });

/** A coding session starts (the socket's `sessionStart`): the person's SOUL and the project's few memories, no instructions. */
export const SessionStartRequest = request({
  harness: harnessName.describe("the assistant's name"),
  session: text("session").optional().describe("the assistant's session id"),
  cwd: text("cwd").optional().describe("the folder the session started in (its name is the project)"),
  budgetMs: whole("budgetMs", 0).optional().describe("leave the memories out after this long, in ms"),
});
export type SessionStartRequest = z.output<typeof SessionStartRequest>;

/** One turn as an assistant's reader made it (src/workspace/harness-turns.ts's HarnessTurn); any part amiss refuses the list in one sentence. */
const turnsProblem = { error: (i: { input?: unknown }) => `turns must be a list of {id, role (user, assistant or tool), text, time}, got ${JSON.stringify(i.input)?.slice(0, 200)}` };
const turn = z.object(
  {
    id: z.string(turnsProblem),
    role: z.enum(["user", "assistant", "tool"], turnsProblem),
    text: z.string(turnsProblem),
    time: z.string(turnsProblem),
    speaker: z.enum(["person", "assistant", "tool", "participant", "agent"], turnsProblem).optional(),
    name: z.string(turnsProblem).optional(),
    legacyId: z.string(turnsProblem).optional(),
    byWords: z.boolean(turnsProblem).optional(),
  },
  turnsProblem,
);

/**
 * A turn ended or a compaction comes (the socket's `capture`): the assistant's hook payload as
 * its adapter read it. The turns come from the transcript file (read from the capture cursor)
 * or from the messages the payload carries itself.
 */
export const TurnCaptureRequest = request({
  event: choice("event", ["stop", "session-end", "pre-compact", "post-compact"] as const).describe("the hook event"),
  harness: harnessName.describe("the assistant's name"),
  session: required("session").describe("the assistant's session id"),
  transcriptPath: text("transcriptPath").optional().describe("the assistant's own transcript of the session (an absolute path)"),
  messages: z.array(z.unknown(), { error: (i) => `messages must be a list of the assistant's messages, got ${JSON.stringify(i.input)}` }).optional().describe("the turns the payload carries itself, as the assistant sent them"),
  turns: z.array(turn, turnsProblem).optional().describe("the turns, already read by the assistant's own reader (its plugin)"),
  kind: choice("kind", SESSION_SCOPES).optional().describe("the session's kind (default main)"),
});
export type TurnCaptureRequest = z.output<typeof TurnCaptureRequest>;

const ids = z.union([z.array(whole("ids", 1)).min(1), z.literal("all")], { error: (i) => `ids must be a list of proposal ids or "all", got ${JSON.stringify(i.input)}` }).describe('proposal ids, or "all"');
export const DreamListRequest = request({ status: choice("status", ["pending", "accepted", "rejected", "all"]).optional().describe("default pending") });
export const DreamAcceptRequest = request({ ids, edit: text("edit").optional().describe("the person's wording instead (one id)") });
export const DreamRejectRequest = request({ ids, reason: required("reason").describe("why, in a sentence") });

// ---- for the fronts -------------------------------------------------------------------------

function omit<S extends z.ZodRawShape, K extends keyof S>(shape: S, key: K): Omit<S, K> {
  return Object.fromEntries(Object.entries(shape).filter(([k]) => k !== key)) as Omit<S, K>;
}

/** The sentences of a refused request, joined: what every front shows. */
export function problemOf(error: z.ZodError): string {
  return [...new Set(error.issues.map((i) => i.message))].join("; ");
}

/** Parses a request or throws its problem as `make(message)` (each front's own error class). */
export function parseRequest<T>(schema: z.ZodType<T>, input: unknown, make: (message: string) => Error): T {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw make(problemOf(r.error));
  return r.data;
}
