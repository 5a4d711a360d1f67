import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/index.js";
import { echoesOlder, sameAskedSlot } from "../../src/search/pipeline/stale-echo.js";
import { queryStems } from "../../src/search/pipeline/newer-twin.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

const OLD = "I'm kinda worried about the costs, can you help me manage the $3,500 for initial patent filing fees and $5,000 for attorney fees by July?";
const NEW = "I've allocated $4,000 for initial patent filing fees and $5,500 for attorney fees by July, can you help me plan extra consultation hours?";

const ask = (q: string) =>
  queryStems(
    q
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !["what", "have", "the", "and", "for", "how", "many", "when", "did"].includes(w))
      .map((term) => ({ term, idf: 2 })),
  );

describe("echoesOlder: a text restating the values a later statement replaced", () => {
  it("is an echo when it holds every changed old value and none of the new ones", () => {
    expect(echoesOlder("Here's a plan to manage the $3,500 for initial patent filing fees and $5,000 for attorney fees.", OLD, NEW)).toBe(true);
  });

  it("is no echo when it also gives a new value (a reply restating the new sums is current)", () => {
    expect(echoesOlder("Current allocation: filing fees $4,000, attorney fees $5,500 (up from $3,500 and $5,000).", OLD, NEW)).toBe(false);
  });

  it("is no echo when it holds only part of the old values, or none", () => {
    expect(echoesOlder("Court filing fees $3,000, expert witness fees $5,000.", OLD, NEW)).toBe(false);
    expect(echoesOlder("Patents protect an invention for twenty years.", OLD, NEW)).toBe(false);
  });
});

describe("sameAskedSlot: the pair is the slot the query asks about", () => {
  it("holds for a question about the fees", () => {
    expect(sameAskedSlot(OLD, NEW, ask("What budget have I set for the initial patent filing fees and attorney fees?"))).toBe(true);
  });

  it("does not hold for a question about other things of the same conversation", () => {
    expect(sameAskedSlot(OLD, NEW, ask("How many days between completing my prior art search and filing my provisional patent?"))).toBe(false);
  });
});

describe("the stale-echo stage", () => {
  const open = keywordEngines();
  const turn = (role: string, content: string, ts: string) => JSON.stringify({ role, content, ts });
  // The assistant restates the old sums at length, three times; the person's replacement is short.
  const echo = (n: number) =>
    `Here's plan ${n} to manage your budget for patent filing fees and attorney fees: the $3,500 for initial patent filing fees and $5,000 for attorney fees by July. ` +
    "Track the patent filing fees and the attorney fees each month, keep the attorney fees invoices, compare patent filing fees across offices, set aside a buffer for attorney fees.";

  function setup(on: boolean): Engine {
    return open(
      {
        "sessions/s1.jsonl":
          [
            turn("user", OLD, "2026-03-01T08:00:00Z"),
            turn("assistant", echo(1), "2026-03-01T08:01:00Z"),
            turn("user", "Thanks, what about marketing?", "2026-03-01T08:02:00Z"),
            turn("assistant", echo(2), "2026-03-01T08:03:00Z"),
          ].join("\n") + "\n",
        "sessions/s2.jsonl":
          [
            turn("user", NEW, "2026-04-01T08:00:00Z"),
            turn("assistant", "Sure, let's plan the consultation hours week by week.", "2026-04-01T08:01:00Z"),
            turn("assistant", echo(3), "2026-04-01T08:02:00Z"),
          ].join("\n") + "\n",
      },
      // One turn a chunk, as long replies are: each echo is a result of its own.
      { search: { twins: { enabled: on } }, config: { index: { chunkTokens: 40, overlapTokens: 0 } } },
    );
  }
  const order = async (e: Engine) => (await e.search("What budget have I set for the initial patent filing fees and attorney fees?", { limit: 10 })).results.map((r) => `${r.path}:${r.startLine}`);

  it("puts the person's newer statement above every reply restating the old sums", async () => {
    const ranked = await order(setup(true));
    const newer = ranked.indexOf("sessions/s2.jsonl:1");
    expect(newer).toBeGreaterThanOrEqual(0);
    for (const at of ["sessions/s1.jsonl:2", "sessions/s1.jsonl:4", "sessions/s2.jsonl:3"]) {
      const i = ranked.indexOf(at);
      if (i >= 0) expect(newer, `${at} in ${ranked.join(" ")}`).toBeLessThan(i);
    }
  });

  it("leaves the echoes first when turned off (the scores alone)", async () => {
    const ranked = await order(setup(false));
    expect(ranked.indexOf("sessions/s2.jsonl:1")).toBeGreaterThan(ranked.indexOf("sessions/s1.jsonl:2"));
  });
});
