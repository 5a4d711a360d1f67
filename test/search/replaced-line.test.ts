import { utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { otherItemAsked } from "../../src/search/pipeline/current.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// A list result is marked replaced for the line that was replaced, not for the whole list: when
// another line matches the question as well as the replaced one, and what replaced it says
// nothing the question asks, the question is about the other line.

const list = { text: "# Memory\n\n- Choir: rehearsals Wednesday evenings at St Mary's.\n- Piano tuner: Gwen Ellis, comes to St Mary's, £70 a visit.\n" };
const tuner = { text: "Piano tuner: Gwen Ellis, comes to St Mary's, £70 a visit." };

describe("a list with two lines matching the question as well", () => {
  it("is not about the replaced line when its replacement says nothing asked", () => {
    expect(otherItemAsked(list, tuner, new Set(["mary"]), { text: "Gwen's charging £85 from the autumn." })).toBe(true);
  });

  it("is about the replaced line when its replacement says something asked, or no replacement is known", () => {
    expect(otherItemAsked(list, tuner, new Set(["mary"]), { text: "Gwen no longer tunes at St Mary's, £85 now." })).toBe(false);
    expect(otherItemAsked(list, tuner, new Set(["mary"]))).toBe(false);
  });

  let ws = "";
  afterEach(() => cleanup(ws));

  it("end to end: the other line's question gets the list unmarked; the replaced line's question gets it marked", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(ws, "MEMORY.md", `${list.text}- Allotment: plot 12, the one by the gate.\n`);
    const old = Date.parse("2031-04-02T20:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), old, old);
    write(ws, "memory/2031-04-20.md", "# 20 April\n\n- Gwen the piano tuner is going up to £85 a visit from May.\n");
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2031-04-25T09:00:00Z") });
    try {
      engine.indexing.index();
      expect(engine.indexing.links().some((l) => l.kind === "update" && l.older.path === "MEMORY.md")).toBe(true);
      const choir = await engine.search("what happens at St Mary's", { recall: false });
      expect(choir.results[0]?.path).toBe("MEMORY.md");
      expect(choir.results[0]?.supersededBy).toBeUndefined();
      const price = await engine.search("how much is the piano tuner a visit", { recall: false });
      const memory = price.results.find((r) => r.path === "MEMORY.md");
      expect(memory?.supersededBy?.path).toBe("memory/2031-04-20.md");
    } finally {
      await engine.close();
    }
  });
});
