/**
 * MEMORY.md as the dream writes it, under the workspace's one file rule and against the
 * accidents of a real machine: MEMORY.md as a link out, a hard link, a FIFO or /dev/zero; a
 * kill between the swap and the record of the accept; an editor saving in place just after
 * the swap; the same line written by hand in another section.
 */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acceptProposals, undoAccept, type ReviewInput } from "../../src/jobs/dream/review.js";
import { readMemory } from "../../src/jobs/dream/memory-file.js";
import { MemoryVersionStore, ProposalStore } from "../../src/store/dream-proposals.js";
import type { DB } from "../../src/store/open.js";
import { openStateDb } from "../../src/store/state.js";
import { stateDbPath } from "../../src/workspace/paths.js";
import { swapFile } from "../../src/workspace/safe-write.js";
import { sleepSync } from "../../src/shared/sleep.js";
import { spawnAgent, type AgentRun } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const MEMORY = "# MEMORY\n\n## People\n\n- Bob works at the bakery.\n";
const SECRET = "zq-outside-secret-line";
const FACT = "Alice prefers green tea in the afternoon.";
const T = Date.UTC(2026, 10, 20, 9);

let dir = "";
let ws = "";
let db: DB;

function propose(text: string): number {
  return new ProposalStore(db).add({ createdAt: T, text, sourceKey: `k:${text}`, provenance: { kind: "chunk", path: "memory/2026-11-19.md", startLine: 1, endLine: 2, queries: ["tea"], signals: {}, source: text, model: "m" } });
}

function review(over: Partial<ReviewInput> = {}): ReviewInput {
  return { workspace: ws, db, now: () => T, section: "Dreamed facts", byPerson: true, ...over };
}

/** An editor saving in place: waits for `fact` in the file, truncates it, then writes `text` 400 ms later. */
const EDITOR = `
const fs = require("node:fs");
const [file, fact, text, truncated, ready] = process.argv.slice(1);
fs.writeFileSync(ready, "");
const wait = () => {
  if (!fs.readFileSync(file, "utf8").includes(fact)) return setTimeout(wait, 1);
  const fd = fs.openSync(file, "w");
  fs.writeFileSync(truncated, "");
  setTimeout(() => { fs.writeSync(fd, text); fs.closeSync(fd); }, 400);
};
wait();
`;

const memory = (): string => readFileSync(path.join(ws, "MEMORY.md"), "utf8");
const count = (text: string, line: string): number => text.split("\n").filter((l) => l === `- ${line}`).length;

beforeEach(() => {
  dir = tempDir("agent-dream-file-");
  ws = path.join(dir, "ws");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" }, context: { timeZone: "UTC" } }));
  write(ws, "MEMORY.md", MEMORY);
  write(dir, "outside.md", `# Outside\n\n- ${SECRET}\n`);
  mkdirSync(agentDir(ws), { recursive: true });
  db = openStateDb(stateDbPath(ws));
});
afterEach(() => {
  db.close();
  cleanup(dir);
});

/** `agent ...` killed after `ms`: a hang shows as signal SIGKILL instead of stalling the suite. */
async function agentWithin(args: string[], ms = 20_000): Promise<AgentRun> {
  const child = spawnAgent(args);
  child.stdin.end();
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  try {
    return await child.done;
  } finally {
    clearTimeout(timer);
  }
}

