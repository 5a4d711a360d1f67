import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// A day's note holding two statements that later notes replaced is replaced, for a question, by
// what replaced the statement the question asks about, and that replacement is what comes above
// it, not whichever link the linker was surest of.

let ws = "";
afterEach(() => cleanup(ws));

/** A keyword workspace of these notes, indexed at 6 April 2031; `check` runs against its engine. */
async function withNotes(files: Record<string, string>, check: (engine: Engine) => Promise<void>): Promise<void> {
  ws = tempDir();
  write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
  for (const [rel, text] of Object.entries(files)) write(ws, rel, text);
  const engine = Engine.open({ workspace: ws, now: () => Date.parse("2031-04-06T09:00:00Z") });
  try {
    engine.indexing.index();
    await check(engine);
  } finally {
    await engine.close();
  }
}

describe("a note with two replaced statements", () => {
  it("is replaced where the question asks", async () => {
    const notes = {
      "memory/2031-04-01.md": "# 1 April\n\nOrla starts at the bakery on Monday 14 April, early shifts.\n\nSwim club fees for the summer term: £48 per child.\n",
      "memory/2031-04-03.md": "# 3 April\n\nOrla's first day at the bakery is Monday 21 April now, the owner is away.\n",
      "memory/2031-04-05.md": "# 5 April\n\nSwim club fees for the summer term went up to £52 per child.\n",
    };
    await withNotes(notes, async (engine) => {
      const res = await engine.search("when does Orla start at the bakery", { recall: false });
      const replaced = res.results.find((r) => r.path === "memory/2031-04-01.md");
      expect(replaced?.supersededBy?.path).toBe("memory/2031-04-03.md");
      expect(res.results[0]?.path).toBe("memory/2031-04-03.md");
      const fees = await engine.search("swim club fees", { recall: false });
      expect(fees.results.find((r) => r.path === "memory/2031-04-01.md")?.supersededBy?.path).toBe("memory/2031-04-05.md");
      expect(fees.results[0]?.path).toBe("memory/2031-04-05.md");
    });
  });
});

describe("a table row replaced in a note that holds another replaced line", () => {
  it("is asked about by its header's words: 'rent for plot 4' finds the new table first", async () => {
    const notes = {
      "memory/2031-04-01.md": "# 1 April\n\n- Plots before the spring review:\n\n| Plot | Holder | Rent (year) |\n|---|---|---|\n| 4, Mill Lane | Ruth Bell | £40 |\n| 9, Mill Lane | Ian Moss | £55 |\n\n- Water trough at plot 4 to be fixed on Tue 8 April.\n",
      "memory/2031-04-03.md": "# 3 April\n\n- Water trough at plot 4: the fix moved to Thu 10 April.\n",
      "memory/2031-04-05.md": "# 5 April\n\n- From May:\n\n| Plot | Holder | Rent (year) |\n|---|---|---|\n| 4, Mill Lane | Ruth Bell | £46 |\n| 9, Mill Lane | Ian Moss | £55 |\n",
    };
    await withNotes(notes, async (engine) => {
      const res = await engine.search("what is the rent for plot 4", { recall: false });
      expect(res.results[0]?.path).toBe("memory/2031-04-05.md");
      expect(res.results.find((r) => r.path === "memory/2031-04-01.md")?.supersededBy?.path).toBe("memory/2031-04-05.md");
    });
  });
});
