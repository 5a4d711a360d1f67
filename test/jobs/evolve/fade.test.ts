import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { daysToFade, effectiveDailyDecay, FADE_OUT, refreshOnRecall, vividnessAfter, vividnessAt } from "../../../src/jobs/evolve/fade.js";
import { fadePass } from "../../../src/jobs/evolve/formation.js";
import { forgetMemory, listMemories, pinMemory, recordRecall, restoreMemory, unpinMemory } from "../../../src/jobs/evolve/recall.js";
import { MEMORY_TYPES, MEMORY_TYPE_CONFIG, type MemoryType } from "../../../src/jobs/evolve/types.js";
import { cleanup, tempDir } from "../../helpers/workspace.js";
import { DAY, insertMemory, T0, withDb, openMemoryDb } from "./helpers.js";

let ws = "";
beforeEach(() => {
  ws = tempDir("agent-fade-");
});
afterEach(() => cleanup(ws));

describe("decay per type over a simulated 90 days", () => {
  it("fades each type at its own rate, archives what fades out (with the reason) and deletes nothing", () => {
    const ids = new Map<MemoryType, number>();
    withDb(ws, ({ store }) => {
      for (const type of MEMORY_TYPES) ids.set(type, insertMemory(store, { type, content: `a ${type}`, significance: 0.5 }));
    });
    const archivedOn = new Map<MemoryType, number>();
    const at30 = new Map<MemoryType, number>();
    // The daily fade pass, driven by an injected clock: a loop over `now`, not real time.
    for (let day = 1; day <= 90; day++) {
      const now = T0 + day * DAY;
      withDb(ws, ({ store }) => {
        for (const a of fadePass(store, now)) archivedOn.set(a.type, day);
        if (day === 30) for (const [type, id] of ids) at30.set(type, vividnessAt(store.get(id)!, now));
      });
    }
    // Slower types are more vivid at day 30, in the order of their daily decay.
    const byDecay = [...MEMORY_TYPES].sort((a, b) => MEMORY_TYPE_CONFIG[a].dailyDecay - MEMORY_TYPE_CONFIG[b].dailyDecay);
    for (let i = 1; i < byDecay.length; i++) {
      if (MEMORY_TYPE_CONFIG[byDecay[i]!].dailyDecay > MEMORY_TYPE_CONFIG[byDecay[i - 1]!].dailyDecay) {
        expect(at30.get(byDecay[i]!)!, `${byDecay[i]} vs ${byDecay[i - 1]}`).toBeLessThan(at30.get(byDecay[i - 1]!)!);
      }
    }
    withDb(ws, ({ store }) => {
      const now = T0 + 90 * DAY;
      const v = (t: MemoryType) => vividnessAt(store.get(ids.get(t)!)!, now);
      expect(v("personality_moment")).toBeGreaterThan(0.9); // almost never fades
      expect(v("failure")).toBeGreaterThan(0.55); // fades slowly: still clear after a quarter
      expect(v("system_knowledge")).toBeLessThan(0.5);
      // Process notes fade fastest: out by day 80, moved to the archive with the reason.
      expect(archivedOn.get("process_note")).toBe(Math.ceil(daysToFade({ type: "process_note", significance: 0.5, recallCount: 0, pinned: false })));
      expect([...archivedOn.keys()]).toEqual(["process_note"]);
      const note = store.get(ids.get("process_note")!)!;
      expect(note.archivedAt).toBe(T0 + archivedOn.get("process_note")! * DAY);
      expect(note.archiveReason).toMatch(/^faded: vividness 0\.04\d < 0\.05 \(never recalled; process_note fades 3\.75%\/day\)$/);
      expect(note.content).toBe("a process_note");
      // Nothing deleted: ten rows, one of them in the archive.
      expect(store.list({ archived: "all" })).toHaveLength(10);
      expect(store.count()).toBe(9);
      expect(store.count({ archived: true })).toBe(1);
    });
  });

  it("significance and recall count slow fading; pinned memories never fade", () => {
    const base = { type: "lesson_learned" as const, recallCount: 0, pinned: false };
    expect(effectiveDailyDecay({ ...base, significance: 1 })).toBeCloseTo(MEMORY_TYPE_CONFIG.lesson_learned.dailyDecay / 2, 10);
    expect(effectiveDailyDecay({ ...base, significance: 0.9 })).toBeLessThan(effectiveDailyDecay({ ...base, significance: 0.1 }));
    expect(effectiveDailyDecay({ ...base, significance: 0.5, recallCount: 10 })).toBeLessThan(effectiveDailyDecay({ ...base, significance: 0.5, recallCount: 1 }));
    expect(vividnessAfter(0.8, 365, { ...base, significance: 0, pinned: true })).toBe(0.8);
    expect(vividnessAfter(0.8, -3, { ...base, significance: 0 })).toBe(0.8); // a clock set back changes nothing
    expect(daysToFade({ ...base, significance: 0, pinned: true })).toBe(Infinity);
  });

  it("applying decay lazily gives the same vividness as applying it every day", () => {
    const m = { type: "triumph" as const, significance: 0.3, recallCount: 2, pinned: false };
    let daily = 1;
    for (let d = 0; d < 90; d++) daily = vividnessAfter(daily, 1, m);
    expect(vividnessAfter(1, 90, m)).toBeCloseTo(daily, 12);
    expect(vividnessAfter(1, 90.5, m)).toBeLessThan(daily);
  });
});

