import { execFileSync } from "node:child_process";
import { appendFileSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { checkLogs } from "../../../src/store/events/doctor.js";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { catchUp, refold } from "../../../src/store/events/fold.js";
import { formatHlc } from "../../../src/store/events/hlc.js";
import { appendEvents, logFile, type StateEvent } from "../../../src/store/events/log.js";
import { stateDigest, stateSummary } from "../../../src/store/events/summary.js";
import { SoulVersionStore } from "../../../src/store/soul-versions.js";
import { RecallStore } from "../../../src/store/recalls.js";
import { MemoryStore } from "../../../src/store/memories.js";
import { compactSharedState } from "../../../src/engine/shared-state.js";
import { ProposalStore } from "../../../src/store/dream-proposals.js";
import { rng, simDevice, syncLogs, tmp, type SimDevice } from "./helpers.js";
import { openStateDb } from "../../../src/store/state.js";
import { openLedger } from "../../../src/store/events/open.js";
import { randomOp } from "./ops.js";

const T0 = Date.UTC(2026, 10, 1);
let roots: string[] = [];
let open: SimDevice[] = [];

function devices(n: number, skew = [0, 3_600_000, -86_400_000]): SimDevice[] {
  const root = tmp("agent-events-");
  roots.push(root);
  const out = Array.from({ length: n }, (_, i) => simDevice(root, `dev${i}`, T0 + (skew[i] ?? 0)));
  open.push(...out);
  return out;
}

afterEach(() => {
  for (const d of open) d.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
  open = [];
});

const souls = (d: SimDevice) => new SoulVersionStore(d.db).list().map((v) => [v.number, v.hash, v.summary, v.restoredFrom]);

describe("the fold", () => {
  it("three devices writing offline, their logs copied in different orders over several rounds, end with the same digest and SOUL versions", () => {
    const ds = devices(3);
    const r = rng(44);
    for (let round = 0; round < 6; round++) {
      for (const d of ds) for (let i = 0; i < 25; i++) randomOp(d, r);
      // A sync tool carries some logs, in a random order, to some devices.
      for (let k = 0; k < 3; k++) {
        const from = ds[Math.floor(r() * 3)]!;
        const to = ds[Math.floor(r() * 3)]!;
        if (from !== to) syncLogs(from, to);
      }
      for (const d of ds) catchUp(d.db, d.ws);
    }
    // Everyone gets everything (through one device, then back out), in two different orders.
    syncLogs(ds[2]!, ds[0]!);
    syncLogs(ds[1]!, ds[0]!);
    syncLogs(ds[0]!, ds[1]!);
    syncLogs(ds[0]!, ds[2]!);
    for (const d of ds) catchUp(d.db, d.ws);
    const digests = ds.map((d) => stateDigest(d.db));
    expect(new Set(digests).size).toBe(1);
    expect(souls(ds[1]!)).toEqual(souls(ds[0]!));
    expect(souls(ds[2]!)).toEqual(souls(ds[0]!));
    expect(souls(ds[0]!).length).toBeGreaterThan(5);
    expect(new ProposalStore(ds[2]!.db).list().map((p) => [p.id, p.status, p.version])).toEqual(new ProposalStore(ds[0]!.db).list().map((p) => [p.id, p.status, p.version]));
    // An incremental catch-up and a full re-fold from the logs agree.
    refold(ds[1]!.db, ds[1]!.ws);
    expect(stateDigest(ds[1]!.db)).toBe(digests[0]);
    const s = stateSummary(ds[0]!.db);
    expect(s.devices.map((x) => x.name).sort()).toEqual(["dev0", "dev1", "dev2"]);
    expect(s.events).toBe(ds.reduce((n, d) => n + readFileSync(logFile(d.ws, d.device.id), "utf8").trim().split("\n").length, 0));
  });

  it("a device that comes back after a month re-folds: its old events take their place in history, and everyone agrees", () => {
    const [a, b] = devices(2, [0, 0]);
    for (let i = 0; i < 5; i++) new SoulVersionStore(a!.db).insert({ createdAt: (a!.clock.t += 1000), content: `a${i}`, words: 1, tokens: 1, summary: `a${i}`, origin: "reflection" });
    // b wrote these earlier, offline; they arrive after a's.
    for (let i = 0; i < 3; i++) new SoulVersionStore(b!.db).insert({ createdAt: (b!.clock.t += 10), content: `b${i}`, words: 1, tokens: 1, summary: `b${i}`, origin: "reflection" });
    syncLogs(a!, b!);
    syncLogs(b!, a!);
    expect(catchUp(a!.db, a!.ws).mode).toBe("full");
    catchUp(b!.db, b!.ws);
    expect(new SoulVersionStore(a!.db).list().map((v) => v.summary)).toEqual(["b0", "b1", "b2", "a0", "a1", "a2", "a3", "a4"]);
    expect(stateDigest(b!.db)).toBe(stateDigest(a!.db));
  });

  it("a torn last line is left unread and reported, a bad line is skipped and reported, and neither stops the fold", () => {
    const [a, b] = devices(2, [0, 0]);
    const s = new SoulVersionStore(a!.db);
    s.insert({ createdAt: T0 + 1, content: "one", words: 1, tokens: 1, summary: "one", origin: "baseline" });
    const file = logFile(a!.ws, a!.device.id);
    // A crash mid-write leaves half a line.
    appendFileSync(file, '{"hlc":"000001764000000000:000000","dev');
    syncLogs(a!, b!);
    const first = catchUp(b!.db, b!.ws);
    expect(first.problems.map((p) => p.reason)).toEqual([expect.stringMatching(/unfinished last line/)]);
    expect(new SoulVersionStore(b!.db).count()).toBe(1);
    // a writes again: its torn line becomes one bad line, the new event is whole.
    s.insert({ createdAt: T0 + 2, content: "two", words: 1, tokens: 1, summary: "two", origin: "reflection" });
    appendFileSync(file, "this is not json\n");
    s.insert({ createdAt: T0 + 3, content: "three", words: 1, tokens: 1, summary: "three", origin: "reflection" });
    syncLogs(a!, b!);
    const second = catchUp(b!.db, b!.ws);
    const copy = logFile(b!.ws, a!.device.id);
    expect(second.problems).toEqual([
      { file: copy, line: 3, reason: expect.stringMatching(/not JSON/) },
      { file: copy, line: 5, reason: expect.stringMatching(/not JSON/) },
    ]);
    expect(new SoulVersionStore(b!.db).list().map((v) => v.summary)).toEqual(["one", "two", "three"]);
    expect(stateDigest(b!.db)).toBe(stateDigest(a!.db));
    expect(stateSummary(b!.db).devices.find((d) => d.id === a!.device.id)!.bad).toBe(2);
  });

  it("an event of a type this engine does not know is kept in the log, skipped and counted", () => {
    const [a] = devices(1, [0]);
    new SoulVersionStore(a!.db).insert({ createdAt: T0 + 1, content: "one", words: 1, tokens: 1, summary: "one", origin: "baseline" });
    const other = "abcdefabcdef";
    writeFileSync(path.join(a!.ws, ".agent-state", `${other}.jsonl`), `${JSON.stringify({ hlc: formatHlc({ wall: T0 + 5000, counter: 0 }), device: other, seq: 1, type: "mood.set", mood: "fine" })}\n`);
    catchUp(a!.db, a!.ws);
    const dev = stateSummary(a!.db).devices.find((d) => d.id === other)!;
    expect(dev).toMatchObject({ events: 1, unknown: 1 });
    expect(new SoulVersionStore(a!.db).count()).toBe(1);
  });
});

describe("catch-up", () => {
  it("a device that missed 10,000 events catches up to the same digest, reading only what is new afterwards", () => {
    const [a, b] = devices(2, [0, 0]);
    const events = manyEvents(a!.device.id, 10_000, T0);
    appendEvents(logFile(a!.ws, a!.device.id), events);
    expect(catchUp(a!.db, a!.ws)).toMatchObject({ mode: "incremental", events: 10_000 });
    syncLogs(a!, b!);
    const r = catchUp(b!.db, b!.ws);
    expect(r).toMatchObject({ events: 10_000, problems: [] });
    expect(stateDigest(b!.db)).toBe(stateDigest(a!.db));
    expect(new SoulVersionStore(b!.db).count()).toBe(2_000);
    // Nothing new: nothing read. One more event: one event read.
    expect(catchUp(b!.db, b!.ws)).toMatchObject({ mode: "none", events: 0 });
    new SoulVersionStore(a!.db).insert({ createdAt: T0 + 20_000_000, content: "later", words: 1, tokens: 1, summary: "later", origin: "reflection" });
    syncLogs(a!, b!);
    expect(catchUp(b!.db, b!.ws)).toMatchObject({ mode: "incremental", events: 1 });
    expect(stateDigest(b!.db)).toBe(stateDigest(a!.db));
  });
});

/** What 10,000 writes of one device look like in its log: SOUL versions, memories and their recalls, searches. */
function manyEvents(device: string, n: number, start: number): StateEvent[] {
  const out: StateEvent[] = [{ hlc: formatHlc({ wall: start, counter: 0 }), device, seq: 1, type: "log.start", name: "big" }];
  for (let seq = 2; seq <= n; seq++) {
    const base = { hlc: formatHlc({ wall: start + seq * 1000, counter: 0 }), device, seq };
    const gid = `${device}-${seq}`;
    const k = seq % 5;
    if (k === 0) out.push({ ...base, type: "row.insert", table: "soul_versions", rows: [{ gid, created_at: start + seq, content: `soul ${seq}`, content_hash: `h${seq}`, words: 2, tokens: 3, summary: `v${seq}`, origin: "reflection", session_ids: "[]" }] });
    else if (k === 1) out.push({ ...base, type: "row.insert", table: "memories", rows: [{ gid, type: "lesson_learned", content: `m ${seq}`, significance: 0.5, valence: "neutral", domain: "general", created_at: start + seq, vividness: 1, vivid_at: start + seq, source: "{}" }] });
    else if (k === 2) out.push({ ...base, type: "row.update", table: "memories", gid: `${device}-${seq - 1}`, set: { pinned: 1, recall_count: 1 } });
    else if (k === 3) out.push({ ...base, type: "row.insert", table: "memory_recalls", rows: [{ gid, memory_id: `${device}-${seq - 2}`, at: start + seq, via: "context", query: "q" }] });
    else out.push({ ...base, type: "row.insert", table: "recalls", rows: [1, 2, 3].map((i) => ({ gid: `${gid}.${i}`, at: start + seq, front: "cli", query: "q", path: "a.md", start_line: i, end_line: i + 1, chunk_hash: "h", rank: i })) });
  }
  return out;
}

describe("writes inside a caller's transaction", () => {
  it("a rolled-back transaction takes its event with it: nothing reaches the log, nothing comes back on the next catch-up", async () => {
    const [a] = devices(1, [0]);
    const s = new SoulVersionStore(a!.db);
    s.insert({ createdAt: T0 + 1, content: "kept", words: 1, tokens: 1, summary: "kept", origin: "baseline" });
    expect(() =>
      s.transaction(() => {
        s.insert({ createdAt: T0 + 2, content: "undone", words: 1, tokens: 1, summary: "undone", origin: "reflection" });
        throw new Error("the swap lost");
      }),
    ).toThrow("the swap lost");
    s.transaction(() => s.insert({ createdAt: T0 + 3, content: "committed", words: 1, tokens: 1, summary: "committed", origin: "reflection" }));
    await Promise.resolve();
    const log = readFileSync(logFile(a!.ws, a!.device.id), "utf8");
    expect(log).not.toContain("undone");
    expect(log).toContain("committed");
    a!.reopen();
    refold(a!.db, a!.ws);
    expect(new SoulVersionStore(a!.db).list().map((v) => v.summary)).toEqual(["kept", "committed"]);
  });
});

describe("compaction", () => {
  it("drops this device's recall rows a later prune removed, keeps the digest, and other devices re-fold the rewritten log to the same digest", () => {
    const [a, b] = devices(2, [0, 0]);
    const recalls = new RecallStore(a!.db);
    const chunk = (i: number) => [{ path: "memory/a.md", startLine: i, endLine: i + 1, chunkHash: `h${i}` }];
    for (let i = 0; i < 30; i++) recalls.record({ at: (a!.clock.t += 3_600_000), front: "cli", query: `q${i}`, chunks: chunk(i) });
    new SoulVersionStore(a!.db).insert({ createdAt: a!.clock.t, content: "soul", words: 1, tokens: 1, summary: "soul", origin: "baseline" });
    recalls.prune(a!.clock.t - 5 * 3_600_000, 1000);
    for (let i = 30; i < 33; i++) recalls.record({ at: (a!.clock.t += 3_600_000), front: "cli", query: `q${i}`, chunks: chunk(i) });
    // b has seen it all and writes after it: nothing of b's can still arrive before the prune.
    syncLogs(a!, b!);
    catchUp(b!.db, b!.ws);
    new SoulVersionStore(b!.db).insert({ createdAt: (b!.clock.t = a!.clock.t + 1), content: "b", words: 1, tokens: 1, summary: "b", origin: "reflection" });
    syncLogs(b!, a!);
    catchUp(a!.db, a!.ws);
    const before = stateDigest(a!.db);
    const r = compactSharedState(a!.db);
    expect(r.dropped).toBe(24);
    expect(r.digestAfter).toBe(before);
    expect(r.bytesAfter).toBeLessThan(r.bytesBefore);
    refold(a!.db, a!.ws);
    expect(stateDigest(a!.db)).toBe(before);
    expect(new RecallStore(a!.db).count()).toBe(9);
    // b had read the old log: the rewritten (shorter) one starts differently, so b folds it again.
    syncLogs(a!, b!, { evenShorter: true });
    expect(catchUp(b!.db, b!.ws).mode).toBe("full");
    expect(stateDigest(b!.db)).toBe(before);
  });

  it("keeps a recall insert when another device could still add an event before the prune", () => {
    const [a] = devices(1, [0]);
    const recalls = new RecallStore(a!.db);
    recalls.record({ at: (a!.clock.t += 1000), front: "cli", query: "q", chunks: [{ path: "m.md", startLine: 1, endLine: 2, chunkHash: "h" }] });
    recalls.prune(a!.clock.t + 1, 1000);
    // Another device whose newest event sorts before the prune: it may still write in between.
    const other = "0123456789ab";
    writeFileSync(path.join(a!.ws, ".agent-state", `${other}.jsonl`), `${JSON.stringify({ hlc: formatHlc({ wall: T0 - 1, counter: 0 }), device: other, seq: 1, type: "log.start", name: "late" })}\n`);
    catchUp(a!.db, a!.ws);
    expect(compactSharedState(a!.db).dropped).toBe(0);
  });
});

describe("a log that is not a plain file", () => {
  it("a FIFO or a link out in place of a device's log is left out of the fold (never read, never blocks) and doctor names it", () => {
    const [a] = devices(1, [0]);
    new SoulVersionStore(a!.db).insert({ createdAt: T0 + 1, content: "one", words: 1, tokens: 1, summary: "one", origin: "baseline" });
    const dir = path.join(a!.ws, ".agent-state");
    execFileSync("mkfifo", [path.join(dir, "0123456789ab.jsonl")]);
    symlinkSync("/etc/hostname", path.join(dir, "ba9876543210.jsonl"));
    expect(catchUp(a!.db, a!.ws).problems).toEqual([]);
    expect(new SoulVersionStore(a!.db).count()).toBe(1);
    const lines = checkLogs(a!.ws).map((c) => c.detail);
    expect(lines).toContainEqual(expect.stringMatching(/0123456789ab\.jsonl: a FIFO, not a regular file/));
    expect(lines).toContainEqual(expect.stringMatching(/ba9876543210\.jsonl: a symbolic link, not a regular file/));
  });
});

describe("counters across devices", () => {
  it("a memory recalled once on each of two devices while apart has been recalled twice on both", () => {
    const [a, b] = devices(2, [0, 0]);
    const id = new MemoryStore(a!.db).insert({ type: "lesson_learned", content: "tests first", significance: 0.5, valence: "neutral", domain: "general", createdAt: T0, source: { kind: "manual" } });
    syncLogs(a!, b!);
    catchUp(b!.db, b!.ws);
    for (const d of [a!, b!]) {
      const s = new MemoryStore(d.db);
      const m = s.get(id)!;
      s.update(id, { recallCount: m.recallCount + 1, lastRecalledAt: (d.clock.t += 1000) });
    }
    syncLogs(a!, b!);
    syncLogs(b!, a!);
    for (const d of [a!, b!]) catchUp(d.db, d.ws);
    expect(new MemoryStore(a!.db).get(id)!.recallCount).toBe(2);
    expect(new MemoryStore(b!.db).get(id)!.recallCount).toBe(2);
    expect(stateDigest(a!.db)).toBe(stateDigest(b!.db));
  });
});

describe("the recall log, written without reading the other devices' logs", () => {
  const recall = (d: SimDevice, q: string) => new RecallStore(d.db).record({ at: (d.clock.t += 1000), front: "cli", query: q, chunks: [{ path: "memory/a.md", startLine: 1, endLine: 3, chunkHash: "h1" }] });
  const soul = (d: SimDevice, s: string) => new SoulVersionStore(d.db).insert({ createdAt: (d.clock.t += 1000), content: s, words: 1, tokens: 1, summary: s, origin: "reflection" });

  it("a search's recall does not fold what another device wrote; the next catch-up adds it on top, no re-fold, and both devices agree", () => {
    const [a, b] = devices(2, [0, 0]);
    recall(a!, "first");
    // b writes after a's first events (whatever the two device ids) and before a's next recall.
    b!.clock.t = a!.clock.t;
    soul(b!, "b wrote this");
    syncLogs(b!, a!);
    // b's event sorts before a's next recall, and a has not read it when it records the recall.
    a!.clock.t += 5_000;
    recall(a!, "second");
    expect(new SoulVersionStore(a!.db).count()).toBe(0);
    expect(catchUp(a!.db, a!.ws)).toMatchObject({ mode: "incremental", events: 2 });
    expect(new SoulVersionStore(a!.db).count()).toBe(1);
    syncLogs(a!, b!);
    catchUp(b!.db, b!.ws);
    expect(new RecallStore(b!.db).count()).toBe(2);
    expect(stateDigest(a!.db)).toBe(stateDigest(b!.db));
    // What a applied out of order is what a fold of the logs from the start gives.
    const before = stateDigest(a!.db);
    refold(a!.db, a!.ws);
    expect(stateDigest(a!.db)).toBe(before);
  });

  it("another device's recall prune that sorts before a recall applied ahead of it makes a re-fold, to the same state as everyone's", () => {
    const [a, b] = devices(2, [0, 0]);
    for (let i = 0; i < 4; i++) recall(a!, `q${i}`);
    syncLogs(a!, b!);
    catchUp(b!.db, b!.ws);
    b!.clock.t = a!.clock.t + 1_000;
    new RecallStore(b!.db).prune(0, 2);
    syncLogs(b!, a!);
    a!.clock.t += 10_000;
    recall(a!, "after the prune, unread");
    expect(catchUp(a!.db, a!.ws).mode).toBe("full");
    expect(new RecallStore(a!.db).count()).toBe(3);
    syncLogs(a!, b!);
    catchUp(b!.db, b!.ws);
    expect(stateDigest(a!.db)).toBe(stateDigest(b!.db));
  });

  it("two processes of one device (a daemon and a CLI) recording in turn append every recall once, in seq order", () => {
    const [a, b] = devices(2, [0, 0]);
    const second = openStateDb(a!.file);
    try {
      openLedger(second, a!.file, { workspace: a!.ws, device: a!.device, now: () => (a!.clock.t += 1000) });
      recall(a!, "one");
      new RecallStore(second).record({ at: (a!.clock.t += 1000), front: "mcp", query: "two", chunks: [{ path: "memory/b.md", startLine: 1, endLine: 2, chunkHash: "h2" }] });
      recall(a!, "three");
      recall(a!, "four");
    } finally {
      second.close();
    }
    const lines = readFileSync(logFile(a!.ws, a!.device.id), "utf8").trim().split("\n").map((l) => JSON.parse(l) as StateEvent);
    expect(lines.map((e) => e.seq)).toEqual(lines.map((_, i) => i + 1));
    expect(lines.filter((e) => e.type === "row.insert").length).toBe(4);
    syncLogs(a!, b!);
    catchUp(b!.db, b!.ws);
    expect(new RecallStore(b!.db).count()).toBe(4);
    expect(stateDigest(b!.db)).toBe(stateDigest(a!.db));
  });

  it("any other write still reads the other devices' logs first", () => {
    const [a, b] = devices(2, [0, 0]);
    recall(a!, "first");
    soul(b!, "b");
    syncLogs(b!, a!);
    soul(a!, "a");
    expect(new SoulVersionStore(a!.db).count()).toBe(2);
  });
});
