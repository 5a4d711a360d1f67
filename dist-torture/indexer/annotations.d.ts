/**
 * Inline annotations: `ctx::`, `project::`, `meeting::` and `mode::` markers written anywhere
 * on a line of a note or a transcript turn:
 *
 *   - called the wholesaler about the fridge project:: Pharmacy App  mode:: deep work
 *   ## Standup <!-- meeting:: weekly sync -->
 *   [ctx:: home office]
 *
 * A marker's value runs to the end of the line or to the next marker. Values keep their
 * display form (trimmed); matching uses the normalised form (NFKC, lower case, collapsed
 * space, wiki-link brackets and a leading `#` removed). Pure: no I/O, used by the indexer
 * (per chunk, stored in chunk_annotations), search filters, boot and the MCP tools.
 */
export declare const ANNOTATION_KEYS: readonly ["ctx", "project", "meeting", "mode"];
export type AnnotationKey = (typeof ANNOTATION_KEYS)[number];
export interface Annotation {
    key: AnnotationKey;
    /** As written (trimmed), for display. */
    value: string;
    /** normalizeAnnotationValue(value), for matching. */
    norm: string;
    /** 1-based line within the text it was parsed from. */
    line: number;
}
export declare function isAnnotationKey(key: string): key is AnnotationKey;
/** The markers on one line, in order. Empty values are ignored. */
export declare function parseAnnotationLine(line: string, lineNo?: number): Annotation[];
/** Every marker in a text, line by line. */
export declare function parseAnnotations(text: string): Annotation[];
/** Distinct (key, normalised value) pairs, first display form kept, in order of appearance. */
export declare function uniqueAnnotations(anns: Annotation[]): Annotation[];
/** { project: ["Pharmacy App"], mode: ["deep work"] }: the shape results carry. */
export declare function groupAnnotations(anns: {
    key: string;
    value: string;
}[]): Record<string, string[]>;
/** Lower case, NFKC, single spaces; `[[Pharmacy]]` and `#pharmacy` match "pharmacy". */
export declare function normalizeAnnotationValue(value: string): string;
/**
 * Fuzzy match of a filter (`--project pharmacy`) against a stored value: case-insensitive
 * substring either way (for values and queries of 3+ characters), or a small edit distance
 * (1 for 4–6 characters, 2 from 7) to the whole value or to one of its words, so
 * "pharmcy", "Pharmacy" and "pharmacy-app" all find "Pharmacy App".
 */
export declare function annotationMatches(query: string, value: string): boolean;
/** Levenshtein distance, giving up (returning max + 1) once it must exceed `max`. */
export declare function editDistance(a: string, b: string, max?: number): number;
