import { describe, expect, it } from "vitest";
import { compareHlc, formatHlc, parseHlc, receive, tick, ZERO_HLC } from "../../../src/store/events/hlc.js";

describe("hybrid logical clock", () => {
  it("follows the wall clock when it moves forward", () => {
    const a = tick(ZERO_HLC, 1000);
    expect(a).toEqual({ wall: 1000, counter: 0 });
    expect(tick(a, 2000)).toEqual({ wall: 2000, counter: 0 });
  });

  it("stays monotonic when the wall clock stands still or goes back", () => {
    let h = tick(ZERO_HLC, 5000);
    const seen = [h];
    for (const now of [5000, 4000, 100, 5000]) seen.push((h = tick(h, now)));
    expect(seen.map((x) => [x.wall, x.counter])).toEqual([[5000, 0], [5000, 1], [5000, 2], [5000, 3], [5000, 4]]);
    for (let i = 1; i < seen.length; i++) expect(compareHlc(seen[i]!, seen[i - 1]!)).toBeGreaterThan(0);
  });

  it("receive() takes the greater stamp, so the next local event sorts after what another device wrote", () => {
    const mine = tick(ZERO_HLC, 1000);
    const theirs = { wall: 9000, counter: 7 };
    const after = receive(mine, theirs);
    expect(after).toEqual(theirs);
    expect(receive(after, mine)).toEqual(theirs);
    const next = tick(after, 1001);
    expect(compareHlc(next, theirs)).toBeGreaterThan(0);
    expect(next).toEqual({ wall: 9000, counter: 8 });
  });

  it("its text sorts like the stamp and reads back", () => {
    const stamps = [{ wall: 9, counter: 10 }, { wall: 10, counter: 0 }, { wall: 1_764_380_000_000, counter: 2 }, { wall: 9, counter: 2 }];
    const sortedByText = [...stamps].sort((a, b) => (formatHlc(a) < formatHlc(b) ? -1 : 1));
    expect(sortedByText).toEqual([...stamps].sort(compareHlc));
    for (const s of stamps) expect(parseHlc(formatHlc(s))).toEqual(s);
    expect(parseHlc("12:3")).toBeNull();
    expect(parseHlc(42)).toBeNull();
  });
});
