/**
 * What the folded state is, in a form two devices can compare: a sha256 over a canonical dump
 * of the shared tables (fixed table and row order; the row ids nothing refers to left out),
 * the same on every device that has the same logs; and who wrote it.
 */
import { createHash } from "node:crypto";
import type { DB } from "../open.js";
import { logRows } from "./fold.js";
import { parseHlc } from "./hlc.js";
import { columnsOf, SHARED_TABLES, SPECS, stmt } from "./tables.js";

export interface DeviceSummary {
  id: string;
  name: string;
  events: number;
  /** Wall time (ms) of its newest event, null when it has none. */
  lastEventAt: number | null;
  /** Lines of its log that did not parse; events of a type this engine does not know. */
  bad: number;
  unknown: number;
}

export interface StateSummary {
  digest: string;
  events: number;
  devices: DeviceSummary[];
  /** The device the writing jobs run on (null: no events yet). */
  home: string | null;
}

export function stateDigest(db: DB): string {
  const h = createHash("sha256");
  for (const t of SHARED_TABLES) {
    const spec = SPECS[t];
    const cols = columnsOf(db, t).filter((c) => !(spec.localOnlyKey === true && c === spec.key));
    const order = spec.localOnlyKey === true ? "gid" : spec.key;
    h.update(`\n#${t}\n`);
    for (const row of stmt(db, `SELECT ${cols.join(", ")} FROM ${t} ORDER BY ${order}`).raw(true).iterate() as Iterable<unknown[]>) h.update(`${JSON.stringify(row)}\n`);
  }
  h.update("\n#shared_devices\n");
  for (const row of stmt(db, "SELECT id, name FROM shared_devices ORDER BY id").all()) h.update(`${JSON.stringify(row)}\n`);
  h.update("\n#shared_facts\n");
  for (const row of stmt(db, "SELECT key, value FROM shared_facts ORDER BY key").all()) h.update(`${JSON.stringify(row)}\n`);
  return h.digest("hex");
}

/** The home device: the one `home.set` named last, else the one with the earliest event. */
export function homeDevice(db: DB): string | null {
  const set = stmt(db, "SELECT value FROM shared_facts WHERE key = 'home'").get() as { value: string } | undefined;
  if (set !== undefined) return set.value;
  const first = stmt(db, "SELECT device FROM event_logs WHERE first_key IS NOT NULL ORDER BY first_key LIMIT 1").get() as { device: string } | undefined;
  return first?.device ?? null;
}

export function deviceName(db: DB, id: string): string {
  return (stmt(db, "SELECT name FROM shared_devices WHERE id = ?").get(id) as { name: string } | undefined)?.name ?? id;
}

export function stateSummary(db: DB): StateSummary {
  const devices = logRows(db).map((r) => ({
    id: r.device,
    name: deviceName(db, r.device),
    events: r.events,
    lastEventAt: parseHlc(r.last_hlc)?.wall ?? null,
    bad: r.bad,
    unknown: r.unknown,
  }));
  return { digest: stateDigest(db), events: devices.reduce((n, d) => n + d.events, 0), devices, home: homeDevice(db) };
}
