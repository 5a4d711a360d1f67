/** The dream's "already in MEMORY.md" check by meaning, with the real USE-lite model from npm. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../../src/index.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import { cleanup, read, tempDir, write } from "../../helpers/workspace.js";
import { sharedUseLite } from "../../helpers/use-lite.js";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 3, 10, 9, 0, 0);
const MEMORY = "# MEMORY\n\n## People\n\n- In the afternoon, Alice likes to drink green tea.\n";

describe("dreaming with an embedder", () => {
  const useLite = sharedUseLite();
  let ws = "";
  let engine: Engine;
  let t = T0;

  beforeEach(() => {
    ws = tempDir("agent-dream-vec-");
    // keywordOverlap 1: only the same words count as a keyword duplicate, so this test sees the vectors work.
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword" }, context: { timeZone: "UTC" }, dream: { duplicate: { keywordOverlap: 1 } } }));
    write(ws, "MEMORY.md", MEMORY);
    write(ws, "memory/2026-04-08.md", "# 2026-04-08\n\nAlice said she prefers green tea in the afternoon and never coffee after three.\n");
    engine = Engine.open({ workspace: ws, now: () => t, embedder: useLite, llm: new ScriptedProvider(["FACT: Alice prefers green tea in the afternoon."]) });
  });
  afterEach(async () => {
    await engine.close();
    cleanup(ws);
  });

  it("a line that says what MEMORY.md says in other words is not proposed", { timeout: 60_000 }, async () => {
    for (let d = 0; d < 3; d++) {
      t = T0 + d * DAY;
      await engine.search(["alice tea", "green tea afternoon", "what does alice drink"][d]!, { front: "cli" });
    }
    t = T0 + 3 * DAY;
    const { value } = await (await engine.dream()).run();
    expect(value!.proposed).toEqual([]);
    expect(value!.skipped.map((s) => s.reason).join("\n")).toMatch(/by meaning\)?:? .*"In the afternoon, Alice likes to drink green tea\."/);
    expect(read(ws, "MEMORY.md")).toBe(MEMORY);
  });
});
