import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { bootKey, fuseBoot, interleave, rankRecent, type BootCandidate } from "../../src/context/boot/boot.js";
import { bootContext } from "../../src/context/boot/sources.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

function cand(path: string, startLine: number, endLine: number, over: Partial<BootCandidate> = {}): BootCandidate {
  return {
    path,
    startLine,
    endLine,
    source: path.startsWith("sessions/") ? "sessions" : "memory",
    kind: path.startsWith("sessions/") ? "session" : path.startsWith("memory/") ? "daily" : "note",
    heading: "",
    date: null,
    text: `Text of ${path} lines ${startLine}-${endLine}.`,
    ...over,
  };
}

const history = (n: number) => Array.from({ length: n }, (_, i) => cand(`notes/old-${i}.md`, 1, 5, { score: 1 - i / 100 }));
const sessions = (n: number) => Array.from({ length: n }, (_, i) => cand(`sessions/s${i}.jsonl`, 1, 4, { date: "2026-11-21" }));
const daily = (n: number) => Array.from({ length: n }, (_, i) => cand(`memory/2026-11-${String(21 - i).padStart(2, "0")}.md`, 3, 6, { date: `2026-11-${21 - i}` }));

describe("fuseBoot", () => {
  it("keeps about 30% of the slots for recent activity even when history has plenty", () => {
    const f = fuseBoot({ history: history(20), session: sessions(5), daily: daily(5) }, { limit: 10 });
    expect(f.items).toHaveLength(10);
    expect(f.historySlots).toBe(7);
    expect(f.recentSlots).toBe(3);
    expect(f.items.filter((i) => i.origin === "history").map((i) => i.path)).toEqual(history(7).map((c) => c.path));
    // Session turns and daily notes share the recent slots, best of each first.
    expect(f.items.slice(7).map((i) => [i.origin, i.path])).toEqual([
      ["session", "sessions/s0.jsonl"],
      ["daily", "memory/2026-11-21.md"],
      ["session", "sessions/s1.jsonl"],
    ]);
  });

  it("guarantees at least one recent item for small limits, and gives unused slots to the other side", () => {
    expect(fuseBoot({ history: history(20), session: sessions(1), daily: [] }, { limit: 2 }).items.map((i) => i.origin)).toEqual(["history", "session"]);
    const fewHistory = fuseBoot({ history: history(2), session: sessions(5), daily: daily(5) }, { limit: 10 });
    expect(fewHistory.items.map((i) => i.origin).filter((o) => o === "history")).toHaveLength(2);
    expect(fewHistory.items).toHaveLength(10);
    const noRecent = fuseBoot({ history: history(20), session: [], daily: [] }, { limit: 10 });
    expect(noRecent.items.every((i) => i.origin === "history")).toBe(true);
    expect(noRecent.items).toHaveLength(10);
    expect(fuseBoot({ history: [], session: [], daily: [] }, { limit: 10 }).items).toEqual([]);
  });

  it("puts recent items that search also found first among recent activity", () => {
    const d = daily(3);
    const f = fuseBoot({ history: [...history(3), d[2]!], session: [], daily: d }, { limit: 10 });
    expect(f.items.filter((i) => i.origin === "daily").map((i) => i.path)).toEqual([d[2]!.path, d[0]!.path, d[1]!.path]);
    expect(f.items.find((i) => i.path === d[2]!.path)!.alsoFrom).toEqual(["history"]);
  });

  it("honours another recent share", () => {
    const f = fuseBoot({ history: history(20), session: sessions(10), daily: daily(10) }, { limit: 10, recentShare: 0.5 });
    expect(f.recentSlots).toBe(5);
  });

  it("deduplicates by source + path + line range, and folds overlapping ranges of one file", () => {
    const h = [cand("memory/2026-11-20.md", 3, 5, { date: "2026-11-20" }), cand("notes/a.md", 1, 4), cand("notes/a.md", 3, 8), cand("notes/a.md", 1, 4)];
    const d = [cand("memory/2026-11-20.md", 3, 5, { date: "2026-11-20" }), cand("memory/2026-11-20.md", 4, 9), cand("memory/2026-11-20.md", 10, 12)];
    const f = fuseBoot({ history: h, session: [], daily: d }, { limit: 10 });
    // A recent note that search found too counts as recent work (first among it), not history.
    expect(f.items.map((i) => `${i.origin}:${i.path}:${i.startLine}-${i.endLine}`)).toEqual([
      "history:notes/a.md:1-4",
      "daily:memory/2026-11-20.md:3-5",
      "daily:memory/2026-11-20.md:10-12",
    ]);
    expect(f.items[1]!.alsoFrom).toEqual(["history"]);
    expect(f.merged).toBe(4);
    expect(bootKey(cand("x.md", 1, 2))).not.toBe(bootKey({ ...cand("x.md", 1, 2), source: "sessions" }));
  });

  it("cuts snippets at sentence boundaries near 400 characters, keeps dates, and skips content-free items", () => {
    const sentence = (i: number) => `Sentence number ${i} talks about the weather and other things at some length here.`;
    const text = [...Array.from({ length: 12 }, (_, i) => sentence(i)), "The pharmacy fridge supplier is Kühlmann.", ...Array.from({ length: 8 }, (_, i) => sentence(i + 20))].join(" ");
    const f = fuseBoot(
      { history: [cand("notes/long.md", 1, 30, { text, date: "2025-03-02" }), cand("MEMORY.md", 6, 8, { text: "## Projects\n\n<!-- nothing -->" })], session: [], daily: [] },
      { limit: 5, terms: ["pharmacy", "fridge"] },
    );
    expect(f.items).toHaveLength(1);
    const s = f.items[0]!.snippet;
    expect(s).toContain("The pharmacy fridge supplier is Kühlmann.");
    expect(s.length).toBeLessThanOrEqual(400);
    expect(s.length).toBeGreaterThan(280);
    expect(s).toMatch(/\.$/);
    expect(f.items[0]!.date).toBe("2025-03-02");
  });

  it("rankRecent puts items sharing a query word first, then the newest", () => {
    const items = [
      { item: { text: "bought milk", heading: "" }, at: "2026-11-21T10:00:00Z" },
      { item: { text: "pharmacy shelves", heading: "" }, at: "2026-11-19T10:00:00Z" },
      { item: { text: "walked the dog", heading: "" }, at: "2026-11-22T10:00:00Z" },
    ];
    expect(rankRecent(items, ["pharmacy"]).map((i) => i.text)).toEqual(["pharmacy shelves", "walked the dog", "bought milk"]);
    expect(interleave<number | string>([1, 2, 3], ["a"])).toEqual([1, "a", 2, 3]);
  });
});

