import { cpSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine, type EngineSearchOptions } from "../../src/index.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { sharedUseLite } from "../helpers/use-lite.js";

/**
 * The search pipeline's whole answer, `--explain` included, for a fixed set of varied
 * queries over a fixed workspace at a fixed "now", recorded in a golden file. A change to
 * how search is built (not to what it decides) must leave every byte of it as it was; a
 * change to what it decides shows up here as a diff to read and justify.
 */

const useLite = sharedUseLite();

/** Thursday 26 November 2026, 09:00 UTC. */
const NOW = Date.parse("2026-11-26T09:00:00Z");

const FILES: Record<string, string> = {
  "MEMORY.md": "# Memory\n\n- The pharmacy app uses PostgreSQL; we decided against MongoDB in October.\n- Dr Okafor is my GP; the knee diagnosis was patellofemoral pain.\n",
  "USER.md": "# User\n\nLikes hiking in the Alps, cooks curry on Sundays, pays for Netflix and Spotify.\n",
  "memory/2026-11-25.md": "# 2026-11-25\n\n## Infra\n\nWe moved the VPS to a new hosting provider in Germany yesterday.\nThe database backups now run nightly at 02:00.\n",
  "memory/2026-11-24.md": "# 2026-11-24\n\nStandup was cancelled. Went to the support group meeting in the evening.\n",
  "memory/2026-11-19.md": "# 2026-11-19\n\nStandup: decided to keep SQLite for the pharmacy app prototype.\nproject:: Pharmacy App\n",
  "memory/2026-11-12.md": "# 2026-11-12\n\nSaw Dr Okafor about the knee. Patellofemoral pain; physio twice a week.\n",
  "memory/2026-11-03.md": "# 2026-11-03\n\nCooked a lentil curry for dinner, then watched a film.\nproject:: Home\n",
  "memory/2026-07-14.md": "# 2026-07-14\n\nTravelled to Lisbon for the conference; stayed near the river.\n",
  "notes/pharmacy.md": "# Pharmacy app\n\nproject:: Pharmacy App\n\nThe database is PostgreSQL. Migrations run with the deploy script.\nThe support group asked for an offline mode.\n",
  "notes/recipes.md": "# Recipes\n\n## Curry\n\nHow much cumin: two teaspoons. Simmer the lentils for twenty minutes.\n\n## Bread\n\nFlour, water, salt, yeast; much kneading.\n",
  "notes/hiking.md": "# Hiking\n\nWe go hiking in the Alps every summer. Last trip: the Stubai valley.\n",
  "notes/kitten.md": "# Cat\n\nThe cat sat on the mat all afternoon, purring.\n",
};

interface Case {
  query: string;
  opts?: EngineSearchOptions;
}

const CASES: Case[] = [
  { query: "what did we decide about the database" },
  { query: "what did we decide about the database", opts: { mode: "keyword" } },
  { query: "yesterday" },
  { query: "what happened last week" },
  { query: "when did we move the VPS" },
  { query: "VPS hosting provider yesterday" },
  { query: '"support group" meeting' },
  { query: '"purple elephant" notes' },
  { query: "standup -cancelled" },
  { query: 'curry -"lentil curry"', opts: { mode: "keyword" } },
  { query: "Okafr knee" },
  { query: "patelofemoral" },
  { query: "how much does Netflix cost" },
  { query: "who are you" },
  { query: "where did I travel in July" },
  { query: "what did I do on 3 November" },
  { query: "going hiking", opts: { mode: "keyword" } },
  { query: "a kitten resting on a rug", opts: { mode: "vector" } },
  { query: "pharmacy database", opts: { filters: { project: "Pharmacy App" } } },
  { query: "pharmacy database", opts: { minScore: 0.6 } },
  { query: "pharmacy database", opts: { session: "group" } },
  { query: "Dr Okafor knee", opts: { session: "group" } },
  { query: "curry", opts: { session: "isolated", limit: 2 } },
];

let ws = "";
let engine: Engine;

beforeAll(async () => {
  ws = tempDir("agent-golden-");
  cpSync(path.join(REPO_ROOT, "workspace-template"), ws, { recursive: true });
  for (const [rel, text] of Object.entries(FILES)) write(ws, rel, text);
  engine = Engine.open({ workspace: ws, now: () => NOW, embedder: useLite });
  engine.indexing.index();
  await engine.indexing.embed();
}, 120_000);

afterAll(async () => {
  await engine?.close();
  cleanup(ws);
});

describe("the search pipeline's answers, explain included, are recorded", () => {
  it("search", async () => {
    const out: unknown[] = [];
    for (const c of CASES) {
      const res = await engine.search(c.query, { explain: true, refresh: false, ...c.opts });
      const { refreshed: _r, ...rest } = res;
      out.push({ query: c.query, opts: c.opts ?? {}, response: rest });
    }
    await expect(JSON.stringify(out, null, 2) + "\n").toMatchFileSnapshot("./golden/explain.json");
  });

  it("boot and context, for the person and for a group", async () => {
    const out: unknown[] = [];
    for (const session of ["main", "group"] as const) {
      const boot = await (await engine.assist()).boot("pharmacy database", { session });
      const ctx = await (await engine.assist()).context({ session, query: "Dr Okafor knee" });
      out.push({ session, boot, context: { text: ctx.text, chars: ctx.chars, report: ctx.report, warnings: ctx.warnings } });
    }
    await expect(JSON.stringify(out, null, 2) + "\n").toMatchFileSnapshot("./golden/boot-context.json");
  });
});
