import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bm25Term } from "../../src/search/pipeline/bm25.js";
import { bestItemScore, itemTokens, listItems, occurrences, tokensOf } from "../../src/search/pipeline/list-items.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

// A person's MEMORY.md: one chunk, a list of unrelated facts. Each daily note is short and
// mentions the same word about someone or something else.
const NOTES: Record<string, string> = {
  "MEMORY.md": [
    "# Memory",
    "",
    "- Jonas lives in Leipzig with his partner Mira and their cat Pixel.",
    "- Works as a sound engineer at a small studio; Mondays are usually free.",
    "- Running goal for next year: a half marathon under 1:50, training three times a week.",
    "- Prefers the train to flying for anything under six hours.",
    "- Dad lives at the Lindenhof care home; visits on Sundays when possible.",
    "- Allergic to penicillin (found out in 2019).",
    "- Reading list: The Overstory, then Piranesi.",
    "",
  ].join("\n"),
  "memory/2026-11-17.md": "# Tuesday 17 November\n\nStudio all day. Marco brought lunch; he mentioned he is allergic to shellfish, so no more paella orders for the team.\n",
  "memory/2026-11-15.md": "# Sunday 15 November\n\nSaw Dad at the care home. He was in good spirits and told stories about his fishing trips.\nPixel knocked a plant off the windowsill again.\n",
  "memory/2026-11-20.md": "# Friday 20 November\n\nCooked mushroom risotto for lunch, with the last of the parmesan.\nVisited Dad in the afternoon; the care home has a new garden room.\n",
};

describe("a list of facts is scored by its best item as well as whole", () => {
  const workspace = indexedWorkspaces("agent-list-items-");

  it("the list's own line about the asker comes before a short note that mentions the word about someone else", async () => {
    const w = workspace(NOTES);
    const allergic = await w.search("what am I allergic to");
    expect(allergic.results.map((r) => r.path)).toEqual(["MEMORY.md", "memory/2026-11-17.md"]);
    expect(allergic.results[0]!.explain!.listItem).toBe(true);
    const home = await w.search("what is Dad's care home called");
    expect(home.results[0]!.path).toBe("MEMORY.md");
  });

  it("a note that is no list keeps its whole-chunk score; words from two items still find the list", async () => {
    const w = workspace(NOTES);
    const res = await w.search("care home garden room");
    expect(res.results[0]!.path).toBe("memory/2026-11-20.md");
    expect(res.results[0]!.explain!.listItem).toBeUndefined();
    // Leipzig and penicillin are in two different items: the list is found, and fully covered.
    const both = await w.search("Leipzig penicillin");
    expect(both.results.map((r) => r.path)).toEqual(["MEMORY.md"]);
    expect(both.results[0]!.explain!.coverage).toBe(1);
  });

  it("an edited list is scored by its new items: what a search kept of the old ones is not reused", async () => {
    const w = workspace(NOTES);
    expect((await w.search("what am I allergic to")).results[0]!.explain!.listItem).toBe(true);
    writeFileSync(path.join(w.ws, "MEMORY.md"), NOTES["MEMORY.md"]!.replace("- Allergic to penicillin (found out in 2019).", "- Penicillin is fine, found out in 2019."));
    w.reindex();
    const after = await w.search("what am I allergic to");
    expect(after.results.map((r) => r.path)).toEqual(["memory/2026-11-17.md"]);
    const again = await w.search("penicillin 2019");
    expect(again.results[0]!.path).toBe("MEMORY.md");
    expect(again.results[0]!.snippet).toContain("Penicillin is fine");
  });

  it("listItems: a list needs three items; markers, numbers, task boxes and continuation lines; a rule is no item", () => {
    expect(listItems("- one\n- two")).toBeNull();
    expect(listItems("Intro line.\n\n- one\n* two\n  still two\n1. three\n- [x] four\n\n---\nafter")).toEqual(["one", "two still two", "three", "four"]);
    expect(listItems("- - -\n***\nplain prose, no list")).toBeNull();
    // A diff in a code block is no list of facts.
    expect(listItems("Changed:\n```diff\n- old line\n- another\n+ new line\n```\n- the one real item")).toBeNull();
  });

  it("bestItemScore: each item scored at its own length; a chunk that is no list scores 0", () => {
    const p = { k1: 1.2, b: 0.75 };
    const allergic = { idf: 2, forms: [tokensOf("allergic")] };
    expect(tokensOf("Allergic, allergies")).toEqual(["allerg", "allergi"]);
    expect(occurrences(["a", "b", "a", "b"], ["a", "b"])).toBe(2);
    expect(bestItemScore("he is allergic to shellfish", [allergic], 10, p)).toBe(0);
    const list = "- Allergic to penicillin.\n- Lives in Leipzig with Mira and the cat, near the park by the river.\n- Reads on the train.";
    const short = bestItemScore(list, [allergic], 10, p);
    // The same item in a longer list scores the same: the other items do not dilute it.
    expect(bestItemScore(`${list}\n- Another fact about something else entirely, long and wordy.`, [allergic], 10, p)).toBeCloseTo(short, 10);
    expect(short).toBeGreaterThan(0);
  });

  it("bestItemScore is BM25 over the index tokenizer's tokens of each item, phrases and weighted forms too, asked again or not", () => {
    const p = { k1: 1.2, b: 0.75 };
    const items = ["Running goal: a half marathon, running three times a week.", "Half marathons are run in Leipzig; the marathon is full.", "Reads on the train, reading lists."];
    const terms = [
      { idf: 1.5, forms: [tokensOf("half marathon")] },
      { idf: 0.8, forms: [tokensOf("run"), tokensOf("running")], weights: [1, 0.5] },
      { idf: 2.2, forms: [tokensOf("reading")] },
    ];
    // The reference: each item tokenized whole by the index's tokenizer.
    const expected = Math.max(
      ...items.map((item) => {
        const tokens = tokensOf(item);
        return terms.reduce((sum, t) => sum + bm25Term(t.idf, t.forms.reduce((f, form, i) => f + occurrences(tokens, form) * (t.weights?.[i] ?? 1), 0), tokens.length, 7, p), 0);
      }),
    );
    const text = items.map((i) => `- ${i}`).join("\n");
    expect(expected).toBeGreaterThan(0);
    expect(bestItemScore(text, terms, 7, p)).toBe(expected);
    expect(bestItemScore(text, terms, 7, p)).toBe(expected);
    // A short item after a long one: the buffer the items share counts none of the long one's tokens.
    const one = [{ idf: 2.2, forms: [tokensOf("reading")] }];
    const long = "reading notes, reading lists, reading at night and reading more";
    expect(bestItemScore(`- ${long}\n- Reading\n- z`, one, 40, p)).toBe(Math.max(bm25Term(2.2, 4, tokensOf(long).length, 40, p), bm25Term(2.2, 1, 1, 40, p)));
  });
});

