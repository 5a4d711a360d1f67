import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { VectorStore } from "../../src/store/vectors.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

const dbs: DB[] = [];
let dir = "";
afterEach(() => {
  while (dbs.length > 0) dbs.pop()!.close();
  cleanup(dir);
});

function twoConnections() {
  dir = tempDir("agent-memo-");
  const file = path.join(dir, "index.db");
  const a = openIndexDb(file).db;
  const b = openIndexDb(file).db;
  dbs.push(a, b);
  return { a, b };
}

const file = (p: string, size: number) => ({ path: p, kind: "note", source: "memory", date: null, size, mtimeMs: 1000 + size, hash: `h${size}`, capped: false });
const chunk = (text: string) => ({ startLine: 1, endLine: 1, heading: "", text, hash: text, tokens: 1, cjk: "" });

describe("values kept between searches follow every change, from this connection or another", () => {
  it("file rows: reused while nothing changed, re-read after another connection commits or this one writes", () => {
    const { a, b } = twoConnections();
    const mine = new IndexStore(a);
    const theirs = new IndexStore(b);
    mine.replaceFile(file("a.md", 1), [chunk("one")], 0);
    const first = mine.fileStats();
    expect(mine.fileStats()).toBe(first);
    theirs.replaceFile(file("b.md", 2), [chunk("two")], 0);
    expect([...mine.fileStats().keys()].sort()).toEqual(["a.md", "b.md"]);
    theirs.replaceFile(file("b.md", 3), [chunk("three")], 0);
    expect(mine.fileStats().get("b.md")?.size).toBe(3);
    mine.deleteFile("a.md");
    expect([...mine.fileStats().keys()]).toEqual(["b.md"]);
  });

  it("chunks without vectors: counted again after a change", () => {
    const { a, b } = twoConnections();
    const mine = new VectorStore(a);
    const theirs = new IndexStore(b);
    expect(mine.countPending()).toBe(0);
    theirs.replaceFile(file("a.md", 1), [chunk("one"), chunk("two")], 0);
    expect(mine.countPending()).toBe(2);
    theirs.deleteFile("a.md");
    expect(mine.countPending()).toBe(0);
  });
});
