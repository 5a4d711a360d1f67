import { randomUUID } from "node:crypto";
import os from "node:os";
import { isProcessAlive } from "../shared/process.js";
import type { DB } from "./open.js";

/** Who holds the embedding lease, and how far it has got. */
export interface EmbedLeaseHolder {
  /** What the holder calls itself: "the daemon", "`agent index`". */
  holder: string;
  pid: number;
  host: string;
  startedAt: number;
  heartbeatAt: number;
  /** Chunks embedded so far in this run, of `total`. */
  done: number;
  total: number;
}

/**
 * A holder on another machine (a workspace on a shared disk) cannot be checked by pid: its
 * lease lapses when it has not beaten for this long. On this machine a dead pid ends it at once.
 */
export const LEASE_STALE_MS = 2 * 60_000;
/** On this machine too, a lease not renewed for this long is taken over (a reused pid). */
const LOCAL_STALE_MS = 15 * 60_000;

/**
 * One embedder per index: a row in the index database says which process is giving vectors
 * to pending chunks. Two processes embedding at once would fetch the same pending chunks and
 * compute every window twice. The row is taken in a write transaction (so two processes
 * cannot both take it), renewed as the holder works, and deleted when it stops; a holder that
 * died leaves a row whose pid is gone (or, from another machine, whose heartbeat is old),
 * which the next process takes over. The table lives beside the index's own tables and is
 * created on first use: a rebuild that drops it only ends the lease early.
 */
export class EmbedLease {
  private readonly token = randomUUID();

  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the lease, or returns who holds it. */
  acquire(holder: string, total: number): { ok: true } | { ok: false; by: EmbedLeaseHolder } {
    return this.db
      .transaction((): { ok: true } | { ok: false; by: EmbedLeaseHolder } => {
        this.ensureTable();
        const cur = this.row();
        if (cur && cur.token !== this.token && isLive(cur, this.now())) return { ok: false, by: publicView(cur) };
        const t = this.now();
        this.db
          .prepare("INSERT OR REPLACE INTO embed_lease(id, token, holder, pid, host, started_at, heartbeat_at, done, total) VALUES (1, ?, ?, ?, ?, ?, ?, 0, ?)")
          .run(this.token, holder, process.pid, os.hostname(), t, t, total);
        return { ok: true };
      })
      .immediate();
  }

  /** Renews the lease with the progress so far; false when it was lost (a rebuild dropped it, or it lapsed and was taken). */
  beat(done: number, total: number): boolean {
    try {
      this.ensureTable();
      return this.db.prepare("UPDATE embed_lease SET heartbeat_at = ?, done = ?, total = ? WHERE id = 1 AND token = ?").run(this.now(), done, total, this.token).changes > 0;
    } catch {
      // A busy database: the next beat renews it; expiry is minutes away.
      return true;
    }
  }

  release(): void {
    try {
      this.ensureTable();
      this.db.prepare("DELETE FROM embed_lease WHERE id = 1 AND token = ?").run(this.token);
    } catch {
      // Left behind, the row ends when this process does (its pid is checked).
    }
  }

  /** Who is embedding right now (another process or this one), or null. */
  holder(): EmbedLeaseHolder | null {
    if (!this.hasTable()) return null;
    const cur = this.row();
    return cur && isLive(cur, this.now()) ? publicView(cur) : null;
  }

  private row(): (EmbedLeaseHolder & { token: string }) | null {
    const r = this.db
      .prepare("SELECT token, holder, pid, host, started_at AS startedAt, heartbeat_at AS heartbeatAt, done, total FROM embed_lease WHERE id = 1")
      .get() as (EmbedLeaseHolder & { token: string }) | undefined;
    return r ?? null;
  }

  private hasTable(): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'embed_lease'").get() !== undefined;
  }

  private ensureTable(): void {
    this.db.exec(
      "CREATE TABLE IF NOT EXISTS embed_lease (id INTEGER PRIMARY KEY CHECK (id = 1), token TEXT NOT NULL, holder TEXT NOT NULL, pid INTEGER NOT NULL, host TEXT NOT NULL, started_at INTEGER NOT NULL, heartbeat_at INTEGER NOT NULL, done INTEGER NOT NULL, total INTEGER NOT NULL)",
    );
  }
}

function isLive(l: EmbedLeaseHolder, now: number): boolean {
  const age = now - l.heartbeatAt;
  if (l.host !== os.hostname()) return age < LEASE_STALE_MS;
  return isProcessAlive(l.pid) && age < LOCAL_STALE_MS;
}

function publicView(l: EmbedLeaseHolder & { token: string }): EmbedLeaseHolder {
  const { token: _t, ...rest } = l;
  return rest;
}

/** "the daemon (pid 4242) is embedding 1,234 chunks (200 done)". */
export function describeHolder(h: EmbedLeaseHolder): string {
  const where = h.host === os.hostname() ? `pid ${h.pid}` : `pid ${h.pid} on ${h.host}`;
  const left = Math.max(0, h.total - h.done);
  return `${h.holder} (${where}) is embedding ${left.toLocaleString("en-US")} chunk(s)${h.done > 0 ? ` (${h.done.toLocaleString("en-US")} done)` : ""}`;
}
