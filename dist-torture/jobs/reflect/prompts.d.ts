/**
 * The two model calls of reflection, as pure functions: build the request, parse the reply.
 * Parsing never throws; a reply that cannot be used says why, so the pipeline can record it.
 */
import type { CompletionRequest } from "../../llm/types.js";
import { type MemoryCandidate } from "../evolve/form.js";
export declare const REFLECTION_SKIP = "REFLECTION_SKIP";
export interface Insight {
    content: string;
    topics: string[];
}
export interface Reflection {
    insights: Insight[];
    principles: string[];
}
export type ParsedReflection = 
/**
 * `memories`: candidate memories for the evolution system, present only when the reply listed usable
 * ones; replies without the field parse exactly as before.
 */
({
    kind: "ok";
    memories?: MemoryCandidate[];
} & Reflection)
/** Not JSON we understand: one insight holds the raw text, so nothing the model said is lost. */
 | ({
    kind: "fallback";
    reason: string;
} & Reflection) | {
    kind: "skip";
    reason: string;
};
/** Constrains decoding where the provider can (llama.cpp grammar, Ollama `format`). */
export declare const REFLECTION_SCHEMA: Record<string, unknown>;
export declare const SOUL_SCHEMA: Record<string, unknown>;
export interface ReflectionPromptInput {
    /** The cut transcript (see cutTranscript). */
    transcript: string;
    sessionCount: number;
    /** Start of the window and today's date, as shown to the model. */
    since: string;
    today: string;
    /** Current SOUL.md, so observations are made by the assistant it describes. */
    soul?: string;
}
export declare function buildReflectionPrompt(input: ReflectionPromptInput): CompletionRequest;
/** Reads call 1's reply. Malformed JSON becomes one fallback insight holding the raw text. */
export declare function parseReflection(text: string): ParsedReflection;
export interface VersionForPrompt {
    number: number;
    /** ISO date. */
    date: string;
    summary: string;
    content: string;
}
export interface SoulPromptInput {
    /** Current SOUL.md, or undefined when there is none yet. */
    current?: string;
    /** True when the current SOUL.md is the untouched starter template. */
    fromTemplate: boolean;
    /** The last few versions, newest first, for continuity. */
    recent: VersionForPrompt[];
    reflection: Reflection;
    today: string;
    /** Target length. */
    minWords: number;
    maxWords: number;
    lockCoreIdentity: boolean;
    /**
     * True when the current SOUL was the person's own text mapped into the layers (see
     * layers.ts): their words sit in a locked block and the layers are new.
     */
    mapped?: boolean;
    /** Proposals the person rejected lately, newest first: not to be made again. */
    rejected?: RejectedForPrompt[];
}
export interface RejectedForPrompt {
    /** ISO date of the rejection. */
    date: string;
    summary: string;
    reason: string | null;
}
export declare function buildSoulPrompt(input: SoulPromptInput): CompletionRequest;
export type ParsedSoul = {
    kind: "ok";
    soul: string;
    report: string;
    summary: string;
} | {
    kind: "malformed";
    reason: string;
};
/**
 * Reads call 2's reply: JSON {soul, report, summary}, or (from models that ignore the
 * schema) plain markdown that is the SOUL itself. The SOUL must be non-empty and have the
 * three layer sections; anything else is malformed and the existing SOUL.md is kept.
 */
export declare function parseSoul(text: string): ParsedSoul;
export declare function oneLine(text: string, max: number): string;
