import { describe, expect, it } from "vitest";
import { initialisms, longForms, saysLong, saysShort } from "../../src/search/pipeline/short-forms.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

describe("initialisms and long forms", () => {
  it("reads a number word as its digit, skips small words both ways, and keeps three letters or more", () => {
    expect(initialisms(["two", "factor", "authentication"])).toEqual(expect.arrayContaining(["2FA"]));
    expect(initialisms(["applicant", "tracking", "systems"])).toEqual(["ATS"]);
    expect(initialisms(["bureau", "of", "labor", "statistics"])).toEqual(["BOLS", "BLS"]);
    expect(initialisms(["human", "resources"])).toEqual([]);
  });

  it("takes the query's runs of two to five words, hyphen parts apart, never starting or ending on a small word", () => {
    const forms = longForms("Have I ever implemented two-factor authentication for platform access?");
    expect(forms).toContainEqual({ short: "2FA", words: ["two", "factor", "authentication"] });
    expect(forms.some((f) => f.words[0] === "for" || f.words[f.words.length - 1] === "for")).toBe(false);
  });

  it("tells the two forms in a text apart: the short one as written, the long one with spaces or hyphens", () => {
    const f = { short: "2FA", words: ["two", "factor", "authentication"] };
    expect(saysShort("I'll enable 2FA for all platforms.", f)).toBe(true);
    expect(saysShort("the 2fa code", f)).toBe(false);
    expect(saysLong("We set up Two-Factor Authentication on April 20.", f)).toBe(true);
    expect(saysLong("two factor authentication", f)).toBe(true);
    expect(saysLong("two factors of authentication", f)).toBe(false);
  });
});

// The long form on the 10th, the short one on the 18th; a note of the 2nd defines the short
// form. The note of the 18th says one of the query's other words in a long line, so BM25 ranks it last.
describe("the short-form stage", () => {
  const open = keywordEngines();
  const files = {
    "memory/2026-11-02.md": "# 2026-11-02\n\n- Security reading: two-factor authentication (2FA) adds a code from the phone.\n",
    "memory/2026-11-10.md": "# 2026-11-10\n\n- We set up two-factor authentication for the platform access of the whole team, platform admins first.\n",
    "memory/2026-11-18.md": "# 2026-11-18\n\n- I still have to enable 2FA on the platform for my own laptop account, Sam reminded me twice at lunch and again by email.\n",
    "memory/2026-11-12.md": "# 2026-11-12\n\n- Platform access review: the team's platform access list and the access log checked.\n",
    "memory/2026-11-13.md": "# 2026-11-13\n\n- Platform access for the contractors ends Friday; access to the platform's billing stays.\n",
  };
  const query = "Have I implemented two-factor authentication for platform access?";

  it("puts the person's note saying only 2FA right below the first result saying it in full", async () => {
    const paths = (await open(files).search(query, { limit: 10 })).results.map((r) => r.path);
    const full = paths.findIndex((p) => p === "memory/2026-11-10.md" || p === "memory/2026-11-02.md");
    expect(full).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf("memory/2026-11-18.md")).toBe(full + 1);
  });

  it("does nothing when no note of the workspace defines the short form", async () => {
    const { ["memory/2026-11-02.md"]: _defined, ...rest } = files;
    const paths = (await open(rest).search(query, { limit: 10 })).results.map((r) => r.path);
    const full = paths.indexOf("memory/2026-11-10.md");
    expect(paths.indexOf("memory/2026-11-18.md")).not.toBe(full + 1);
  });
});
