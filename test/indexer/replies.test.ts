import { describe, expect, it } from "vitest";
import { figuresOf, readReply } from "../../src/indexer/replies.js";
import { updateLinksOf } from "../helpers/update-links.js";

// A change said only as a "no" to the assistant: found by the fourth changes set
// (scripts/eval-changes4/). Each example is phrased apart from the set, and each fails on the rules before it.

/** One transcript line of a person's or an assistant's turn. */
const turn = (role: "user" | "assistant", content: string, ts: string) => JSON.stringify({ role, content, ts, speaker: role === "user" ? "person" : "assistant", harness: "openclaw", kind: "main", via: "capture" });

const updateLinks = updateLinksOf;

const note = { "memory/2030-05-10.md": "# Fri 10 May\n\n- Side door PIN for the rehearsal rooms: 7315.\n- Choir rehearsal moved to the church hall.\n" };
const asked = (answer: string) =>
  [
    turn("user", "Off to the rehearsal rooms, anything I need?", "2030-05-14T17:00:00Z"),
    turn("assistant", "Your notes have 7315 for the side door at the rehearsal rooms. Is that side door PIN still 7315?", "2030-05-14T17:00:05Z"),
    turn("user", answer, "2030-05-14T17:01:00Z"),
  ].join("\n") + "\n";

describe("a no to the assistant's question", () => {
  it("replaces the person's earlier statement of the value the question named", () => {
    expect(updateLinks({ ...note, "sessions/openclaw-r1.jsonl": asked("nah, they reset it to 0926 last week") })).toEqual(["memory/2030-05-10.md:3 > sessions/openclaw-r1.jsonl:3"]);
  });

  it("links nothing when the answer is yes, or a no that gives no other value", () => {
    expect(updateLinks({ ...note, "sessions/openclaw-r1.jsonl": asked("yes, same as ever") })).toEqual([]);
    expect(updateLinks({ ...note, "sessions/openclaw-r1.jsonl": asked("no no, it's still 7315") })).toEqual([]);
  });

  it("links nothing when the value asked about was only ever the assistant's, not in the person's words", () => {
    const other = { "memory/2030-05-10.md": "# Fri 10 May\n\n- Choir rehearsal moved to the church hall.\n" };
    expect(updateLinks({ ...other, "sessions/openclaw-r1.jsonl": asked("nah, they reset it to 0926 last week") })).toEqual([]);
  });
});

describe("a no to what the assistant just said", () => {
  it("'not Friday' replaces the person's statement that gave the day the assistant repeated", () => {
    const files = {
      "memory/2030-05-09.md": "# Thu 9 May\n\n- Piano recital at St Anne's hall: Friday 24 May, 6pm.\n",
      "sessions/openclaw-r2.jsonl":
        [
          turn("user", "can you put the recital in my calendar", "2030-05-15T08:00:00Z"),
          turn("assistant", "Added the piano recital at St Anne's hall on Friday 24 May at 18:00.", "2030-05-15T08:00:04Z"),
          turn("user", "no, Saturday not Friday. Saturday the 25th, same time", "2030-05-15T08:02:00Z"),
        ].join("\n") + "\n",
    };
    expect(updateLinks(files)).toEqual(["memory/2030-05-09.md:3 > sessions/openclaw-r2.jsonl:3"]);
  });
});

describe("reading a reply", () => {
  it("takes the asked words and the value from the assistant, and the new value from the reply", () => {
    expect(readReply("Is the boiler service still on the 12th?", "nope, the 19th")).toEqual({ words: ["boiler", "servic"], was: ["12"], now: "19" });
    // Not opening with a no, or a question naming no value: nothing to read.
    expect(readReply("Is the boiler service still on the 12th?", "the 19th I think")).toBeNull();
    expect(readReply("Shall I book it?", "no, it's the 19th")).toBeNull();
  });

  it("figures are digits and weekdays, in a form both sayings share", () => {
    expect(figuresOf("£1,250 on Thursday at 19:00")).toEqual(["1250", "thu", "1900"]);
  });
});

describe("a no to a question pointing back at the sentence before it", () => {
  const note = { "memory/2030-05-10.md": "# Fri 10 May\n\n- The choir rota goes out to rota@stmarys.org every Friday.\n" };
  const session = (answer: string) =>
    [
      turn("user", "set up the choir rota mail merge", "2030-05-14T17:00:00Z"),
      turn("assistant", "The merge sends the choir rota to rota@stmarys.org and prints labels for 3 Elm Close. Is that email still right?", "2030-05-14T17:00:05Z"),
      turn("user", answer, "2030-05-14T17:01:00Z"),
    ].join("\n") + "\n";

  it("replaces the person's statement of the value of the kind the question names", () => {
    expect(updateLinks({ ...note, "sessions/opencode-r1.jsonl": session("no, use admin@stmarys-choir.org from now on") })).toEqual(["memory/2030-05-10.md:3 > sessions/opencode-r1.jsonl:3"]);
  });

  it("links nothing on a yes", () => {
    expect(updateLinks({ ...note, "sessions/opencode-r1.jsonl": session("yes that's fine") })).toEqual([]);
  });
});
