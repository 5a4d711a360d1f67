/**
 * The template's lines for a workspace file of the same relative path, or null when the
 * template has no such file (daily notes, the user's own notes) or cannot be read.
 */
export declare function templateLines(rel: string, templateDir?: string): ReadonlySet<string> | null;
/** True when every line of a chunk is blank, a heading, an empty list item, or template text. */
export declare function isBoilerplate(text: string, template: ReadonlySet<string> | null): boolean;
