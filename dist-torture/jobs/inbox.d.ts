/**
 * The inbox: alerts (a heartbeat that needs the person's attention, a write that could not be
 * verified) and reports (what the nightly reflection did) that the daemon produced while no
 * one was watching. `agent inbox` shows them; the notifier pushes alerts as they happen.
 */
import type { DB } from "../store/open.js";
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
export declare class InboxStore {
    readonly db: DB;
    constructor(db: DB);
    add(item: NewInboxItem): number;
    /**
     * Adds the item, or replaces the one from the same source whose title starts with
     * `titlePrefix` (a report that is redone, such as a second evolution in one week, must
     * not leave two reports for one week). A replaced item keeps its id and is unread again.
     */
    replace(item: NewInboxItem, titlePrefix: string): number;
    /** Newest first; unread only unless `all`. */
    list(opts?: {
        all?: boolean;
        limit?: number;
    }): InboxItem[];
    get(id: number): InboxItem | undefined;
    markRead(ids: number[]): void;
    unreadCount(): number;
}
