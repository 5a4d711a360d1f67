/**
 * The inbox: alerts (a heartbeat that needs the person's attention, a write that could not be
 * verified) and reports (what the nightly reflection did) that the daemon produced while no
 * one was watching. `agent inbox` shows them; the notifier pushes alerts as they happen.
 */
import { redact } from "../shared/redact.js";
import type { DB } from "./open.js";

export type InboxKind = "alert" | "report";

export interface InboxItem {
  id: number;
  createdAt: number;
  kind: InboxKind;
  title: string;
  body: string;
  source: string | null;
  runId: number | null;
  read: boolean;
}

export interface NewInboxItem {
  createdAt: number;
  kind: InboxKind;
  title: string;
  body: string;
  source?: string | null;
  runId?: number | null;
}

interface Row {
  id: number;
  created_at: number;
  kind: InboxKind;
  title: string;
  body: string;
  source: string | null;
  run_id: number | null;
  read: number;
}

export class InboxStore {
  constructor(readonly db: DB) {}

  add(item: NewInboxItem): number {
    const r = this.db
      .prepare("INSERT INTO inbox (created_at, kind, title, body, source, run_id) VALUES (?, ?, ?, ?, ?, ?)")
      // A notification quotes what a job read or a model said: kept (and shown) without secrets.
      .run(item.createdAt, item.kind, redact(item.title), redact(item.body), item.source ?? null, item.runId ?? null);
    return Number(r.lastInsertRowid);
  }

  /**
   * Adds the item, or replaces the one from the same source whose title starts with
   * `titlePrefix` (a report that is redone, such as a second evolution in one week, must
   * not leave two reports for one week). A replaced item keeps its id and is unread again.
   */
  replace(item: NewInboxItem, titlePrefix: string): number {
    return this.db.transaction(() => {
      const found = this.db
        .prepare("SELECT id FROM inbox WHERE source IS ? AND substr(title, 1, ?) = ? ORDER BY created_at DESC, id DESC")
        .all(item.source ?? null, titlePrefix.length, titlePrefix) as { id: number }[];
      const [keep, ...extra] = found;
      if (keep === undefined) return this.add(item);
      this.db
        .prepare("UPDATE inbox SET created_at = ?, kind = ?, title = ?, body = ?, run_id = ?, read = 0 WHERE id = ?")
        .run(item.createdAt, item.kind, item.title, item.body, item.runId ?? null, keep.id);
      const del = this.db.prepare("DELETE FROM inbox WHERE id = ?");
      for (const e of extra) del.run(e.id);
      return keep.id;
    }).immediate();
  }

  /** Newest first; unread only unless `all`. */
  list(opts: { all?: boolean; limit?: number } = {}): InboxItem[] {
    const limit = opts.limit ?? 50;
    const rows = (
      opts.all
        ? this.db.prepare("SELECT * FROM inbox ORDER BY created_at DESC, id DESC LIMIT ?").all(limit)
        : this.db.prepare("SELECT * FROM inbox WHERE read = 0 ORDER BY created_at DESC, id DESC LIMIT ?").all(limit)
    ) as Row[];
    return rows.map(toItem);
  }

  get(id: number): InboxItem | undefined {
    const row = this.db.prepare("SELECT * FROM inbox WHERE id = ?").get(id) as Row | undefined;
    return row === undefined ? undefined : toItem(row);
  }

  markRead(ids: number[]): void {
    const stmt = this.db.prepare("UPDATE inbox SET read = 1 WHERE id = ?");
    this.db.transaction(() => {
      for (const id of ids) stmt.run(id);
    })();
  }

  unreadCount(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM inbox WHERE read = 0").get() as { n: number }).n;
  }
}

function toItem(r: Row): InboxItem {
  return {
    id: r.id,
    createdAt: r.created_at,
    kind: r.kind,
    title: r.title,
    body: r.body,
    source: r.source,
    runId: r.run_id,
    read: r.read === 1,
  };
}