describe("bestItemScore on generated lists", () => {
  it("equals BM25 of the best item tokenized whole, on 400 lists whose words share start letters with the terms' or not", () => {
    const p = { k1: 1.2, b: 0.75 };
    // Words that share their first two letters with a term's token and stem elsewhere ("reader", "realm"), words that
    // stem to it ("reading", "reads"), and others; items of one to twelve words, lists of three to nine items.
    const vocab = ["reading", "reads", "reader", "realm", "run", "running", "runway", "half", "hall", "marathon", "mars", "train", "trains", "trail", "café", "cafe", "cat", "dad", "z", "a", "the", "2019", "20"];
    let seed = 45;
    const r = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    const termPool = ["reading", "run", "half marathon", "train", "cafe", "dad", "2019", "realm"];
    for (let n = 0; n < 400; n++) {
      const items = Array.from({ length: 3 + Math.floor(r() * 7) }, () => Array.from({ length: 1 + Math.floor(r() * 12) }, () => pick(vocab)).join(" "));
      const terms = Array.from({ length: 1 + Math.floor(r() * 3) }, () => ({ idf: 0.5 + r() * 2, forms: [tokensOf(pick(termPool)), tokensOf(pick(termPool))], weights: [1, 0.5] }));
      const expected = Math.max(
        0,
        ...items.map((item) => {
          const tokens = tokensOf(item);
          return terms.reduce((sum, t) => sum + bm25Term(t.idf, t.forms.reduce((f, form, i) => f + occurrences(tokens, form) * (t.weights[i] ?? 1), 0), tokens.length, 9, p), 0);
        }),
      );
      expect(bestItemScore(items.map((i) => `- ${i}`).join("\n"), terms, 9, p)).toBe(expected);
    }
  });
});

describe("itemTokens", () => {
  it("counts every word, and gives the index's token for the words that could be a term's", () => {
    const starts = new Set(["al", "pe"]);
    expect(itemTokens("Allergic to penicillin (found out in 2019).", starts)).toEqual(["allerg", "to", "penicillin", "found", "out", "in", "2019"]);
    expect(itemTokens("Café crème, Dad's", new Set(["ca"]))).toEqual(["cafe", "creme", "dad", "s"]);
    // No word like a term's: the folded words are the tokens (the scorer reads such an item without writing its words).
    expect(itemTokens("Plain words, nothing more", new Set(["zz"]))).toEqual(["plain", "words", "nothing", "more"]);
    // A later word like a term's: the words before it are kept in order too.
    expect(itemTokens("Went there running", new Set(["ru"]))).toEqual(["went", "there", "run"]);
  });
});
