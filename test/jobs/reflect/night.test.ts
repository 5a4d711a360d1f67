import { existsSync, readFileSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../../src/index.js";
import { OllamaProvider } from "../../../src/llm/ollama.js";
import { MemoryStore } from "../../../src/store/memories.js";
import { initWorkspace } from "../../../src/workspace/init.js";
import { deadHost, startFakeOllama, type FakeOllama } from "../../helpers/fake-ollama.js";
import { cleanup, read, tempDir, write } from "../../helpers/workspace.js";
import { FIRST_SOUL, reflectIn, soulJson, TEMPLATE_SOUL } from "./helpers.js";

/**
 * The night reads the whole day: daily notes, conversation summaries, then raw turns. Real
 * engine, real files, real state.db; the model is a stand-in Ollama daemon on 127.0.0.1
 * answering the way small local models do (prose around the JSON, fences, trailing commas).
 */

const NOW = Date.parse("2026-11-21T12:00:00Z");
const H = 3600_000;

let ollama: FakeOllama;
let ws = "";
let engine: Engine | undefined;

/** The request a chat carries, as text. */
const asked = (body: Record<string, unknown>) => ((body.messages as { content: string }[]) ?? []).map((m) => m.content).join("\n");
const kindOf = (body: Record<string, unknown>) => {
  const props = (body.format as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return props.soul ? "soul" : props.summary ? "summary" : "reflection";
};

beforeAll(async () => {
  ollama = await startFakeOllama((body) => {
    const text = asked(body);
    switch (kindOf(body)) {
      case "summary": {
        const id = /Conversation (\S+?)[ :(]/.exec(text)?.[1] ?? "?";
        return `Here is the summary you asked for:\n\`\`\`json\n{"summary": "SUMMARY-OF-${id}: the person planned the ${id} budget and we agreed on a spreadsheet [t1] [t3].", "topics": ["budget", "${id}",],}\n\`\`\``;
      }
      case "soul":
        return soulJson(FIRST_SOUL);
      default:
        return (
          "Sure! Reflection below.\n```json\n" +
          JSON.stringify({
            insights: [{ content: "The person books appointments in the morning.", topics: ["pattern"], source: "memory/2026-11-21.md:3" }],
            principles: ["Do: suggest morning slots."],
            memories: [{ type: "user_preference", content: "The person prefers morning appointments.", domain: "health", valence: "neutral", signals: { complexity: 0.3, novelty: 0.6, failure: 0, userInvolved: 1, emotionalWeight: 0.5 } }],
          }) +
          "\n```"
        );
    }
  });
});
afterAll(async () => {
  await ollama.close();
});

beforeEach(() => {
  ws = tempDir("agent-night-");
  initWorkspace(ws);
  // Only the jobs under test may be due.
  write(ws, "agent.config.json", JSON.stringify({ heartbeat: { enabled: false }, evolution: { weekly: false }, flush: { enabled: false }, dream: { enabled: false }, reflection: { minSoulWords: 1 } }));
  ollama.chats.length = 0;
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  cleanup(ws);
});

function open(host = ollama.host): Engine {
  engine = Engine.open({ workspace: ws, now: () => NOW, llm: new OllamaProvider({ model: "good", host }) });
  return engine;
}

/** A file written `hoursAgo` before NOW, as far as its mtime says. */
function writeAt(rel: string, text: string, hoursAgo: number): void {
  write(ws, rel, text);
  const t = new Date(NOW - hoursAgo * H);
  utimesSync(path.join(ws, rel), t, t);
}

/** A conversation of `n` turns ending `hoursAgo` before NOW, its file untouched since. */
function conversation(id: string, n: number, hoursAgo: number, opts: { chars?: number; kind?: string } = {}): void {
  let text = "";
  for (let i = 0; i < n; i++) {
    const role = i % 2 === 0 ? "user" : "assistant";
    const ts = new Date(NOW - hoursAgo * H - (n - 1 - i) * 60_000).toISOString();
    const content = `RAW-${id}-${i + 1} ${"words ".repeat(Math.max(1, Math.floor((opts.chars ?? 30) / 6)))}`.trim();
    text += JSON.stringify({ role, content, ts, ...(opts.kind ? { harness: "openclaw", kind: opts.kind } : {}) }) + "\n";
  }
  writeAt(`sessions/${id}.jsonl`, text, hoursAgo);
}

const reflectionRequests = () => ollama.chats.filter((c) => kindOf(c) === "reflection").map(asked);

describe("a person who only writes daily notes", () => {
  it("gets a reflection that read the day's notes; insights cite the note; memories form", async () => {
    writeAt("memory/2026-11-21.md", "# 2026-11-21\n\nBooked the dentist for Tuesday 8:00.\nMorning slots suit me best.\n", 3);
    writeAt("memory/2026-11-10.md", "# old\n\nOLD-NOTE nothing new here\n", 24 * 11);
    const { value: r } = await open().runJob("reflect", {});
    expect(r).toMatchObject({ status: "updated", notes: ["memory/2026-11-21.md"], sessions: [] });
    const [req] = reflectionRequests();
    expect(req).toContain("<notes>\n### memory/2026-11-21.md\n3: Booked the dentist for Tuesday 8:00.\n4: Morning slots suit me best.");
    expect(req).not.toContain("OLD-NOTE");
    expect(r!.insights).toEqual([{ content: "The person books appointments in the morning.", topics: ["pattern"], sources: ["memory/2026-11-21.md:3"] }]);
    expect(read(ws, r!.reportPath!)).toContain("— from memory/2026-11-21.md:3");
    expect(r!.memories?.created).toHaveLength(1);
    expect(new MemoryStore(engine!.state()).list()).toMatchObject([{ type: "user_preference", source: { kind: "reflection", sessions: [], notes: ["memory/2026-11-21.md"] } }]);
    // The personality snapshot forms from those memories.
    const snap = await engine!.runJob("snapshot", {});
    expect(snap.value?.stats.active).toBe(1);
  });

  it("the next night reads only MEMORY.md lines added since; nothing new is the only skip", async () => {
    writeAt("memory/2026-11-21.md", "Walked to work.\n", 3);
    writeAt("MEMORY.md", `${read(ws, "MEMORY.md")}\n- Sam's birthday is 3 May.\n`, 3);
    const e = open();
    expect((await e.runJob("reflect", {})).value?.status).toBe("updated");
    expect(reflectionRequests()[0]).toContain("### MEMORY.md (lines added)\n");
    expect(reflectionRequests()[0]).toContain("- Sam's birthday is 3 May.");
    expect(reflectionRequests()[0]).not.toContain("Curated long-term facts"); // template lines are not news
    await e.close();
    engine = undefined;

    // A day later: one line added to MEMORY.md, nothing else.
    const later = NOW + 24 * H;
    write(ws, "MEMORY.md", `${read(ws, "MEMORY.md")}- Sam moved to Leeds.\n`);
    utimesSync(path.join(ws, "MEMORY.md"), new Date(later - H), new Date(later - H));
    engine = Engine.open({ workspace: ws, now: () => later, llm: new OllamaProvider({ model: "good", host: ollama.host }) });
    ollama.chats.length = 0;
    expect((await engine.runJob("reflect", {})).value?.status).toMatch(/^(updated|unchanged)$/);
    const req = reflectionRequests()[0]!;
    expect(req).toContain("- Sam moved to Leeds.");
    expect(req).not.toContain("Sam's birthday");

    // And then nothing new at all: skipped, no model called.
    ollama.chats.length = 0;
    const skipped = await engine.runJob("reflect", {});
    expect(skipped.value?.reason).toMatch(/^nothing new since /);
    expect(ollama.chats).toHaveLength(0);
  });
});

describe("conversation summaries", () => {
  it("a finished conversation gets its summary file; reflection reads the summary instead of the raw turns", async () => {
    conversation("chat-1", 4, 2);
    conversation("tiny", 2, 2);
    conversation("team", 6, 2, { kind: "group" });
    const e = open();
    const { value: s } = await e.runJob("summarize", {});
    expect(s?.written.map((w) => w.session)).toEqual(["chat-1"]);
    const file = read(ws, "sessions/chat-1.summary.md");
    expect(file).toMatch(/^---\nsession: chat-1\nharness: unknown\nfrom: 2026-11-21T09:57:00.000Z\nto: 2026-11-21T10:00:00.000Z\nmessages: 4\ntopics: \["budget","chat-1"\]\nderived: true\n---\n/);
    expect(file).toContain("SUMMARY-OF-chat-1: the person planned the chat-1 budget and we agreed on a spreadsheet [t1] [t3].");
    expect(existsSync(path.join(ws, "sessions/tiny.summary.md"))).toBe(false); // under 3 messages
    expect(existsSync(path.join(ws, "sessions/team.summary.md"))).toBe(false); // a group conversation
    expect(s?.skipped).toEqual(expect.arrayContaining([{ session: "team", reason: "a group conversation: not the person's own memory" }]));

    // Indexed as a derived kind of its own: search finds it.
    e.indexing.index();
    const found = await e.search("spreadsheet");
    expect(found.results[0]).toMatchObject({ path: "sessions/chat-1.summary.md", kind: "summary", source: "sessions", date: "2026-11-21" });

    // Not rewritten until the conversation grew.
    ollama.chats.length = 0;
    expect((await e.runJob("summarize", {})).value?.written).toEqual([]);
    expect(ollama.chats).toHaveLength(0);

    const { value: r } = await e.runJob("reflect", {});
    expect(r).toMatchObject({ status: "updated", summaries: ["chat-1"], sessions: [{ id: "chat-1", messages: 4 }] });
    const req = reflectionRequests()[0]!;
    expect(req).toContain("<conversation-summaries>\n### Conversation chat-1 (4 messages, 2026-11-21; topics: budget, chat-1)\nSUMMARY-OF-chat-1");
    expect(req).not.toContain("RAW-chat-1");
    expect(req).not.toContain("RAW-team");
    expect(req).not.toContain("<transcripts>");

    // Deleting a summary is safe: the night reads the raw turns, and writes it again.
    const { rmSync } = await import("node:fs");
    rmSync(path.join(ws, "sessions/chat-1.summary.md"));
    expect((await e.runJob("summarize", {})).value?.written.map((w) => w.session)).toEqual(["chat-1"]);
  });

  it("a long day (many sessions, more text than the window) keeps every session's summary in the request", async () => {
    write(ws, "agent.config.json", JSON.stringify({ heartbeat: { enabled: false }, evolution: { weekly: false }, flush: { enabled: false }, dream: { enabled: false }, reflection: { minSoulWords: 1, windowTokens: 8192, reflectionMaxTokens: 512 } }));
    const ids = Array.from({ length: 40 }, (_, i) => `day-${String(i).padStart(2, "0")}`);
    ids.forEach((id, i) => conversation(id, 6, 1 + i * 0.25, { chars: 1500 }));
    const { value: r } = await open().runJob("reflect", {});
    // The night wrote the summaries first, then reflected on them.
    expect(r?.summarized?.written).toHaveLength(40);
    expect(r?.status).toBe("updated");
    expect(r?.summaries).toHaveLength(40);
    const req = reflectionRequests()[0]!;
    for (const id of ids) expect(req).toContain(`### Conversation ${id} (6 messages`);
    for (const id of ids) expect(req).toContain(`SUMMARY-OF-${id}`);
    expect(req).not.toContain("RAW-");
    // Within the window the prompt was planned for (about 4 characters a token).
    expect(req.length / 4).toBeLessThan(8192 - 512);
  }, 120_000);

  it("the daemon schedules summaries of ended conversations; a live one waits", async () => {
    conversation("done", 4, 2);
    conversation("live", 4, 0.1); // written to 6 minutes ago: still going
    const jobs = await open().jobs();
    expect(jobs.due("summarize")).toMatchObject({ due: true, reason: "1 finished conversation(s) without an up-to-date summary" });
    const ran = await jobs.tick(new AbortController().signal);
    // Summaries first; then the night's reflection (due: it never ran), which summarises what is
    // still open before it reads the day.
    expect(ran.map((r) => r.job).slice(0, 2)).toEqual(["summarize", "reflect"]);
    expect(ran[0]).toMatchObject({ outcome: "ok", reason: "wrote 1 summary", details: { written: ["done"] } });
    expect(existsSync(path.join(ws, "sessions/done.summary.md"))).toBe(true);
    expect(ran[1]).toMatchObject({ outcome: "ok" });
    expect(existsSync(path.join(ws, "sessions/live.summary.md"))).toBe(true);
    expect(jobs.due("summarize")).toMatchObject({ due: false });
  });

  it("a live conversation is read again only once its transcript changes", async () => {
    // Two transcripts of one length: the second ends in a compaction (an ended conversation).
    const turn = (i: number, pad: string) => JSON.stringify({ role: i % 2 === 0 ? "user" : "assistant", content: `RAW-live-${i + 1} words${pad}`, ts: new Date(NOW - (6 - i) * 60_000).toISOString() }) + "\n";
    const marker = JSON.stringify({ type: "compaction", ts: new Date(NOW - 60_000).toISOString() }) + "\n";
    const going = turn(0, "") + turn(1, ".".repeat(marker.length));
    const compacted = turn(0, "") + turn(1, "") + marker;
    expect(going.length).toBe(compacted.length);
    writeAt("sessions/live.jsonl", going, 0.1);
    const jobs = await open().jobs();
    expect(jobs.due("summarize")).toMatchObject({ due: false });
    // The same size and mtime: the daemon's next looks (every tick) do not read it again.
    writeAt("sessions/live.jsonl", compacted, 0.1);
    expect(jobs.due("summarize")).toMatchObject({ due: false });
    // Written again (a new mtime): read, and its compaction ends it.
    writeAt("sessions/live.jsonl", compacted, 0.05);
    expect(jobs.due("summarize")).toMatchObject({ due: true, reason: "1 finished conversation(s) without an up-to-date summary" });
  });

  it("a scheduled run writes a few at a time; the rest follow on the next ticks", async () => {
    for (let i = 0; i < 7; i++) conversation(`old-${i}`, 4, 48 + i);
    const jobs = await open().jobs();
    const first = await jobs.run("summarize", {}, { trigger: "schedule" });
    expect(first.value?.written.map((w) => w.session)).toEqual(["old-0", "old-1", "old-2", "old-3", "old-4"]);
    expect(first.run.reason).toBe("wrote 5 summaries, 2 left for the next run");
    const second = await jobs.run("summarize", {}, { trigger: "schedule" });
    expect(second.value?.written.map((w) => w.session)).toEqual(["old-5", "old-6"]);
  });

  it("without a model, summarizing says so (once, through the runner) and writes nothing", async () => {
    conversation("chat-1", 4, 2);
    const { value, run } = await open(await deadHost()).runJob("summarize", {});
    expect(value?.noModel).toMatch(/^no model for conversation summaries \(.*\): reflection reads the raw turns instead$/);
    expect(value?.written).toEqual([]);
    // The runner's one "no model answers" path: said once for all model jobs, retried every 30 minutes.
    expect(run).toMatchObject({ outcome: "skip", details: { llm: "missing" } });
    expect(existsSync(path.join(ws, "sessions/chat-1.summary.md"))).toBe(false);
  });

  it("an isolated conversation (a cron run, a sub-agent, a stranger's direct chat) is neither summarised nor read by the night", async () => {
    conversation("chat-1", 4, 2);
    conversation("openclaw-cron", 6, 2, { kind: "isolated" });
    conversation("openclaw-team", 6, 2, { kind: "group" });
    const { value: r } = await open().runJob("reflect", {});
    expect(r?.status).toBe("updated");
    expect(r?.summarized?.written).toEqual(["chat-1"]);
    expect(existsSync(path.join(ws, "sessions/openclaw-cron.summary.md"))).toBe(false);
    const { value: s } = await engine!.runJob("summarize", {});
    expect(s?.skipped).toEqual(expect.arrayContaining([{ session: "openclaw-cron", reason: "an isolated conversation: not the person's own memory" }]));
    const all = ollama.chats.map(asked).join("\n");
    expect(all).not.toContain("RAW-openclaw-cron");
    expect(all).not.toContain("RAW-openclaw-team");
    expect(reflectionRequests()[0]).toContain("SUMMARY-OF-chat-1");
  });

  it("a summary an earlier version wrote of an isolated conversation is taken out, so search and the dream no longer find it", async () => {
    conversation("openclaw-cron", 6, 2, { kind: "isolated" });
    write(ws, "sessions/openclaw-cron.summary.md", "---\nsession: openclaw-cron\nharness: openclaw\nfrom: 2026-11-21T09:55:00.000Z\nto: 2026-11-21T10:00:00.000Z\nmessages: 6\ntopics: [\"digest\"]\nderived: true\n---\n\n# Conversation openclaw-cron\n\nCRON-SUMMARY the supplier digest ran.\n");
    const e = open();
    e.indexing.index();
    expect((await e.search("supplier digest")).results.map((r) => r.path)).toContain("sessions/openclaw-cron.summary.md");
    const { value, run } = await e.runJob("summarize", {});
    expect(value?.removed).toEqual(["sessions/openclaw-cron.summary.md"]);
    expect(run.reason).toBe("wrote 0 summaries; removed 1 of a conversation not the person's own");
    expect(existsSync(path.join(ws, "sessions/openclaw-cron.summary.md"))).toBe(false);
    e.indexing.index();
    expect((await e.search("supplier digest")).results.map((r) => r.path)).not.toContain("sessions/openclaw-cron.summary.md");
  });

  it("a conversation whose first line is isolated stays isolated whatever a later line says", async () => {
    conversation("mixed", 4, 2, { kind: "isolated" });
    const more = JSON.stringify({ role: "user", content: "RAW-mixed-5 later", ts: new Date(NOW - 2 * H + 1000).toISOString(), harness: "openclaw", kind: "main" }) + "\n";
    writeAt("sessions/mixed.jsonl", read(ws, "sessions/mixed.jsonl") + more, 2);
    const { value } = await open().runJob("summarize", {});
    expect(value?.written).toEqual([]);
  });

  it("a sync tool's conflict copy of a note or a transcript is read by the night under its original only", async () => {
    writeAt("memory/2026-11-21.md", "# 2026-11-21\n\nBooked the dentist for Tuesday 8:00.\n", 3);
    writeAt("memory/2026-11-21.sync-conflict-20261121-090000-ABCDEFG.md", "# 2026-11-21\n\nBooked the dentist for Tuesday 8:00.\nCOPY-LINE from the other device\n", 3);
    conversation("chat-1", 4, 2);
    writeAt("sessions/chat-1.sync-conflict-20261121-100000-ABCDEFG.jsonl", read(ws, "sessions/chat-1.jsonl"), 2);
    const { value: r } = await open().runJob("reflect", {});
    expect(r).toMatchObject({ status: "updated", notes: ["memory/2026-11-21.md"], summaries: ["chat-1"] });
    expect(r?.summarized?.written).toEqual(["chat-1"]);
    const all = ollama.chats.map(asked).join("\n");
    expect(all).not.toContain("COPY-LINE");
    expect(all).not.toContain("sync-conflict");
  });

  it("a conversation still going at night: the next night summarises only its new turns on top of the summary, and says which turns are new", async () => {
    const line = (i: number, at: number) => JSON.stringify({ role: i % 2 === 1 ? "user" : "assistant", content: `RAW-late-${i} words`, ts: new Date(at).toISOString() }) + "\n";
    let text = "";
    for (let i = 1; i <= 4; i++) text += line(i, NOW - 40 * 60_000 + i * 60_000);
    writeAt("sessions/late.jsonl", text, 0.5);
    const { value: first } = await open().runJob("reflect", {});
    expect(first?.summarized?.written).toEqual(["late"]);
    await engine!.close();
    // The conversation goes on after the night (past midnight), and the next night comes.
    for (let i = 5; i <= 8; i++) text += line(i, NOW + 13 * H + i * 60_000);
    writeAt("sessions/late.jsonl", text, -2);
    ollama.chats.length = 0;
    engine = Engine.open({ workspace: ws, now: () => NOW + 24 * H, llm: new OllamaProvider({ model: "good", host: ollama.host }) });
    const { value: second } = await engine.runJob("reflect", {});
    expect(second?.summarized?.written).toEqual(["late"]);
    const summaryReq = ollama.chats.filter((c) => kindOf(c) === "summary").map(asked);
    expect(summaryReq).toHaveLength(1);
    // The earlier turns come as the summary written of them, never again as turns.
    expect(summaryReq[0]).toContain("<earlier-summary>\nSUMMARY-OF-late");
    for (let i = 5; i <= 8; i++) expect(summaryReq[0]).toContain(`[t${i}] ${i % 2 === 1 ? "user" : "assistant"}: RAW-late-${i} words`);
    for (let i = 1; i <= 4; i++) expect(summaryReq[0]).not.toContain(`RAW-late-${i} `);
    expect(read(ws, "sessions/late.summary.md")).toContain("messages: 8");
    const req = reflectionRequests()[0]!;
    expect(req).toContain("### Conversation late (8 messages, 2026-11-21 to 2026-11-22; topics: budget, late; continued: t5–t8 are new since the last reflection, the rest was reflected on already)");
    expect(req).not.toContain("RAW-late-");
  });

  it("continuation files are one conversation, cited by its own id", async () => {
    conversation("long", 4, 3);
    const more = JSON.stringify({ role: "user", content: "RAW-long-5 more", ts: new Date(NOW - 2 * H).toISOString() }) + "\n";
    writeAt("sessions/long-2.jsonl", more, 2);
    const { value } = await open().runJob("summarize", {});
    expect(value?.written).toEqual([{ session: "long", path: "sessions/long.summary.md", messages: 5, shown: 5 }]);
    expect(existsSync(path.join(ws, "sessions/long-2.summary.md"))).toBe(false);
  });
});

describe("what reflection says about SOUL.md's layers is true to the file", () => {
  it("the template edited by one line has a locked Core Identity: it is not told it had none", async () => {
    write(ws, "SOUL.md", TEMPLATE_SOUL.replace("Calm under pressure", "Calm and patient under pressure"));
    writeAt("memory/2026-11-21.md", "Dentist booked.\n", 3);
    const r = await reflectIn({ workspace: ws, provider: new OllamaProvider({ model: "good", host: ollama.host }), now: () => NOW });
    expect(r.mapped).toBe(true);
    expect(r.layers).toMatchObject({ had: ["Core Identity"], added: ["Active Values", "Recent Growth"], ownLocked: true });
    expect(r.layers!.note).toBe(
      "your SOUL.md had no Active Values / Recent Growth layers: added for reflection to fill; its Core Identity layer was kept as written; your other text was kept word for word as a locked block (see README, Reflection)",
    );
    expect(r.layers!.note).not.toMatch(/no Core Identity/);
    const soulReq = ollama.chats.filter((c) => kindOf(c) === "soul").map(asked)[0]!;
    expect(soulReq).toContain("The person already wrote Core Identity");
    expect(readFileSync(path.join(ws, "SOUL.md"), "utf8")).toContain("<!-- locked -->");
  });
});
