/**
 * Reading the JSON object small local models (1-3 B parameters) actually write when asked for
 * JSON: wrapped in a ``` fence, followed or preceded by prose, with single quotes, Python's
 * True/False/None, trailing commas, or the last closing braces missing. Pure; never throws.
 *
 * What is repaired is only what cannot change the meaning: quoting, literals, trailing commas
 * and closers after a value that is complete. A reply cut off inside a string is not repaired
 * (the text would end mid-sentence), and says so.
 */
export type LenientJson = {
    ok: true;
    value: unknown;
    repairs: string[];
} | {
    ok: false;
    reason: string;
};
export declare function parseLenientJson(text: string): LenientJson;
