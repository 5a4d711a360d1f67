/**
 * One assistant (Claude Code, Codex, OpenCode, OpenClaw, …) as the engine's fronts see it: each
 * lives in its own folder, src/assistants/<name>/, whose adapter.ts exports one of these, and
 * registry.ts lists them. Everything that differs between assistants is here, behind one shape:
 *
 *   hooks       what its hook process gets on stdin (payload → HookEvent) and prints back
 *   transcript  its own transcript (file text, or the messages its plugin hands over) → turns
 *   sessions    which kind a session is (the person's own, a group chat, an isolated run)
 *   store       where it keeps past conversations, listed for `agent import`
 *   connect     which config files `agent connect` writes (a plan: FileChange[]), what
 *               disconnect takes out, and what --status reads back
 *
 * Nothing outside an assistant's folder compares against its name (test/house checks it): a
 * new assistant is a folder and a line in registry.ts.
 */
import type { HarnessTurn, HookEvent, HookEventName, ImportSource } from "../workspace/harness-turns.js";
import type { SessionKind } from "../workspace/sessions.js";
import type { Connection, ConnectOptions, FileChange, Scope } from "./connect.js";

export type { Connection, ConnectOptions, FileChange, Scope } from "./connect.js";

/** Whose a session is: the person's own (main), a chat with others in it (group), or a run of its own (isolated). */
export type { SessionKind } from "../workspace/sessions.js";

/** A hook event as the hook process reads it; `messages` when the payload carries the conversation itself. */
export type HookPayload = HookEvent & { messages?: unknown };

/** A plugin folder the person names (`--plugin DIR`) instead of the assistant's own settings. */
export interface PluginFolder {
  plan(o: ConnectOptions, dir: string): Promise<FileChange[]>;
  planRemoval(dir: string): Promise<FileChange[]>;
  /** After disconnect: what removing the files left empty. */
  tidy(dir: string): Promise<void>;
  /** One line after connect: how to use the folder. */
  usage(dir: string): string;
}

export interface AssistantConnect {
  /** The scopes it reads a config for (the first is the default). */
  scopes: readonly Scope[];
  /** Its own config-file option (`--openclaw-config <file>`), when its config is one file the person may name. */
  configOption?: { flags: string; description: string };
  plan(o: ConnectOptions): Promise<FileChange[]>;
  planRemoval(o: ConnectOptions): Promise<FileChange[]>;
  /** Where it is connected, from its config files (every scope). */
  status(cwd: string, env: NodeJS.ProcessEnv, configFile?: string): Promise<Connection[]>;
  /** What the person must still do after connect (trust the hooks, restart a gateway), one line. */
  afterConnect?: string;
  plugin?: PluginFolder;
  /** It posts its hooks and MCP calls to a URL itself: `agent connect --via daemon` points them at the running daemon. */
  viaDaemon?: true;
}

export interface AssistantAdapter {
  /** The name on the command line, in hook commands and in `sessions/<name>-<session>.jsonl`. */
  readonly name: string;
  /** How the person calls it ("Claude Code"). */
  readonly label: string;
  /** Its hook payload on stdin → the event; null when it is not one (no session id). */
  readHookPayload(text: string, event: HookEventName): HookPayload | null;
  /** What the hook prints for it: the context in the form it reads back ("" prints nothing). */
  hookOutput(event: HookEventName, context: string): string;
  /** Its transcript text (a file, or the JSON of the messages its plugin sends) → turns. */
  readTranscript(text: string): HarnessTurn[];
  /**
   * Its transcript file's lines → turns, streamed (a capture reads only what was appended:
   * `firstLine` numbers the first line given, so ids built from line numbers stay the same).
   */
  readTranscriptLines(lines: Iterable<string>, firstLine: number): HarnessTurn[];
  /** Whose the session is (its session key or payload says). */
  sessionKind(session: string): SessionKind;
  /** Its own store of past conversations (a folder or a database), from the environment. */
  defaultStore(env: NodeJS.ProcessEnv): string;
  /** The sessions of a store, each read on demand (read-only: nothing is written beside it). */
  importSource(location: string): Promise<ImportSource>;
  connect: AssistantConnect;
}

/**
 * The JSON payload our own plugins send (OpenCode's, and OpenClaw's shape): `{session, prompt?,
 * messages?, parent?}`. A session with a `parent` was started by another session (OpenCode's
 * task tool runs a sub-agent in a child session): nobody's own conversation, so isolated; its
 * "user" turns are the parent agent's instructions, never the person's words.
 */
export function readPluginPayload(harness: string, event: HookEventName, text: string): HookPayload | null {
  try {
    const o = JSON.parse(text) as { session?: unknown; prompt?: unknown; messages?: unknown; parent?: unknown };
    if (typeof o.session !== "string" || o.session === "") return null;
    const child = typeof o.parent === "string" && o.parent !== "";
    return { harness, event, session: o.session, ...(typeof o.prompt === "string" ? { prompt: o.prompt } : {}), ...(o.messages !== undefined ? { messages: o.messages } : {}), ...(child ? { kind: "isolated" as const } : {}) };
  } catch {
    return null;
  }
}

/** The messages a plugin hands over (a JSON array), or nothing. */
export function parseJsonArray(text: string): unknown[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}
