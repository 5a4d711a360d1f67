import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { sharedUseLite } from "../helpers/use-lite.js";

/**
 * A day still to come has no note of its own: asked about, it is found in the notes that
 * name it. Real files, a real index, the real embedding model; the clock is injected.
 */
const useLite = sharedUseLite();

let ws = "";
let now = Date.parse("2026-11-26T09:00:00Z");
let engine: Engine;

beforeAll(async () => {
  ws = tempDir("agent-upcoming-");
  write(ws, "memory/2026-11-26.md", "# 2026-11-26\n\nSent the outline to Priya; the grant proposal is due by 4 December.\n");
  write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\nDentist appointment booked for December 4th at 10:00.\n");
  write(ws, "memory/2025-12-04.md", "# 2025-12-04\n\nChristmas market with the kids.\n");
  write(ws, "memory/2026-12-29.md", "# 2026-12-29\n\nTrain to Porto on 3 January, back on the 10th.\n");
  write(ws, "memory/2026-01-03.md", "# 2026-01-03\n\nNew year walk on the beach.\n");
  engine = Engine.open({ workspace: ws, now: () => now, embedder: useLite });
  engine.indexing.index();
  await engine.indexing.embed();
}, 120_000);

afterAll(async () => {
  await engine?.close();
  cleanup(ws);
});

describe("a date without a year follows the question's tense", () => {
  it("'what's on 4 December' finds the notes that mention the day ahead, not last year's note", async () => {
    now = Date.parse("2026-11-26T09:00:00Z");
    const res = await engine.search("what's on 4 December", { explain: true });
    expect(res.dateRange).toMatchObject({ from: "2026-12-04", to: "2026-12-04", reading: { tense: "ahead", searched: "mentions" } });
    expect(res.results.map((r) => r.path).sort()).toEqual(["memory/2026-11-20.md", "memory/2026-11-26.md"]);
  });

  it("with words, a note that names the day ahead is of that time", async () => {
    now = Date.parse("2026-11-26T09:00:00Z");
    const res = await engine.search("when is the proposal due, 4 December", { explain: true });
    expect(res.dateRange?.reading).toEqual({ tense: "ahead", searched: "mentions" });
    expect(res.results[0]?.path).toBe("memory/2026-11-26.md");
    expect(res.results[0]?.explain?.dateMatch).toBe(true);
  });

  it("'what did I do on 4 December' looks behind, to the note of last year", async () => {
    now = Date.parse("2026-11-26T09:00:00Z");
    const res = await engine.search("what did I do on 4 December", { explain: true });
    expect(res.dateRange).toMatchObject({ from: "2025-12-04", reading: { tense: "behind", searched: "dated" } });
    expect(res.results.map((r) => r.path)).toEqual(["memory/2025-12-04.md"]);
  });

  it("a range that starts today and runs on ('this week' on its Monday) finds the notes naming its days", async () => {
    now = Date.parse("2026-11-30T09:00:00Z");
    const res = await engine.search("what am I doing this week", { explain: true });
    expect(res.dateRange).toMatchObject({ from: "2026-11-30", to: "2026-12-06", reading: { searched: "mentions" } });
    expect(res.results.map((r) => r.path).sort()).toEqual(["memory/2026-11-20.md", "memory/2026-11-26.md"]);
  });

  it("across the year boundary: on 30 December, '3 January' is the one ahead", async () => {
    now = Date.parse("2026-12-30T09:00:00Z");
    const res = await engine.search("3 January", { explain: true });
    expect(res.dateRange).toMatchObject({ from: "2027-01-03", reading: { tense: "nearest", searched: "mentions" } });
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-12-29.md"]);
  });

  it("a day ahead that no note names says so, never 'no notes dated'", async () => {
    now = Date.parse("2026-11-26T09:00:00Z");
    const res = await engine.search("what's on 9 December");
    expect(res.results).toEqual([]);
    expect(res.reason).toBe("no note mentions 2026-12-09");
  });
});
