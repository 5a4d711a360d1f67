/**
 * The query bound is one rule of the engine: every entry point that reads a query (search,
 * boot, context, ask) refuses one over 400 words or 8 KiB with the limit named, before any
 * stage reads it — a plan handed to search included, as boot and ask hand theirs.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { MAX_QUERY_BYTES, MAX_QUERY_WORDS } from "../../src/search/search.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

let ws = "";
let engine: Engine;
beforeEach(() => {
  ws = tempDir("agent-bound-");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "m", host: "http://127.0.0.1:9" } }));
  write(ws, "MEMORY.md", "# MEMORY\n\n- The fridge supplier is Kühlmann.\n");
  write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\n- Talked about the fridge supplier.\n");
  engine = Engine.open({ workspace: ws });
  engine.indexing.index();
});
afterEach(async () => {
  await engine.close();
  cleanup(ws);
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `fridge${i}`).join(" ");
// What a client pasting a document sends: far over both bounds.
const pasted = "supplier fridge notes ".repeat(40_000);

describe("the query bound on every entry point", () => {
  it("boot refuses a query over the word bound, and over the byte bound, naming the limit", async () => {
    await expect((await engine.assist()).boot(words(MAX_QUERY_WORDS + 1))).rejects.toThrow(/401 words, over the 400-word limit for a boot/);
    await expect((await engine.assist()).boot(pasted)).rejects.toThrow(new RegExp(`over the ${MAX_QUERY_BYTES}-byte limit for a boot`));
    await expect((await engine.assist()).boot(pasted, { session: "group" })).rejects.toMatchObject({ name: "UsageError" });
  });

  it("boot at the bound answers", async () => {
    const r = await (await engine.assist()).boot(`fridge supplier ${words(MAX_QUERY_WORDS - 2)}`);
    expect(r.query.split(" ")).toHaveLength(MAX_QUERY_WORDS);
    expect(r.warnings.join(" ")).not.toMatch(/limit/);
  });

  it("context --query, ask and a plan handed to search are bounded the same way", async () => {
    await expect((await engine.assist()).context({ query: pasted })).rejects.toThrow(/over the 8192-byte limit for a context/);
    await expect((await engine.assist()).context({ query: words(401), session: "group" })).rejects.toThrow(/400-word limit for a context/);
    await expect((await engine.assist()).ask(pasted)).rejects.toThrow(/over the 8192-byte limit for a question/);
    expect(() => engine.plan(words(401))).toThrow(/400-word limit for a search/);
    await expect(engine.search(pasted)).rejects.toMatchObject({ name: "UsageError" });
  });

  it("a context without a query, and a short one, still answer", async () => {
    expect((await (await engine.assist()).context({})).text).toContain("Kühlmann");
    expect((await (await engine.assist()).context({ query: "fridge supplier" })).text).toContain("Kühlmann");
  });
});

describe("a search can be cancelled", () => {
  it("an aborted request's signal, or a stopping engine, ends a search before its next stage", async () => {
    const ctl = new AbortController();
    ctl.abort(new Error("the client went away"));
    await expect(engine.search("fridge supplier", { signal: ctl.signal })).rejects.toThrow(/the client went away/);
    const inFlight = engine.search("fridge supplier");
    engine.stopRequests("the daemon is stopping (SIGTERM)");
    await expect(inFlight).rejects.toThrow(/the daemon is stopping/);
    await expect((await engine.assist()).boot("fridge")).rejects.toThrow(/the daemon is stopping/);
  });
});
