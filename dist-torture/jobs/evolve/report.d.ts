/**
 * The weekly evolution report, pure: the markdown written to reflections/weekly-YYYY-Www.md
 * (and summarised in the inbox), and the team section's one line per pair of agents.
 */
import { type TraitDrift } from "./drift.js";
import { type DefiningMemory, type Traits } from "./snapshot.js";
import { type MemoryType } from "./types.js";
/** First line of every report we write; a file without it was not written by us. */
export declare const REPORT_MARKER = "<!-- written by `agent evolve`; an edited copy is never overwritten -->";
export interface SoulWeek {
    /** Versions recorded in the period, oldest first. */
    versions: {
        number: number;
        date: string;
        origin: string;
        summary: string;
    }[];
    /** Lines added/removed from the SOUL before the period to the newest version. */
    added: number;
    removed: number;
    /** Words in SOUL.md now (null when there is none). */
    words: number | null;
}
export interface MemoryWeek {
    active: number;
    vivid: number;
    fading: number;
    pinned: number;
    archivedTotal: number;
    formed: number;
    reinforced: number;
    recalled: number;
    byType: Record<MemoryType, number>;
    archived: {
        id: number;
        type: MemoryType;
        content: string;
        reason: string;
    }[];
}
export interface TeamMember {
    name: string;
    /** The member's latest snapshot traits, or null (no snapshot, or its state is unreadable). */
    traits: Traits | null;
    domains: string[];
    /** Why there is nothing to compare. */
    note?: string;
}
export interface WeeklyReportInput {
    week: string;
    agent: string;
    /** "YYYY-MM-DD HH:MM" local. */
    generatedAt: string;
    period: {
        from: string;
        to: string;
    };
    soul: SoulWeek;
    memories: MemoryWeek;
    defining: DefiningMemory[];
    traits: Traits;
    drift: TraitDrift[];
    /** False for the first snapshot ever (nothing to compare with). */
    hadPrevious: boolean;
    narrative: string;
    narrativeBy: string;
    team: string[];
}
export declare function weeklyReportMarkdown(r: WeeklyReportInput): string;
/**
 * One line per pair of agents (this one included): which traits they share, where they
 * differ, and the domains both have experience in. A member without a snapshot gets one
 * line saying so instead of pairs.
 */
export declare function teamLines(members: readonly TeamMember[]): string[];
