// A workspace with everything the web page shows: daily notes over months, SOUL.md with a
// locked section and several versions, a pending proposal held back by the change budget,
// typed memories (one recalled, one archived), two personality snapshots and job runs. Built
// through the engine's own calls (reflection with a scripted model that answers like a small
// local one, evolution, memory changes), on a clock moved by hand. Used by `npm run demo`,
// `npm run screenshots`, the page's benchmark and its browser tests.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Engine, initWorkspace } from "../../dist/index.js";
import { ScriptedProvider } from "../../dist/llm/scripted.js";
import { dailyNote, isoDate, rng } from "../sample-notes.mjs";

const DAY = 86_400_000;

export const UI_SOUL = `# SOUL

## Core Identity

<!-- locked -->
- I tell the truth, including "I don't know".
<!-- /locked -->
- I am a personal assistant for one person, Sam.
- I keep private things private.

## Active Values

- Brief answers first, details on request.
- Ask before anything irreversible.
- Check memory before asking.
- Mark opinions as opinions.

## Recent Growth

- Learned that Sam prefers mornings for calls.
- Learned to confirm time zones.
`;

function session(ws, id, at, turns) {
  mkdirSync(path.join(ws, "sessions"), { recursive: true });
  const lines = turns.map(([role, content], i) => JSON.stringify({ role, content, ts: new Date(at - (turns.length - i) * 60_000).toISOString() }));
  writeFileSync(path.join(ws, "sessions", `${id}.jsonl`), lines.join("\n") + "\n");
}

const MEMORIES = [
  { type: "lesson_learned", content: "Save summaries to today's note so Sam never has to ask twice.", domain: "memory", valence: "negative", signals: { complexity: 0.6, novelty: 0.8, failure: 1, userInvolved: 1, emotionalWeight: 0.7 } },
  { type: "user_preference", content: "Sam prefers Thai food and is vegetarian.", domain: "food", valence: "positive", signals: { complexity: 0.1, novelty: 0.6, failure: 0, userInvolved: 1, emotionalWeight: 0.4 } },
  { type: "decision_record", content: "The VPS moves from Hetzner to Netcup in November.", domain: "infrastructure", valence: "neutral", signals: { complexity: 0.5, novelty: 0.7, failure: 0, userInvolved: 1, emotionalWeight: 0.2 } },
  { type: "triumph", content: "The backup restore drill worked on the first try.", domain: "infrastructure", valence: "positive", signals: { complexity: 0.7, novelty: 0.5, failure: 0, userInvolved: 0.5, emotionalWeight: 0.6 } },
];

function reflection(memories) {
  return JSON.stringify({
    insights: [
      { content: "Sam asked twice for the same summary; I should have kept it.", topics: ["went-badly", "memory"] },
      { content: "Morning summaries landed well.", topics: ["went-well", "pattern"] },
    ],
    principles: ["Do: save summaries to today's note.", "Don't: re-ask what is in memory."],
    memories,
  });
}

function soulReply(soul, report, summary) {
  return JSON.stringify({ soul, report, summary });
}

/**
 * Builds the workspace in `ws` and returns what it made. `now` is the moment the page will be
 * looked at; the history is laid out over the 60 days before it.
 */
/** The reflection summarizes the night's conversation first (sessions/<id>.summary.md): its reply. */
const summaryReply = (summary) => JSON.stringify({ summary, topics: ["daily life"] });

export async function buildUiWorkspace(ws, { now = Date.now(), dailyNotes = 40 } = {}) {
  initWorkspace(ws);
  const r = rng(7);
  const today = new Date(now).toISOString().slice(0, 10);
  for (let i = 0; i < dailyNotes; i++) {
    if (r() < 0.25) continue;
    const date = isoDate(today, -i * 3 - Math.floor(r() * 3));
    writeFileSync(path.join(ws, "memory", `${date}.md`), dailyNote(date, r));
  }
  writeFileSync(
    path.join(ws, "memory", `${isoDate(today, -2)}.md`),
    `# ${isoDate(today, -2)}\n\n## VPS migration\n\n- Decided: the VPS moves from Hetzner to Netcup in November; Hetzner's price went up 30%.\n- Ana will copy the backups first.\n`,
  );
  writeFileSync(path.join(ws, "SOUL.md"), UI_SOUL);

  let clock = now - 60 * DAY;
  const provider = new ScriptedProvider([], { model: "qwen2.5:3b" });
  const engine = Engine.open({ workspace: ws, now: () => clock, llm: provider, embedder: null });
  try {
    engine.indexing.index();
    const soul = await engine.soul();
    soul.save("my first SOUL, written by hand");

    clock = now - 45 * DAY;
    session(ws, "s-dinner", clock - 3600_000, [["user", "Remind me what I like for dinner?"], ["assistant", "Thai food, and you are vegetarian."], ["user", "Book the Thai place on Friday."]]);
    provider.push(summaryReply("Sam asked what they like for dinner and booked the Thai place for Friday."), reflection(MEMORIES.slice(0, 3)), soulReply(UI_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm time zones.\n- Learned to keep summaries in the daily note."), "I now keep summaries in the daily note.", "keeps summaries"));
    await engine.runJob("reflect", { config: { minSoulWords: 1 } });

    clock = now - 30 * DAY;
    const ev = await engine.evolution();
    await engine.runJob("evolve", {});
    await ev.rank({ query: "what food does Sam like" });

    clock = now - 12 * DAY;
    session(ws, "s-backup", clock - 3600_000, [["user", "The restore drill worked!"], ["assistant", "Great, I noted that the backup restore worked on the first try."], ["user", "Keep the drill on the calendar every quarter."], ["assistant", "Done: a quarterly reminder is in HEARTBEAT.md."]]);
    provider.push(summaryReply("The backup restore drill worked; Sam wants it every quarter."), reflection(MEMORIES.slice(3)), soulReply(soul.current().text.replace("- Mark opinions as opinions.", "- Mark opinions as opinions.\n- Celebrate what worked."), "Added a value after the restore drill.", "celebrates wins"));
    await engine.runJob("reflect", { config: { minSoulWords: 1 } });
    await engine.runJob("evolve", {});

    clock = now - 1 * DAY;
    session(ws, "s-rewrite", clock - 3600_000, [["user", "Be more playful, and stop asking before every small thing."], ["assistant", "Understood: playful tone, fewer confirmations."], ["user", "Jokes are fine, just not in emails to clients."], ["assistant", "Noted: playful with you, plain in client emails."]]);
    const rewrite = soul.current().text.replace(/## Active Values[\s\S]*$/, "## Active Values\n\n- Playful tone, jokes welcome.\n- Act first on small, reversible things.\n- Check memory before asking.\n\n## Recent Growth\n\n- Sam wants fewer confirmations.\n");
    provider.push(summaryReply("Sam asked for a playful tone and fewer confirmations, not in client emails."), reflection([]), soulReply(rewrite, "Sam asked for a playful tone and fewer confirmations, so I rewrote my values.", "playful; fewer confirmations"));
    const proposed = await engine.runJob("reflect", { config: { minSoulWords: 1 } });

    clock = now;
    const pinned = ev.list().find((m) => m.type === "user_preference");
    if (pinned) ev.change("pin", pinned.id);
    const archived = ev.list().find((m) => m.type === "triumph") ?? ev.list().find((m) => m.type === "decision_record");
    if (archived) ev.change("forget", archived.id);
    engine.indexing.index();
    return { workspace: ws, proposal: proposed.value?.status, versions: soul.log().versions.length, memories: ev.list().length };
  } finally {
    await engine.close();
  }
}
