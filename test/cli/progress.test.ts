import { Writable } from "node:stream";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { etaClock, formatSeconds, LINE_INTERVAL_MS, progressBar } from "../../src/cli/progress.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

/** A stream that keeps what is written; a terminal when `tty`. */
function sink(tty: boolean): Writable & { isTTY?: boolean; text(): string } {
  let out = "";
  const s = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out += chunk.toString("utf8");
      cb();
    },
  }) as Writable & { isTTY?: boolean; text(): string; columns?: number; cursorTo?: unknown; clearLine?: unknown };
  if (tty) {
    s.isTTY = true;
    s.columns = 120;
  }
  s.text = () => out;
  return s;
}

describe("progress without a terminal", () => {
  it("prints a line at most once per interval, with an ETA from the rate so far", () => {
    let t = 0;
    const out = sink(false);
    const p = progressBar(true, { unit: "chunks", title: "embedding", announce: true, stream: out, now: () => t });
    p.update(0, 4397);
    for (let done = 1; done <= 100; done++) {
      t += 500;
      p.update(done * 10, 4397);
    }
    p.stop();
    const lines = out.text().trimEnd().split("\n");
    // 50 s of updates every half second: the announcement, then one line per 10 s.
    expect(lines).toHaveLength(1 + Math.floor((100 * 500) / LINE_INTERVAL_MS));
    expect(lines[0]).toBe("embedding: 0/4,397 chunks (0%)");
    // 20 chunks a second, 4,197 left after 10 s: 3m30s.
    expect(lines[1]).toBe("embedding: 200/4,397 chunks (4%), ETA 3m30s");
    expect(out.text()).not.toMatch(/LL|NULL|\r/);
  });

  it("a short run without announce prints nothing", () => {
    let t = 0;
    const out = sink(false);
    const p = progressBar(true, { unit: "files", title: "indexing", stream: out, now: () => t });
    for (let i = 0; i <= 67; i++) {
      t += 10;
      p.update(i, 67, `memory/${i}.md`);
    }
    expect(out.text()).toBe("");
  });

  it("announces nothing when there is nothing to do", () => {
    const out = sink(false);
    const p = progressBar(true, { unit: "chunks", title: "embedding", announce: true, stream: out, now: () => 0 });
    p.update(0, 0);
    p.stop();
    expect(out.text()).toBe("");
  });

  it("--json prints no progress at all", () => {
    const out = sink(false);
    const p = progressBar(false, { announce: true, stream: out });
    p.update(1, 2);
    expect(out.text()).toBe("");
  });
});

describe("the terminal bar's ETA", () => {
  it("says ? until there is a rate, never cli-progress's padded NULL (LL)", () => {
    let t = 0;
    const out = sink(true);
    const p = progressBar(true, { unit: "chunks", stream: out, now: () => t });
    p.update(0, 100, "embedding");
    t += 1000;
    p.update(0, 100, "embedding");
    p.stop();
    expect(out.text()).toContain("ETA ?");
    expect(out.text()).not.toMatch(/ETA LL|NULL/);
  });

  it("estimates from the rate since the first update", () => {
    let t = 0;
    const eta = etaClock(() => t);
    expect(eta(0, 100)).toBe("?");
    t = 2000;
    expect(eta(10, 100)).toBe("18s");
    expect(formatSeconds(4000)).toBe("1h06m");
    expect(formatSeconds(3599.6)).toBe("1h00m");
  });
});

describe("`agent index` without a terminal", () => {
  it("says on stderr that embedding has started and how much there is", async () => {
    const dir = tempDir("agent-progress-");
    try {
      const ws = path.join(dir, "assistant");
      expect((await runAgent(["init", ws])).code).toBe(0);
      write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "use-lite" } }));
      write(ws, "memory/2026-03-01.md", "# 2026-03-01\n\nThe VPS migration is planned for Friday.\n");
      const r = await runAgent(["index", "--workspace", ws]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^embedding: 0\/\d+ chunks \(0%\)$/m);
      // Nothing left to embed: no progress line after the result lines ("embedding: 0/0 chunks").
      const again = await runAgent(["index", "--workspace", ws]);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/^vectors: 0 chunk\(s\) embedded/m);
      expect(again.stderr).not.toMatch(/embedding:/);
    } finally {
      cleanup(dir);
    }
  }, 120_000);
});
