import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.parse("2026-11-26T09:00:00Z");
let ws = "";
const open: Engine[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  cleanup(ws);
});

/** Many private notes that match better than the few public ones. */
function seed(): Engine {
  ws = tempDir("agent-scope-");
  for (let d = 1; d <= 20; d++) {
    const day = `2026-11-${String(d).padStart(2, "0")}`;
    write(ws, `memory/${day}.md`, `# ${day}\n\nTomatoes: watered the tomatoes, tomatoes ripening, tomato sauce.\n`);
  }
  write(ws, "MEMORY.md", "# Memory\n\n- Tomatoes grow best against the south wall; tomatoes need daily water.\n");
  write(ws, "notes/garden.md", "# Garden\n\nThe greenhouse has peppers, beans and a few tomatoes along the back, with basil between them and a water butt by the door.\n");
  write(ws, "notes/kitchen.md", "# Kitchen\n\nA recipe book on the shelf, with a page on tomatoes among many other vegetables and spices, bread and cakes.\n");
  const e = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
  open.push(e);
  e.indexing.index();
  return e;
}

describe("privacy is a scope of the candidate queries", () => {
  it("a group session gets the public results however many private notes outrank them", async () => {
    const e = seed();
    const res = await e.search("tomatoes", { session: "group", limit: 2, mode: "keyword", explain: true });
    expect(res.results.map((r) => r.path).sort()).toEqual(["notes/garden.md", "notes/kitchen.md"]);
    // Nothing private was even a candidate: the explanation names no private file either.
    expect(res.explain!.floor.candidates).toBe(2);
    expect(JSON.stringify(res)).not.toMatch(/memory\/|MEMORY\.md/);
    const main = await e.search("tomatoes", { limit: 2, mode: "keyword" });
    expect(main.results.every((r) => r.path.startsWith("memory/") || r.path === "MEMORY.md")).toBe(true);
  });

  it("a group session's near misses never name a private file", async () => {
    const e = seed();
    const res = await e.search("tomatoes greenhouse sauce watered ripening", { session: "isolated", mode: "keyword", explain: true, minScore: 0.99 });
    expect(res.results).toEqual([]);
    expect(res.explain!.floor.nearMisses.length).toBeGreaterThan(0);
    for (const m of res.explain!.floor.nearMisses) expect(m.path.startsWith("notes/")).toBe(true);
  });

  it("boot for a group session: public history only, no transcripts, no daily notes", async () => {
    const e = seed();
    const b = await (await e.assist()).boot("tomatoes", { session: "group", limit: 3 });
    expect(b.items.length).toBeGreaterThan(0);
    for (const i of b.items) expect(i.path.startsWith("notes/")).toBe(true);
    expect(b.offered).toMatchObject({ session: 0, daily: 0 });
    expect(b.today).toBeUndefined();
  });
});
