/**
 * Several processes creating the same new databases at once (assistants and a watcher started
 * together on a fresh workspace). Switching a new file to WAL takes a lock SQLite does not
 * wait for; before enableWal, about 5 % of such opens failed at once with SQLITE_BUSY, so
 * 120 opens all succeeding is what the retry buys (by chance without it: about 0.2 %).
 * Children run the built modules (`npm run build` first), as the CLI tests do.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, REPO_ROOT, tempDir } from "../helpers/workspace.js";

const dist = (rel: string) => pathToFileURL(path.join(REPO_ROOT, "dist", rel)).href;

/** One child: waits for the common start time, opens both databases, exits 0 or prints why not. */
const CHILD = `
const [dir, start] = process.argv.slice(1);
const { openIndexDb } = await import(${JSON.stringify(dist("store/open.js"))});
const { openStateDb } = await import(${JSON.stringify(dist("store/state.js"))});
while (Date.now() < Number(start)) {}
try {
  openIndexDb(dir + "/index.db").db.close();
  openStateDb(dir + "/state.db").close();
} catch (e) {
  console.log(e.code ?? "", e.message);
  process.exit(1);
}
`;

function child(dir: string, start: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, ["--input-type=module", "-e", CHILD, dir, String(start)], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    c.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    c.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
    c.on("exit", (code) => resolve({ code, out }));
  });
}

describe("opening fresh databases from several processes at once", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) cleanup(d);
  });

  it("20 rounds of 6 processes creating the same index.db and state.db: every open succeeds", { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (let round = 0; round < 20; round++) {
      const dir = tempDir("agent-fresh-open-");
      dirs.push(dir);
      // Far enough ahead that all six have loaded their modules and spin on the same instant.
      const start = Date.now() + 700;
      const runs = await Promise.all(Array.from({ length: 6 }, () => child(dir, start)));
      for (const r of runs) if (r.code !== 0) failures.push(r.out.trim());
    }
    expect(failures).toEqual([]);
  });
});
