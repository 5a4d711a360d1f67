import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EmbeddingCache } from "../../src/embed/cache.js";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { embedPending } from "../../src/indexer/embed-pending.js";
import { Indexer } from "../../src/indexer/indexer.js";
import { ANSWER_WORDS, embedText, transcriptDigest, TRANSCRIPT_WINDOWS, vectorInput } from "../../src/indexer/vector-text.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { VectorStore } from "../../src/store/vectors.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(" ");

describe("what a transcript chunk gives the model", () => {
  // As chunkSession writes it: one line per turn, the turn's own line breaks made spaces.
  const chunk = [
    "user: why does the backup job fail after the rsync upgrade? ``` Error: rsync exited 23 at main.ts:4 ```",
    `assistant: I found the cause of the backup failure. ${words(60, "detail")}`,
    "tool: Bash: npm test -- --run",
    "system: context compacted",
    "assistant: ```ts export const x = 1; ``` The retention setting was read before the config loaded.",
    "user: why does the backup job fail after the rsync upgrade?",
    "assistant: I found the cause of the backup failure. " + words(60, "detail"),
  ].join("\n");

  it("keeps the person's turns and the first words of each answer; drops code, tool and system lines and repeats", () => {
    const d = transcriptDigest(chunk);
    const lines = d.split("\n");
    expect(lines[0]).toBe("user: why does the backup job fail after the rsync upgrade?");
    expect(lines[1]!.split(" ")).toHaveLength(ANSWER_WORDS + 1); // "assistant:" and the kept words
    expect(lines[2]).toBe("assistant: The retention setting was read before the config loaded.");
    expect(lines).toHaveLength(3);
    expect(d).not.toMatch(/rsync exited|npm test|compacted|export const|detail59/);
  });

  it("embeds notes whole, transcripts as a digest of at most TRANSCRIPT_WINDOWS windows, and all of them with transcripts \"whole\"", () => {
    const note = { heading: "Garden > Watering", text: "Water the tomatoes at six.", kind: "daily" };
    expect(vectorInput(note)).toEqual({ text: embedText(note), maxWindows: null });
    const session = { heading: "session claude-code-123 > design", text: chunk, kind: "session" };
    const digest = vectorInput(session);
    // The session id says nothing about meaning; the thread does.
    expect(digest.text.startsWith("design\nuser: why does")).toBe(true);
    expect(digest.maxWindows).toBe(TRANSCRIPT_WINDOWS);
    expect(vectorInput(session, "whole")).toEqual({ text: embedText(session), maxWindows: null });
    const model = new UseLiteEmbedder({ threads: 0 });
    const long = { ...session, text: Array.from({ length: 40 }, (_, i) => `user: ${words(30, `topic${i}x`)}`).join("\n") };
    expect(model.windows(vectorInput(long, "whole").text).length).toBeGreaterThan(TRANSCRIPT_WINDOWS);
  });

  it("gives a chunk of tool calls only one window of its own text, so it does not stay pending", () => {
    const tools = { heading: "session s1", text: "tool: Bash: ls\ntool: Read: /src/a.ts", kind: "session" };
    expect(vectorInput(tools)).toEqual({ text: embedText(tools), maxWindows: 1 });
  });
});

