/**
 * What a socket client may ask the daemon: each method is one engine method, called with the
 * very options the CLI would pass in-process, so the answer is the same object. Parameters
 * are requests of the contract (src/contract/requests.ts), checked here (a bad one is a
 * "bad-request" error with the contract's sentence), never trusted.
 */
import { z } from "zod";
import { askOptions, bootOptions, contextOptions, given, readOptions, searchOptions } from "../contract/options.js";
import { AppendRequest, AskRequest, BootRequest, ContextRequest, InjectRequest, parseRequest, ReadRequest, SearchRequest } from "../contract/requests.js";
import { Engine } from "../engine/engine.js";
import { UsageError } from "../engine/errors.js";
import { PROTOCOL_VERSION, type HelloResult } from "./protocol.js";


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

/** The request contract's parse: a refused request is a "bad-request" with the contract's sentence. */
function parse<T>(schema: z.ZodType<T>, params: unknown): T {
  return parseRequest(schema, params, (m) => new BadRequestError(m));
}

export async function callMethod(ctx: MethodContext, method: string, params: unknown): Promise<unknown> {
  const { engine } = ctx;
  switch (method) {
    case "hello": {
      const r: HelloResult = { protocol: PROTOCOL_VERSION, pid: process.pid, workspace: engine.workspace, session: ctx.session };
      return r;
    }
    case "search": {
      const p = parse(SearchRequest, params);
      return engine.search(p.query, { ...searchOptions(p), signal: ctx.signal, front: "daemon" as const });
    }
    case "context":
      return (await engine.assist()).context(contextOptions(parse(ContextRequest, params)));
    case "boot": {
      const p = parse(BootRequest, params);
      return (await engine.assist()).boot(p.query ?? "", bootOptions(p));
    }
    case "ask": {
      const p = parse(AskRequest, params);
      return (await engine.assist()).ask(p.question, { ...askOptions(p), signal: ctx.signal });
    }
    case "status":
      return engine.indexing.statusReport();
    case "doctor":
      return Engine.doctor(engine.workspace);
    case "readFile": {
      const p = parse(ReadRequest, params);
      return (await engine.assist()).readFile(p.path, readOptions(p));
    }
    case "appendNote": {
      const p = parse(AppendRequest, params);
      return (await engine.assist()).appendNote(p.text, p.title);
    }
    case "inject":
      // The warm engine searches in every mode (its embedder is loaded); the budget still holds.
      return (await engine.assistants()).inject(given(parse(InjectRequest, params)));
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
