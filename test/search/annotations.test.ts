import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import {
  annotationMatches,
  editDistance,
  groupAnnotations,
  normalizeAnnotationValue,
  parseAnnotationLine,
  parseAnnotations,
} from "../../src/indexer/annotations.js";
import { parseAnnotationFilters } from "../../src/cli/commands/search.js";
import { loadSchema } from "../../src/store/open.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const pairs = (line: string) => parseAnnotationLine(line).map((a) => [a.key, a.value]);

describe("parseAnnotationLine", () => {
  it("finds a marker anywhere on a line; the value runs to the end of the line", () => {
    expect(pairs("Called the wholesaler project:: Pharmacy App")).toEqual([["project", "Pharmacy App"]]);
    expect(pairs("project::pharmacy")).toEqual([["project", "pharmacy"]]);
    expect(pairs("- [ ] order fridge   ctx:: home office  ")).toEqual([["ctx", "home office"]]);
  });

  it("ends a value at the next marker, and keeps the display form", () => {
    expect(pairs("project:: Pharmacy App mode:: Deep Work meeting:: Weekly Sync")).toEqual([
      ["project", "Pharmacy App"],
      ["mode", "Deep Work"],
      ["meeting", "Weekly Sync"],
    ]);
    const [a] = parseAnnotationLine("project::  Pharmacy   App ");
    expect(a).toMatchObject({ value: "Pharmacy   App", norm: "pharmacy app" });
  });

  it("strips separators, comment ends and unbalanced brackets around values", () => {
    expect(pairs("project:: pharmacy, mode:: deep")).toEqual([["project", "pharmacy"], ["mode", "deep"]]);
    expect(pairs("[project:: pharmacy] and (ctx:: train) later")).toEqual([["project", "pharmacy"], ["ctx", "train"]]);
    expect(pairs("see [[notes]] project:: x]")).toEqual([["project", "x"]]);
    expect(pairs("## Standup <!-- meeting:: weekly sync -->")).toEqual([["meeting", "weekly sync"]]);
    expect(pairs("project:: app (v2)")).toEqual([["project", "app (v2)"]]);
  });

  it("ignores unknown keys, glued keys, empty values and plain double colons", () => {
    expect(pairs("subproject:: x  status:: done  ratio 3::4  std::vector")).toEqual([]);
    expect(pairs("project::   ")).toEqual([]);
    expect(pairs("Project:: Caps")).toEqual([["project", "Caps"]]);
  });

  it("parses every line of a text with its line number", () => {
    const anns = parseAnnotations("# Day\n\nproject:: a\nnothing\nmode:: b ctx:: c\n");
    expect(anns.map((a) => [a.key, a.value, a.line])).toEqual([
      ["project", "a", 3],
      ["mode", "b", 5],
      ["ctx", "c", 5],
    ]);
    expect(groupAnnotations([...anns, { key: "project", value: "a" }, { key: "project", value: "z" }])).toEqual({ project: ["a", "z"], mode: ["b"], ctx: ["c"] });
  });
});

describe("fuzzy matching", () => {
  it("normalises case, wiki links and tags", () => {
    expect(normalizeAnnotationValue("  [[Pharmacy  App]] ")).toBe("pharmacy app");
    expect(normalizeAnnotationValue("#Pharmacy")).toBe("pharmacy");
  });

  it("matches substrings either way and small typos, not different short words", () => {
    expect(annotationMatches("pharmacy", "Pharmacy App")).toBe(true);
    expect(annotationMatches("PHARMACY", "pharmacy")).toBe(true);
    expect(annotationMatches("pharmacy app v2", "pharmacy app")).toBe(true);
    expect(annotationMatches("pharmcy", "Pharmacy App")).toBe(true);
    expect(annotationMatches("farmacy", "pharmacy")).toBe(true);
    expect(annotationMatches("garden", "pharmacy")).toBe(false);
    expect(annotationMatches("app", "api")).toBe(false);
    expect(annotationMatches("", "pharmacy")).toBe(false);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
  });

  it("parses --annotation filters", () => {
    expect(parseAnnotationFilters(["mode::deep work", "ctx=home"])).toEqual({ mode: "deep work", ctx: "home" });
    expect(() => parseAnnotationFilters(["colour::blue"])).toThrow(/annotations take the keys ctx, project, meeting, mode, got "colour"/);
    expect(() => parseAnnotationFilters(["no marker"])).toThrow(/--annotation must look like "project::pharmacy"/);
  });
});

