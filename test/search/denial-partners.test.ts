import { describe, expect, it } from "vitest";
import { partnersToPlace } from "../../src/search/pipeline/denial-pair.js";
import type { Picked } from "../../src/search/pipeline/diversify.js";
import { queryStems } from "../../src/search/pipeline/newer-twin.js";

// Only the chunk id is read of a pick here; the rest of a pick is the scorer's business.
const pick = (chunkId: number) => ({ s: { cand: { chunkId } } }) as unknown as Picked;

describe("partnersToPlace: the other side of a denial to bring beside it", () => {
  it("skips a partner already shown above the denial and takes the next best", () => {
    const list = [pick(5), pick(9), pick(3)];
    expect(partnersToPlace([5, 7, 8], list, list[1]!)).toEqual([7]);
  });

  it("takes the best partner when none is shown above", () => {
    const list = [pick(9), pick(5)];
    expect(partnersToPlace([5, 7], list, list[0]!)).toEqual([5]);
  });
});

describe("queryStems", () => {
  it("parts a hyphenated term as a statement's words are parted, sharing its weight", () => {
    const q = queryStems([{ term: "peer-reviewed", idf: 2 }, { term: "deadline", idf: 1.5 }]);
    expect(q.get("peer")).toBe(1);
    expect(q.get("review")).toBe(1);
    expect(q.get("deadlin")).toBe(1.5);
  });
});