describe("how many windows a transcript chunk gets", () => {
  let ws = "";
  let db: DB | null = null;
  const model = new UseLiteEmbedder({ threads: 0 });
  afterEach(() => {
    db?.close();
    db = null;
    cleanup(ws);
  });
  afterAll(async () => {
    await model.close();
  });

  it("one window by default, embed.transcriptWindows more; notes keep all of theirs", async () => {
    // Long person turns: the digest runs to several windows.
    const turn = (i: number) => JSON.stringify({ role: "user", content: `turn ${i} about the garden: ${words(70, `g${i}x`)}`, ts: `2026-02-10T10:0${i}:00Z` });
    const perChunk = async (transcriptWindows?: number): Promise<{ session: number[]; note: number[]; digestWindows: number }> => {
      ws = tempDir("agent-transcript-windows-");
      write(ws, "sessions/s1.jsonl", [1, 2, 3, 4].map(turn).join("\n") + "\n");
      write(ws, "MEMORY.md", `# Memory\n\n${words(200, "note")}\n`);
      db = openIndexDb(path.join(agentDir(ws), "index.db")).db;
      new Indexer(ws, new IndexStore(db), IndexConfigSchema.parse({})).sync();
      const vectors = new VectorStore(db);
      vectors.useModel(model.modelId, model.dimension);
      const cache = new EmbeddingCache(path.join(agentDir(ws), "embeddings.db"));
      try {
        await embedPending(vectors, model, cache, transcriptWindows === undefined ? {} : { transcriptWindows });
      } finally {
        cache.close();
      }
      const rows = db.prepare("SELECT f.kind, c.heading, c.text, (SELECT count(*) FROM chunk_vectors v WHERE v.chunk_id = c.id) AS n FROM chunks c JOIN files f ON f.id = c.file_id").all() as { kind: string; heading: string; text: string; n: number }[];
      const sessions = rows.filter((r) => r.kind === "session");
      const digestWindows = Math.max(...sessions.map((r) => model.windows(vectorInput(r, "digest", 16).text).length));
      const out = { session: sessions.map((r) => r.n), note: rows.filter((r) => r.kind !== "session").map((r) => r.n - model.windows(embedText(r)).length), digestWindows };
      db.close();
      db = null;
      cleanup(ws);
      return out;
    };
    const byDefault = await perChunk();
    expect(byDefault.digestWindows).toBeGreaterThan(2);
    expect(byDefault.session.every((n) => n === TRANSCRIPT_WINDOWS)).toBe(true);
    expect(TRANSCRIPT_WINDOWS).toBe(1);
    expect(byDefault.note.every((d) => d === 0)).toBe(true);
    const two = await perChunk(2);
    expect(two.session.every((n) => n === 2)).toBe(true);
    expect(two.note.every((d) => d === 0)).toBe(true);
  }, 120_000);
});

describe("the embedding queue", () => {
  let ws = "";
  let db: DB | null = null;
  afterEach(() => {
    db?.close();
    db = null;
    cleanup(ws);
  });

  it("hands out undated notes first, then the newest day back, newest chunk first within a day", () => {
    ws = tempDir("agent-queue-");
    write(ws, "memory/2026-01-05.md", "# Old day\n\nThe old day's note.\n");
    write(ws, "MEMORY.md", "# Memory\n\nThe person prefers tea.\n");
    write(ws, "memory/2026-03-01.md", "# New day\n\nThe newest note.\n");
    const turn = (i: number, day: string) => JSON.stringify({ role: "user", content: `turn ${i}: ${words(300, `w${i}x`)}`, ts: `${day}T10:0${i}:00Z` });
    write(ws, "sessions/s1.jsonl", [turn(1, "2026-02-10"), turn(2, "2026-02-10")].join("\n") + "\n");
    db = openIndexDb(path.join(agentDir(ws), "index.db")).db;
    new Indexer(ws, new IndexStore(db), IndexConfigSchema.parse({})).sync();
    const vectors = new VectorStore(db);
    const order = vectors.pending(10).map((c) => ({ kind: c.kind, date: (db!.prepare("SELECT date FROM chunks WHERE id = ?").get(c.id) as { date: string | null }).date, id: c.id }));
    expect(order.map((o) => o.date)).toEqual([...order.filter((o) => o.date === null).map(() => null), "2026-03-01", "2026-02-10", "2026-02-10", "2026-01-05"]);
    const sessionChunks = order.filter((o) => o.kind === "session");
    expect(sessionChunks).toHaveLength(2);
    expect(sessionChunks[0]!.id).toBeGreaterThan(sessionChunks[1]!.id);
  });
});
