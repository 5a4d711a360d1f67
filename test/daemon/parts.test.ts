import path from "node:path";
/** The daemon's pieces that need no process: framing, Host parsing, and a shared embedder under concurrent use. */
import { describe, expect, it } from "vitest";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { hostnameOf } from "../../src/daemon/http.js";
import { idOfHead, LineSplitter, socketPath, type OversizeLine } from "../../src/daemon/protocol.js";
import { agentDir } from "../../src/workspace/paths.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

describe("LineSplitter", () => {
  it("splits on newlines across chunks, keeps UTF-8 whole, drops \\r", () => {
    const s = new LineSplitter();
    const bytes = Buffer.from('{"a":"Kühlmann"}\r\n{"b":2}\n{"c"', "utf8");
    // Cut inside the two-byte ü.
    const cut = bytes.indexOf(0xc3) + 1;
    expect(s.push(bytes.subarray(0, cut))).toEqual([]);
    expect(s.push(bytes.subarray(cut))).toEqual(['{"a":"Kühlmann"}', '{"b":2}']);
    expect(s.push(Buffer.from(":3}\n"))).toEqual(['{"c":3}']);
  });

  it("refuses a line longer than its limit instead of buffering without bound", () => {
    const s = new LineSplitter(10);
    expect(() => s.push(Buffer.from("x".repeat(11)))).toThrow(/longer than 10 bytes/);
  });

  it("with an oversize handler, skips the long line to its newline, reports it, and goes on", () => {
    const seen: OversizeLine[] = [];
    const s = new LineSplitter(16, (l) => seen.push(l));
    // Over the limit across three chunks, then a normal line in the same chunk as its end.
    expect(s.push(Buffer.from('{"id":7,"params":"'))).toEqual([]);
    expect(s.push(Buffer.from("y".repeat(40)))).toEqual([]);
    expect(s.push(Buffer.from('"}\n{"ok":1}\n'))).toEqual(['{"ok":1}']);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.bytes).toBe(18 + 40 + 2);
    expect(idOfHead(seen[0]!.head)).toBe(7);
    // A long line whole inside one chunk is skipped too.
    expect(s.push(Buffer.from(`${"z".repeat(30)}\nshort\n`))).toEqual(["short"]);
    expect(seen.map((l) => l.bytes)).toEqual([60, 30]);
  });

  it("reads a request's id from its head only before the params", () => {
    expect(idOfHead('{"jsonrpc":"2.0","id":"a\\"b","method":"tools/call","params":{"x')).toBe('a"b');
    expect(idOfHead('{"jsonrpc":"2.0","method":"x","params":{"id":5')).toBeNull();
    expect(idOfHead("garbage")).toBeNull();
  });
});

describe("socket and host names", () => {
  it("puts the socket in this device's folder unless that path is too long for a Unix socket", () => {
    const ws = tempDir();
    const saved = process.env.AGENT_STATE_HOME;
    const deep = path.join(tempDir(), "d".repeat(120));
    try {
      expect(socketPath(ws)).toBe(path.join(agentDir(ws), "daemon.sock"));
      process.env.AGENT_STATE_HOME = deep;
      const p = socketPath(ws);
      expect(p.endsWith(".sock")).toBe(true);
      expect(p.startsWith(deep)).toBe(false);
      expect(Buffer.byteLength(p)).toBeLessThan(104);
      expect(socketPath(ws)).toBe(p);
    } finally {
      process.env.AGENT_STATE_HOME = saved;
      cleanup(ws);
      cleanup(path.dirname(deep));
    }
  });

  it("reads the host name of a Host header, port and case aside", () => {
    expect(hostnameOf("127.0.0.1:7357")).toBe("127.0.0.1");
    expect(hostnameOf("LOCALHOST")).toBe("localhost");
    expect(hostnameOf("[::1]:80")).toBe("[::1]");
    expect(hostnameOf("evil.example:7357")).toBe("evil.example");
    for (const bad of [undefined, "", "a:b:c", "127.0.0.1:port"]) expect(hostnameOf(bad), String(bad)).toBeNull();
  });
});

describe("one embedder shared by background embedding and search", { timeout: 120_000 }, () => {
  it("concurrent calls each get their own vectors", async () => {
    const e = new UseLiteEmbedder({ threads: 2 });
    try {
      const batch = Array.from({ length: 24 }, (_, i) => `note ${i} about the warehouse layout and loading dock ${i}`);
      const query = ["fridge supplier"];
      const [alone] = await e.embed(query);
      const soloBatch = await e.embed(batch);
      // A search's query arrives while a background batch is on the workers.
      const [b, q] = await Promise.all([e.embed(batch), e.embed(query)]);
      expect(q).toHaveLength(1);
      const cos = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i]!, 0);
      expect(cos(q[0]!, alone!)).toBeGreaterThan(0.9999);
      b.forEach((v, i) => expect(cos(v, soloBatch[i]!), `row ${i}`).toBeGreaterThan(0.9999));
    } finally {
      await e.close();
    }
  });
});
