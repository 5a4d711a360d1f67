/**
 * What a warm host's distinct searches no longer redo, each answering as the work it replaces:
 * a pair of the query's words joined is looked up without the tokenizer's probe; the statement
 * stages read a chunk's denials, announcements and values from lists made once while its
 * statements are kept; the picks' annotations are kept per chunk; and each sees a write made
 * between two searches. A real index file.
 */
import { describe, expect, it } from "vitest";
import { docFrequencies } from "../../src/search/pipeline/evidence.js";
import { keyByTokens } from "../../src/search/pipeline/fts-tokens.js";
import { joinedWords } from "../../src/search/pipeline/joined-words.js";
import { annotationsOf } from "../../src/search/pipeline/keyword.js";
import { parseQuery } from "../../src/search/query/query.js";
import { markedStatementsOfChunks, statementData, statementsOfChunks, STATEMENT_MARKS, type StatementMark } from "../../src/store/statements.js";
import type { DB } from "../../src/store/open.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";
import { write } from "../helpers/workspace.js";
import { readsIn } from "../helpers/count-reads.js";

const workspace = indexedWorkspaces("agent-warm-distinct-");


const chunkIds = (d: DB) => d.prepare("SELECT id FROM chunks ORDER BY id").pluck().all() as number[];

describe("a pair of the query's words joined, in a host keyed by tokens", () => {
  it("is found as its count finds it, without the tokenizer's probe", () => {
    const w = workspace({ "memory/2026-11-02.md": "# 2026-11-02\n\n- Did the skyloft climb with Ana, new best.\n" });
    keyByTokens(w.db);
    const df = docFrequencies(w.db);
    const ask = (text: string) => readsIn(w.db, () => joinedWords(text, parseQuery(text), df, new Set()));
    const found = ask("my sky loft best");
    expect(found.value).toEqual([
      { word: "sky", terms: ["skyloft"] },
      { word: "loft", terms: ["skyloft"] },
    ]);
    // The probe (an insert, a read of its tokens, a delete) ran for every new pair before.
    expect(found.reads).toBe(0);
    const absent = ask("my moon loft best");
    expect(absent.value).toEqual([]);
    expect(absent.reads).toBe(0);
    // The same answers as the count the other stages make.
    expect(df.of('{heading body} : "skyloft"') > 0).toBe(true);
    expect(df.of('{heading body} : "moonloft"')).toBe(0);
  });

  it("sees a note written between two searches", () => {
    const w = workspace({ "memory/2026-11-02.md": "# 2026-11-02\n\n- Nothing of note.\n" });
    keyByTokens(w.db);
    expect(joinedWords("the rock loft wall", parseQuery("the rock loft wall"), docFrequencies(w.db), new Set())).toEqual([]);
    write(w.ws, "memory/2026-11-03.md", "# 2026-11-03\n\n- The rockloft wall is open again.\n");
    w.reindex();
    expect(joinedWords("the rock loft wall", parseQuery("the rock loft wall"), docFrequencies(w.db), new Set())).toEqual([
      { word: "rock", terms: ["rockloft"] },
      { word: "loft", terms: ["rockloft"] },
    ]);
  });
});

const STATEMENTS = {
  "memory/2026-11-02.md": "# 2026-11-02\n\n- I've never attended any webinars on patent law, so I don't know what to expect.\n- My grocery budget is now $550 a month.\n",
  "memory/2026-11-03.md": "# 2026-11-03\n\n- Our Lisbon offsite was cancelled by the board yesterday.\n- The webinar on AI ethics is scheduled for March 20.\n- Had a quiet evening reading.\n",
};

describe("a chunk's marked statements", () => {
  it("are its rows that deny, announce or give a value, in statementsOfChunks' order", () => {
    const w = workspace(STATEMENTS);
    const ids = chunkIds(w.db);
    const all = statementsOfChunks(w.db, ids);
    type Data = { denied?: string[]; announced?: boolean; values?: unknown[] };
    const has: Record<StatementMark, (d: Data) => boolean> = {
      denied: (d) => (d.denied?.length ?? 0) > 0,
      announced: (d) => d.announced === true,
      values: (d) => (d.values?.length ?? 0) > 0,
      announcedOrValues: (d) => d.announced === true || (d.values?.length ?? 0) > 0,
    };
    for (const mark of Object.keys(STATEMENT_MARKS) as StatementMark[]) {
      const marked = markedStatementsOfChunks(w.db, [...ids].reverse(), mark);
      const wanted = all.filter((r) => has[mark](statementData<Data>(r)));
      expect(wanted.length, mark).toBeGreaterThan(0);
      // Every row the stage wants is there, in the order of all rows (the mark is read off the JSON: a superset).
      expect(marked.filter((r) => has[mark](statementData<Data>(r)))).toEqual(wanted);
      expect(all.filter((r) => marked.includes(r))).toEqual(marked);
    }
    expect(markedStatementsOfChunks(w.db, ids, "announcedOrValues").length).toBeLessThan(all.length);
  });

  it("follow a note's edit", () => {
    const w = workspace(STATEMENTS);
    expect(markedStatementsOfChunks(w.db, chunkIds(w.db), "denied").length).toBe(1);
    write(w.ws, "memory/2026-11-02.md", "# 2026-11-02\n\n- Went to a webinar on patent law at last.\n");
    w.reindex();
    expect(markedStatementsOfChunks(w.db, chunkIds(w.db), "denied")).toEqual([]);
  });
});

describe("the picks' annotations", () => {
  it("are read once per chunk while the index is unchanged, and again after a write", () => {
    const w = workspace({ "memory/2026-11-02.md": "# 2026-11-02\n\n## Sprint\nproject:: Pharmacy App\n\n- Shipped the login screen.\n" });
    const ids = chunkIds(w.db);
    const first = readsIn(w.db, () => annotationsOf(w.db, ids));
    expect([...first.value.values()]).toContainEqual({ project: ["Pharmacy App"] });
    const again = readsIn(w.db, () => annotationsOf(w.db, ids));
    expect(again.value).toEqual(first.value);
    expect(again.reads).toBe(0);
    write(w.ws, "memory/2026-11-02.md", "# 2026-11-02\n\n## Sprint\nproject:: Garden Log\n\n- Shipped the login screen.\n");
    w.reindex();
    expect([...annotationsOf(w.db, chunkIds(w.db)).values()]).toContainEqual({ project: ["Garden Log"] });
  });
});
