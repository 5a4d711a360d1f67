/**
 * This device: where its own state lives (outside every workspace, so a sync tool never
 * carries it) and the id it writes its events under. One state home per user and machine:
 * AGENT_STATE_HOME, else $XDG_STATE_HOME/agent, else ~/.local/state/agent. The device id is
 * created once there (random, never derived from the hostname: two machines with the same
 * name are still two devices) and kept with a readable name for `agent status` and doctor.
 */
import { nodeCrypto } from "../shared/lazy-builtins.js";
import { mkdirSync, readFileSync, renameSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PRIVATE_FILE_MODE } from "../shared/private-file.js";
import { createOnce, writeTempBeside } from "../shared/temp-file.js";

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

/** What device.json holds: the id, its readable name, and the machine it was made on. */
interface DeviceFile extends Device {
  /** A hash of the machine's id (/etc/machine-id), never the id itself; absent where the system has none. */
  machine?: string;
  /** The device this state home was copied from, when it was (its id and name). */
  copiedFrom?: { id: string; name: string };
}

/**
 * This machine, as the system names it for good: a hash of /etc/machine-id (systemd's, made
 * once at install), else of D-Bus's; null where neither exists (macOS, Windows, some containers).
 * A state home copied to another machine (a dotfiles sync, a disk image restored elsewhere) still
 * says the machine it was made on, which is how the copy is told from the original.
 */
export function machineFingerprint(): string | null {
  for (const f of ["/etc/machine-id", "/var/lib/dbus/machine-id"]) {
    let id: string;
    try {
      id = readFileSync(f, "utf8").trim();
    } catch {
      continue;
    }
    if (id !== "") return nodeCrypto().createHash("sha256").update(`agent-device:${id}`).digest("hex").slice(0, 16);
  }
  return null;
}

/**
 * This device's id and name, made once in the state home and read from there afterwards.
 * A state home made on another machine (copied here whole) is that machine's: two machines
 * writing under one id would write one event log from two places, and a sync tool would keep
 * one side's lines. So the copy takes a new id here (the file it came with is kept beside it,
 * as `device.json.copied-<old id>`), and nothing is lost: the old id's log stays the original's.
 */
export function thisDevice(env: Env = process.env, machine: string | null = machineFingerprint()): Device {
  const file = path.join(stateHome(env), "device.json");
  let d: Partial<DeviceFile>;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
    d = JSON.parse(text) as Partial<DeviceFile>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    return makeDevice(file, machine, undefined, env);
  }
  if (typeof d.id !== "string" || !ID.test(d.id)) throw new Error(`${file}: "id" must be 12 lower-case hex characters; fix it or delete the file to make a new device id`);
  const device: Device = { id: d.id, name: typeof d.name === "string" ? d.name : d.id };
  if (machine === null || d.machine === machine) return device;
  // Made before devices said their machine: this one is its machine now (said once).
  if (d.machine === undefined) {
    rewrite(file, { ...d, ...device, machine });
    return device;
  }
  // Copied from another machine: this copy becomes a device of its own.
  try {
    renameSync(file, `${file}.copied-${device.id}`);
  } catch (e) {
    // Another process of this machine moved it first: it makes (or made) the new id.
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    return thisDevice(env, machine);
  }
  return makeDevice(file, machine, device, env);
}

function makeDevice(file: string, machine: string | null, copiedFrom: Device | undefined, env: Env): Device {
  const device: DeviceFile = { id: nodeCrypto().randomBytes(6).toString("hex"), name: os.hostname(), ...(machine !== null ? { machine } : {}), ...(copiedFrom ? { copiedFrom } : {}) };
  mkdirSync(path.dirname(file), { recursive: true });
  // Two processes racing here both end with the first one's id.
  createOnce(file, `${JSON.stringify(device, null, 2)}\n`, PRIVATE_FILE_MODE);
  return thisDevice(env, machine);
}

function rewrite(file: string, d: DeviceFile): void {
  const tmp = writeTempBeside(file, `${JSON.stringify(d, null, 2)}\n`, { mode: PRIVATE_FILE_MODE, tag: "device" });
  renameSync(tmp, file);
}
