/**
 * The dream's fix for an out-of-date MEMORY.md line, on a real workspace: real markdown, the
 * real index (whose statement links say which line a later note replaced) and state
 * databases, a scripted model (never asked: the link already says what replaced what), an
 * injected clock.
 */
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../../src/index.js";
import type { MemorySwap } from "../../../src/jobs/dream/memory-file.js";
import { replacedLine, swapLine } from "../../../src/jobs/dream/replace.js";
import { acceptProposals } from "../../../src/jobs/dream/review.js";
import { swapFile } from "../../../src/workspace/safe-write.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import { agentDir } from "../../../src/workspace/paths.js";
import { allBytes, cleanup, tempDir, write } from "../../helpers/workspace.js";

const DAY = 86_400_000;
const OLD = "- The kitchen renovation start date is 3 December, Marek's crew.";
const MEMORY = `# Memory\n\n${OLD}\n- Lena's rescue home visit: Thursday.\n`;
const NEWER = "Marek called: the kitchen renovation start date moved to 10 December.";

let ws: string;
let t: number;
let engine: Engine;

function open(): Engine {
  // The model is never asked for a replacement: a scripted one with no replies fails loudly if it were.
  return Engine.open({ workspace: ws, now: () => t, embedder: null, llm: new ScriptedProvider([]) });
}

const memory = () => readFileSync(path.join(ws, "MEMORY.md"), "utf8");

async function dreamOnce(): Promise<void> {
  engine.indexing.index();
  const out = await (await engine.dream()).run();
  expect(out.value, JSON.stringify(out.run)).toBeDefined();
}

beforeEach(() => {
  ws = tempDir("agent-dream-replace-");
  // autoAccept on: a replacement still waits for the person.
  write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword" }, context: { timeZone: "UTC" }, dream: { autoAccept: true } }));
  write(ws, "MEMORY.md", MEMORY);
  // MEMORY.md was last edited before the note that replaced its line.
  const old = Date.parse("2026-11-10T09:00:00Z") / 1000;
  utimesSync(path.join(ws, "MEMORY.md"), old, old);
  write(ws, "memory/2026-11-23.md", `# 2026-11-23\n\n- ${NEWER}\n`);
  t = Date.parse("2026-11-25T12:00:00Z");
  engine = open();
});

afterEach(async () => {
  await engine.close();
  cleanup(ws);
});

describe("the dream proposes the fix for a stale MEMORY.md line", () => {
  it("proposes replacing the line, citing both sides, and applies nothing on its own", async () => {
    await dreamOnce();
    const dream = await engine.dream();
    const [p, ...more] = dream.proposals("pending");
    expect(more).toEqual([]);
    expect(p!.provenance.kind).toBe("replace");
    expect(p!.text).toBe(`${NEWER} (memory/2026-11-23.md:3, 2026-11-23)`);
    expect(p!.provenance.replace).toMatchObject({
      oldLine: OLD,
      old: { path: "MEMORY.md", line: 3 },
      current: { path: "memory/2026-11-23.md", line: 3, date: "2026-11-23", text: NEWER },
    });
    expect(memory()).toBe(MEMORY);
    // The next night does not propose the same pair again while it waits.
    t += DAY;
    await dreamOnce();
    expect(dream.proposals("all")).toHaveLength(1);
  });

  it("accept replaces exactly that line, keeping its bullet; undo puts it back", async () => {
    await dreamOnce();
    const dream = await engine.dream();
    const [p] = dream.proposals("pending");
    const r = dream.accept([p!.id]);
    expect(r.accepted).toEqual([{ id: p!.id, text: p!.text }]);
    expect(memory()).toBe(`# Memory\n\n- ${NEWER} (memory/2026-11-23.md:3, 2026-11-23)\n- Lena's rescue home visit: Thursday.\n`);
    expect(dream.proposals("accepted").map((x) => x.id)).toEqual([p!.id]);
    dream.undo(p!.id);
    expect(memory()).toBe(MEMORY);
  });

  it("keeps a hand edit of another line made meanwhile", async () => {
    await dreamOnce();
    const dream = await engine.dream();
    const [p] = dream.proposals("pending");
    write(ws, "MEMORY.md", `# Memory\n\n## Home\n\n${OLD}\n- Lena's rescue home visit: Friday.\n`);
    dream.accept([p!.id]);
    expect(memory()).toBe(`# Memory\n\n## Home\n\n- ${NEWER} (memory/2026-11-23.md:3, 2026-11-23)\n- Lena's rescue home visit: Friday.\n`);
  });

  it("refuses, changing nothing, when the line itself was edited meanwhile", async () => {
    await dreamOnce();
    const dream = await engine.dream();
    const [p] = dream.proposals("pending");
    const edited = `# Memory\n\n- The kitchen renovation start date is 3 December, Marek's crew (he confirmed).\n- Lena's rescue home visit: Thursday.\n`;
    write(ws, "MEMORY.md", edited);
    expect(() => dream.accept([p!.id])).toThrow(/no longer has the line "- The kitchen renovation start date is 3 December, Marek's crew\." as it was.*nothing was changed/);
    expect(memory()).toBe(edited);
    expect(dream.proposals("pending").map((x) => x.id)).toEqual([p!.id]);
  });

  it("refuses when the line is edited while the accept swaps MEMORY.md, keeping the edit", async () => {
    await dreamOnce();
    const dream = await engine.dream();
    const [p] = dream.proposals("pending");
    const edited = MEMORY.replace("3 December", "4 December");
    let raced = false;
    // The person saves the same line between the accept's read and its swap.
    const racingSwap: MemorySwap = (file, expected, content) => {
      if (!raced) {
        raced = true;
        writeFileSync(path.join(ws, "MEMORY.md"), edited);
      }
      return swapFile(file, expected, content, { oldIsSaved: true, allowEmpty: true });
    };
    const review = { workspace: ws, db: engine.state(), now: () => t, section: "Dreamed facts", byPerson: true, swap: racingSwap };
    expect(() => acceptProposals(review, [p!.id])).toThrow(/no longer has the line .*nothing was changed/);
    expect(raced).toBe(true);
    expect(memory()).toBe(edited);
    expect(dream.proposals("pending").map((x) => x.id)).toEqual([p!.id]);
  });

  it("remembers a rejection: the same pair is not proposed again", async () => {
    await dreamOnce();
    const dream = await engine.dream();
    const [p] = dream.proposals("pending");
    dream.reject([p!.id], "the crew moved it back");
    t += DAY;
    await dreamOnce();
    expect(dream.proposals("pending")).toEqual([]);
    expect(dream.proposals("all").map((x) => [x.id, x.status, x.reason])).toEqual([[p!.id, "rejected", "the crew moved it back"]]);
    expect(memory()).toBe(MEMORY);
  });
});

