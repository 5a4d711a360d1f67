import { describe, expect, it } from "vitest";
import { sibilantBase } from "../../src/search/pipeline/sibilant-forms.js";

describe("sibilantBase: the base of a word's -es form after s, x, z, ch or sh", () => {
  it("takes the -es off a sibilant's form", () => {
    expect(sibilantBase("otises")).toBe("otis");
    expect(sibilantBase("buses")).toBe("bus");
    expect(sibilantBase("churches")).toBe("church");
    expect(sibilantBase("boxes")).toBe("box");
  });

  it("leaves a word whose -es follows no sibilant, or whose base is too short", () => {
    expect(sibilantBase("notes")).toBeNull();
    expect(sibilantBase("goes")).toBeNull();
    expect(sibilantBase("uses")).toBeNull();
    expect(sibilantBase("otis")).toBeNull();
  });
});
