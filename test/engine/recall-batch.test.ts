/**
 * The recall log is written in batches (src/engine/recall-log.ts): a search adds what it
 * presented, and the batch goes to state.db and the device's log once it is full, a moment
 * later, before anything reads state.db through the engine, and on close. Real engines, real
 * state.db files and logs, two devices; no clock is waited on.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Engine } from "../../src/index.js";
import { FLUSH_AFTER_MS, FLUSH_AT, MAX_WAITING, pruneEvery } from "../../src/engine/recall-log.js";
import { RecallStore } from "../../src/store/recalls.js";
import { thisDevice } from "../../src/workspace/device.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.UTC(2026, 10, 21, 10);
const PEOPLE = ["Ana", "Grace", "Hiro", "Jonas", "Mira"];
const TOPICS = ["router firmware", "pharmacy invoice", "garden watering", "schema migration", "backup job", "reading list", "boat berth"];

let root = "";
let engines: Engine[] = [];
const saved = process.env.AGENT_STATE_HOME;
afterEach(async () => {
  for (const e of engines) await e.close();
  engines = [];
  if (saved === undefined) delete process.env.AGENT_STATE_HOME;
  else process.env.AGENT_STATE_HOME = saved;
  cleanup(root);
});

function workspace(name: string): string {
  const ws = path.join(root, name);
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" } }));
  for (let i = 0; i < 35; i++) {
    const day = `2026-10-${String((i % 28) + 1).padStart(2, "0")}`;
    write(ws, `memory/${day}-${i}.md`, `# ${day}\n\n${PEOPLE[i % 5]} and I looked at the ${TOPICS[i % 7]} on ${day}.\n\nThe ${TOPICS[(i + 3) % 7]} was postponed.\n`);
  }
  return ws;
}

/** The engine as device `name`: its own state home, so its own device id, state.db and log. */
function openAs(name: string, ws: string): { engine: Engine; device: string } {
  process.env.AGENT_STATE_HOME = path.join(root, `${name}-home`);
  const engine = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
  engines.push(engine);
  return { engine, device: thisDevice().id };
}

/** Distinct questions, each with results. */
function questions(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) out.push(`${PEOPLE[i % 5]} ${TOPICS[Math.floor(i / 5) % 7]} ${["", "postponed", "looked"][Math.floor(i / 35) % 3]}`.trim());
  return out;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The recall inserts in a device's log: how many events, and how many rows they carry. */
function recallEvents(ws: string, device: string): { events: number; rows: number } {
  const log = path.join(ws, ".agent-state", `${device}.jsonl`);
  if (!existsSync(log)) return { events: 0, rows: 0 };
  const lines = readFileSync(log, "utf8").split("\n").filter((l) => l.trim() !== "");
  const inserts = lines.map((l) => JSON.parse(l) as { type: string; table?: string; rows?: unknown[] }).filter((e) => e.type === "row.insert" && e.table === "recalls");
  return { events: inserts.length, rows: inserts.reduce((n, e) => n + (e.rows?.length ?? 0), 0) };
}

