import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// A date moved by how much ("put back a week") names no new date: the replaced result carries the
// old date shifted, so "when is it now" is answered without the reader doing the sum.

describe("a date moved by how much", () => {
  let ws = "";
  afterEach(() => cleanup(ws));

  it("the replaced result carries the date it moved to", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(ws, "memory/2031-03-02.md", "# 2 March\n\n- Street party on Elm Road set for Saturday 15 March.\n");
    write(ws, "memory/2031-03-06.md", "# 6 March\n\n- Elm Road street party's been pushed back a week, the council permit is late.\n");
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2031-03-08T09:00:00Z") });
    try {
      engine.indexing.index();
      const res = await engine.search("when is the Elm Road street party", { recall: false });
      const replaced = res.results.find((r) => r.path === "memory/2031-03-02.md");
      expect(replaced?.supersededBy?.path).toBe("memory/2031-03-06.md");
      expect(replaced?.supersededBy?.movedTo).toBe("Saturday 22 March");
    } finally {
      await engine.close();
    }
  });
});