describe("swapLine", () => {
  it("finds the line where it was, or the one copy of it when lines above moved, else null", () => {
    expect(swapLine("a\n- x\nb", "- x", 2, "- y")).toBe("a\n- y\nb");
    expect(swapLine("new\na\n- x\nb", "- x", 2, "- y")).toBe("new\na\n- y\nb");
    expect(swapLine("- x\n- x", "- x", 3, "- y")).toBeNull();
    expect(swapLine("a\n- x!\nb", "- x", 2, "- y")).toBeNull();
  });

  it("keeps the old line's bullet and line ending", () => {
    expect(replacedLine("  * old\r", "new")).toBe("  * new\r");
    expect(replacedLine("plain old", "new")).toBe("new");
  });
});

describe("a stale MEMORY.md line with a secret on it", () => {
  // Built in pieces so no scanner flags the test itself.
  const KEY = "ghp_" + "R8kTz2Lq9Wm4Xv7Bn3Yc6Pd1Hs5Gf0Ja2Ke8";
  const KEYED = `${OLD} Crew portal token: ${KEY}`;
  const KEYED_MEMORY = `# Memory\n\n${KEYED}\n- Lena's rescue home visit: Thursday.\n`;

  beforeEach(() => {
    write(ws, "MEMORY.md", KEYED_MEMORY);
    const old = Date.parse("2026-11-10T09:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), old, old);
  });

  it("is proposed redacted: the key is in no proposal, no front's view and no byte of the engine's folder", async () => {
    await dreamOnce();
    const dream = await engine.dream();
    const [p, ...more] = dream.proposals("pending");
    expect(more).toEqual([]);
    expect(p!.provenance.replace!.oldLine).toBe(`${OLD} Crew portal token: [redacted: github token]`);
    expect(p!.provenance.source).not.toContain(KEY);
    // The written line's digest stays in the engine: a weak secret could be guessed from it.
    expect(p!.provenance.replace!.lineHash).toBeUndefined();
    expect(JSON.stringify(p)).not.toContain(KEY);
    await engine.close();
    expect(allBytes(agentDir(ws))).not.toContain(KEY);
    engine = open();
  });

  it("accept still swaps the line as written, and refuses when only its secret changed; undo puts the key back", async () => {
    await dreamOnce();
    const dream = await engine.dream();
    const [p] = dream.proposals("pending");
    const rotated = KEYED_MEMORY.replace(KEY, KEY.slice(0, -4) + "Zz99");
    write(ws, "MEMORY.md", rotated);
    expect(() => dream.accept([p!.id])).toThrow(/no longer has the line .*nothing was changed/);
    expect(memory()).toBe(rotated);
    write(ws, "MEMORY.md", KEYED_MEMORY);
    dream.accept([p!.id]);
    expect(memory()).toBe(`# Memory\n\n- ${NEWER} (memory/2026-11-23.md:3, 2026-11-23)\n- Lena's rescue home visit: Thursday.\n`);
    dream.undo(p!.id);
    // The person's line comes back as they wrote it, never as its placeholder.
    expect(memory()).toBe(KEYED_MEMORY);
  });
});
