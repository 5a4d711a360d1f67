/**
 * The contract reaches the assistants' doors too: OpenClaw's tools refuse what every front
 * refuses with the same sentence, the socket's `inject` and the web page's SOUL changes parse
 * their parameters with the contract's requests.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memoryFor } from "../../src/assistants/openclaw/memory.js";
import { memoryTools } from "../../src/assistants/openclaw/plugin.js";
import { InjectRequest, parseRequest, SessionStartRequest, SoulRollbackRequest, TurnCaptureRequest } from "../../src/contract/requests.js";
import { RequestError, say } from "../../src/contract/rules.js";
import { apiRoute } from "../../src/daemon/web-api.js";
import type { Engine } from "../../src/engine/engine.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

let dir = "";
afterEach(() => cleanup(dir));

const refusal = (schema: Parameters<typeof parseRequest>[0], v: unknown) => {
  try {
    parseRequest(schema, v, (m) => new RequestError(m));
    return "accepted";
  } catch (e) {
    return (e as Error).message;
  }
};

describe("the contract at the assistants' doors", () => {
  it("OpenClaw's tools refuse a bad limit, a missing path and an unknown field with the contract's sentence, before touching the workspace", async () => {
    dir = tempDir("agent-contract-oc-");
    const tools = new Map(memoryTools(memoryFor({ workspace: path.join(dir, "never-opened"), injectLimit: 3, budgetMs: 300, log: { info: () => undefined, warn: () => undefined } })).map((t) => [t.name, t]));
    const call = async (name: string, params: Record<string, unknown>) => (await tools.get(name)!.execute("1", params)).content[0]!.text;
    expect(await call("memory_search", { query: "fridge", limit: 500 })).toBe(`refused: ${say.whole("limit", 1, 100, 500)}`);
    expect(await call("memory_search", { query: "" })).toMatch(/^refused: query is required/);
    expect(await call("memory_get", { from: 2 })).toMatch(/^refused: path is required/);
    expect(await call("memory_get", { path: "MEMORY.md", lines: 5000 })).toBe(`refused: ${say.whole("lines", 1, 2000, 5000)}`);
    expect(await call("memory_get", { path: "MEMORY.md", session: "main" })).toMatch(/^refused: unknown field "session"/);
  });

  it("the socket's inject: a harness that is not a name, a limit out of range and unknown fields are refused", () => {
    expect(refusal(InjectRequest, { prompt: "when is the tuner coming", harness: "claude-code", session: "s1", budgetMs: 300 })).toBe("accepted");
    expect(refusal(InjectRequest, { prompt: "x", harness: "../../etc" })).toBe(say.text("harness", "../../etc"));
    expect(refusal(InjectRequest, { prompt: "x", limit: 50 })).toBe(say.whole("limit", 1, 10, 50));
    expect(refusal(InjectRequest, { prompt: "x", mode: "vector" })).toMatch(/^unknown field "mode"/);
  });

  it("the socket's capture and sessionStart: a missing session, an event that captures nothing, turns that are not turns and unknown fields are refused", () => {
    const turn = { id: "u1", role: "user", text: "hello", time: "" };
    expect(refusal(TurnCaptureRequest, { event: "stop", harness: "claude-code", session: "s1", transcriptPath: "/tmp/t.jsonl" })).toBe("accepted");
    expect(refusal(TurnCaptureRequest, { event: "pre-compact", harness: "openclaw", session: "s1", kind: "group", turns: [turn] })).toBe("accepted");
    expect(refusal(TurnCaptureRequest, { event: "stop", harness: "codex" })).toMatch(/^session is required/);
    expect(refusal(TurnCaptureRequest, { event: "prompt", harness: "codex", session: "s1" })).toMatch(/^event must be one of/);
    expect(refusal(TurnCaptureRequest, { event: "stop", harness: "codex", session: "s1", turns: [{ ...turn, role: "system" }] })).toMatch(/^turns must be a list/);
    expect(refusal(TurnCaptureRequest, { event: "stop", harness: "codex", session: "s1", kind: "private" })).toMatch(/^kind must be one of/);
    expect(refusal(SessionStartRequest, { harness: "claude-code", session: "s1", cwd: "/src/app", budgetMs: 900 })).toBe("accepted");
    expect(refusal(SessionStartRequest, { harness: "claude-code", prompt: "x" })).toMatch(/^unknown field "prompt"/);
  });

  it("the web page's SOUL changes: a bad body is a 400 with the contract's sentence, before the engine is asked", async () => {
    const engine = { soul: () => Promise.reject(new Error("the engine must not be reached")) } as unknown as Engine;
    const status = async (route: string, body: Record<string, unknown>) => apiRoute(engine, "POST", route, new URLSearchParams(), body).then(() => "ok", (e: Error & { status?: number }) => `${e.status}: ${e.message}`);
    expect(await status("/api/soul/rollback", { n: 0 })).toBe(`400: ${say.whole("n", 1, undefined, 0)}`);
    expect(await status("/api/soul/reject", { reason: 3 })).toBe(`400: ${say.text("reason", 3)}`);
    expect(await status("/api/soul/save", { message: "x", extra: true })).toMatch(/^400: unknown field "extra"/);
    expect(await status("/api/soul/accept", { yes: true })).toMatch(/^400: unknown field "yes"/);
    expect(refusal(SoulRollbackRequest, { n: 2 })).toBe("accepted");
  });
});
