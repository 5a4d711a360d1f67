/**
 * What a socket client may ask the daemon: each method is one engine method, called with the
 * very options the CLI would pass in-process, so the answer is the same object. Parameters
 * are requests of the contract (src/contract/requests.ts), checked here (a bad one is a
 * "bad-request" error with the contract's sentence), never trusted.
 */
import { z } from "zod";
import { askOptions, bootOptions, contextOptions, given, readOptions, searchOptions } from "../contract/options.js";
import { AppendRequest, AskRequest, BootRequest, ContextRequest, InjectRequest, parseRequest, ReadRequest, SearchRequest, SessionStartRequest, TurnCaptureRequest } from "../contract/requests.js";
import type { TranscriptLinesReader } from "../engine/capture.js";
import { Engine } from "../engine/engine.js";
import { UsageError } from "../engine/errors.js";
import type { HarnessTurn, HookEvent, HookEventName } from "../workspace/harness-turns.js";
import { noteHookActivity, type HookActivityKind } from "../workspace/hook-activity.js";
import { appendHookLog } from "../workspace/hook-log.js";
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

/**
 * The assistants' transcript readers, handed in by whoever starts the daemon (the CLI, from
 * src/assistants/registry.ts): the assistants' rooms sit beside the daemon, not below it. An
 * unknown assistant's name throws.
 */
export interface AssistantReaders {
  /** The turns a hook payload's own messages hold. */
  messages(harness: string, messages: unknown[]): HarnessTurn[];
  /** The reader of the assistant's transcript file's lines. */
  lines(harness: string): TranscriptLinesReader;
  /** Whether the name is an assistant's. */
  known(harness: string): boolean;
  /** A hook payload as the assistant's adapter reads it (HTTP hooks), or null when it is not this assistant's. */
  payload(harness: string, text: string, event: HookEventName): HookEvent | null;
  /** What the assistant expects back from a hook for the event's context ("" when none). */
  output(harness: string, event: HookEventName, context: string): string;
}

export interface MethodContext {
  engine: Engine;
  /** Without them the daemon has no `capture` (the hook captures in its own process). */
  readers?: AssistantReaders;
  /** Aborted when the client goes away or the daemon stops. */
  signal: AbortSignal;
  /** The scope MCP clients get when they do not name one. */
  session: string;
  /** The daemon's HTTP origin, when it serves HTTP. */
  http?: string;
}

/** The request contract's parse: a refused request is a "bad-request" with the contract's sentence. */
function parse<T>(schema: z.ZodType<T>, params: unknown): T {
  return parseRequest(schema, params, (m) => new BadRequestError(m));
}

export async function callMethod(ctx: MethodContext, method: string, params: unknown): Promise<unknown> {
  const { engine } = ctx;
  switch (method) {
    case "hello": {
      const r: HelloResult = { protocol: PROTOCOL_VERSION, pid: process.pid, workspace: engine.workspace, session: ctx.session, ...(ctx.http !== undefined ? { http: ctx.http } : {}) };
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
    case "inject": {
      const p = given(parse(InjectRequest, params));
      // The warm engine searches in every mode (its embedder is loaded); the budget still holds.
      const r = await (await engine.assistants()).inject(p);
      if (r.text !== "" && p.harness !== undefined) noteLater(engine.workspace, p.harness, "inject");
      return r;
    }
    case "sessionStart": {
      const p = given(parse(SessionStartRequest, params));
      const r = await (await engine.assistants()).sessionStart(p);
      if (r.text !== "") noteLater(engine.workspace, p.harness, "inject");
      return r;
    }
    case "capture": {
      const p = parse(TurnCaptureRequest, params);
      const r = await capture(ctx, p);
      if (r.skipped !== undefined) later(() => appendHookLog(engine.workspace, `agent hook ${p.harness} ${p.event}: ${r.skipped}`));
      else noteLater(engine.workspace, p.harness, "capture");
      return r;
    }
    default:
      throw new UnknownMethodError(method);
  }
}

/**
 * What an assistant's hook did through the daemon, kept for `agent connect --status` (the last
 * injection and capture, hooks.log's misses): written here, once the answer is on its way, so
 * the hook process ends as soon as it has printed instead of writing the note itself.
 */
function noteLater(workspace: string, harness: string, kind: HookActivityKind): void {
  later(() => noteHookActivity(workspace, harness, kind));
}

/** After the answer: the caller's reply is written in the microtasks before setImmediate's turn. Never throws. */
function later(fn: () => void): void {
  setImmediate(() => {
    try {
      fn();
    } catch {
      // A note lost: --status shows less; the answer went out.
    }
  });
}

/**
 * A hook's capture, in the daemon's warm engine: the same call the hook's worker makes cold. The
 * answer comes once the turns are written; the watcher brings the index up to date after them.
 */
async function capture(ctx: MethodContext, p: TurnCaptureRequest): Promise<{ skipped?: string; appended: number }> {
  const { readers } = ctx;
  // Only turns already read can be captured without the assistants' readers.
  if (readers === undefined && p.turns === undefined) throw new UnknownMethodError("capture");
  testDeath("die-before");
  const turns = p.turns !== undefined ? p.turns.map((t) => given(t)) : p.messages !== undefined ? readers!.messages(p.harness, p.messages) : undefined;
  const file = turns === undefined && p.transcriptPath !== undefined ? { transcriptPath: p.transcriptPath, reader: readers!.lines(p.harness) } : {};
  const req = { event: p.event, harness: p.harness, session: p.session, ...(p.kind ? { kind: p.kind } : {}), ...(turns !== undefined ? { turns } : {}), ...file };
  const r = await (await ctx.engine.assistants()).captureHook(req, { signal: ctx.signal });
  testDeath("die-after");
  return r;
}

/**
 * TEST ONLY: AGENT_TEST_DAEMON_CAPTURE=die-before|die-after kills this daemon (SIGKILL, as a
 * crash or the OOM killer would) in the middle of a capture, before or after its turns are
 * written: how a test shows that the hook's own worker then writes each turn exactly once.
 */
function testDeath(at: "die-before" | "die-after"): void {
  if (process.env.AGENT_TEST_DAEMON_CAPTURE === at) process.kill(process.pid, "SIGKILL");
}

/** The wire code of an error a method raised (the engine's own codes for its errors). */
export function daemonErrorCode(e: unknown): string | undefined {
  if (e instanceof BadRequestError) return "bad-request";
  if (e instanceof DaemonUnavailableError) return e.wireCode;
  if (e instanceof UnknownMethodError) return "unknown-method";
  if (e instanceof UsageError) return "usage";
  return undefined;
}
