import { describe, expect, it } from "vitest";
import { templateOnly, withoutTemplate } from "../../src/search/pipeline/template-labels.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

const USER = "# USER\n\nWho I work for. Fill this in (or let the assistant fill it in as it learns).\n\n- Name: Ruth Ashby\n- How to address them: Ruth\n- Time zone: Europe/London\n- Work: piano tuner\n";
const forms = (t: string): string[] => (t === "adress" ? ["adress", "address"] : [t]);

describe("withoutTemplate: the person's words, the template's labels and lines taken off", () => {
  it("cuts a label from its line and drops a boilerplate line", () => {
    const lines = new Set(["Who I work for. Fill this in (or let the assistant fill it in as it learns).", "- How to address them:"]);
    const text = withoutTemplate(USER, lines, ["how to address them:"]);
    expect(text).toContain("\n ruth\n");
    expect(text).not.toContain("address");
    expect(text).not.toContain("fill this in");
    expect(text).toContain("- name: ruth ashby");
  });
});

describe("templateOnly: a word the result holds only in a template label", () => {
  it("is none of the person's when the question asks about more than the slot", () => {
    expect(templateOnly("USER.md", USER, ["adress"], ["adress", "bungalow"], forms)).toEqual(["adress"]);
  });

  it("still answers a question about the slot itself, and never touches a note the template does not ship", () => {
    expect(templateOnly("USER.md", USER, ["time", "zone"], ["time", "zone"], (t) => [t])).toEqual([]);
    expect(templateOnly("USER.md", USER, ["piano"], ["piano", "bungalow"], (t) => [t])).toEqual([]);
    expect(templateOnly("memory/2026-11-16.md", "- How to address them: Ruth\n", ["adress"], ["adress", "bungalow"], forms)).toEqual([]);
  });
});

describe("the floor: a template label shared with the question is no evidence", () => {
  const workspace = indexedWorkspaces("agent-template-labels-");
  const NOTES: Record<string, string> = {
    "USER.md": USER,
    "MEMORY.md": "# Memory\n\n- Downsizing: buying a bungalow in Haxby\n",
    "memory/2026-11-16.md": "# Mon\n\nbungalow viewing, 7 Linden Close, Haxby. 2 bed, asking 235k\n",
  };

  it("the address of the bungalow is not USER.md's 'How to address them'", async () => {
    const w = workspace(NOTES);
    const paths = (await w.search("whats the address of the bungalow")).results.map((r) => r.path);
    expect(paths).not.toContain("USER.md");
    expect(paths).toContain("memory/2026-11-16.md");
  });

  it("the slot asked for is still USER.md's", async () => {
    const w = workspace(NOTES);
    expect((await w.search("how should you address me")).results[0]?.path).toBe("USER.md");
    expect((await w.search("what is my time zone")).results[0]?.path).toBe("USER.md");
  });
});
