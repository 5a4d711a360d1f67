/**
 * Dreaming end to end on a real workspace: real markdown files, the real index and state
 * databases, real searches through the engine (the recall log's one call site), a scripted
 * model answering the way small local models do, and an injected clock.
 */
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../../src/index.js";
import { exportStateDb, importState } from "../../../src/jobs/evolve/export.js";
import { acceptProposals } from "../../../src/jobs/dream/review.js";
import { JobStateStore } from "../../../src/store/job-runs.js";
import { NIGHTLY_STATE_KEY } from "../../../src/jobs/schedule/nightly.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import type { CompletionRequest, LLMProvider } from "../../../src/llm/types.js";
import { openStateDb } from "../../../src/store/state.js";
import { swapFile } from "../../../src/workspace/safe-write.js";
import { cleanup, read, tempDir, write } from "../../helpers/workspace.js";
import { JUNK } from "./junk.js";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 3, 10, 9, 0, 0);
const MEMORY = "# MEMORY\n\nCurated long-term facts.\n\n## People\n\n- Bob works at the bakery on Main Street.\n";
const TEA = "Alice said she prefers green tea in the afternoon and never drinks coffee after three.";

function workspace(): string {
  const ws = tempDir("agent-dream-");
  write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword" }, context: { timeZone: "UTC" } }));
  write(ws, "MEMORY.md", MEMORY);
  write(ws, "SOUL.md", "# SOUL\n\nAlice prefers green tea; I keep that in mind when we talk about the afternoon.\n");
  write(ws, "memory/2026-04-08.md", `# 2026-04-08\n\n## Afternoon\n\n${TEA}\n`);
  // A note of nothing but junk, recalled as often as the fact.
  write(ws, "memory/2026-04-09.md", `# 2026-04-09\n\n${JUNK.filter((j) => !j.startsWith("#") && j !== "```").join("\n\n")}\n`);
  write(ws, "memory/2026-04-07.md", "# 2026-04-07\n\n## 03:00 — notes before compaction (session main)\n\n- Alice prefers green tea with honey, the flush wrote.\n");
  write(ws, "reflections/2026-04-09.md", "# Reflection\n\nAlice prefers green tea in the afternoon, the reflection noted.\n");
  return ws;
}

/** The model: a fact for the tea passage, junk for anything else (which must never pass). */
function smallModel(): ScriptedProvider {
  const reply = (r: CompletionRequest) =>
    r.messages[0]!.content.includes("green tea")
      ? "Sure! Here is the durable fact:\n\nFACT: Alice prefers green tea in the afternoon.\n\nThis is durable because it is a stable preference."
      : "- Candidate: User: System: [2026-04-10 15:04:28] Model switched…";
  return new ScriptedProvider(Array.from({ length: 20 }, () => reply));
}

let ws: string;
let t: number;
let engine: Engine;

function open(llm: LLMProvider = smallModel()): Engine {
  return Engine.open({ workspace: ws, now: () => t, embedder: null, llm });
}

/** The same fact looked for in different words on three days, from three fronts; junk looked for as often. */
async function recallAcrossDays(e: Engine): Promise<void> {
  const asks = [
    ["what tea does alice like", "model switched qwen"],
    ["alice afternoon drink preference", "npm run build test"],
    ["green tea afternoon", "score recalls deploy finished"],
  ];
  for (let d = 0; d < 3; d++) {
    t = T0 + d * DAY;
    await e.search(asks[d]![0]!, { front: "cli" });
    await e.search(asks[d]![1]!, { front: "cli" });
    await (await e.assist()).boot(asks[d]![0]!);
    await (await e.assist()).context({ query: asks[d]![0]! });
  }
}

beforeEach(() => {
  ws = workspace();
  t = T0;
  engine = open();
});

afterEach(async () => {
  await engine.close();
  cleanup(ws);
});

describe("dreaming", () => {
  it("records recalls for main sessions only, and a dry run lists the candidate with its signals", async () => {
    await engine.search("green tea", { session: "group" });
    await (await engine.assist()).context({ query: "green tea", session: "group" });
    expect(engine.hasState() ? (engine.state().prepare("SELECT count(*) AS n FROM recalls").get() as { n: number }).n : 0).toBe(0);
    await recallAcrossDays(engine);
    const rows = engine.state().prepare("SELECT DISTINCT front FROM recalls ORDER BY front").all() as { front: string }[];
    expect(rows.map((r) => r.front)).toEqual(["boot", "cli", "context"]);

    t = T0 + 3 * DAY;
    const { value } = await (await engine.dream()).run({ dryRun: true });
    expect(value!.status).toBe("dry-run");
    expect(value!.candidates.map((c) => c.source)).toEqual(["memory/2026-04-08.md:1-5"]);
    const c = value!.candidates[0]!;
    expect(c.signals).toMatchObject({ days: 3 });
    expect(c.signals.recalls).toBeGreaterThanOrEqual(3);
    expect(c.queries).toContain("what tea does alice like");
    expect(c.lines).toEqual([TEA]);
    const why = Object.fromEntries(value!.skipped.map((s) => [s.source.split(":")[0], s.reason]));
    expect(why["memory/2026-04-09.md"]).toMatch(/no usable sentence/);
    expect(why["SOUL.md"]).toMatch(/not a daily note or transcript/);
    expect((await engine.dream()).proposals()).toEqual([]);
  });

  it("without a model it proposes nothing and says so", async () => {
    await recallAcrossDays(engine);
    await engine.close();
    const down: LLMProvider = { name: "ollama", model: "qwen2.5:3b", complete: () => Promise.reject(new Error("unreachable")), check: async () => ({ ok: false, detail: "ollama is not running" }), close: async () => undefined };
    engine = open(down);
    t = T0 + 3 * DAY;
    const { run, value } = await (await engine.dream()).run();
    expect(value!.status).toBe("no-llm");
    expect(value!.reason).toMatch(/no model to distil with \(ollama is not running\); nothing proposed/);
    expect(run.outcome).toBe("skip");
    expect((await engine.dream()).proposals("all")).toEqual([]);
  });

  it("a stop while the model distils ends the dream at once: the model's call is aborted, nothing proposed, the run recorded as cancelled", async () => {
    await recallAcrossDays(engine);
    await engine.close();
    const stop = new AbortController();
    const asked: (AbortSignal | undefined)[] = [];
    // A model that never answers by itself: only the stop ends its call (no timer anywhere).
    const stuck: LLMProvider = {
      name: "ollama",
      model: "qwen2.5:3b",
      check: async () => ({ ok: true, detail: "ready" }),
      close: async () => undefined,
      complete: (r: CompletionRequest) => {
        asked.push(r.signal);
        if (r.signal === undefined) return Promise.reject(new Error("the stop was not passed down to the model call"));
        const signal = r.signal;
        const ended = new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true }));
        stop.abort(new Error("stopped by SIGINT"));
        // The stop reaches the call at once, or never (then the run would wait for a model that never answers).
        if (!signal.aborted) return Promise.reject(new Error("the stop did not reach the model call"));
        return ended;
      },
    };
    engine = open(stuck);
    t = T0 + 3 * DAY;
    const dream = await engine.dream();
    const { run } = await dream.run({ signal: stop.signal });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.aborted).toBe(true);
    expect(run).toMatchObject({ outcome: "error", reason: "cancelled" });
    expect(dream.proposals("all")).toEqual([]);
    expect(read(ws, "MEMORY.md")).toBe(MEMORY);
  });

  it("proposes the recalled fact with provenance, never the junk; accept keeps a concurrent hand edit; undo and rollback restore", async () => {
    await recallAcrossDays(engine);
    t = T0 + 3 * DAY;
    const dream = await engine.dream();
    const { run, value } = await dream.run();
    expect(value!.status).toBe("proposed");
    expect(value!.proposed.map((p) => p.text)).toEqual(["Alice prefers green tea in the afternoon."]);
    const [p] = dream.proposals();
    expect(p!.provenance).toMatchObject({ kind: "chunk", path: "memory/2026-04-08.md", startLine: 1, endLine: 5, model: "scripted" });
    expect(p!.provenance.queries).toEqual(expect.arrayContaining(["what tea does alice like", "alice afternoon drink preference", "green tea afternoon"]));
    // Recorded in `agent jobs` with what it considered, proposed and skipped; the inbox says proposals wait.
    expect(run.id).toBeGreaterThan(0);
    expect(run.details).toMatchObject({ status: "proposed", proposed: [p!.id] });
    expect(run.details.considered).toBeGreaterThanOrEqual(3);
    const inbox = (await engine.jobs()).inbox.list();
    expect(inbox.map((i) => i.title)).toEqual(["Dreaming: 1 MEMORY.md proposal(s) wait for review"]);
    expect(read(ws, "MEMORY.md")).toBe(MEMORY);

    // Accept while the person edits MEMORY.md by hand: the edit lands just before the first swap.
    let raced = false;
    const racingSwap = (file: string, expected: Buffer | null, content: string) => {
      if (!raced) {
        raced = true;
        appendFileSync(path.join(ws, "MEMORY.md"), "- Carol moved to Lisbon in March.\n");
      }
      return swapFile(file, expected, content, { oldIsSaved: true, allowEmpty: true });
    };
    const acc = acceptProposals({ workspace: ws, db: engine.state(), now: () => t, section: "Dreamed facts", byPerson: true, swap: racingSwap }, [p!.id]);
    expect(raced).toBe(true);
    const after = read(ws, "MEMORY.md");
    expect(after).toBe(`${MEMORY}- Carol moved to Lisbon in March.\n\n## Dreamed facts\n\n- Alice prefers green tea in the afternoon.\n`);
    expect(dream.proposals("accepted").map((x) => x.id)).toEqual([p!.id]);
    const versions = dream.versions();
    expect(versions.map((v) => v.origin)).toEqual(["baseline", "baseline", "dream"]);
    expect(acc.version).toBe(versions[2]!.number);

    // Undo takes only the accepted line out; the hand edit stays.
    const undone = dream.undo();
    expect(undone.id).toBe(p!.id);
    expect(read(ws, "MEMORY.md")).toBe(`${MEMORY}- Carol moved to Lisbon in March.\n\n## Dreamed facts\n\n`);
    expect(dream.proposals().map((x) => x.id)).toEqual([p!.id]);

    // Rollback restores a whole version (the first: MEMORY.md before anything).
    dream.rollback(versions[0]!.number);
    expect(read(ws, "MEMORY.md")).toBe(MEMORY);
  });

  it("a rejected fact is never proposed again, and every junk model reply is refused", async () => {
    await recallAcrossDays(engine);
    t = T0 + 3 * DAY;
    const dream = await engine.dream();
    const first = await dream.run();
    const id = first.value!.proposed[0]!.id;
    dream.reject([id], "I drink whatever; not worth remembering");
    expect(dream.proposals("rejected")[0]).toMatchObject({ id, reason: "I drink whatever; not worth remembering" });

    // The same fact, recalled again, in another note.
    write(ws, "memory/2026-04-12.md", "# 2026-04-12\n\nAlice prefers green tea in the afternoon, again today.\n");
    for (let d = 4; d < 7; d++) {
      t = T0 + d * DAY;
      await engine.search(["alice green tea", "tea in the afternoon", "what does alice drink"][d - 4]!, { front: "mcp" });
    }
    const second = await dream.run();
    expect(second.value!.candidates.map((c) => c.source)).toEqual(["memory/2026-04-12.md:1-3"]);
    expect(second.value!.proposed).toEqual([]);
    const reasons = second.value!.skipped.map((s) => `${s.source}: ${s.reason}`).join("\n");
    expect(reasons).toMatch(/memory\/2026-04-08\.md:1-5: proposed before \(#\d+, rejected\)/);
    expect(reasons).toMatch(/memory\/2026-04-12\.md:1-3: "Alice prefers green tea in the afternoon\.": like proposal #\d+, which was rejected/);
    expect(dream.proposals("pending")).toEqual([]);
    expect(read(ws, "MEMORY.md")).toBe(MEMORY);
  });

  it("every junk reply a model gives, in every shape, is refused end to end", async () => {
    write(ws, "memory/2026-04-06.md", "# 2026-04-06\n\nThe billing deploy finished late because the database migration locked the invoices table.\n");
    for (let d = 0; d < 3; d++) {
      t = T0 + d * DAY;
      await engine.search(["billing deploy migration", "why was the deploy late", "invoices table locked"][d]!, { front: "cli" });
    }
    t = T0 + 3 * DAY;
    await engine.close();
    const shapes = (j: string) => [j, `FACT: ${j}`, `Sure! Here is the fact:\n\n- ${j}\n\nThis is durable because it repeats.`, "```json\n" + JSON.stringify({ fact: j }) + "\n```"];
    const replies = JUNK.flatMap(shapes);
    const model = new ScriptedProvider(replies);
    engine = open(model);
    const dream = await engine.dream();
    for (let i = 0; i < replies.length; i++) {
      const { value } = await dream.run();
      expect(value!.candidates.map((c) => c.source), replies[i]).toEqual(["memory/2026-04-06.md:1-3"]);
      expect(value!.proposed, replies[i]).toEqual([]);
      expect(value!.skipped.some((s) => s.source === "memory/2026-04-06.md:1-3"), replies[i]).toBe(true);
    }
    expect(model.remaining).toBe(0);
    expect(dream.proposals("all")).toEqual([]);
    expect(read(ws, "MEMORY.md")).toBe(MEMORY);
  });

  it("the recall log and proposals go out with `agent export` and come back with import", async () => {
    await recallAcrossDays(engine);
    t = T0 + 3 * DAY;
    await (await engine.dream()).run();
    const dump = exportStateDb(engine.state(), t);
    expect(dump.tables.recalls!.length).toBeGreaterThan(0);
    expect(dump.tables.dream_proposals!.length).toBe(1);
    const other = tempDir("agent-dream-import-");
    try {
      const db = openStateDb(path.join(other, "state.db"));
      importState(db, other, JSON.parse(JSON.stringify(dump)), { now: t });
      expect((db.prepare("SELECT count(*) AS n FROM recalls").get() as { n: number }).n).toBe(dump.tables.recalls!.length);
      db.close();
    } finally {
      cleanup(other);
    }
  });

  it("the nightly dream waits for that night's reflection, then runs once", async () => {
    t = Date.UTC(2026, 3, 11, 4, 0, 0);
    const jobs = await engine.jobs();
    expect(jobs.due("dream", t)).toMatchObject({ due: false, reason: "waits for the reflection of night 2026-04-11" });
    new JobStateStore(engine.state()).set(NIGHTLY_STATE_KEY, "2026-04-11", t);
    expect(jobs.due("dream", t)).toMatchObject({ due: true, runs: [{ args: { night: "2026-04-11" } }] });
    const ran = await jobs.tick(new AbortController().signal);
    expect(ran.map((r) => `${r.job} ${r.outcome}`)).toContain("dream skip");
    expect(jobs.due("dream", t)).toMatchObject({ due: false, reason: expect.stringMatching(/^night 2026-04-11 dreamed/) });
  });

  it("a scheduled dream that leaves proposals tells the notifier and the inbox", async () => {
    await recallAcrossDays(engine);
    t = T0 + 3 * DAY;
    await engine.close();
    engine = open();
    const sent: { title: string; body: string }[] = [];
    const jobs = await engine.jobs({ notify: async (a) => (sent.push({ title: a.title, body: a.body }), []) });
    new JobStateStore(engine.state()).set(NIGHTLY_STATE_KEY, "2026-04-13", t);
    t = Date.UTC(2026, 3, 13, 4, 0, 0);
    const ran = await jobs.tick(new AbortController().signal);
    const dream = ran.find((r) => r.job === "dream")!;
    expect(dream).toMatchObject({ outcome: "ok", details: { status: "proposed", trigger: "scheduled", night: "2026-04-13" } });
    expect(sent.map((a) => a.title)).toEqual(["Dreaming: 1 MEMORY.md proposal(s) wait for review"]);
    expect(sent[0]!.body).toContain("Alice prefers green tea in the afternoon.  (memory/2026-04-08.md:1-5)");
    expect(jobs.inbox.list().map((i) => i.title)).toEqual(["Dreaming: 1 MEMORY.md proposal(s) wait for review"]);
    expect(read(ws, "MEMORY.md")).toBe(MEMORY);
  });

  it("the recall log is bounded by its size cap", async () => {
    await engine.close();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword" }, context: { timeZone: "UTC" }, dream: { recall: { maxRows: 100, retentionDays: 2 } } }));
    engine = open();
    let written = 0;
    for (let i = 0; written < 1200; i++) {
      t = T0 + i * 60_000;
      written += (await engine.search(i % 2 ? "green tea afternoon" : "alice coffee three", { front: "cli" })).results.length;
    }
    const n = () => (engine.state().prepare("SELECT count(*) AS n FROM recalls").get() as { n: number }).n;
    // The cap is enforced every 500 rows written: never more than maxRows + 500 are kept.
    expect(n()).toBeLessThanOrEqual(100 + 500);
    const oldest = (engine.state().prepare("SELECT min(at) AS a FROM recalls").get() as { a: number }).a;
    expect(oldest).toBeGreaterThan(T0);
    t = T0 + 10 * DAY;
    await (await engine.dream()).run();
    expect(n()).toBe(0);
    expect(readFileSync(path.join(ws, "MEMORY.md"), "utf8")).toBe(MEMORY);
  });
});
