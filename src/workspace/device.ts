/**
 * This device: where its own state lives (outside every workspace, so a sync tool never
 * carries it) and the id it writes its events under. One state home per user and machine:
 * AGENT_STATE_HOME, else $XDG_STATE_HOME/agent, else ~/.local/state/agent. The device id is
 * created once there (random, never derived from the hostname: two machines with the same
 * name are still two devices) and kept with a readable name for `agent status` and doctor.
 */
import { nodeCrypto } from "../shared/lazy-builtins.js";
import { mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PRIVATE_FILE_MODE } from "../shared/private-file.js";
import { createOnce } from "../shared/temp-file.js";

export interface Device {
  /** Stable, 12 lower-case hex characters; file names use it (`<id>.jsonl`). */
  id: string;
  /** The host name when the id was made; only for people to read. */
  name: string;
}

type Env = Record<string, string | undefined>;

const set = (v: string | undefined): string | undefined => (v !== undefined && v.trim() !== "" ? v : undefined);

/** The per-device state home (created on demand by whoever writes there). */
export function stateHome(env: Env = process.env): string {
  const own = set(env.AGENT_STATE_HOME);
  if (own !== undefined) return path.resolve(own);
  const xdg = set(env.XDG_STATE_HOME);
  if (xdg !== undefined) return path.join(path.resolve(xdg), "agent");
  return path.join(set(env.HOME) ?? os.homedir(), ".local", "state", "agent");
}

const ID = /^[0-9a-f]{12}$/;

/** This device's id and name, made once in the state home and read from there afterwards. */
export function thisDevice(env: Env = process.env): Device {
  const file = path.join(stateHome(env), "device.json");
  try {
    const d = JSON.parse(readFileSync(file, "utf8")) as Partial<Device>;
    if (typeof d.id === "string" && ID.test(d.id)) return { id: d.id, name: typeof d.name === "string" ? d.name : d.id };
    throw new Error(`${file}: "id" must be 12 lower-case hex characters; fix it or delete the file to make a new device id`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  const device: Device = { id: nodeCrypto().randomBytes(6).toString("hex"), name: os.hostname() };
  mkdirSync(path.dirname(file), { recursive: true });
  // Two processes racing here both end with the first one's id.
  createOnce(file, `${JSON.stringify(device, null, 2)}\n`, PRIVATE_FILE_MODE);
  return thisDevice(env);
}
