/**
 * Big queries take turns in a long-lived host (src/engine/turns.ts): a query of hundreds of
 * words waits while another client's request is under way, big ones run one at a time, and a
 * small query never waits. Real engine, real index in a temp dir; order is asserted, never time.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { BIG_QUERY_WORDS, RequestTurns, wordCount } from "../../src/engine/turns.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.UTC(2026, 10, 21, 10);
let root = "";
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  cleanup(root);
});

function open(): Engine {
  root = tempDir("agent-turns-");
  const ws = path.join(root, "ws");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" } }));
  for (let i = 0; i < 12; i++) write(ws, `memory/2026-11-${String(i + 1).padStart(2, "0")}.md`, `# Day ${i}\n\nThe marker word for day ${i}: router firmware and the boat berth ${i}.\n`);
  engine = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
  engine.indexing.index();
  return engine;
}

const big = (tag: string) => ["router", ...Array.from({ length: 399 }, (_, i) => `${tag}${i}`)].join(" ");
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A request of another client held open until `release()`: what the daemon marks with `during`. */
function held(turns: RequestTurns): { release: () => void; done: Promise<void> } {
  let release = () => {};
  const done = turns.during(() => new Promise<void>((r) => (release = r)));
  return { release: () => release(), done };
}

/** The big search stays waiting while `other` is under way, and is answered only after it. */
async function answeredAfter<T>(e: Engine, other: { release: () => void; done: Promise<void> }, search: Promise<T>): Promise<T> {
  const order: string[] = [];
  const answered = search.then((r) => (order.push("big"), r));
  for (let i = 0; i < 20; i++) await turn();
  expect(order).toEqual([]);
  expect(e.searching.turns.load).toMatchObject({ others: 1, waiting: 1, running: false });
  order.push("other answered");
  other.release();
  await other.done;
  const r = await answered;
  expect(order).toEqual(["other answered", "big"]);
  return r;
}

describe("big queries take turns", () => {
  it("a 400-word search waits while another client's request is under way, and runs once it is answered", async () => {
    const e = open();
    const other = held(e.searching.turns);
    const r = await answeredAfter(e, other, e.search(big("w"), { refresh: false }));
    // Answered (most of 400 made-up words match nothing: the relevance floor may leave it empty).
    expect(Array.isArray(r.results)).toBe(true);
    expect(e.searching.turns.load).toEqual({ others: 0, waiting: 0, running: false });
  });

  it("a big search already running steps aside once its plan is made when another request has arrived, then finishes", async () => {
    const e = open();
    const search = e.search(big("s"), { refresh: false });
    // It took its turn at once: nobody else was under way.
    expect(e.searching.turns.load).toMatchObject({ running: true, waiting: 0 });
    await answeredAfter(e, held(e.searching.turns), search);
  });

  it("a small search is answered while big ones wait, and big ones run one at a time", async () => {
    const e = open();
    const other = held(e.searching.turns);
    const order: string[] = [];
    const bigs = [1, 2].map((n) => e.searching.turns.during(() => e.search(big(`b${n}x`), { refresh: false })).then(() => order.push(`big ${n}`)));
    const small = await e.searching.turns.during(() => e.search("marker router", { refresh: false }));
    order.push("small");
    expect(small.results.length).toBeGreaterThan(0);
    expect(e.searching.turns.load.waiting).toBe(2);
    other.release();
    await Promise.all(bigs);
    expect(order).toEqual(["small", "big 1", "big 2"]);
  });

  it("a 400-word boot takes one turn for its plan and its own search (no wait on itself), in a host and in-process", async () => {
    const e = open();
    const a = await e.assist();
    const inHost = await e.searching.turns.during(() => a.boot(big("boot")));
    expect(inHost.query.length).toBeGreaterThan(0);
    const inProcess = await a.boot(big("again"));
    expect(inProcess.offered.history).toBeGreaterThanOrEqual(0);
    expect(e.searching.turns.load).toEqual({ others: 0, waiting: 0, running: false });
  });

  it("counts words as runs of non-space characters, and a query under the threshold never queues", async () => {
    expect(wordCount("  what  did\twe decide\n")).toBe(4);
    expect(wordCount("")).toBe(0);
    const turns = new RequestTurns();
    const other = held(turns);
    const small = await turns.big(BIG_QUERY_WORDS - 1, async () => "ran");
    expect(small).toBe("ran");
    other.release();
    await other.done;
  });
});
