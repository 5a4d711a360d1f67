/**
 * `agent ask` conversations in the state database (.agent/state.db, tables `conversations`
 * and `conversation_messages` from schema.sql's state section). A plain repository: the ask
 * loop (src/jobs/ask) decides what to record. Every step is kept — the question, each tool
 * call and its result, the answer — so a conversation can be resumed, forked and audited.
 */
import { redact, redactJson } from "../shared/redact.js";
import type { DB } from "./open.js";

export type ConversationRole = "user" | "assistant" | "tool";
export type MessageKind = "question" | "tool-call" | "tool-result" | "answer";

export interface Conversation {
  id: string;
  createdAt: number;
  updatedAt: number;
  title: string;
  /** The conversation this one was forked from. */
  forkedFrom: string | null;
  messages: number;
}

export interface StoredMessage {
  seq: number;
  createdAt: number;
  role: ConversationRole;
  kind: MessageKind;
  content: string;
  /** Structured detail: tool name and args, citations, status... */
  data: Record<string, unknown>;
}

export interface NewMessage {
  createdAt: number;
  role: ConversationRole;
  kind: MessageKind;
  content: string;
  data?: Record<string, unknown>;
}

interface ConversationRow {
  id: string;
  created_at: number;
  updated_at: number;
  title: string;
  forked_from: string | null;
  messages: number;
}

interface MessageRow {
  seq: number;
  created_at: number;
  role: ConversationRole;
  kind: MessageKind;
  content: string;
  data: string;
}

/** Conversation ids are printed and typed: letters, digits, ".", "_" and "-", up to 64. */
export function isValidConversationId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(id);
}

export class ConversationStore {
  constructor(readonly db: DB) {}

  create(c: { id: string; title: string; createdAt: number; forkedFrom?: string | null }): Conversation {
    if (!isValidConversationId(c.id)) throw new Error(`conversation id "${c.id}" is not allowed: use letters, digits, ".", "_" and "-"`);
    this.db
      .prepare("INSERT INTO conversations (id, created_at, updated_at, title, forked_from) VALUES (?, ?, ?, ?, ?)")
      .run(c.id, c.createdAt, c.createdAt, redact(c.title), c.forkedFrom ?? null);
    return this.get(c.id)!;
  }

  get(id: string): Conversation | undefined {
    const row = this.db
      .prepare(
        `SELECT c.*, (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages
         FROM conversations c WHERE c.id = ?`,
      )
      .get(id) as ConversationRow | undefined;
    return row === undefined ? undefined : toConversation(row);
  }

  /** Newest first. */
  list(limit = 20): Conversation[] {
    const rows = this.db
      .prepare(
        `SELECT c.*, (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages
         FROM conversations c ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
      )
      .all(limit) as ConversationRow[];
    return rows.map(toConversation);
  }

  messages(id: string): StoredMessage[] {
    const rows = this.db
      .prepare("SELECT seq, created_at, role, kind, content, data FROM conversation_messages WHERE conversation_id = ? ORDER BY seq")
      .all(id) as MessageRow[];
    return rows.map((r) => ({ seq: r.seq, createdAt: r.created_at, role: r.role, kind: r.kind, content: r.content, data: parseData(r.data) }));
  }

  /** Appends a message and returns its sequence number (1, 2, 3... per conversation). */
  append(id: string, m: NewMessage): number {
    return this.db.transaction(() => {
      const next = ((this.db.prepare("SELECT MAX(seq) AS s FROM conversation_messages WHERE conversation_id = ?").get(id) as { s: number | null }).s ?? 0) + 1;
      this.db
        .prepare("INSERT INTO conversation_messages (conversation_id, seq, created_at, role, kind, content, data) VALUES (?, ?, ?, ?, ?, ?, ?)")
        // What was typed (a question, a tool's arguments) is kept without its secrets, as every turn the engine stores.
        .run(id, next, m.createdAt, m.role, m.kind, redact(m.content), JSON.stringify(redactJson(m.data ?? {}).value));
      this.db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?").run(m.createdAt, id);
      return next;
    }).immediate();
  }

  /** The highest sequence number in a conversation (0 when it has no messages). */
  lastSeq(id: string): number {
    return (this.db.prepare("SELECT MAX(seq) AS s FROM conversation_messages WHERE conversation_id = ?").get(id) as { s: number | null }).s ?? 0;
  }

  /**
   * Undoes a question that failed (the model was unreachable, the run was cancelled): the
   * messages after `keepSeq` go, and a conversation left with no message at all goes too,
   * so a failed first question leaves nothing behind and a failed follow-up leaves the
   * conversation as it was. Returns the number of messages removed.
   */
  rollback(id: string, keepSeq: number): number {
    return this.db.transaction(() => {
      const removed = this.db.prepare("DELETE FROM conversation_messages WHERE conversation_id = ? AND seq > ?").run(id, keepSeq).changes;
      if (this.lastSeq(id) === 0) this.db.prepare("DELETE FROM conversations WHERE id = ?").run(id);
      else if (removed > 0) {
        const last = this.db.prepare("SELECT MAX(created_at) AS t FROM conversation_messages WHERE conversation_id = ?").get(id) as { t: number };
        this.db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?").run(last.t, id);
      }
      return removed;
    }).immediate();
  }

  /** A new conversation `newId` holding a copy of `fromId`'s messages; the original is untouched. */
  fork(fromId: string, newId: string, now: number): Conversation {
    return this.db.transaction(() => {
      const src = this.get(fromId);
      if (src === undefined) throw new Error(`there is no conversation "${fromId}"`);
      this.create({ id: newId, title: src.title, createdAt: now, forkedFrom: fromId });
      this.db
        .prepare(
          `INSERT INTO conversation_messages (conversation_id, seq, created_at, role, kind, content, data)
           SELECT ?, seq, created_at, role, kind, content, data FROM conversation_messages WHERE conversation_id = ? ORDER BY seq`,
        )
        .run(newId, fromId);
      return this.get(newId)!;
    }).immediate();
  }
}

function toConversation(r: ConversationRow): Conversation {
  return { id: r.id, createdAt: r.created_at, updatedAt: r.updated_at, title: r.title, forkedFrom: r.forked_from, messages: r.messages };
}

function parseData(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
