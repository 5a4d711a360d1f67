/** "24h", "3d", "90m", "45s", "2w", "1.5h" → milliseconds; undefined when it does not parse. */
export declare function parseDuration(text: string): number | undefined;
