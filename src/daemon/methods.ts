/**
 * What a socket client may ask the daemon: each method is one engine method, called with the
 * very options the CLI would pass in-process, so the answer is the same object. Parameters
 * are checked here (a bad one is a "bad-request" error), never trusted.
 */
import { z } from "zod";
import { Engine } from "../engine/engine.js";
import { UsageError } from "../engine/errors.js";
import { SEARCH_SOURCES } from "../search/filters.js";
import { PROTOCOL_VERSION, type HelloResult } from "./protocol.js";

const Session = z.enum(["main", "group", "isolated"]);
const Str = z.string();
const PosInt = z.number().int().positive();

const SearchParams = z.object({
  query: Str,
  options: z
    .object({
      limit: PosInt.optional(),
      explain: z.boolean().optional(),
      mode: z.enum(["hybrid", "keyword", "vector"]).optional(),
      minScore: z.number().min(0).max(1).optional(),
      rerank: z.boolean().optional(),
      session: Session.optional(),
      filters: z
        .object({
          source: z.enum(SEARCH_SOURCES).optional(),
          dateFrom: Str.optional(),
          dateTo: Str.optional(),
          project: Str.optional(),
          annotations: z.record(Str, Str).optional(),
        })
        .strict()
        .optional(),
    })
    .strict()
    .default({}),
});

const ContextParams = z
  .object({ session: Session.optional(), query: Str.optional(), budget: PosInt.optional(), perFile: PosInt.optional() })
  .strict();

const BootParams = z.object({
  query: Str,
  options: z
    .object({
      session: Session.optional(),
      days: PosInt.optional(),
      project: Str.optional(),
      limit: PosInt.optional(),
      includeDaily: z.boolean().optional(),
    })
    .strict()
    .default({}),
});

const AskParams = z.object({
  question: Str.min(1),
  options: z
    .object({ session: Str.optional(), fork: z.boolean().optional(), project: Str.optional(), maxToolCalls: PosInt.optional() })
    .strict()
    .default({}),
});

const ReadParams = z.object({ path: Str.min(1), from: PosInt.optional(), lines: PosInt.optional(), session: Session.optional() }).strict();
const InjectParams = z
  .object({
    prompt: Str,
    harness: z.enum(["claude-code", "codex", "opencode"]).optional(),
    session: Str.optional(),
    limit: PosInt.optional(),
    budgetMs: z.number().int().min(0).optional(),
    maxChars: PosInt.optional(),
  })
  .strict();
const AppendParams = z.object({ text: Str.min(1), title: Str.optional() }).strict();

export class BadRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BadRequestError";
  }
}

export class UnknownMethodError extends Error {
  constructor(method: string) {
    super(`this daemon has no method "${method}"`);
    this.name = "UnknownMethodError";
  }
}

/** The daemon cannot answer now (its config is out of date, it is stopping): the client works in-process. */
export class DaemonUnavailableError extends Error {
  constructor(
    readonly wireCode: "config-changed" | "stopping",
    message: string,
  ) {
    super(message);
    this.name = "DaemonUnavailableError";
  }
}

export interface MethodContext {
  engine: Engine;
  /** Aborted when the client goes away or the daemon stops. */
  signal: AbortSignal;
  /** The scope MCP clients get when they do not name one. */
  session: string;
}

/** `engine.ask` as the daemon calls it (the same call `agent ask` makes in-process). */
interface AskingEngine {
  ask?: (question: string, opts: Record<string, unknown> & { signal: AbortSignal }) => Promise<unknown>;
}

function parse<T>(schema: z.ZodType<T>, params: unknown, method: string): T {
  const r = schema.safeParse(params ?? {});
  if (!r.success) throw new BadRequestError(`${method}: ${r.error.issues.map((i) => `${i.path.join(".") || "params"}: ${i.message}`).join("; ")}`);
  return r.data;
}

/** Strips keys whose value is undefined, so the engine sees exactly the options the client set. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export async function callMethod(ctx: MethodContext, method: string, params: unknown): Promise<unknown> {
  const { engine } = ctx;
  switch (method) {
    case "hello": {
      const r: HelloResult = { protocol: PROTOCOL_VERSION, pid: process.pid, workspace: engine.workspace, session: ctx.session };
      return r;
    }
    case "search": {
      const p = parse(SearchParams, params, method);
      const { filters, ...rest } = p.options;
      return engine.search(p.query, defined({ ...rest, ...(filters ? { filters: defined(filters) } : {}), signal: ctx.signal, front: "daemon" as const }));
    }
    case "context":
      return engine.context(defined(parse(ContextParams, params, method)));
    case "boot": {
      const p = parse(BootParams, params, method);
      return engine.boot(p.query, defined(p.options));
    }
    case "ask": {
      const p = parse(AskParams, params, method);
      // Whether this build's engine answers questions yet; a client falls back when it does not.
      const ask = (engine as unknown as AskingEngine).ask;
      if (typeof ask !== "function") throw new UnknownMethodError(method);
      return ask.call(engine, p.question, { ...defined(p.options), signal: ctx.signal });
    }
    case "status":
      return engine.statusReport();
    case "doctor":
      return Engine.doctor(engine.workspace);
    case "readFile": {
      const p = parse(ReadParams, params, method);
      return engine.readFile(p.path, defined({ from: p.from, lines: p.lines, session: p.session }));
    }
    case "appendNote": {
      const p = parse(AppendParams, params, method);
      return engine.appendNote(p.text, p.title);
    }
    case "inject":
      // The warm engine searches in every mode (its embedder is loaded); the budget still holds.
      return (await engine.assistants()).inject(defined(parse(InjectParams, params, method)));
    default:
      throw new UnknownMethodError(method);
  }
}

/** The wire code of an error a method raised (the engine's own codes for its errors). */
export function daemonErrorCode(e: unknown): string | undefined {
  if (e instanceof BadRequestError) return "bad-request";
  if (e instanceof DaemonUnavailableError) return e.wireCode;
  if (e instanceof UnknownMethodError) return "unknown-method";
  if (e instanceof UsageError) return "usage";
  return undefined;
}