describe("bootContext over a workspace", () => {
  const NOW = Date.parse("2026-11-21T12:00:00Z");
  let ws = "";
  let engine: Engine | null = null;
  afterEach(() => {
    engine?.close();
    engine = null;
    cleanup(ws);
  });

  const turn = (role: string, content: string, ts: string) => JSON.stringify({ role, content, ts }) + "\n";

  function setup(): Engine {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    for (let i = 0; i < 12; i++) {
      write(ws, `notes/pharmacy-${i}.md`, `# Pharmacy notes ${i}\n\nThe pharmacy project step ${i}: we compared suppliers. project:: pharmacy\n`);
    }
    write(ws, "memory/2026-11-21.md", "# 2026-11-21\n\n## Morning\n\nShelf layout for the pharmacy drafted. project:: pharmacy\n\n## Evening\n\nWalked the dog. project:: home\n");
    write(ws, "memory/2026-11-19.md", "# 2026-11-19\n\nOrdered a new fridge for the pharmacy.\n");
    write(ws, "memory/2026-11-01.md", "# 2026-11-01\n\nOld pharmacy note, outside the window.\n");
    write(
      ws,
      "sessions/chat-a.jsonl",
      turn("user", "Old question about taxes", "2026-10-01T09:00:00Z") +
        turn("user", "Can you draft the pharmacy opening email? project:: pharmacy", "2026-11-20T09:00:00Z") +
        turn("assistant", "Here is a draft for the opening.", "2026-11-20T09:01:00Z"),
    );
    write(ws, "sessions/chat-old.jsonl", turn("user", "pharmacy idea from last month", "2026-10-02T09:00:00Z"));
    engine = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
    return engine;
  }

  it("fuses history, recent turns and recent daily notes, with the recent share kept", async () => {
    const e = setup();
    const r = await bootContext(e, "what was I doing on the pharmacy project", { days: 7, limit: 10 });
    expect(r.from).toBe("2026-11-15");
    expect(r.to).toBe("2026-11-21");
    expect(r.items).toHaveLength(10);
    const recent = r.items.filter((i) => i.origin !== "history");
    expect(recent.length).toBeGreaterThanOrEqual(3);
    expect(r.counts.history).toBeGreaterThanOrEqual(5);
    // Only turns inside the window; the old transcript and the old turn do not come back as recent.
    const sessionItems = r.items.filter((i) => i.origin === "session");
    expect(sessionItems.map((i) => `${i.path}:${i.startLine}-${i.endLine}`)).toEqual(["sessions/chat-a.jsonl:2-3"]);
    expect(sessionItems[0]!.date).toBe("2026-11-20");
    expect(sessionItems[0]!.snippet).toContain("user: Can you draft the pharmacy opening email?");
    for (const it of recent) expect(it.date! >= "2026-11-15").toBe(true);
    // No key twice.
    const keys = r.items.map((i) => `${i.source}|${i.path}|${i.startLine}-${i.endLine}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(r.today).toBeUndefined();
  });

  it("filters every source by project, and returns today's note verbatim on request", async () => {
    const e = setup();
    const r = await bootContext(e, "pharmacy", { project: "pharmcy", includeDaily: true, limit: 20 });
    expect(r.project).toBe("pharmcy");
    expect(r.items.length).toBeGreaterThan(0);
    for (const it of r.items) expect(it.annotations?.project ?? [], `${it.path}:${it.startLine}`).toContain("pharmacy");
    // The unannotated note of the 19th and the "home" section are filtered out.
    expect(r.items.some((i) => i.path === "memory/2026-11-19.md")).toBe(false);
    expect(r.items.some((i) => i.snippet.includes("Walked the dog"))).toBe(false);
    expect(r.today).toEqual({ date: "2026-11-21", path: "memory/2026-11-21.md", text: "# 2026-11-21\n\n## Morning\n\nShelf layout for the pharmacy drafted. project:: pharmacy\n\n## Evening\n\nWalked the dog. project:: home\n" });
  });

  it("without a question, recent activity fills every slot", async () => {
    const e = setup();
    const r = await bootContext(e, "", { limit: 4 });
    expect(r.counts.history).toBe(0);
    expect(r.items.map((i) => i.origin).sort()).toEqual(["daily", "daily", "daily", "session"]);
  });
});