describe("annotations in the index and search filters", () => {
  let ws = "";
  let engine: Engine | null = null;
  afterEach(() => {
    engine?.close();
    engine = null;
    cleanup(ws);
  });

  const NOW = Date.parse("2026-11-21T12:00:00Z");

  function setup(): Engine {
    ws = tempDir();
    write(
      ws,
      "memory/2026-11-20.md",
      [
        "# 2026-11-20",
        "",
        "## Fridge",
        "",
        "Called the wholesaler about the fridge. project:: Pharmacy App",
        "",
        "## Garden fridge",
        "",
        "The garden fridge for drinks broke. project:: garden",
        "",
      ].join("\n"),
    );
    write(ws, "notes/meetings.md", "# Weekly sync <!-- meeting:: weekly sync -->\n\nWe reviewed the fridge budget.\n\nmode:: deep work\n");
    write(
      ws,
      "sessions/chat-1.jsonl",
      JSON.stringify({ role: "user", content: "The fridge quote came in. project:: pharmacy", ts: "2026-11-21T09:00:00Z" }) + "\n",
    );
    engine = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
    engine.indexing.index();
    return engine;
  }

  it("the index schema version moved to 3 with the annotation table (later versions keep it)", () => {
    expect(loadSchema().version).toBeGreaterThanOrEqual(3);
    expect(loadSchema().sql).toContain("CREATE TABLE IF NOT EXISTS chunk_annotations");
  });

  it("stores annotations per chunk, inherits heading markers, and returns them on results", async () => {
    const e = setup();
    const res = await e.search("fridge", { limit: 10 });
    const by = new Map(res.results.map((r) => [`${r.path}:${r.heading}`, r.annotations]));
    expect(by.get("memory/2026-11-20.md:2026-11-20 > Fridge")).toEqual({ project: ["Pharmacy App"] });
    expect(by.get("memory/2026-11-20.md:2026-11-20 > Garden fridge")).toEqual({ project: ["garden"] });
    // The heading's marker applies to the whole section; a later line adds its own.
    expect(by.get("notes/meetings.md:Weekly sync <!-- meeting:: weekly sync -->")).toEqual({ meeting: ["weekly sync"], mode: ["deep work"] });
    expect(res.results.find((r) => r.path === "sessions/chat-1.jsonl")?.annotations).toEqual({ project: ["pharmacy"] });
  });

  it("--project filters fuzzily across notes and sessions; other keys filter too", async () => {
    const e = setup();
    const paths = async (filters: object) => (await e.search("fridge", { limit: 10, filters })).results.map((r) => `${r.path}:${r.startLine}`).sort();
    // The day's title line has no content of its own: it opens the first section's chunk.
    expect(await paths({ project: "pharmcy" })).toEqual(["memory/2026-11-20.md:1", "sessions/chat-1.jsonl:1"]);
    expect(await paths({ project: "GARDEN" })).toEqual(["memory/2026-11-20.md:7"]);
    expect(await paths({ project: "nothing-like-it" })).toEqual([]);
    expect(await paths({ annotations: { mode: "deep" } })).toEqual(["notes/meetings.md:1"]);
    expect(await paths({ annotations: { meeting: "weekly" }, project: "pharmacy" })).toEqual([]);
  });

  it("a re-indexed file drops its old annotations (cascade)", async () => {
    const e = setup();
    write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\nThe fridge arrived. project:: logistics\n");
    const res = await e.search("fridge", { filters: { project: "pharmacy" } });
    expect(res.results.map((r) => r.path)).toEqual(["sessions/chat-1.jsonl"]);
    expect((await e.search("fridge", { filters: { project: "logistics" } })).results).toHaveLength(1);
  });
});
