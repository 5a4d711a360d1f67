import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

/**
 * A word that says how much, not what about, is no evidence on its own: "how much does
 * Netflix cost" must not return a recipe matched only on "much". Real files, a real SQLite
 * index, keyword search (what the floor's keyword evidence is about).
 */
const NOW = Date.parse("2026-11-26T09:00:00Z");
let ws = "";
let engine: Engine;

beforeAll(() => {
  ws = tempDir("agent-topic-floor-");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  write(ws, "USER.md", "# User\n\nPays for Netflix (£10.99) and Spotify every month.\n");
  write(ws, "notes/recipes.md", "# Recipes\n\n## Bread\n\nFlour, water, salt, yeast; much kneading.\n");
  write(ws, "notes/garden.md", "# Garden\n\nToo many snails on the lettuce this year.\n");
  engine = Engine.open({ workspace: ws, now: () => NOW });
  engine.indexing.index();
});

afterAll(async () => {
  await engine?.close();
  cleanup(ws);
});

describe("a single common word is not evidence", () => {
  it("'how much does Netflix cost' answers with the Netflix note, not the recipe matched on 'much'", async () => {
    const res = await engine.search("how much does Netflix cost", { mode: "keyword", explain: true });
    expect(res.results.map((r) => r.path)).toEqual(["USER.md"]);
    // "much" is no query term at all: the recipe is not even a candidate.
    expect(res.explain!.floor.terms.map((t) => t.term)).toEqual(["netflix", "cost"]);
    expect(res.explain!.floor.nearMisses.map((m) => m.path)).not.toContain("notes/recipes.md");
  });

  it("'how many snails' still finds the garden: a quantity word beside a topic word is fine", async () => {
    const res = await engine.search("how many snails", { mode: "keyword" });
    expect(res.results.map((r) => r.path)).toEqual(["notes/garden.md"]);
  });

  it("a question of only quantity words finds nothing rather than any note that says 'much'", async () => {
    const res = await engine.search("how much", { mode: "keyword" });
    expect(res.results).toEqual([]);
  });
});
