/**
 * The identity narrative written by the model (evolution.narrative = "model"), pure: build
 * the request from the traits the rules derived and the defining memories; read the reply
 * back as one paragraph. The traits themselves never come from the model.
 */
import type { CompletionRequest } from "../../llm/types.js";
import { type DefiningMemory, type Traits } from "./snapshot.js";
export declare const MAX_NARRATIVE_CHARS = 900;
export declare function buildNarrativePrompt(input: {
    traits: Traits;
    defining: readonly DefiningMemory[];
    rulesNarrative: string;
}): CompletionRequest;
/** The reply as one paragraph, or undefined when it is unusable (empty, or not prose). */
export declare function parseNarrative(text: string): string | undefined;
