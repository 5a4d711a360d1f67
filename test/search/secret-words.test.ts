import { describe, expect, it } from "vitest";
import { wordForms } from "../../src/search/query/forms.js";
import { secretWords } from "../../src/search/query/secret-words.js";
import { spellingVariants } from "../../src/search/query/spellings.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("the words for a code that opens something stand for each other", () => {
  it("code stands for pin and passcode, and pins for codes", () => {
    expect(wordForms("code")).toEqual(expect.arrayContaining(["pin", "passcode"]));
    expect(wordForms("pins")).toEqual(expect.arrayContaining(["codes"]));
  });

  it("a password is not a code, and other words have none", () => {
    expect(secretWords("password")).toEqual([]);
    expect(wordForms("password")).not.toContain("pin");
    expect(secretWords("combination")).toEqual([]);
  });

  it("sesh is session written short", () => {
    expect(spellingVariants("session")).toContain("sesh");
    expect(spellingVariants("sesh")).toContain("session");
  });
});

const NOTES: Record<string, string> = {
  "memory/2031-06-02.md": "# Mon\n\nnew lockers in the staff room. locker pin is 8812, don't tell the yr 7s\n",
  "memory/2031-06-03.md": "# Tue\n\nlocker room flooded again, caretaker on it. lockers moved to the hall\n",
  "memory/2031-06-04.md": "# Wed\n\nchoir sesh after school, 14 came. sang the Rutter twice\n",
  "memory/2031-06-05.md": "# Thu\n\nchoir concert planning with Dan, choir tickets £5\n",
};

describe("search: a question in one word for a thing, the note in the other", () => {
  const workspace = indexedWorkspaces("agent-secret-words-");

  it("whats the locker code: the note giving the locker pin", async () => {
    const w = workspace(NOTES);
    expect((await w.search("whats the locker code")).results[0]?.path).toBe("memory/2031-06-02.md");
  });

  it("how many came to the choir session: the note on the choir sesh", async () => {
    const w = workspace(NOTES);
    expect((await w.search("how many came to the choir session")).results[0]?.path).toBe("memory/2031-06-04.md");
  });
});
