/**
 * A state home copied whole to another machine (a dotfiles sync, a disk image): the copy
 * says the machine it was made on, so the second machine takes a new device id instead of
 * writing a second history into the first one's event log, and nothing is lost: both
 * devices' writes fold into the same state on both, the copy's log opens at seq 1.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { catchUp } from "../../src/store/events/fold.js";
import { logFile } from "../../src/store/events/log.js";
import { openLedger } from "../../src/store/events/open.js";
import { stateDigest } from "../../src/store/events/summary.js";
import type { DB } from "../../src/store/open.js";
import { SoulVersionStore } from "../../src/store/soul-versions.js";
import { openStateDb } from "../../src/store/state.js";
import { thisDevice } from "../../src/workspace/device.js";
import { tmp } from "../store/events/helpers.js";

let root = "";
const dbs: DB[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  if (root !== "") rmSync(root, { recursive: true, force: true });
  root = "";
});

const deviceFile = (home: string) => JSON.parse(readFileSync(path.join(home, "device.json"), "utf8")) as Record<string, unknown>;

describe("a state home copied to another machine", () => {
  it("takes a new id there, keeps the file it came with beside it, and the original keeps its id", () => {
    root = tmp("agent-device-copy-");
    const a = path.join(root, "laptop"), b = path.join(root, "desktop");
    mkdirSync(a);
    const original = thisDevice({ AGENT_STATE_HOME: a }, "machine-a");
    cpSync(a, b, { recursive: true });
    const copy = thisDevice({ AGENT_STATE_HOME: b }, "machine-b");
    expect(copy.id).not.toBe(original.id);
    expect(copy.name).toBe(os.hostname());
    expect(deviceFile(b)).toMatchObject({ id: copy.id, machine: "machine-b", copiedFrom: { id: original.id } });
    expect(existsSync(path.join(b, `device.json.copied-${original.id}`))).toBe(true);
    // Stable afterwards on both machines.
    expect(thisDevice({ AGENT_STATE_HOME: b }, "machine-b")).toEqual(copy);
    expect(thisDevice({ AGENT_STATE_HOME: a }, "machine-a")).toEqual(original);
  });

  it("a device file from before machines were recorded is claimed by the machine that reads it, id kept; no machine id: kept as it is", () => {
    root = tmp("agent-device-copy-");
    writeFileSync(path.join(root, "device.json"), '{"id":"0123456789ab","name":"old"}\n');
    expect(thisDevice({ AGENT_STATE_HOME: root }, null)).toEqual({ id: "0123456789ab", name: "old" });
    expect(deviceFile(root).machine).toBeUndefined();
    expect(thisDevice({ AGENT_STATE_HOME: root }, "machine-a")).toEqual({ id: "0123456789ab", name: "old" });
    expect(deviceFile(root)).toMatchObject({ id: "0123456789ab", machine: "machine-a" });
    expect(thisDevice({ AGENT_STATE_HOME: root }, "machine-a").id).toBe("0123456789ab");
  });

  it("the copied state.db: the new device's log opens at seq 1, the original's events not yet appended stay the original's, and both devices fold to the same state", () => {
    root = tmp("agent-device-copy-");
    const homeA = path.join(root, "laptop"), homeB = path.join(root, "desktop");
    const wsA = path.join(root, "ws-a"), wsB = path.join(root, "ws-b");
    for (const d of [homeA, wsA, wsB]) mkdirSync(d, { recursive: true });
    const devA = thisDevice({ AGENT_STATE_HOME: homeA }, "machine-a");
    let t = Date.UTC(2026, 10, 30);
    const open = (home: string, ws: string, device: { id: string; name: string }): DB => {
      const file = path.join(home, "state.db");
      const db = openStateDb(file);
      openLedger(db, file, { workspace: ws, device, now: () => (t += 1000) });
      dbs.push(db);
      return db;
    };
    const soul = (db: DB, s: string) => new SoulVersionStore(db).insert({ createdAt: (t += 1000), content: s, words: 1, tokens: 1, summary: s, origin: "reflection" });
    let dbA = open(homeA, wsA, devA);
    soul(dbA, "one");
    soul(dbA, "two");
    // An event committed but not appended yet (the laptop stopped in between) travels with the copy:
    // inside a transaction its append waits for a microtask, which the close right after skips.
    dbA.transaction(() => soul(dbA, "four (pending)"))();
    dbA.close();
    cpSync(homeA, homeB, { recursive: true });
    cpSync(wsA, wsB, { recursive: true });
    expect(readFileSync(logFile(wsA, devA.id), "utf8")).not.toContain("four (pending)");
    // The laptop appends its own pending event when it opens again.
    dbA = open(homeA, wsA, devA);
    expect(readFileSync(logFile(wsA, devA.id), "utf8")).toContain("four (pending)");

    const devB = thisDevice({ AGENT_STATE_HOME: homeB }, "machine-b");
    expect(devB.id).not.toBe(devA.id);
    const dbB = open(homeB, wsB, devB);
    soul(dbB, "three (desktop)");
    soul(dbA, "three (laptop)");
    const lines = readFileSync(logFile(wsB, devB.id), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { seq: number; type: string; device: string });
    expect(lines[0]).toMatchObject({ seq: 1, type: "log.start", device: devB.id });
    expect(lines.every((l) => l.device === devB.id)).toBe(true);
    // The copy appended nothing of the laptop's, under either id.
    expect(readFileSync(logFile(wsB, devA.id), "utf8")).not.toContain("four (pending)");
    expect(readFileSync(logFile(wsB, devB.id), "utf8")).not.toContain("four (pending)");

    // A sync tool carries each device's log to the other.
    cpSync(logFile(wsA, devA.id), logFile(wsB, devA.id));
    cpSync(logFile(wsB, devB.id), logFile(wsA, devB.id));
    catchUp(dbA, wsA);
    catchUp(dbB, wsB);
    expect(stateDigest(dbA)).toBe(stateDigest(dbB));
    const summaries = new SoulVersionStore(dbA).list().map((v) => v.summary);
    expect(summaries).toEqual(expect.arrayContaining(["one", "two", "four (pending)", "three (desktop)", "three (laptop)"]));
    expect(summaries).toHaveLength(5);
  });
});
