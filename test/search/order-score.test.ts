import { cpSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { sharedUseLite } from "../helpers/use-lite.js";

/**
 * People read a result list as best first, next to the score each result shows: diversity
 * (MMR) may reorder, but never puts a result above one scoring more than
 * search.mmr.maxScoreGap higher. Real files, a real index, the real embedding model.
 */
const useLite = sharedUseLite();
const NOW = Date.parse("2026-11-26T09:00:00Z");
const GAP = 0.05;

let ws = "";
let engine: Engine;

beforeAll(async () => {
  ws = tempDir("agent-order-");
  cpSync(path.join(REPO_ROOT, "workspace-template"), ws, { recursive: true });
  // A stated margin this fixture's scores cross: MMR puts last year's note (0.80) above the
  // visit's second section (0.88), 0.08 higher.
  write(ws, "agent.config.json", JSON.stringify({ search: { mmr: { maxScoreGap: GAP } } }));
  write(
    ws,
    "memory/2026-11-12.md",
    "# 2026-11-12\n\n## GP\n\nSaw the GP, Dr Okafor, about my knee. The GP said it is patellofemoral pain, not a tear.\n\n" +
      "## Knee plan\n\nThe GP said: physio for the knee twice a week, no running for a month, ice after stairs.\n",
  );
  write(ws, "memory/2026-11-02.md", "# 2026-11-02\n\nKnee hurt on the stairs again; booked the GP for next week.\n");
  write(ws, "memory/2025-11-20.md", "# 2025-11-20\n\nMum asked what the GP would say about my knee; told her I had not booked yet.\n");
  write(ws, "USER.md", "# User\n\nMy GP is Dr Okafor at the Riverside surgery; appointments by phone before 9.\n");
  write(ws, "notes/health.md", "# Health\n\nKnee brace in the hall drawer. Physio exercises: clamshells, wall sits.\n");
  write(ws, "notes/running.md", "# Running\n\nCouch to 5k plan, week 3. Shoes: the blue ones.\n");
  engine = Engine.open({ workspace: ws, now: () => NOW, embedder: useLite });
  engine.indexing.index();
  await engine.indexing.embed();
}, 120_000);

afterAll(async () => {
  await engine?.close();
  cleanup(ws);
});

describe("the order and the score agree", () => {
  it("'what did the GP say about my knee': no result sits above one scoring more than the gap higher", async () => {
    const res = await engine.search("what did the GP say about my knee", { explain: true });
    const scores = res.results.map((r) => r.score);
    expect(scores.length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < scores.length; i++) {
      for (let j = i + 1; j < scores.length; j++) expect(scores[j]! - scores[i]!).toBeLessThanOrEqual(GAP + 1e-9);
    }
    // MMR still chose the results: the same set, only the order is bounded.
    expect(res.results.map((r) => r.path)).toContain("memory/2025-11-20.md");
    // Both sections of the visit's note, the best answers, lead the list.
    expect(res.results.slice(0, 2).map((r) => r.path)).toEqual(["memory/2026-11-12.md", "memory/2026-11-12.md"]);
  });
});
