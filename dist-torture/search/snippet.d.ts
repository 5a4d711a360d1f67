/**
 * A short excerpt of a chunk for a result list: the sentence that matches the most query
 * terms, widened with neighbouring sentences up to `maxChars`, always cut at sentence
 * boundaries (or, for one huge sentence, at a word boundary with an ellipsis).
 */
export declare function makeSnippet(text: string, terms: string[], maxChars?: number): string;
export declare function splitSentences(text: string): string[];