describe("recall refreshes", () => {
  it("a recall brings vividness half-way back, counts, logs, and slows later fading", () => {
    const id = withDb(ws, ({ store }) => insertMemory(store, { type: "system_knowledge", content: "The VPS runs Debian 12.", significance: 0.4 }));
    const day40 = T0 + 40 * DAY;
    withDb(ws, ({ store }) => {
      const before = vividnessAt(store.get(id)!, day40);
      expect(before).toBeLessThan(0.6);
      expect(recordRecall(store, [id, id, 999], day40, "context", "set up nginx")).toEqual([id]);
      const m = store.get(id)!;
      expect(m.vividness).toBeCloseTo(refreshOnRecall(before), 12);
      expect(m.vividness).toBeCloseTo(before + (1 - before) / 2, 12);
      expect(m).toMatchObject({ recallCount: 1, lastRecalledAt: day40, vividAt: day40 });
      expect(store.recallsBetween(day40, day40 + 1)).toBe(1);
      // The same 40 days after the recall cost less than the 40 before it.
      const later = vividnessAt(m, day40 + 40 * DAY) / m.vividness;
      expect(later).toBeGreaterThan(before);
    });
  });

  it("a memory recalled every week survives 90 days that would otherwise archive it", () => {
    const [kept, left] = withDb(ws, ({ store }) => [
      insertMemory(store, { type: "process_note", content: "Deploy with make release.", significance: 0.4 }),
      insertMemory(store, { type: "process_note", content: "Rotate logs with logrotate.", significance: 0.4 }),
    ]);
    for (let day = 1; day <= 90; day++) {
      withDb(ws, ({ store }) => {
        if (day % 7 === 0) recordRecall(store, [kept!], T0 + day * DAY, "search", "deploy");
        fadePass(store, T0 + day * DAY);
      });
    }
    withDb(ws, ({ store }) => {
      expect(store.get(kept!)!.archivedAt).toBeNull();
      expect(store.get(left!)!.archivedAt).not.toBeNull();
    });
  });
});

describe("the person's corrections", () => {
  it("forget archives (restorable), pin stops fading, unpin resumes it; nothing is ever deleted", () => {
    const mem = openMemoryDb(ws);
    const db = mem.db;
    const id = insertMemory(mem.store, { type: "process_note", content: "Use rsync for backups.", significance: 0.2 });
    const now = T0 + 20 * DAY;
    expect(pinMemory(db, id, now)).toMatchObject({ changed: true, memory: { pinned: true, vividness: 1 } });
    withDb(ws, ({ store }) => expect(fadePass(store, T0 + 400 * DAY)).toEqual([]));
    expect(listMemories(db, { now: T0 + 400 * DAY })[0]).toMatchObject({ id, vividNow: 1 });
    expect(unpinMemory(db, id, now + DAY).memory.pinned).toBe(false);
    expect(forgetMemory(db, id, now + 2 * DAY)).toMatchObject({ changed: true, memory: { archivedAt: now + 2 * DAY, archiveReason: expect.stringMatching(/^forgotten: by you/) } });
    expect(listMemories(db, { now: now + 2 * DAY })).toEqual([]);
    expect(listMemories(db, { now: now + 2 * DAY, faded: true }).map((m) => m.id)).toEqual([id]);
    expect(() => pinMemory(db, id, now)).toThrow(/in the archive/);
    expect(restoreMemory(db, id, now + 3 * DAY)).toMatchObject({ changed: true, memory: { archivedAt: null, archiveReason: null } });
    expect(() => forgetMemory(db, 4242, now)).toThrow(/there is no memory #4242/);
    withDb(ws, ({ store }) => expect(store.list({ archived: "all" })).toHaveLength(1));
    expect(FADE_OUT).toBe(0.05);
    mem.close();
  });
});
