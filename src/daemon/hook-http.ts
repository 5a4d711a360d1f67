/**
 * An assistant's hooks over HTTP: `POST /hook/<harness>/<event>` on the daemon's HTTP port,
 * for an assistant that can send its hook payload itself (Claude Code's `"type": "http"` hooks),
 * so no process of ours starts on the turn's path. The payload is the same JSON the assistant
 * writes to a command hook's stdin; the answer is what the command hook would print (Claude
 * Code's `hookSpecificOutput.additionalContext` for session-start and prompt, `{}` otherwise).
 *
 * One door: the payload is read by the assistant's own adapter and answered by the very socket
 * methods the command hook asks (`sessionStart`, `inject`, `capture`, methods.ts), so both forms
 * inject and capture alike. The HTTP server checks the Host, the Origin and the bearer token
 * before this is called (http.ts).
 *
 * Never the turn's failure: a payload this adapter does not read, a refused transcript or an
 * engine error is answered `{}` with status 200 (the turn goes on without memories) and said in
 * `.agent/hooks.log`, where `agent connect --status` shows it.
 */
import { PROMPT_BUDGET_MS, START_BUDGET_MS } from "../contract/hook-budgets.js";
import type { HookEvent, HookEventName } from "../workspace/harness-turns.js";
import { HOOK_EVENTS } from "../workspace/harness-turns.js";
import { appendHookLog } from "../workspace/hook-log.js";
import { checkRegularOutside } from "../workspace/outside-read.js";
import { callMethod, type AssistantReaders, type MethodContext } from "./methods.js";

/** The path prefix of the hook routes. */
export const HOOK_HTTP_PATH = "/hook/";


const INJECT_EVENTS: readonly HookEventName[] = ["session-start", "prompt"];

export interface HookHttpAnswer {
  status: number;
  body: string;
}

/** `/hook/claude-code/prompt` → its harness and event, or null when the path is not a hook's. */
export function hookRoute(pathname: string): { harness: string; event: HookEventName } | null {
  const m = /^\/hook\/([a-z][a-z0-9-]{0,39})\/([a-z-]+)$/.exec(pathname);
  if (!m || !(HOOK_EVENTS as readonly string[]).includes(m[2]!)) return null;
  return { harness: m[1]!, event: m[2] as HookEventName };
}

/** The budget a hook URL names (`?budget_ms=300`), else the event's default; undefined for capture events. */
export function hookBudget(event: HookEventName, search: URLSearchParams): number | undefined {
  if (!INJECT_EVENTS.includes(event)) return undefined;
  const given = search.get("budget_ms");
  const n = given === null ? NaN : Number(given);
  if (Number.isInteger(n) && n > 0) return n;
  return event === "prompt" ? PROMPT_BUDGET_MS : START_BUDGET_MS;
}

/**
 * Answers one hook request. `body` is the payload's text. Status 404 only for a path that names
 * no assistant or event (a mistyped URL must show); everything else is 200 and never blocks.
 */
export async function answerHook(ctx: MethodContext, readers: AssistantReaders, firsts: FirstPrompts, route: { harness: string; event: HookEventName }, body: string, budgetMs: number | undefined): Promise<HookHttpAnswer> {
  const { harness, event } = route;
  if (!readers.known(harness)) return { status: 404, body: JSON.stringify({ error: `no assistant "${harness}"` }) };
  const say = (why: string) => appendHookLog(ctx.engine.workspace, `http hook ${harness} ${event}: ${why}`);
  const empty: HookHttpAnswer = { status: 200, body: "{}" };
  try {
    const ev = readers.payload(harness, body, event);
    if (ev === null) {
      say("the hook payload is not what this assistant sends (no session id); nothing done");
      return empty;
    }
    if (budgetMs === undefined) {
      await captureEvent(ctx, ev);
      return empty;
    }
    const text = await injectText(ctx, firsts, ev, budgetMs);
    if (text === "") return empty;
    const out = readers.output(harness, event, text).trim();
    return out === "" ? empty : { status: 200, body: out };
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
    return empty;
  }
}

/**
 * Sessions whose start context went out with a prompt already (newest last, bounded): Claude
 * Code sends no HTTP hook for SessionStart ("HTTP hooks are not supported for SessionStart"),
 * so a session's first prompt brings it along instead. The daemon's host owns one, so it lives
 * and ends with the daemon: a daemon restarted mid-session gives the start context once more
 * (the same text again, never a lost one).
 */
export class FirstPrompts {
  private readonly seen = new Set<string>();
  constructor(private readonly kept = 2_000) {}

  /** True the first time a session is seen (and remembers it). */
  first(harness: string, session: string): boolean {
    const key = `${harness}\u0000${session}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > this.kept) this.seen.delete(this.seen.values().next().value!);
    return true;
  }
}

async function sessionStartText(ctx: MethodContext, ev: HookEvent, budgetMs: number): Promise<string> {
  const r = (await callMethod(ctx, "sessionStart", { harness: ev.harness, session: ev.session, budgetMs, ...(ev.cwd ? { cwd: ev.cwd } : {}) })) as { text: string };
  return r.text;
}

async function injectText(ctx: MethodContext, firsts: FirstPrompts, ev: HookEvent, budgetMs: number): Promise<string> {
  if (ev.event === "session-start") {
    firsts.first(ev.harness, ev.session);
    return sessionStartText(ctx, ev, budgetMs);
  }
  const start = firsts.first(ev.harness, ev.session) ? sessionStartText(ctx, ev, budgetMs) : Promise.resolve("");
  if ((ev.prompt ?? "").trim() === "") return start;
  const r = (await callMethod(ctx, "inject", { prompt: ev.prompt, harness: ev.harness, session: ev.session, budgetMs })) as { text: string; reason?: string };
  if (r.text === "" && r.reason !== undefined && /budget/.test(r.reason)) appendHookLog(ctx.engine.workspace, `http hook ${ev.harness} prompt: no memories: ${r.reason}`);
  return [await start, r.text].filter((t) => t !== "").join("\n\n");
}

async function captureEvent(ctx: MethodContext, ev: HookEvent): Promise<void> {
  // Only a regular file, never a link out of its folder: refused before the capture reads it.
  if (ev.transcriptPath !== undefined) checkRegularOutside(ev.transcriptPath);
  await callMethod(ctx, "capture", { event: ev.event, harness: ev.harness, session: ev.session, ...(ev.transcriptPath !== undefined ? { transcriptPath: ev.transcriptPath } : {}) });
}