describe("MEMORY.md under the file rule", () => {
  it("a symlink out: accept and undo refuse it, and nothing of the outside file reaches MEMORY.md or its versions", () => {
    const id = propose(FACT);
    rmSync(path.join(ws, "MEMORY.md"));
    symlinkSync(path.join(dir, "outside.md"), path.join(ws, "MEMORY.md"));
    expect(() => acceptProposals(review(), [id])).toThrow(/MEMORY\.md: a link to .*outside the workspace/);
    expect(() => undoAccept(review())).toThrow();
    expect(readFileSync(path.join(dir, "outside.md"), "utf8")).not.toContain(FACT);
    expect(new MemoryVersionStore(db).list().map((v) => v.content).join("")).not.toContain(SECRET);
    expect(new ProposalStore(db).get(id)!.status).toBe("pending");
  });

  it("a hard link: refused unless index.allowHardLinks; nothing copied into the versions", () => {
    const id = propose(FACT);
    rmSync(path.join(ws, "MEMORY.md"));
    linkSync(path.join(dir, "outside.md"), path.join(ws, "MEMORY.md"));
    expect(() => acceptProposals(review(), [id])).toThrow(/MEMORY\.md: has 2 hard links/);
    expect(new MemoryVersionStore(db).list().map((v) => v.content).join("")).not.toContain(SECRET);
    expect(readFileSync(path.join(dir, "outside.md"), "utf8")).not.toContain(FACT);
  });

  it("a symlink to another file inside: the real file is changed, the link stays a link", () => {
    const id = propose(FACT);
    write(ws, "notes/memory-real.md", MEMORY);
    rmSync(path.join(ws, "MEMORY.md"));
    symlinkSync("notes/memory-real.md", path.join(ws, "MEMORY.md"));
    acceptProposals(review(), [id]);
    expect(readFileSync(path.join(ws, "notes/memory-real.md"), "utf8")).toContain(`- ${FACT}`);
    expect(readMemory(ws).text).toContain(`- ${FACT}`);
  });

  for (const kind of ["fifo", "dev-zero"] as const) {
    it(`MEMORY.md as ${kind === "fifo" ? "a FIFO" : "a link to /dev/zero"}: dream --dry-run and accept end with a clear error instead of hanging`, { timeout: 60_000 }, async () => {
      const id = propose(FACT);
      db.close();
      rmSync(path.join(ws, "MEMORY.md"));
      if (kind === "fifo") execFileSync("mkfifo", [path.join(ws, "MEMORY.md")]);
      else symlinkSync("/dev/zero", path.join(ws, "MEMORY.md"));
      for (const args of [["dream", "--dry-run"], ["dream", "accept", String(id)]]) {
        const r = await agentWithin([...args, "--workspace", ws]);
        expect(r.signal, `agent ${args.join(" ")} hung`).toBeNull();
        expect(r.code, r.stdout).toBe(1);
        expect(r.stderr).toMatch(kind === "fifo" ? /MEMORY\.md: is a FIFO/ : /MEMORY\.md: a link to \/dev\/zero, outside the workspace/);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
      db = openStateDb(stateDbPath(ws));
    });
  }
});

describe("accept and undo against crashes and hand edits", () => {
  it("an accept killed after its swap but before it was recorded does not append the line again", () => {
    const id = propose(FACT);
    // The swap lands, then the process dies before its transaction commits.
    expect(() =>
      acceptProposals(
        review({
          swap: (f, e, c) => {
            swapFile(f, e, c, { oldIsSaved: true, allowEmpty: true });
            throw new Error("killed");
          },
        }),
        [id],
      ),
    ).toThrow("killed");
    expect(count(memory(), FACT)).toBe(1);
    expect(new ProposalStore(db).get(id)!.status).toBe("pending");
    const again = acceptProposals(review(), [id]);
    expect(again.accepted.map((a) => a.id)).toEqual([id]);
    expect(count(memory(), FACT)).toBe(1);
    expect(new ProposalStore(db).get(id)!.status).toBe("accepted");
  });

  it("an editor that saves in place just after the swap (from the text it loaded before) does not make the accept a lie", () => {
    const id = propose(FACT);
    const file = path.join(ws, "MEMORY.md");
    const loaded = readFileSync(file, "utf8");
    let saves = 0;
    let clock = 1_000;
    let savedAt = 0;
    const res = acceptProposals(
      review({
        now: () => ++clock,
        swap: (f, e, c) => {
          const r = swapFile(f, e, c, { oldIsSaved: true, allowEmpty: true });
          // The editor had MEMORY.md open since before the accept; it saves over the new file.
          if (saves++ === 0) {
            writeFileSync(file, `${loaded}- Carol moved to Lyon.\n`);
            savedAt = ++clock;
          }
          return r;
        },
      }),
      [id],
    );
    expect(res.accepted.map((a) => a.id)).toEqual([id]);
    expect(memory()).toContain("- Carol moved to Lyon.\n");
    expect(count(memory(), FACT)).toBe(1);
    // The look that confirmed the fact came after the editor's save: what success covers.
    expect(res.confirmedAt).toBeGreaterThan(savedAt);
  });

  it("an in-place save that lands in the old MEMORY.md just after the swap's rename: an added line is carried, a rewrite is kept beside and named", () => {
    const file = path.join(ws, "MEMORY.md");
    // The editor opened MEMORY.md in place (truncating it) just before the rename and writes just after.
    const lateSave = (text: (loaded: string) => string) => {
      let fd = -1;
      const loaded = readFileSync(file, "utf8");
      return (f: string, e: Buffer | null, c: string) =>
        swapFile(f, e, c, {
          oldIsSaved: true,
          allowEmpty: true,
          settleMs: 1,
          onStep: (s) => {
            if (s === "linked") fd = openSync(file, "w");
            if (s === "renamed") {
              writeSync(fd, text(loaded));
              closeSync(fd);
            }
          },
        });
    };
    const added = acceptProposals(review({ swap: lateSave((t) => `${t}- Carol moved to Lyon.\n`) }), [propose(FACT)]);
    expect(added.warnings).toEqual([]);
    expect(count(memory(), FACT)).toBe(1);
    expect(memory()).toMatch(/- Carol moved to Lyon\.\n$/);

    const rewritten = acceptProposals(review({ swap: lateSave((t) => t.replace("Bob works at the bakery", "Bob works at the mill")) }), [propose("Dan plays the cello.")]);
    expect(count(memory(), "Dan plays the cello.")).toBe(1);
    expect(rewritten.warnings).toHaveLength(1);
    const kept = /kept in (\S+):/.exec(rewritten.warnings[0]!)![1]!;
    expect(readFileSync(path.join(ws, kept), "utf8")).toContain("- Bob works at the mill.\n");
  });

  it("an editor caught between its truncate and its write (a loaded machine) is waited for: the accept never swaps its empty file, and the editor's text stays whole and first", { timeout: 60_000 }, async () => {
    const id = propose(FACT);
    const file = path.join(ws, "MEMORY.md");
    const loaded = readFileSync(file, "utf8");
    const own = "- Carol moved to Lyon.";
    const truncated = path.join(dir, "truncated");
    const ready = path.join(dir, "ready");
    // A real editor process: it loaded MEMORY.md before the accept; once the accept's line is in
    // the file it saves in place, truncating, and is descheduled for 400 ms before its write.
    const editor = spawn(process.execPath, ["-e", EDITOR, file, FACT, `${loaded}${own}\n`, truncated, ready], { stdio: "ignore" });
    const exited = new Promise((r) => editor.on("exit", r));
    while (!existsSync(ready)) await new Promise((r) => setTimeout(r, 5));
    const res = acceptProposals(
      review({
        now: () => Date.now(),
        swap: (f, e, c, o) => {
          const r = swapFile(f, e, c, o);
          // Returns once the editor has truncated the file the accept just wrote.
          for (let t = 0; !existsSync(truncated) && t < 10_000; t += 2) sleepSync(2);
          return r;
        },
      }),
      [id],
    );
    await exited;
    expect(res.accepted.map((a) => a.id)).toEqual([id]);
    const text = memory();
    expect(text.startsWith(`${loaded}${own}\n`), text).toBe(true);
    expect(count(text, FACT)).toBe(1);
    expect(res.confirmedAt).toBeGreaterThan(statSync(file).mtimeMs - 1);
  });

  it("an accept whose line an editor keeps overwriting says so and records nothing as accepted", () => {
    const id = propose(FACT);
    const file = path.join(ws, "MEMORY.md");
    const loaded = readFileSync(file, "utf8");
    const swap = (f: string, e: Buffer | null, c: string) => {
      const r = swapFile(f, e, c, { oldIsSaved: true, allowEmpty: true });
      writeFileSync(file, `${loaded}- Carol moved to Lyon.\n`);
      return r;
    };
    expect(() => acceptProposals(review({ swap }), [id])).toThrow(/MEMORY\.md: .*nothing was accepted/);
    expect(new ProposalStore(db).get(id)!.status).toBe("pending");
    expect(count(memory(), FACT)).toBe(0);
  });

  it("undo removes the accepted line from the dream's section, not the same line written by hand elsewhere", () => {
    const id = propose(FACT);
    acceptProposals(review(), [id]);
    // The person writes the same fact by hand in their own section, above the dream's.
    const text = memory().replace("- Bob works at the bakery.\n", `- Bob works at the bakery.\n- ${FACT}\n`);
    writeFileSync(path.join(ws, "MEMORY.md"), text);
    undoAccept(review());
    const after = memory();
    expect(after).toContain(`## People\n\n- Bob works at the bakery.\n- ${FACT}\n`);
    expect(count(after, FACT)).toBe(1);
    expect(after.slice(after.indexOf("## Dreamed facts"))).not.toContain(FACT);
  });

  it("undo refuses when the line is no longer in the dream's section, even if it is elsewhere", () => {
    const id = propose(FACT);
    acceptProposals(review(), [id]);
    // Moved by hand into the person's own section.
    writeFileSync(path.join(ws, "MEMORY.md"), `# MEMORY\n\n## People\n\n- Bob works at the bakery.\n- ${FACT}\n\n## Dreamed facts\n`);
    expect(() => undoAccept(review())).toThrow(/no longer has the line/);
    expect(count(memory(), FACT)).toBe(1);
  });
});