describe("the recall log, written in batches", () => {
  it("keeps every search's results after close, in a few events instead of one a search, and another device folds them all", async () => {
    root = tempDir("agent-recall-batch-");
    const wa = workspace("a");
    const a = openAs("a", wa);
    a.engine.indexing.index();
    const asked = questions(FLUSH_AT + 7);
    let presented = 0;
    for (const [i, q] of asked.entries()) {
      const r = await a.engine.search(q, { limit: 5, refresh: false });
      expect(r.results.length, q).toBeGreaterThan(0);
      presented += r.results.length;
      // A full batch is written once the event loop turns after the search that filled it.
      if (i === FLUSH_AT - 1) await turn();
    }
    await a.engine.close();
    // One event per batch (a full one and the rest at close), not one per search; every row in them.
    expect(recallEvents(wa, a.device)).toEqual({ events: 2, rows: presented });
    const again = openAs("a", wa);
    const recorded = again.engine.state().prepare("SELECT query, rank FROM recalls ORDER BY id").all() as { query: string; rank: number }[];
    expect(recorded.length).toBe(presented);
    expect(new Set(recorded.map((r) => r.query)).size).toBe(new Set(asked).size);
    // Each search's results are ranked from 1 in the batch, as when each was its own event.
    expect(recorded.filter((r) => r.rank === 1).length).toBe(asked.length);

    // Device b syncs the workspace's logs and folds a's batches like any other events.
    const wb = path.join(root, "b");
    mkdirSync(path.join(wb, ".agent-state"), { recursive: true });
    write(wb, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" } }));
    for (const n of readdirSync(path.join(wa, ".agent-state"))) cpSync(path.join(wa, ".agent-state", n), path.join(wb, ".agent-state", n));
    const b = openAs("b", wb);
    expect(b.device).not.toBe(a.device);
    expect(new RecallStore(b.engine.state()).count()).toBe(presented);
  });

  it("writes a full batch after the search that filled it has answered, on the next turn of the event loop; a caller that never lets it turn, at MAX_WAITING", async () => {
    root = tempDir("agent-recall-batch-");
    const ws = workspace("a");
    const { engine, device } = openAs("a", ws);
    engine.indexing.index();
    const asked = questions(FLUSH_AT + 100);
    let presented = 0;
    for (const q of asked.slice(0, FLUSH_AT)) presented += (await engine.search(q, { limit: 5, refresh: false })).results.length;
    // The search that filled the batch answered before anything was written.
    expect(recallEvents(ws, device)).toEqual({ events: 0, rows: 0 });
    await turn();
    expect(recallEvents(ws, device)).toEqual({ events: 1, rows: presented });
    // Searches that never let the loop turn: the batch is written on the path once MAX_WAITING
    // searches with results wait (a search with none records nothing), not grown without end.
    let waiting = 0;
    let more = 0;
    for (let i = 0; waiting < MAX_WAITING; i++) {
      expect(recallEvents(ws, device).events).toBe(1);
      const n = (await engine.search(asked[(FLUSH_AT + i) % asked.length]!, { limit: 5, refresh: false })).results.length;
      if (n > 0) waiting++;
      more += n;
    }
    expect(recallEvents(ws, device)).toEqual({ events: 2, rows: presented + more });
  });

  it("a batch not yet full waits while searches keep coming, and is written once they pause", async () => {
    root = tempDir("agent-recall-batch-");
    const ws = workspace("a");
    const { engine, device } = openAs("a", ws);
    engine.indexing.index();
    // The engine's clock is its own (NOW); only the log's timer is driven here.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let presented = 0;
      for (const q of questions(6)) {
        presented += (await engine.search(q, { limit: 5, refresh: false })).results.length;
        // Each search comes before the pause is over: the batch is put off again.
        vi.advanceTimersByTime(FLUSH_AFTER_MS - 10);
        expect(recallEvents(ws, device)).toEqual({ events: 0, rows: 0 });
      }
      vi.advanceTimersByTime(FLUSH_AFTER_MS);
      expect(recallEvents(ws, device)).toEqual({ events: 1, rows: presented });
    } finally {
      vi.useRealTimers();
    }
  });

  it("prunes once a twentieth of the cap has been written, not every 500 rows", async () => {
    root = tempDir("agent-recall-batch-");
    const ws = workspace("a");
    const { engine, device } = openAs("a", ws);
    engine.indexing.index();
    expect(pruneEvery(200_000)).toBe(10_000);
    expect(pruneEvery(100)).toBe(500);
    let written = 0;
    for (const q of questions(1000)) {
      written += (await engine.search(q, { limit: 10, refresh: false })).results.length;
      if (written > 1200) break;
    }
    await engine.close();
    const log = readFileSync(path.join(ws, ".agent-state", `${device}.jsonl`), "utf8");
    const prunes = log.split("\n").filter((l) => l.includes('"recalls.prune"')).length;
    expect(written).toBeGreaterThan(1200);
    expect(prunes).toBe(0);
  });

  it("a reader through the engine sees the searches of a batch not yet full: state(), another connection after it, and the dream's signals", async () => {
    root = tempDir("agent-recall-batch-");
    const ws = workspace("a");
    const { engine } = openAs("a", ws);
    engine.indexing.index();
    const first = await engine.search("Ana router firmware", { limit: 5, refresh: false });
    await engine.search("Grace pharmacy invoice", { limit: 5, refresh: false });
    const top = first.results[0]!;
    // The dream asks before state.db was ever opened by this engine: the waiting batch counts as state.
    expect(engine.hasState()).toBe(true);
    const signals = (await engine.dream()).signals(top.path);
    expect(signals.map((s) => [s.startLine, s.recalls])).toContainEqual([top.startLine, 1]);
    const rows = new RecallStore(engine.state()).count();
    expect(rows).toBeGreaterThanOrEqual(first.results.length + 1);
    // Written to the file, not only kept in this process: another connection reads the same rows.
    const other = new Database(engine.statePath, { readonly: true });
    try {
      expect((other.prepare("SELECT count(*) AS n FROM recalls").get() as { n: number }).n).toBe(rows);
    } finally {
      other.close();
    }
  });

  it("a search that is not the person's own, or asked not to be recorded, adds nothing to a batch", async () => {
    root = tempDir("agent-recall-batch-");
    const ws = workspace("a");
    const { engine } = openAs("a", ws);
    engine.indexing.index();
    await engine.search("Ana router firmware", { limit: 5, refresh: false, recall: false });
    await engine.search("Grace pharmacy invoice", { limit: 5, refresh: false, session: "group" });
    expect(engine.hasState()).toBe(false);
    await engine.search("Hiro garden watering", { limit: 5, refresh: false });
    expect(new RecallStore(engine.state()).count()).toBeGreaterThan(0);
    expect(new Set((engine.state().prepare("SELECT query FROM recalls").all() as { query: string }[]).map((r) => r.query))).toEqual(new Set(["hiro garden watering"]));
  });
});
