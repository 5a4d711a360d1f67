import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DB } from "../../../src/store/open.js";
import { openStateDb } from "../../../src/store/state.js";
import { openLedger } from "../../../src/store/events/open.js";
import { thisDevice, type Device } from "../../../src/workspace/device.js";
import { STATE_DIR } from "../../../src/store/events/log.js";

/** One simulated device: its own state home (so its own id), its own copy of the workspace, its own state.db. */
export interface SimDevice {
  device: Device;
  ws: string;
  file: string;
  db: DB;
  clock: { t: number };
  reopen(): void;
  close(): void;
}

export function tmp(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function simDevice(root: string, name: string, start: number): SimDevice {
  const home = path.join(root, `${name}-home`);
  mkdirSync(home, { recursive: true });
  const device = { ...thisDevice({ AGENT_STATE_HOME: home }), name };
  const ws = path.join(root, `${name}-ws`);
  mkdirSync(ws, { recursive: true });
  const file = path.join(home, "state.db");
  const clock = { t: start };
  const open = (): DB => {
    const db = openStateDb(file);
    openLedger(db, file, { workspace: ws, device, now: () => clock.t });
    return db;
  };
  const d: SimDevice = {
    device,
    ws,
    file,
    db: open(),
    clock,
    reopen() {
      d.db.close();
      d.db = open();
    },
    close() {
      d.db.close();
    },
  };
  return d;
}

/** What a sync tool does: every log in `from`'s folder that is not `to`'s own and is newer (longer) there is copied over whole. */
export function syncLogs(from: SimDevice, to: SimDevice, opts: { evenShorter?: boolean } = {}): void {
  const src = path.join(from.ws, STATE_DIR);
  const dst = path.join(to.ws, STATE_DIR);
  mkdirSync(dst, { recursive: true });
  for (const name of readdirSync(src)) {
    if (name === `${to.device.id}.jsonl`) continue;
    if (opts.evenShorter !== true && existsSync(path.join(dst, name)) && statSync(path.join(dst, name)).size >= statSync(path.join(src, name)).size) continue;
    copyFileSync(path.join(src, name), path.join(dst, name));
  }
}

/** A small seeded random source (mulberry32), so a failing run can be replayed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
